// Canonical Huffman codes for the compressed table files: lengths from symbol
// frequencies (limited, so that one table lookup decodes any code), the codes
// written least significant bit first, and the lengths as the file stores them.
#ifndef LUD64_TABLEBASE_FORMAT_HUFFMAN_CODE_H_
#define LUD64_TABLEBASE_FORMAT_HUFFMAN_CODE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace lud64::tablebase {

// Codes are at most this long, so a decoding table has at most 4096 rows;
// symbols are fewer than 4096.
inline constexpr int kMaxCodeLength = 12;
inline constexpr size_t kMaxSymbols = 4096;

class HuffmanCode {
 public:
  // The code for symbols 0..frequencies.size()-1; symbols of frequency 0 get
  // no code. A single used symbol gets a 1-bit code.
  static HuffmanCode FromFrequencies(const std::vector<uint64_t>& frequencies);
  // The code from its stored lengths (0: unused), checked to be a complete or
  // single-symbol prefix code of lengths at most kMaxCodeLength.
  static absl::StatusOr<HuffmanCode> FromLengths(std::vector<uint8_t> lengths);

  const std::vector<uint8_t>& lengths() const { return lengths_; }
  // The code of `symbol`, bit-reversed for least-significant-first writing.
  uint32_t code(size_t symbol) const { return codes_[symbol]; }
  int length(size_t symbol) const { return lengths_[symbol]; }

  // Decoding: the next kMaxCodeLength bits (least significant first) give
  // the symbol and its length (0: no code starts with them).
  struct Row {
    int symbol;
    int length;
  };
  Row Decode(uint32_t bits) const {
    const uint16_t row = table_[bits & table_mask_];
    return {row >> 4, row & 15};
  }

 private:
  void Assign();

  std::vector<uint8_t> lengths_;
  std::vector<uint32_t> codes_;
  // symbol << 4 | length, 2 bytes a row: a probe of a slice reads two
  // streams' tables, and many slices' tables must share the caches.
  std::vector<uint16_t> table_;
  uint32_t table_mask_ = 0;
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_FORMAT_HUFFMAN_CODE_H_
