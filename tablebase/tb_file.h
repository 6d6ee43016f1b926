// One slice per file: a 128-byte header, then one entry per index (1 or 2
// bytes, little-endian). Files are written to a temporary name, synced and
// renamed, so a file under its final name is complete; readers map it
// read-only and check everything the header claims before trusting it.
#ifndef LUD64_TABLEBASE_TB_FILE_H_
#define LUD64_TABLEBASE_TB_FILE_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tablebase/slice.h"

namespace lud64::tablebase {

inline constexpr char kMagic[8] = {'L', 'U', 'D', '6', '4', 'T', 'B', '\0'};
inline constexpr uint32_t kFormatVersion = 1;
inline constexpr char kFileSuffix[] = ".lud64tb";

#pragma pack(push, 1)
struct SliceHeader {
  char magic[8];
  uint32_t version;
  uint32_t entry_bytes;  // 1 or 2
  char family[48];       // canonical family name, NUL-padded
  uint8_t key[5];        // own, opponent, own hand, opponent hand, remove
  uint8_t padding[3];
  uint32_t symmetry;  // SiteSymmetry::scheme_id()
  uint32_t max_turns;
  uint64_t entries;  // indices, holes included
  uint64_t wins;     // positions by value, holes excluded
  uint64_t draws;
  uint64_t losses;
  uint64_t reserved;
  uint64_t checksum;  // TableChecksum of the entries
};
#pragma pack(pop)
static_assert(sizeof(SliceHeader) == 128);

// The counts a header stores, as the builder computes them.
struct SliceStats {
  uint64_t wins = 0;
  uint64_t draws = 0;
  uint64_t losses = 0;
  int max_turns = 0;
};

// A 64-bit checksum of bytes, stable across builds and machines: FNV-1a over
// little-endian 64-bit words (offset basis 14695981039346656037, prime
// 1099511628211), the tail bytes folded in one by one, then the length.
uint64_t TableChecksum(const void* data, size_t size);

// "<family with ':' ',' '=' as '-'>_<own>v<opp>_h<own hand>-<opp hand>[_rm].lud64tb"
std::string SliceFileName(absl::string_view family, const SliceKey& key);

// Writes a slice atomically (temp file, fsync, rename); 16-bit entries only if
// a distance needs them.
absl::Status WriteSlice(const std::string& path, absl::string_view family, const SliceKey& key,
                        uint32_t symmetry, const SliceStats& stats,
                        const std::vector<Entry>& entries);

// A verified slice file, mapped read-only.
class MappedSlice {
 public:
  // Checks size, magic, version, family, slice, symmetry, entry count and
  // checksum; errors name the file.
  static absl::StatusOr<std::unique_ptr<MappedSlice>> Open(const std::string& path,
                                                           absl::string_view family,
                                                           const SliceKey& key, uint32_t symmetry,
                                                           uint64_t entries);
  ~MappedSlice();
  MappedSlice(const MappedSlice&) = delete;
  MappedSlice& operator=(const MappedSlice&) = delete;

  Entry Get(uint64_t index) const {
    return wide_ ? reinterpret_cast<const uint16_t*>(data_)[index] : data_[index];
  }
  const SliceHeader& header() const { return header_; }
  uint64_t size() const { return header_.entries; }
  const std::string& path() const { return path_; }
  uint64_t file_bytes() const { return mapped_size_; }

 private:
  MappedSlice() = default;
  std::string path_;
  SliceHeader header_{};
  void* mapping_ = nullptr;
  size_t mapped_size_ = 0;
  const uint8_t* data_ = nullptr;
  bool wide_ = false;
};

// The solved slices a build or a probe reads.
class SliceTables {
 public:
  void Add(const SliceKey& key, std::unique_ptr<MappedSlice> slice) {
    slices_[key] = std::move(slice);
  }
  const MappedSlice* Find(const SliceKey& key) const {
    auto it = slices_.find(key);
    return it == slices_.end() ? nullptr : it->second.get();
  }
  const absl::flat_hash_map<SliceKey, std::unique_ptr<MappedSlice>>& all() const { return slices_; }

 private:
  absl::flat_hash_map<SliceKey, std::unique_ptr<MappedSlice>> slices_;
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_TB_FILE_H_
