// Writing a compressed slice (compressed_slice.h): each stream is counted,
// coded and packed into blocks, then the layout and the streams follow the
// header in one atomic write.
#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#include "absl/strings/str_cat.h"
#include "tablebase/format/compressed_slice.h"
#include "tablebase/format/slice_writer.h"
#include "tablebase/format/value_blocks.h"

namespace lud64::tablebase {
namespace {

// Positions read from the slice being compressed at a time.
constexpr uint64_t kChunk = uint64_t{1} << 16;

uint16_t ResultValue(Entry e) { return e == kDrawEntry ? 0 : IsWin(e) ? 1 : 2; }

// One stream as the writer builds it.
struct StreamBuild {
  StreamCoding coding;
  std::vector<uint64_t> frequencies[2];  // of a token after a run or not
  StreamCodes codes;
  std::unique_ptr<BlockPacker> packer;
};

// Codes and packs a stream whose values and care flags feed(f) passes to
// f(values, care, n), a chunk at a time, in order (twice: frequencies, then
// the blocks).
template <class Feed>
void BuildStream(StreamBuild& s, Feed&& feed) {
  for (std::vector<uint64_t>& f : s.frequencies) f.assign(s.coding.symbols(), 0);
  feed([&](const uint16_t* values, const uint8_t* care, uint64_t n) {
    ForEachSymbol(values, care, n, s.coding, [&](uint32_t symbol, bool after_run) {
      ++s.frequencies[after_run ? 1 : 0][symbol];
    });
  });
  // Blocks break runs where the counting above did not (and a run that
  // reaches a block's end may go on as a second run), so every symbol gets a
  // code in both.
  for (std::vector<uint64_t>& f : s.frequencies) {
    for (uint64_t& count : f) count = std::max<uint64_t>(count, 1);
  }
  s.codes.any = HuffmanCode::FromFrequencies(s.frequencies[0]);
  s.codes.after_run = HuffmanCode::FromFrequencies(s.frequencies[1]);
  s.packer = std::make_unique<BlockPacker>(s.codes, s.coding);
  feed([&](const uint16_t* values, const uint8_t* care, uint64_t n) {
    for (uint64_t i = 0; i < n; ++i) s.packer->Add(values[i], care[i] != 0);
  });
  s.packer->Finish();
}

// The values of a packed stream in order, as a reader decodes them.
class PackedValues {
 public:
  explicit PackedValues(const StreamBuild& s) : s_(s), values_(kMaxBlockPositions) {}
  // Whether the next value is a block's first.
  bool block_start() const { return at_ == count_; }
  uint16_t Next() {
    if (at_ == count_) {
      count_ = s_.packer->counts()[block_] + 1;
      DecodeAllValues(s_.packer->blocks().data() + kBlockBytes * block_, count_, s_.codes,
                      s_.coding, values_.data());
      ++block_;
      at_ = 0;
    }
    return values_[at_++];
  }

 private:
  const StreamBuild& s_;
  std::vector<uint16_t> values_;
  uint64_t block_ = 0;
  uint32_t count_ = 0, at_ = 0;
};

// The losses before each position of the results' sparse index and before
// each of its blocks (modulo 2^16, then the LossRankCheck), and in all, as a
// reader decodes them.
struct LossRanks {
  std::vector<uint64_t> spans;
  std::vector<uint16_t> blocks;
  uint64_t total = 0;
};
LossRanks RankLosses(const StreamBuild& results, uint64_t entries) {
  LossRanks ranks;
  PackedValues values(results);
  for (uint64_t i = 0; i < entries; ++i) {
    if (values.block_start()) {
      const uint64_t block = ranks.blocks.size() / 2;
      ranks.blocks.push_back(static_cast<uint16_t>(ranks.total));
      ranks.blocks.push_back(LossRankCheck(block, ranks.total));
    }
    if (i % kSpanPositions == 0) ranks.spans.push_back(ranks.total);
    ranks.total += values.Next() == 2;
  }
  return ranks;
}

void Align8(std::vector<uint8_t>& out) { out.resize((out.size() + 7) & ~size_t{7}, 0); }

// Appends bytes to `tail` (the file after its header), 8-aligned; returns
// their offset in the file.
uint64_t Append(std::vector<uint8_t>& tail, const void* data, size_t bytes) {
  const size_t at = tail.size();
  tail.resize(at + bytes);
  if (bytes > 0) std::memcpy(tail.data() + at, data, bytes);
  Align8(tail);
  return sizeof(SliceHeader) + at;
}

// Appends a stream's sections to `tail` and fills in its layout.
void AppendStream(const StreamBuild& s, std::vector<uint8_t>& tail, StreamLayout& layout) {
  const BlockPacker& packer = *s.packer;
  layout.value_count = static_cast<uint32_t>(s.coding.value_count);
  layout.delta = s.coding.delta ? 1 : 0;
  layout.span_positions = kSpanPositions;
  layout.blocks = packer.counts().size();
  std::vector<uint8_t> lengths = s.codes.any.lengths();
  lengths.insert(lengths.end(), s.codes.after_run.lengths().begin(),
                 s.codes.after_run.lengths().end());
  layout.code_offset = Append(tail, lengths.data(), lengths.size());
  const std::vector<uint64_t> sparse = packer.SparseIndex(kSpanPositions);
  layout.sparse_offset = Append(tail, sparse.data(), 8 * sparse.size());
  layout.counts_offset = Append(tail, packer.counts().data(), 2 * packer.counts().size());
  layout.blocks_offset = Append(tail, packer.blocks().data(), packer.blocks().size());
  tail.resize(tail.size() + 8, 0);
}

}  // namespace

absl::Status WriteCompressedSlice(const std::string& path, const SliceHeader& header,
                                  const EntryReader& entries, const CareReader& care,
                                  bool win_distances, StopFlag stop) {
  const int distances = static_cast<int>(header.max_turns) + 1;
  StreamBuild results{{3, false}, {}, {}, {}};
  StreamBuild wins{{distances, true}, {}, {}, {}};
  StreamBuild losses{{distances, true}, {}, {}, {}};
  if (static_cast<size_t>(wins.coding.symbols()) > kMaxSymbols) {
    return absl::InvalidArgumentError(absl::StrCat(
        "tablebase file ", path, ": distances up to ", header.max_turns,
        " turns are more than the compressed format codes; keep format 1 (--nocompress)"));
  }
  // Passes over the slice a chunk at a time: f(entries, care, n). A stop
  // ends each pass at once (a large slice's passes take minutes); the
  // streams built so far are then dropped.
  std::vector<Entry> e(kChunk);
  std::vector<uint8_t> cares(kChunk);
  bool stopped = false;
  auto for_each_chunk = [&](auto&& f) {
    for (uint64_t begin = 0; begin < header.entries && !stopped; begin += kChunk) {
      if (Stopping(stop)) {
        stopped = true;
        break;
      }
      const uint64_t n = std::min(kChunk, header.entries - begin);
      entries(begin, begin + n, e.data());
      care(begin, begin + n, cares.data());
      f(n);
    }
  };
  std::vector<uint16_t> values(kChunk);
  std::vector<uint8_t> value_care(kChunk);
  // The distances stored must fit the codes; wins' left out may be unknown
  // (a file without them being converted).
  bool in_range = true;
  BuildStream(results, [&](auto&& sink) {
    for_each_chunk([&](uint64_t n) {
      for (uint64_t i = 0; i < n; ++i) {
        values[i] = ResultValue(e[i]);
        in_range &= !cares[i] || (IsWin(e[i]) && !win_distances) || EntryTurns(e[i]) < distances;
      }
      sink(values.data(), cares.data(), n);
    });
  });
  const auto cancelled = [&] {
    return absl::CancelledError(absl::StrCat("tablebase file ", path, ": compression stopped"));
  };
  if (stopped) return cancelled();
  if (!in_range) {
    return absl::InternalError(
        absl::StrCat("tablebase file ", path, ": a distance exceeds the header's longest"));
  }
  if (win_distances) {
    BuildStream(wins, [&](auto&& sink) {
      for_each_chunk([&](uint64_t n) {
        for (uint64_t i = 0; i < n; ++i) {
          values[i] = static_cast<uint16_t>(EntryTurns(e[i]));
          value_care[i] = cares[i] && IsWin(e[i]);
        }
        sink(values.data(), value_care.data(), n);
      });
    });
  }
  if (stopped) return cancelled();
  // The losses' stream holds a value for each position whose result decodes
  // as a loss, which "don't care" results may also do.
  const LossRanks ranks = RankLosses(results, header.entries);
  BuildStream(losses, [&](auto&& sink) {
    PackedValues decoded(results);
    for_each_chunk([&](uint64_t n) {
      uint64_t m = 0;
      for (uint64_t i = 0; i < n; ++i) {
        if (decoded.Next() != 2) continue;
        values[m] = static_cast<uint16_t>(EntryTurns(e[i]));
        value_care[m++] = cares[i] && IsLoss(e[i]);
      }
      sink(values.data(), value_care.data(), m);
    });
  });
  if (stopped) return cancelled();
  CompressedLayout layout{};
  std::vector<uint8_t> tail(sizeof(CompressedLayout));
  AppendStream(results, tail, layout.results);
  if (win_distances) AppendStream(wins, tail, layout.wins);
  AppendStream(losses, tail, layout.losses);
  layout.loss_ranks_offset = Append(tail, ranks.spans.data(), 8 * ranks.spans.size());
  layout.block_loss_ranks_offset = Append(tail, ranks.blocks.data(), 2 * ranks.blocks.size());
  layout.loss_positions = ranks.total;
  std::memcpy(tail.data(), &layout, sizeof(layout));
  SliceHeader compressed = header;
  compressed.version = kCompressedFormatVersion;
  compressed.checksum = TableChecksum(tail.data(), tail.size());
  return WriteSliceImage(path, compressed, tail);
}

}  // namespace lud64::tablebase
