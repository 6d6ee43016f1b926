#include "tablebase/format/compressed_slice.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "tablebase/format/value_blocks.h"

namespace lud64::tablebase {
namespace {

// Whether `bytes` from `offset` lie in a file of `size` bytes, after its layout.
bool Fits(uint64_t offset, uint64_t bytes, uint64_t size) {
  return offset >= kFirstSectionOffset && offset <= size && bytes <= size - offset;
}

}  // namespace

absl::StatusOr<std::unique_ptr<CompressedSlice>> CompressedSlice::Open(const std::string& path,
                                                                       const SliceHeader& header,
                                                                       const uint8_t* file,
                                                                       size_t size) {
  std::unique_ptr<CompressedSlice> slice(new CompressedSlice());
  slice->path_ = path;
  slice->file_ = file;
  slice->size_ = size;
  slice->entries_ = header.entries;
  auto error = [&](absl::string_view what) {
    return absl::DataLossError(absl::StrCat("tablebase file ", path, ": ", what));
  };
  if (size < kFirstSectionOffset) return error("truncated: no room for the compressed layout");
  if (header.entries > (uint64_t{1} << 48)) return error("bad entry count");
  CompressedLayout layout;
  std::memcpy(&layout, file + sizeof(SliceHeader), sizeof(layout));
  const bool version2 = header.version == kCompressedFormatVersion2;
  const uint32_t block_rank_bytes = header.version == kCompressedFormatVersion3 ? 2 : 4;
  const uint64_t distances = uint64_t{header.max_turns} + 1;
  const bool win_distances =
      version2 || !std::all_of(reinterpret_cast<const uint8_t*>(&layout.wins),
                               reinterpret_cast<const uint8_t*>(&layout.wins + 1),
                               [](uint8_t b) { return b == 0; });
  if (layout.results.value_count != 3 || layout.results.delta != 0 ||
      (win_distances && (layout.wins.value_count != distances || layout.wins.delta != 1)) ||
      layout.losses.value_count != distances || layout.losses.delta != 1 ||
      (!version2 && layout.loss_positions > header.entries)) {
    return error("the compressed layout does not match the header");
  }
  const uint64_t loss_positions = version2 ? header.entries : layout.loss_positions;
  for (auto [stream, name, part, positions] :
       {std::tuple{&slice->results_, "win/draw/loss values", &layout.results, header.entries},
        {&slice->wins_, "distances of won positions", &layout.wins, header.entries},
        {&slice->losses_, "distances of lost positions", &layout.losses, loss_positions}}) {
    if (part == &layout.wins && !win_distances) continue;
    absl::StatusOr<Stream> opened = slice->OpenStream(name, *part, positions);
    if (!opened.ok()) return opened.status();
    *stream = *std::move(opened);
  }
  if (!version2) {
    const uint64_t spans = (header.entries + kSpanPositions - 1) / kSpanPositions;
    if (layout.results.span_positions != kSpanPositions ||
        !Fits(layout.loss_ranks_offset, 8 * spans, size) ||
        !Fits(layout.block_loss_ranks_offset, block_rank_bytes * layout.results.blocks, size)) {
      return error("the ranks of the losses lie outside the file (truncated or corrupt)");
    }
    // They are the last section, 8-aligned.
    const uint64_t end =
        (layout.block_loss_ranks_offset + block_rank_bytes * layout.results.blocks + 7) & ~7ull;
    if (size != end) {
      return error(
          absl::StrCat(size < end ? "truncated: " : "too long: ", size, " bytes, expected ", end));
    }
    slice->loss_ranks_ = file + layout.loss_ranks_offset;
    slice->block_loss_ranks_ = file + layout.block_loss_ranks_offset;
    slice->block_rank_bytes_ = block_rank_bytes;
    slice->loss_rank_bytes_ = 8 * spans + block_rank_bytes * layout.results.blocks;
  }
  return slice;
}

absl::StatusOr<CompressedSlice::Stream> CompressedSlice::OpenStream(const char* name,
                                                                    const StreamLayout& layout,
                                                                    uint64_t positions) const {
  auto error = [&](absl::string_view what) {
    return absl::DataLossError(absl::StrCat("tablebase file ", path_, ": ", what, " of the ", name,
                                            " (truncated or corrupt)"));
  };
  const StreamCoding coding{static_cast<int>(std::min<uint32_t>(layout.value_count, 65535)),
                            layout.delta != 0};
  Stream s{name, positions, layout, coding, {}, nullptr, nullptr, nullptr};
  const uint64_t symbols = coding.symbols();
  auto fits = [&](uint64_t offset, uint64_t bytes) { return Fits(offset, bytes, size_); };
  if (layout.span_positions == 0) return error("bad sparse index");
  const uint64_t spans = (positions + layout.span_positions - 1) / layout.span_positions;
  if (static_cast<size_t>(coding.symbols()) > kMaxSymbols || layout.blocks > positions ||
      !fits(layout.code_offset, 2 * symbols) || !fits(layout.sparse_offset, 8 * spans) ||
      !fits(layout.counts_offset, 2 * layout.blocks) || layout.blocks > (size_ - 8) / kBlockBytes ||
      !fits(layout.blocks_offset, kBlockBytes * layout.blocks + 8)) {
    return error("section outside the file");
  }
  const uint8_t* lengths = file_ + layout.code_offset;
  absl::StatusOr<HuffmanCode> any =
      HuffmanCode::FromLengths(std::vector<uint8_t>(lengths, lengths + symbols));
  absl::StatusOr<HuffmanCode> after_run =
      HuffmanCode::FromLengths(std::vector<uint8_t>(lengths + symbols, lengths + 2 * symbols));
  if (!any.ok()) return error(absl::StrCat("code: ", any.status().message()));
  if (!after_run.ok()) return error(absl::StrCat("code: ", after_run.status().message()));
  s.codes.any = *std::move(any);
  s.codes.after_run = *std::move(after_run);
  s.sparse = file_ + layout.sparse_offset;
  s.counts = file_ + layout.counts_offset;
  s.blocks = file_ + layout.blocks_offset;
  return s;
}

uint64_t CompressedSlice::StreamBytes(const Stream& s) {
  return s.layout.blocks_offset - s.layout.code_offset + kBlockBytes * s.layout.blocks;
}

uint32_t CompressedSlice::CountOf(const Stream& s, uint64_t block) const {
  uint16_t count;
  std::memcpy(&count, s.counts + 2 * block, 2);
  return uint32_t{count} + 1;
}

absl::Status CompressedSlice::BlockError(const Stream& s, uint64_t block) const {
  return absl::DataLossError(absl::StrCat("tablebase file ", path_, ": block ", block, " of the ",
                                          s.name, " is corrupt; delete the file and rebuild it"));
}

absl::StatusOr<CompressedSlice::Place> CompressedSlice::Find(const Stream& s,
                                                             uint64_t index) const {
  uint64_t sparse;
  std::memcpy(&sparse, s.sparse + 8 * (index / s.layout.span_positions), 8);
  uint64_t block = sparse >> 16;
  uint64_t offset = (sparse & 0xFFFF) + index % s.layout.span_positions;
  // Forward through the counts; a span holds at most span_positions blocks.
  for (uint32_t steps = 0; block < s.layout.blocks && steps <= s.layout.span_positions; ++steps) {
    const uint32_t count = CountOf(s, block);
    if (offset < count) {
      const uint8_t* at = s.blocks + kBlockBytes * block;
      uint16_t check;
      std::memcpy(&check, at, 2);
      if (check != BlockCheck(at, block, index - offset, count)) return BlockError(s, block);
      return Place{block, static_cast<uint32_t>(offset), count, at};
    }
    offset -= count;
    ++block;
  }
  return BlockError(s, std::min<uint64_t>(block, s.layout.blocks));
}

absl::StatusOr<uint16_t> CompressedSlice::ValueAt(const Stream& s, uint64_t index) const {
  const absl::StatusOr<Place> place = Find(s, index);
  if (!place.ok()) return place.status();
  uint16_t value = 0;
  if (!DecodeValueAt(place->at, place->count, s.codes, s.coding, place->offset, value)) {
    return BlockError(s, place->block);
  }
  return value;
}

absl::StatusOr<uint64_t> CompressedSlice::LossesBeforeBlock(uint64_t index, uint64_t block) const {
  // The losses before the span's first position, and those before the block
  // modulo 2^16: the block starts fewer than 2^16 positions from that one,
  // before it (the span's block) or after it.
  const uint64_t span = index / kSpanPositions;
  uint64_t sparse, rank;
  std::memcpy(&sparse, results_.sparse + 8 * span, 8);
  std::memcpy(&rank, loss_ranks_ + 8 * span, 8);
  uint16_t block_rank[2];
  std::memcpy(block_rank, block_loss_ranks_ + block_rank_bytes_ * block, block_rank_bytes_);
  const uint64_t losses =
      block == sparse >> 16
          ? rank - static_cast<uint16_t>(static_cast<uint16_t>(rank) - block_rank[0])
          : rank + static_cast<uint16_t>(block_rank[0] - static_cast<uint16_t>(rank));
  if (block_rank_bytes_ == 4 && block_rank[1] != LossRankCheck(block, losses)) {
    return absl::DataLossError(absl::StrCat("tablebase file ", path_, ": the ranks of the losses ",
                                            "at block ", block, " of the ", results_.name,
                                            " are corrupt; delete the file and rebuild it"));
  }
  return losses;
}

void CompressedSlice::Prefetch(uint64_t index, int stage) const {
  if (index >= entries_) return;
  const uint8_t* sparse = results_.sparse + 8 * (index / results_.layout.span_positions);
  if (stage == 0) {
    __builtin_prefetch(sparse);
    if (loss_ranks_ != nullptr) __builtin_prefetch(loss_ranks_ + 8 * (index / kSpanPositions));
    return;
  }
  uint64_t entry;
  std::memcpy(&entry, sparse, 8);
  const uint64_t block = entry >> 16;
  if (block >= results_.layout.blocks) return;
  __builtin_prefetch(results_.counts + 2 * block);
  __builtin_prefetch(results_.blocks + kBlockBytes * block);
  if (block + 1 < results_.layout.blocks) {
    __builtin_prefetch(results_.blocks + kBlockBytes * (block + 1));
  }
  if (block_loss_ranks_ != nullptr) {
    __builtin_prefetch(block_loss_ranks_ + block_rank_bytes_ * block);
  }
}

absl::StatusOr<TbResult> CompressedSlice::ReadResult(uint64_t index) const {
  if (index >= entries_) return Read(index).status();  // its error
  absl::StatusOr<uint16_t> result = ValueAt(results_, index);
  if (!result.ok()) return result.status();
  return *result == 0 ? TbResult::kDraw : *result == 1 ? TbResult::kWin : TbResult::kLoss;
}

absl::StatusOr<Entry> CompressedSlice::Read(uint64_t index) const {
  Entry entry = kDrawEntry;
  if (absl::Status status = ReadSorted(&index, 1, &entry); !status.ok()) return status;
  return entry;
}

absl::StatusOr<Entry> CompressedSlice::EntryOf(uint64_t index, uint16_t result,
                                               uint64_t loss_index) const {
  if (result == 0) return kDrawEntry;
  if (result == 1 && !stores_win_distances()) return kUnstoredWin;
  if (result == 2 && loss_index >= losses_.positions) return BlockError(results_, 0);
  absl::StatusOr<uint16_t> turns =
      result == 1 ? ValueAt(wins_, index) : ValueAt(losses_, loss_index);
  if (!turns.ok()) return turns.status();
  if (*turns == 0) return kDrawEntry;  // a position that cannot matter
  return result == 1 ? WinEntry(*turns) : LossEntry(*turns);
}

absl::Status CompressedSlice::ReadSorted(const uint64_t* indices, size_t n, Entry* out) const {
  constexpr size_t kMost = 64;  // positions decoded in one walk
  uint32_t offsets[kMost], before[kMost];
  uint16_t values[kMost];
  for (size_t k = 0; k < n;) {
    if (indices[k] >= entries_) {
      return absl::OutOfRangeError(absl::StrCat("tablebase file ", path_, ": index ", indices[k],
                                                " past its ", entries_, " entries"));
    }
    const absl::StatusOr<Place> place = Find(results_, indices[k]);
    if (!place.ok()) return place.status();
    const uint64_t first = indices[k] - place->offset;
    size_t m = 0;
    while (k + m < n && m < kMost && indices[k + m] - first < place->count) {
      offsets[m] = static_cast<uint32_t>(indices[k + m] - first);
      ++m;
    }
    if (!DecodeValuesAndCounts(place->at, place->count, results_.codes, results_.coding, offsets, m,
                               2, values, before)) {
      return BlockError(results_, place->block);
    }
    // The block's rank only where a loss needs it: a derivation reads many
    // decisions' results and few of their distances.
    uint64_t losses_before = 0;
    if (loss_ranks_ != nullptr && std::find(values, values + m, 2) != values + m) {
      absl::StatusOr<uint64_t> rank = LossesBeforeBlock(indices[k], place->block);
      if (!rank.ok()) return rank.status();
      losses_before = *rank;
    }
    for (size_t j = 0; j < m; ++j) {
      const uint64_t index = indices[k + j];
      absl::StatusOr<Entry> entry =
          EntryOf(index, values[j], loss_ranks_ != nullptr ? losses_before + before[j] : index);
      if (!entry.ok()) return entry.status();
      out[k + j] = *entry;
    }
    k += m;
  }
  return absl::OkStatus();
}

absl::Status CompressedSlice::ForEachBlock(
    const Stream& s, const std::function<void(uint64_t, uint32_t, const uint16_t*)>& f) const {
  std::vector<uint16_t> values(kMaxBlockPositions);
  uint64_t first = 0;
  for (uint64_t block = 0; block < s.layout.blocks; ++block) {
    const uint32_t count = CountOf(s, block);
    const uint8_t* at = s.blocks + kBlockBytes * block;
    uint16_t check;
    std::memcpy(&check, at, 2);
    if (count > s.positions - first || check != BlockCheck(at, block, first, count) ||
        !DecodeAllValues(at, count, s.codes, s.coding, values.data())) {
      return BlockError(s, block);
    }
    f(first, count, values.data());
    first += count;
  }
  if (first != s.positions) return BlockError(s, s.layout.blocks);
  return absl::OkStatus();
}

absl::Status CompressedSlice::DecodeAll(uint8_t* out, int width) const {
  auto put = [&](uint64_t i, Entry e) {
    if (width == 2) {
      std::memcpy(out + 2 * i, &e, 2);
    } else {
      out[i] = static_cast<uint8_t>(e);
    }
  };
  auto get = [&](uint64_t i) -> Entry {
    if (width == 1) return out[i];
    Entry e;
    std::memcpy(&e, out + 2 * i, 2);
    return e;
  };
  auto entry = [](uint16_t turns, bool win) -> Entry {
    if (turns == 0) return kDrawEntry;  // a position that cannot matter
    return win ? WinEntry(turns) : LossEntry(turns);
  };
  // The results first (0, 1 or 2 in place), then each distance beside its result.
  const bool wins = stores_win_distances();
  absl::Status status = ForEachBlock(results_, [&](uint64_t first, uint32_t n, const uint16_t* v) {
    for (uint32_t k = 0; k < n; ++k) put(first + k, v[k] == 1 && !wins ? kUnstoredWin : v[k]);
  });
  if (status.ok() && wins) {
    status = ForEachBlock(wins_, [&](uint64_t first, uint32_t n, const uint16_t* turns) {
      for (uint32_t k = 0; k < n; ++k) {
        if (get(first + k) == 1) put(first + k, entry(turns[k], true));
      }
    });
  }
  if (!status.ok()) return status;
  if (loss_ranks_ == nullptr) {  // version 2: a distance for every position
    return ForEachBlock(losses_, [&](uint64_t first, uint32_t n, const uint16_t* turns) {
      for (uint32_t k = 0; k < n; ++k) {
        if (get(first + k) == 2) put(first + k, entry(turns[k], false));
      }
    });
  }
  // Version 3 on: the k-th distance is the k-th loss's. Written entries are
  // behind the scan, so a loss in 1 turn (2 as well) is not taken again.
  uint64_t next = 0;
  bool more_distances = false;  // than losses: a damaged file
  status = ForEachBlock(losses_, [&](uint64_t, uint32_t n, const uint16_t* turns) {
    for (uint32_t k = 0; k < n; ++k) {
      while (next < entries_ && get(next) != 2) ++next;
      if (next == entries_) {
        more_distances = true;
        return;
      }
      put(next++, entry(turns[k], false));
    }
  });
  if (!status.ok()) return status;
  while (next < entries_ && get(next) != 2) ++next;
  if (more_distances || next != entries_) return BlockError(losses_, losses_.layout.blocks);
  return absl::OkStatus();
}

}  // namespace lud64::tablebase
