#include "tablebase/format/compressed_slice.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "tablebase/format/slice_writer.h"
#include "tablebase/format/value_blocks.h"

namespace lud64::tablebase {
namespace {

// Positions read from the slice being compressed at a time.
constexpr uint64_t kChunk = uint64_t{1} << 16;
constexpr uint64_t kFirstSection = sizeof(SliceHeader) + sizeof(CompressedLayout);

uint16_t ResultValue(Entry e) { return e == kDrawEntry ? 0 : IsWin(e) ? 1 : 2; }

constexpr int kStreams = 3;  // results, wins' distances, losses' distances

// Calls f(values, care, n) for the slice's positions, kChunk at a time, in
// order: values[k] and care[k] those of stream k.
template <class F>
void ForEachChunkOf(uint64_t entries, const EntryReader& read, const CareReader& read_care, F&& f) {
  std::vector<Entry> e(kChunk);
  std::vector<uint8_t> care(kChunk);
  std::vector<uint16_t> values[kStreams];
  std::vector<uint8_t> cares[kStreams];
  for (int k = 0; k < kStreams; ++k) {
    values[k].resize(kChunk);
    cares[k].resize(kChunk);
  }
  for (uint64_t begin = 0; begin < entries; begin += kChunk) {
    const uint64_t n = std::min(kChunk, entries - begin);
    read(begin, begin + n, e.data());
    read_care(begin, begin + n, care.data());
    for (uint64_t i = 0; i < n; ++i) {
      const uint16_t result = ResultValue(e[i]);
      const auto turns = static_cast<uint16_t>(EntryTurns(e[i]));
      values[0][i] = result;
      cares[0][i] = care[i];
      values[1][i] = values[2][i] = turns;
      cares[1][i] = care[i] && result == 1;
      cares[2][i] = care[i] && result == 2;
    }
    f(values, cares, n);
  }
}

// One stream as the writer builds it.
struct StreamBuild {
  StreamCoding coding;
  std::vector<uint64_t> frequencies[2];  // of a token after a run or not
  StreamCodes codes;
  std::unique_ptr<BlockPacker> packer;
};

void Align8(std::vector<uint8_t>& out) { out.resize((out.size() + 7) & ~size_t{7}, 0); }

// Appends a stream's sections to `tail` (the file after its header) and
// fills in its layout.
void AppendStream(const StreamBuild& s, std::vector<uint8_t>& tail, StreamLayout& layout) {
  auto append = [&](const void* data, size_t bytes) {
    const size_t at = tail.size();
    tail.resize(at + bytes);
    if (bytes > 0) std::memcpy(tail.data() + at, data, bytes);
    Align8(tail);
  };
  const BlockPacker& packer = *s.packer;
  layout.value_count = static_cast<uint32_t>(s.coding.value_count);
  layout.delta = s.coding.delta ? 1 : 0;
  layout.span_positions = kSpanPositions;
  layout.blocks = packer.counts().size();
  layout.code_offset = sizeof(SliceHeader) + tail.size();
  std::vector<uint8_t> lengths = s.codes.any.lengths();
  lengths.insert(lengths.end(), s.codes.after_run.lengths().begin(),
                 s.codes.after_run.lengths().end());
  append(lengths.data(), lengths.size());
  const std::vector<uint64_t> sparse = packer.SparseIndex(kSpanPositions);
  layout.sparse_offset = sizeof(SliceHeader) + tail.size();
  append(sparse.data(), 8 * sparse.size());
  layout.counts_offset = sizeof(SliceHeader) + tail.size();
  append(packer.counts().data(), 2 * packer.counts().size());
  layout.blocks_offset = sizeof(SliceHeader) + tail.size();
  append(packer.blocks().data(), packer.blocks().size());
  tail.resize(tail.size() + 8, 0);
}

}  // namespace

absl::Status WriteCompressedSlice(const std::string& path, const SliceHeader& header,
                                  const EntryReader& entries, const CareReader& care,
                                  bool win_distances) {
  const int distances = static_cast<int>(header.max_turns) + 1;
  StreamBuild streams[kStreams] = {
      {{3, false}, {}, {}, {}}, {{distances, true}, {}, {}, {}}, {{distances, true}, {}, {}, {}}};
  if (static_cast<size_t>(streams[1].coding.symbols()) > kMaxSymbols) {
    return absl::InvalidArgumentError(
        absl::StrCat("tablebase file ", path, ": distances up to ", header.max_turns,
                     " turns are more than format 3 codes; keep format 1 (--nocompress)"));
  }
  auto stored = [&](int k) { return k != 1 || win_distances; };
  for (StreamBuild& s : streams) {
    for (std::vector<uint64_t>& f : s.frequencies) f.assign(s.coding.symbols(), 0);
  }
  bool in_range = true;
  ForEachChunkOf(
      header.entries, entries, care,
      [&](const std::vector<uint16_t>* values, const std::vector<uint8_t>* cares, uint64_t n) {
        for (uint64_t i = 0; i < n; ++i) {
          in_range &= !cares[0][i] || values[1][i] < distances;
        }
        for (int k = 0; k < kStreams; ++k) {
          if (!stored(k)) continue;
          ForEachSymbol(values[k].data(), cares[k].data(), n, streams[k].coding,
                        [&](uint32_t symbol, bool after_run) {
                          ++streams[k].frequencies[after_run ? 1 : 0][symbol];
                        });
        }
      });
  if (!in_range) {
    return absl::InternalError(
        absl::StrCat("tablebase file ", path, ": a distance exceeds the header's longest"));
  }
  for (int k = 0; k < kStreams; ++k) {
    if (!stored(k)) continue;
    StreamBuild& s = streams[k];
    // Blocks break runs where the counting above did not (and a run that
    // reaches a block's end may go on as a second run), so every symbol gets
    // a code in both.
    for (std::vector<uint64_t>& f : s.frequencies) {
      for (uint64_t& count : f) count = std::max<uint64_t>(count, 1);
    }
    s.codes.any = HuffmanCode::FromFrequencies(s.frequencies[0]);
    s.codes.after_run = HuffmanCode::FromFrequencies(s.frequencies[1]);
    s.packer = std::make_unique<BlockPacker>(s.codes, s.coding);
  }
  ForEachChunkOf(
      header.entries, entries, care,
      [&](const std::vector<uint16_t>* values, const std::vector<uint8_t>* cares, uint64_t n) {
        for (int k = 0; k < kStreams; ++k) {
          if (!stored(k)) continue;
          for (uint64_t i = 0; i < n; ++i) {
            streams[k].packer->Add(values[k][i], cares[k][i] != 0);
          }
        }
      });
  CompressedLayout layout{};
  std::vector<uint8_t> tail(sizeof(CompressedLayout));
  StreamLayout* parts[kStreams] = {&layout.results, &layout.wins, &layout.losses};
  for (int k = 0; k < kStreams; ++k) {
    if (!stored(k)) continue;
    streams[k].packer->Finish();
    AppendStream(streams[k], tail, *parts[k]);
  }
  std::memcpy(tail.data(), &layout, sizeof(layout));
  SliceHeader compressed = header;
  compressed.version = kCompressedFormatVersion;
  compressed.checksum = TableChecksum(tail.data(), tail.size());
  return WriteSliceImage(path, compressed, tail);
}

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
  if (size < kFirstSection) return error("truncated: no room for the compressed layout");
  if (header.entries > (uint64_t{1} << 48)) return error("bad entry count");
  CompressedLayout layout;
  std::memcpy(&layout, file + sizeof(SliceHeader), sizeof(layout));
  const uint64_t distances = uint64_t{header.max_turns} + 1;
  const bool win_distances = header.version == kCompressedFormatVersion2 ||
                             !std::all_of(reinterpret_cast<const uint8_t*>(&layout.wins),
                                          reinterpret_cast<const uint8_t*>(&layout.wins + 1),
                                          [](uint8_t b) { return b == 0; });
  if (layout.results.value_count != 3 || layout.results.delta != 0 ||
      (win_distances && (layout.wins.value_count != distances || layout.wins.delta != 1)) ||
      layout.losses.value_count != distances || layout.losses.delta != 1) {
    return error("the compressed layout does not match the header");
  }
  for (auto [stream, name, part] :
       {std::tuple{&slice->results_, "win/draw/loss values", &layout.results},
        {&slice->wins_, "distances of won positions", &layout.wins},
        {&slice->losses_, "distances of lost positions", &layout.losses}}) {
    if (part == &layout.wins && !win_distances) continue;
    absl::StatusOr<Stream> opened = slice->OpenStream(name, *part);
    if (!opened.ok()) return opened.status();
    *stream = *std::move(opened);
  }
  return slice;
}

absl::StatusOr<CompressedSlice::Stream> CompressedSlice::OpenStream(
    const char* name, const StreamLayout& layout) const {
  auto error = [&](absl::string_view what) {
    return absl::DataLossError(absl::StrCat("tablebase file ", path_, ": ", what, " of the ", name,
                                            " (truncated or corrupt)"));
  };
  const StreamCoding coding{static_cast<int>(std::min<uint32_t>(layout.value_count, 65535)),
                            layout.delta != 0};
  Stream s{name, layout, coding, {}, nullptr, nullptr, nullptr};
  const uint64_t symbols = coding.symbols();
  auto fits = [&](uint64_t offset, uint64_t bytes) {
    return offset >= kFirstSection && offset <= size_ && bytes <= size_ - offset;
  };
  if (layout.span_positions == 0) return error("bad sparse index");
  const uint64_t spans = (entries_ + layout.span_positions - 1) / layout.span_positions;
  if (static_cast<size_t>(coding.symbols()) > kMaxSymbols || layout.blocks > entries_ ||
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

absl::StatusOr<uint16_t> CompressedSlice::ValueAt(const Stream& s, uint64_t index) const {
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
      uint16_t value = 0;
      if (check != BlockCheck(at, block, index - offset, count) ||
          !DecodeValueAt(at, count, s.codes, s.coding, static_cast<uint32_t>(offset), value)) {
        return BlockError(s, block);
      }
      return value;
    }
    offset -= count;
    ++block;
  }
  return BlockError(s, std::min<uint64_t>(block, s.layout.blocks));
}

absl::StatusOr<TbResult> CompressedSlice::ReadResult(uint64_t index) const {
  if (index >= entries_) return Read(index).status();  // its error
  absl::StatusOr<uint16_t> result = ValueAt(results_, index);
  if (!result.ok()) return result.status();
  return *result == 0 ? TbResult::kDraw : *result == 1 ? TbResult::kWin : TbResult::kLoss;
}

absl::StatusOr<Entry> CompressedSlice::Read(uint64_t index) const {
  if (index >= entries_) {
    return absl::OutOfRangeError(absl::StrCat("tablebase file ", path_, ": index ", index,
                                              " past its ", entries_, " entries"));
  }
  absl::StatusOr<uint16_t> result = ValueAt(results_, index);
  if (!result.ok()) return result.status();
  if (*result == 0) return kDrawEntry;
  if (*result == 1 && !stores_win_distances()) return kUnstoredWin;
  absl::StatusOr<uint16_t> turns = ValueAt(*result == 1 ? wins_ : losses_, index);
  if (!turns.ok()) return turns.status();
  if (*turns == 0) return kDrawEntry;  // a position that cannot matter
  return *result == 1 ? WinEntry(*turns) : LossEntry(*turns);
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
    if (count > entries_ - first || check != BlockCheck(at, block, first, count) ||
        !DecodeAllValues(at, count, s.codes, s.coding, values.data())) {
      return BlockError(s, block);
    }
    f(first, count, values.data());
    first += count;
  }
  if (first != entries_) return BlockError(s, s.layout.blocks);
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
  // The results first (0, 1 or 2 in place), then each distance beside its result.
  const bool wins = stores_win_distances();
  absl::Status status = ForEachBlock(results_, [&](uint64_t first, uint32_t n, const uint16_t* v) {
    for (uint32_t k = 0; k < n; ++k) put(first + k, v[k] == 1 && !wins ? kUnstoredWin : v[k]);
  });
  for (const auto& part : {std::pair{&wins_, 1}, {&losses_, 2}}) {
    // (Not a structured binding: clang before 16 cannot capture one in a lambda.)
    const int result = part.second;
    if (!status.ok()) return status;
    if (part.first->blocks == nullptr) continue;  // wins' distances not stored
    status = ForEachBlock(*part.first, [&](uint64_t first, uint32_t n, const uint16_t* turns) {
      for (uint32_t k = 0; k < n; ++k) {
        if (get(first + k) != result) continue;
        if (turns[k] == 0) {
          put(first + k, kDrawEntry);  // a position that cannot matter
        } else {
          put(first + k, result == 1 ? WinEntry(turns[k]) : LossEntry(turns[k]));
        }
      }
    });
  }
  return status;
}

}  // namespace lud64::tablebase
