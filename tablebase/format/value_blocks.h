// How one stream of a compressed slice (its win/draw/loss values, or its
// distances) is coded: as runs and literals, canonical-Huffman coded least
// significant bit first, in blocks of 64 bytes (after Syzygy's tables), so
// that a probe reads one cache line of each stream it needs.
//
// The first symbols are literals: a value, or in a delta-coded stream the
// value's difference from the previous one (zigzag: 0, -1, 1, -2, ...), which
// suits distances, close to their neighbours'. Symbol literals + k repeats
// the previous value (0 at a block's start) L times, 2^k <= L < 2^(k+1), with
// k extra bits giving L - 2^k. Positions whose value cannot matter ("don't
// care") take the previous value, so that they lengthen runs. The token
// after a run is nearly always a literal (runs end where the value changes),
// so it has a code of its own, where runs are rare.
//
// A block: a 16-bit check, then 62 bytes of tokens (zero-padded). A block
// holds 1 to 65536 positions, as the stream's table of counts says (2 bytes a
// block, the count less one). The check hashes the block's bytes with its
// number, its first position and its count, so a damaged block, count or
// sparse index is found by the probe that reads it.
#ifndef LUD64_TABLEBASE_FORMAT_VALUE_BLOCKS_H_
#define LUD64_TABLEBASE_FORMAT_VALUE_BLOCKS_H_

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "tablebase/format/huffman_code.h"

namespace lud64::tablebase {

inline constexpr size_t kBlockBytes = 64;
inline constexpr size_t kCheckBytes = 2;
inline constexpr uint32_t kMaxBlockPositions = 65536;
inline constexpr int kRunBuckets = 17;  // runs of up to kMaxBlockPositions

// How a stream codes its literals.
struct StreamCoding {
  int value_count;  // values 0..value_count-1
  bool delta;
  int literals() const { return delta ? 2 * value_count - 1 : value_count; }
  int symbols() const { return literals() + kRunBuckets; }
  uint32_t Literal(uint16_t value, uint16_t previous) const {
    if (!delta) return value;
    const int difference = int{value} - int{previous};
    return static_cast<uint32_t>(difference >= 0 ? 2 * difference : -2 * difference - 1);
  }
  // The value a literal symbol gives after `previous`; value_count if none.
  int ValueOf(uint32_t symbol, uint16_t previous) const {
    if (!delta) return static_cast<int>(symbol);
    const int difference =
        (symbol & 1) ? -static_cast<int>((symbol + 1) / 2) : static_cast<int>(symbol / 2);
    const int value = int{previous} + difference;
    return value < 0 ? value_count : value;
  }
};

// A stream's two codes, each over every symbol: for a block's first token and
// a token after a literal, and for a token after a run.
struct StreamCodes {
  HuffmanCode any;
  HuffmanCode after_run;
  const HuffmanCode& For(bool after_run_token) const { return after_run_token ? after_run : any; }
};

// The check of a block whose positions start at `first`.
uint16_t BlockCheck(const uint8_t* block, uint64_t number, uint64_t first, uint32_t count);

// Calls f(symbol, after_run) for each token of `values` coded without block
// breaks: the symbol frequencies the codes are built from.
template <class F>
void ForEachSymbol(const uint16_t* values, const uint8_t* care, size_t n,
                   const StreamCoding& coding, F&& f) {
  uint16_t previous = 0;
  bool after_run = false;
  size_t i = 0;
  while (i < n) {
    if (care[i] && values[i] != previous) {
      f(coding.Literal(values[i], previous), after_run);
      previous = values[i];
      after_run = false;
      ++i;
      continue;
    }
    size_t end = i + 1;
    while (end < n && end - i < kMaxBlockPositions && (!care[end] || values[end] == previous)) {
      ++end;
    }
    f(static_cast<uint32_t>(coding.literals() + std::bit_width(end - i) - 1), after_run);
    after_run = true;
    i = end;
  }
}

// Packs a stream's values, fed one at a time in index order, into blocks.
class BlockPacker {
 public:
  BlockPacker(const StreamCodes& codes, StreamCoding coding) : codes_(codes), coding_(coding) {}

  void Add(uint16_t value, bool care);
  // After the last value: the blocks (kBlockBytes each, checks filled in)
  // and their counts less one.
  void Finish();
  const std::vector<uint8_t>& blocks() const { return blocks_; }
  const std::vector<uint16_t>& counts() const { return counts_; }
  // The block and offset in it of every position that is a multiple of
  // `span`, as (block << 16 | offset).
  std::vector<uint64_t> SparseIndex(uint64_t span) const;

 private:
  void FlushRun();
  // Puts a token covering `positions` values, closing the block first if it
  // does not fit; false if it did not fit (the block was closed).
  bool Put(uint32_t symbol, uint32_t extra, int extra_bits, uint32_t positions);
  // Puts the literal of previous_ (1 position), in the open block or a new one.
  bool PutLiteral();
  void CloseBlock();

  const StreamCodes& codes_;
  bool after_run_ = false;  // the open block's last token was a run
  StreamCoding coding_;
  uint16_t previous_ = 0;          // the value runs repeat
  uint16_t decoder_previous_ = 0;  // what a decoder of the open block repeats
  uint32_t run_ = 0;               // positions repeating previous_, not yet put
  std::vector<uint8_t> blocks_;
  std::vector<uint16_t> counts_;
  uint64_t first_ = 0;     // the open block's first position
  uint32_t in_block_ = 0;  // its positions so far
  size_t bits_used_ = 0;
  std::vector<uint8_t> open_ = std::vector<uint8_t>(kBlockBytes - kCheckBytes, 0);
};

// The value at `offset` of a block of `count` positions; false if its tokens
// up to there are not a valid coding (the block's check finds the rest).
bool DecodeValueAt(const uint8_t* block, uint32_t count, const StreamCodes& codes,
                   const StreamCoding& coding, uint32_t offset, uint16_t& value);
// The values at offsets[0..n) (ascending) of a block, and how many of the
// positions before each hold `counted`, in one walk.
bool DecodeValuesAndCounts(const uint8_t* block, uint32_t count, const StreamCodes& codes,
                           const StreamCoding& coding, const uint32_t* offsets, size_t n,
                           uint16_t counted, uint16_t* values, uint32_t* before);
// Every value of the block into out[0..count); false unless it codes exactly
// `count` values.
bool DecodeAllValues(const uint8_t* block, uint32_t count, const StreamCodes& codes,
                     const StreamCoding& coding, uint16_t* out);

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_FORMAT_VALUE_BLOCKS_H_
