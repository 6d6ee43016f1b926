// The compressed slice file (format version 4; versions 2 and 3 are still
// read): the 128-byte header of version 1 (slice_header.h; its checksum
// covers every byte after it), a layout, then three streams apart:
// win/draw/loss values (what a search reads first), the distances in turns
// of won positions and those of lost ones (each read only for such a
// position, and delta-coded: neighbours' distances are close).
//
// Versions 3 and 4 may leave out the wins' distances (an all-zero layout), as
// Syzygy's WDL files leave DTZ to others: a won position's distance follows
// from its decisions, the fastest of them into a position lost for the
// opponent (one turn more than its loss) or won by the same mover, which the
// tables hold (probe/derived_wins.h derives it). A reader of such a file gets
// kUnstoredWin for a won position. Version 2 always stores them.
//
// Versions 3 and 4 code the losses' distances over the positions whose result
// decodes as a loss alone, in order (version 2: over every position, the
// others "don't care"), which spares the runs over the others: a lost
// position's distance is the r-th, r the losses before it. Two tables beside
// the results find r: the losses before each position of the results' sparse
// index (8 bytes every 4096 positions), and before each block modulo 2^16 (2
// bytes a block); the block read for the result counts the rest. Version 4
// adds to each block's 2 bytes a check of the block's number and its whole
// count of losses before it, which the read of a loss makes: a damaged rank
// would otherwise give another position's distance (version 3 has none).
//
// Each stream is coded with one canonical Huffman code into blocks of 64
// bytes (value_blocks.h); a table of counts (2 bytes a block) and a sparse
// index (the block and offset of every 4096th position) find the block of a
// position. A probe reads one block of each stream it needs and never trusts
// one that fails its 16-bit check, which also covers the counts and index
// that led to it.
//
// Positions whose value cannot matter are "don't care" and take whatever
// value lengthens the current run: holes of the index (pairs that are not
// canonical) and positions the adapter says cannot occur (a Davxar removal
// pending without a mill on the board); in the distance stream also every
// position without a win (or a loss). Such positions decode to arbitrary
// values.
#ifndef LUD64_TABLEBASE_FORMAT_COMPRESSED_SLICE_H_
#define LUD64_TABLEBASE_FORMAT_COMPRESSED_SLICE_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "engine/stop.h"
#include "tablebase/format/huffman_code.h"
#include "tablebase/format/slice_header.h"
#include "tablebase/format/value_blocks.h"
#include "tablebase/slice.h"

namespace lud64::tablebase {

inline constexpr uint32_t kCompressedFormatVersion = 4;
// Older compressed versions, still read: 2 stores every won and lost
// position's distance; 3 is 4 without the checks of the losses' ranks.
inline constexpr uint32_t kCompressedFormatVersion2 = 2;
inline constexpr uint32_t kCompressedFormatVersion3 = 3;

// What reading a won position of a file without wins' distances gives: a
// win in 32768 turns, beyond any table, so that a reader that forgets to
// derive the distance gives an absurd one rather than a plausible one.
inline constexpr Entry kUnstoredWin = 0xFFFF;

#pragma pack(push, 1)
struct StreamLayout {
  uint64_t code_offset;    // two codes' lengths (StreamCodes), symbols() bytes each
  uint64_t sparse_offset;  // per span_positions positions: block << 16 | offset in it
  uint64_t counts_offset;  // per block: its positions less one (uint16)
  uint64_t blocks_offset;  // kBlockBytes a block, then 8 zero bytes
  uint64_t blocks;
  uint32_t span_positions;
  uint32_t value_count;  // 3 (draw, win, loss) or the longest distance + 1
  uint32_t delta;        // 1: literals are differences (StreamCoding)
  uint32_t reserved;
};
struct CompressedLayout {
  StreamLayout results;  // 0 draw, 1 win, 2 loss
  StreamLayout wins;     // turns of won positions; all zero: not stored (version 3 on)
  StreamLayout losses;   // turns of lost positions (version 3 on: of them alone)
  // Version 3 on: the losses before each sparse-index position of the
  // results (uint64), before each results block modulo 2^16 (uint16;
  // version 4: then a uint16 check of the block's number and its whole
  // count, so that a damaged rank is found by the read that uses it), and in
  // all.
  uint64_t loss_ranks_offset;
  uint64_t block_loss_ranks_offset;
  uint64_t loss_positions;
};
#pragma pack(pop)
static_assert(sizeof(CompressedLayout) == 192);

// Positions between two entries of a sparse index, as the writer makes them
// (a reader takes the layout's).
inline constexpr uint32_t kSpanPositions = 4096;

// Where a file's first section may begin: after its header and layout.
inline constexpr uint64_t kFirstSectionOffset = sizeof(SliceHeader) + sizeof(CompressedLayout);

// Version 4's check of a results block: a hash of its number and its whole
// count of losses before it, written beside the count and compared on read.
inline uint16_t LossRankCheck(uint64_t block, uint64_t losses_before) {
  uint64_t hash = (block + 1) * 0x9E3779B97F4A7C15ull ^ losses_before * 0xC2B2AE3D27D4EB4Full;
  hash ^= hash >> 31;
  hash *= 0x9E3779B97F4A7C15ull;
  return static_cast<uint16_t>(hash >> 48);
}

// Reads the entries [begin, end) of the slice being compressed, and whether
// each can matter (1) or not (0).
using EntryReader = std::function<void(uint64_t begin, uint64_t end, Entry* out)>;
using CareReader = std::function<void(uint64_t begin, uint64_t end, uint8_t* out)>;

// Writes the compressed file of a slice whose header is `header` (of any
// version: its version and checksum are replaced); atomically, as
// SliceWriter does. Without `win_distances` the file leaves the wins'
// distances out (compressed_slice_writer.cc). Setting `stop` returns
// Cancelled within a chunk of entries, and nothing is written.
absl::Status WriteCompressedSlice(const std::string& path, const SliceHeader& header,
                                  const EntryReader& entries, const CareReader& care,
                                  bool win_distances = true, StopFlag stop = nullptr);

// A version-2 or 3 file's streams, over a mapping owned by the caller.
class CompressedSlice {
 public:
  // Checks the layout against the file's size and the codes; not the blocks,
  // which are checked when read.
  static absl::StatusOr<std::unique_ptr<CompressedSlice>> Open(const std::string& path,
                                                               const SliceHeader& header,
                                                               const uint8_t* file, size_t size);

  // The entry at `index` (kUnstoredWin for a won position of a file without
  // the wins' distances); an error naming the file and block if a block it
  // reads fails its check.
  absl::StatusOr<Entry> Read(uint64_t index) const;
  // Only its result: one block of one stream.
  absl::StatusOr<TbResult> ReadResult(uint64_t index) const;
  // The entries at indices[0..n) (ascending) into out, each results block
  // decoded once for all the positions in it: what deriving a win reads (its
  // decisions' positions, which share few blocks).
  absl::Status ReadSorted(const uint64_t* indices, size_t n, Entry* out) const;
  // Asks for the memory a read of `index` starts with: its results' sparse
  // index entry (stage 0), then the counts and block it points to (stage 1,
  // once the first has arrived). Reading many positions, stage 0 for all,
  // then stage 1, then the reads overlaps their cache misses.
  void Prefetch(uint64_t index, int stage) const;
  // Every entry, little-endian, `width` bytes each, into out; a won position
  // of a file without the wins' distances as all ones (kUnstoredWin, or 0xFF
  // in one byte: a win in 128 turns, beyond what one byte stores).
  absl::Status DecodeAll(uint8_t* out, int width) const;
  // Whether the file stores the distances of won positions.
  bool stores_win_distances() const { return wins_.blocks != nullptr; }

  // Bytes of the results' stream and of the distances' (code, index and
  // blocks; the ranks of the losses too).
  uint64_t result_bytes() const { return StreamBytes(results_); }
  uint64_t distance_bytes() const {
    return (stores_win_distances() ? StreamBytes(wins_) : 0) + StreamBytes(losses_) +
           loss_rank_bytes_;
  }

 private:
  struct Stream {
    const char* name;
    uint64_t positions;  // the slice's entries, or (losses of version 3) its losses
    StreamLayout layout;
    StreamCoding coding;
    StreamCodes codes;
    const uint8_t* sparse;
    const uint8_t* counts;
    const uint8_t* blocks;
  };
  CompressedSlice() = default;
  static uint64_t StreamBytes(const Stream& s);
  absl::StatusOr<Stream> OpenStream(const char* name, const StreamLayout& layout,
                                    uint64_t positions) const;
  absl::Status BlockError(const Stream& s, uint64_t block) const;
  uint32_t CountOf(const Stream& s, uint64_t block) const;
  // Decodes a stream block by block, checking each: f(first, count, values).
  absl::Status ForEachBlock(
      const Stream& s, const std::function<void(uint64_t, uint32_t, const uint16_t*)>& f) const;
  // Where position `index` of a stream lies: its block (checked) and offset.
  struct Place {
    uint64_t block;
    uint32_t offset;
    uint32_t count;  // the block's positions
    const uint8_t* at;
  };
  absl::StatusOr<Place> Find(const Stream& s, uint64_t index) const;
  // The value at `index` of a stream.
  absl::StatusOr<uint16_t> ValueAt(const Stream& s, uint64_t index) const;
  // The losses before results block `block`, which holds `index` (version
  // 3 on); an error if its check (version 4) finds the ranks damaged.
  absl::StatusOr<uint64_t> LossesBeforeBlock(uint64_t index, uint64_t block) const;
  // The entry of a position whose result and (a loss) rank were read.
  absl::StatusOr<Entry> EntryOf(uint64_t index, uint16_t result, uint64_t loss_index) const;

  std::string path_;
  const uint8_t* file_ = nullptr;
  size_t size_ = 0;
  uint64_t entries_ = 0;
  Stream results_{};
  Stream wins_{};
  Stream losses_{};
  const uint8_t* loss_ranks_ = nullptr;  // version 3 on (dense losses), else null
  const uint8_t* block_loss_ranks_ = nullptr;
  uint32_t block_rank_bytes_ = 0;  // 4 with a check (version 4), else 2
  uint64_t loss_rank_bytes_ = 0;
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_FORMAT_COMPRESSED_SLICE_H_
