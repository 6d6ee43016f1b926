// A 64-bit checksum of bytes for the project's data files (table slices,
// network weights): not cryptographic, it catches corruption, not tampering.
#ifndef LUD64_ENGINE_CHECKSUM_H_
#define LUD64_ENGINE_CHECKSUM_H_

#include <cstddef>
#include <cstdint>

namespace lud64 {

// A 64-bit checksum of bytes, stable across builds and machines: FNV-1a over
// little-endian 64-bit words (offset basis 14695981039346656037, prime
// 1099511628211), the tail bytes folded in one by one, then the length.
uint64_t Checksum64(const void* data, size_t size);

// Checksum64 computed over bytes given in pieces of any size.
class StreamChecksum {
 public:
  void Add(const uint8_t* data, size_t size);
  uint64_t Finish() const;

 private:
  uint64_t hash_ = 14695981039346656037ull;
  uint8_t carry_[8] = {};
  size_t carried_ = 0;
  uint64_t length_ = 0;
};

}  // namespace lud64

#endif  // LUD64_ENGINE_CHECKSUM_H_
