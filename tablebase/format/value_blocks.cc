#include "tablebase/format/value_blocks.h"

#include <algorithm>
#include <cstring>

namespace lud64::tablebase {
namespace {

constexpr size_t kTokenBits = 8 * (kBlockBytes - kCheckBytes);

// Walks a block's tokens, calling emit(begin, count, value) for each run of
// equal values, until emit returns false or `count` values are out. False on
// a corrupt block: a bit pattern with no code, a run past the count, or
// tokens past the block's end.
template <class Emit>
bool WalkBlock(const uint8_t* block, uint32_t count, const StreamCodes& codes,
               const StreamCoding& coding, Emit&& emit) {
  // Indexed rather than chosen by a branch: tokens alternate between the
  // two codes, which a branch predicts badly.
  const HuffmanCode* const code_after[2] = {&codes.any, &codes.after_run};
  int after_run = 0;
  const int literals = coding.literals();
  const uint8_t* tokens = block + kCheckBytes;
  uint64_t bit = 0;
  uint32_t done = 0;
  uint16_t previous = 0;
  while (done < count) {
    uint64_t word;
    std::memcpy(&word, tokens + (bit >> 3), sizeof(word));  // little-endian hosts only
    word >>= bit & 7;                                       // 57 bits valid at least
    const HuffmanCode::Row row = code_after[after_run]->Decode(static_cast<uint32_t>(word));
    if (row.length == 0) return false;
    uint32_t length = 1;
    bit += row.length;
    after_run = row.symbol >= literals ? 1 : 0;
    if (row.symbol < literals) {
      const int value = coding.ValueOf(static_cast<uint32_t>(row.symbol), previous);
      if (value >= coding.value_count) return false;
      previous = static_cast<uint16_t>(value);
    } else {
      const int bucket = row.symbol - literals;
      length = (uint32_t{1} << bucket) +
               static_cast<uint32_t>((word >> row.length) & ((uint64_t{1} << bucket) - 1));
      bit += bucket;
      if (length > count - done) return false;
    }
    if (bit > kTokenBits) return false;
    if (!emit(done, length, previous)) return true;
    done += length;
  }
  return true;
}

}  // namespace

uint16_t BlockCheck(const uint8_t* block, uint64_t number, uint64_t first, uint32_t count) {
  constexpr uint64_t kMultiplier = 0x9E3779B97F4A7C15ull;
  uint64_t hash = (number * kMultiplier) ^ (first * 0xC2B2AE3D27D4EB4Full) ^ count;
  const uint8_t* tokens = block + kCheckBytes;
  for (size_t i = 0; i < kBlockBytes - kCheckBytes; i += 8) {
    uint64_t word = 0;
    std::memcpy(&word, tokens + i, std::min<size_t>(8, kBlockBytes - kCheckBytes - i));
    hash = (hash ^ word) * kMultiplier;
    hash ^= hash >> 29;
  }
  hash *= kMultiplier;
  return static_cast<uint16_t>(hash >> 48);
}

void BlockPacker::Add(uint16_t value, bool care) {
  if (!care || value == previous_) {
    if (in_block_ + ++run_ == kMaxBlockPositions) FlushRun();
    return;
  }
  FlushRun();
  previous_ = value;
  PutLiteral();
}

bool BlockPacker::PutLiteral() {
  if (Put(coding_.Literal(previous_, decoder_previous_), 0, 0, 1)) return true;
  return Put(coding_.Literal(previous_, decoder_previous_), 0, 0, 1);  // into the new block
}

void BlockPacker::FlushRun() {
  while (run_ > 0) {
    if (decoder_previous_ != previous_) {  // a block began inside the run
      PutLiteral();
      --run_;
      continue;
    }
    const int bucket = std::bit_width(run_) - 1;
    if (Put(static_cast<uint32_t>(coding_.literals() + bucket), run_ - (uint32_t{1} << bucket),
            bucket, run_)) {
      run_ = 0;
    }
  }
  if (in_block_ == kMaxBlockPositions) CloseBlock();
}

bool BlockPacker::Put(uint32_t symbol, uint32_t extra, int extra_bits, uint32_t positions) {
  const HuffmanCode& code = codes_.For(after_run_);
  const int length = code.length(symbol);
  if (bits_used_ + length + extra_bits > kTokenBits || in_block_ + positions > kMaxBlockPositions) {
    CloseBlock();
    return false;
  }
  const uint64_t bits = code.code(symbol) | (uint64_t{extra} << length);
  for (int written = 0; written < length + extra_bits;) {
    const size_t at = bits_used_ >> 3;
    const int shift = static_cast<int>(bits_used_ & 7);
    const int take = std::min(8 - shift, length + extra_bits - written);
    open_[at] |= static_cast<uint8_t>(((bits >> written) & ((1u << take) - 1)) << shift);
    written += take;
    bits_used_ += take;
  }
  in_block_ += positions;
  after_run_ = symbol >= static_cast<uint32_t>(coding_.literals());
  if (!after_run_) {
    decoder_previous_ = static_cast<uint16_t>(coding_.ValueOf(symbol, decoder_previous_));
  }
  return true;
}

void BlockPacker::CloseBlock() {
  if (in_block_ == 0) return;
  const size_t at = blocks_.size();
  blocks_.resize(at + kBlockBytes, 0);
  std::copy(open_.begin(), open_.end(), blocks_.begin() + at + kCheckBytes);
  const uint16_t check = BlockCheck(blocks_.data() + at, counts_.size(), first_, in_block_);
  std::memcpy(blocks_.data() + at, &check, kCheckBytes);
  counts_.push_back(static_cast<uint16_t>(in_block_ - 1));
  first_ += in_block_;
  in_block_ = 0;
  bits_used_ = 0;
  decoder_previous_ = 0;
  after_run_ = false;
  std::fill(open_.begin(), open_.end(), 0);
}

void BlockPacker::Finish() {
  FlushRun();
  CloseBlock();
}

std::vector<uint64_t> BlockPacker::SparseIndex(uint64_t span) const {
  std::vector<uint64_t> index;
  uint64_t first = 0;
  for (size_t block = 0; block < counts_.size(); ++block) {
    const uint64_t end = first + counts_[block] + 1;
    for (uint64_t p = (first + span - 1) / span * span; p < end; p += span) {
      index.push_back(uint64_t{block} << 16 | (p - first));
    }
    first = end;
  }
  return index;
}

bool DecodeValueAt(const uint8_t* block, uint32_t count, const StreamCodes& codes,
                   const StreamCoding& coding, uint32_t offset, uint16_t& value) {
  bool found = false;
  const bool valid =
      WalkBlock(block, count, codes, coding, [&](uint32_t begin, uint32_t n, uint16_t v) {
        if (offset < begin + n) {
          value = v;
          found = true;
          return false;
        }
        return true;
      });
  return valid && found;
}

bool DecodeValuesAndCounts(const uint8_t* block, uint32_t count, const StreamCodes& codes,
                           const StreamCoding& coding, const uint32_t* offsets, size_t n,
                           uint16_t counted, uint16_t* values, uint32_t* before) {
  size_t k = 0;
  uint32_t seen = 0;  // `counted` before the current run
  const bool valid =
      WalkBlock(block, count, codes, coding, [&](uint32_t begin, uint32_t length, uint16_t v) {
        for (; k < n && offsets[k] < begin + length; ++k) {
          values[k] = v;
          before[k] = seen + (v == counted ? offsets[k] - begin : 0);
        }
        if (v == counted) seen += length;
        return k < n;
      });
  return valid && k == n;
}

bool DecodeAllValues(const uint8_t* block, uint32_t count, const StreamCodes& codes,
                     const StreamCoding& coding, uint16_t* out) {
  uint32_t total = 0;
  const bool valid =
      WalkBlock(block, count, codes, coding, [&](uint32_t begin, uint32_t n, uint16_t v) {
        std::fill(out + begin, out + begin + n, v);
        total = begin + n;
        return true;
      });
  return valid && total == count;
}

}  // namespace lud64::tablebase
