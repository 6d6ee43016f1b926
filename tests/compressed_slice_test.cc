// Compressed slice files (format 2): codes, round trips at every position
// that can matter, and damaged files refused with errors naming the file and
// the block.
#include "tablebase/format/compressed_slice.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tablebase/format/huffman_code.h"
#include "tablebase/format/tb_file.h"
#include "tablebase/format/value_blocks.h"
#include "tests/file_bytes.h"
#include "tests/scoped_temp_dir.h"

namespace lud64::tablebase::compressed_slice_test {
namespace {

TEST(HuffmanCodeTest, LengthsFollowFrequenciesAndStayWithinTheLimit) {
  const HuffmanCode skewed = HuffmanCode::FromFrequencies({1000, 10, 10, 0, 1});
  EXPECT_EQ(skewed.length(0), 1);
  EXPECT_EQ(skewed.length(3), 0);
  std::vector<uint64_t> fibonacci = {1, 1};
  while (fibonacci.size() < 40) fibonacci.push_back(fibonacci.end()[-1] + fibonacci.end()[-2]);
  const HuffmanCode deep = HuffmanCode::FromFrequencies(fibonacci);
  for (size_t s = 0; s < fibonacci.size(); ++s) {
    EXPECT_GE(deep.length(s), 1);
    EXPECT_LE(deep.length(s), kMaxCodeLength);
  }
  // Every code decodes to its symbol whatever bits follow it.
  for (size_t s = 0; s < fibonacci.size(); ++s) {
    const uint32_t bits = deep.code(s) | (0xABCu << deep.length(s));
    EXPECT_EQ(deep.Decode(bits).symbol, s);
    EXPECT_EQ(deep.Decode(bits).length, deep.length(s));
  }
  EXPECT_EQ(HuffmanCode::FromFrequencies({0, 7, 0}).length(1), 1);
}

TEST(HuffmanCodeTest, StoredLengthsMustFormAPrefixCode) {
  EXPECT_TRUE(HuffmanCode::FromLengths({1, 2, 2}).ok());
  EXPECT_TRUE(HuffmanCode::FromLengths({0, 1, 0}).ok());   // one symbol
  EXPECT_FALSE(HuffmanCode::FromLengths({1, 2, 3}).ok());  // incomplete
  EXPECT_FALSE(HuffmanCode::FromLengths({1, 1, 1}).ok());  // oversubscribed
  EXPECT_FALSE(HuffmanCode::FromLengths({13, 1}).ok());    // too long
  EXPECT_FALSE(HuffmanCode::FromLengths({0, 0}).ok());     // empty
}

// Entries with runs, literals and don't-care positions, as a slice has them.
struct Slice {
  std::vector<Entry> entries;
  std::vector<uint8_t> care;
  int max_turns = 0;
};

// A new run every `run` positions on average; a few literals in between.
Slice RandomSlice(uint64_t n, int max_turns, uint32_t seed, uint32_t run = 8) {
  std::mt19937 rng(seed);
  Slice s;
  s.max_turns = max_turns;
  Entry run_entry = kDrawEntry;
  for (uint64_t i = 0; i < n; ++i) {
    if (rng() % run == 0) {
      const int turns = 1 + static_cast<int>(rng() % max_turns);
      run_entry = rng() % 3 == 0 ? kDrawEntry : rng() % 2 ? WinEntry(turns) : LossEntry(turns);
    }
    s.entries.push_back(rng() % (5 * run) == 0 ? WinEntry(1 + static_cast<int>(rng() % max_turns))
                                               : run_entry);
    s.care.push_back(rng() % 7 != 0);
  }
  s.entries.back() = WinEntry(max_turns);  // the header's longest distance occurs
  s.care.back() = 1;
  return s;
}

constexpr uint32_t kSymmetry = 7;
const SliceKey kKey{2, 1};

std::string Write(const ScopedTempDir& dir, const Slice& s, bool win_distances = true) {
  SliceStats stats;
  stats.max_turns = s.max_turns;
  absl::StatusOr<SliceHeader> header =
      MakeSliceHeader("test", kKey, kSymmetry, stats, s.entries.size());
  EXPECT_TRUE(header.ok());
  std::string path = dir.File("slice.lud64tb");
  const absl::Status status = WriteCompressedSlice(
      path, *header,
      [&](uint64_t begin, uint64_t end, Entry* out) {
        std::copy(s.entries.begin() + begin, s.entries.begin() + end, out);
      },
      [&](uint64_t begin, uint64_t end, uint8_t* out) {
        std::copy(s.care.begin() + begin, s.care.begin() + end, out);
      },
      win_distances);
  EXPECT_TRUE(status.ok()) << status;
  return path;
}

absl::StatusOr<std::unique_ptr<MappedSlice>> Open(const std::string& path, uint64_t entries,
                                                  SliceAccess access,
                                                  FileCheck check = FileCheck::kChecksum) {
  return MappedSlice::Open(path, "test", kKey, kSymmetry, entries, check, access);
}

TEST(CompressedSliceTest, EveryPositionThatMattersReadsBackBothWays) {
  ScopedTempDir dir("compressed");
  // Short runs, and runs longer than a block may hold; 300 turns: 16-bit entries.
  for (const auto& [max_turns, run] : {std::pair{5, 8}, {127, 3}, {300, 8}, {40, 100000}}) {
    const Slice s = RandomSlice(300007, max_turns, max_turns, run);
    const std::string path = Write(dir, s);
    auto probed = Open(path, s.entries.size(), SliceAccess::kProbe);
    auto decoded = Open(path, s.entries.size(), SliceAccess::kEntries);
    ASSERT_TRUE(probed.ok()) << probed.status();
    ASSERT_TRUE(decoded.ok()) << decoded.status();
    ASSERT_NE((*probed)->compressed(), nullptr);
    EXPECT_EQ((*decoded)->compressed(), nullptr);
    uint64_t checked = 0;
    for (uint64_t i = 0; i < s.entries.size(); ++i) {
      if (!s.care[i]) continue;
      const absl::StatusOr<Entry> read = (*probed)->Read(i);
      ASSERT_TRUE(read.ok()) << read.status();
      ASSERT_EQ(*read, s.entries[i]) << "index " << i << ", max_turns " << max_turns;
      ASSERT_EQ((*decoded)->Get(i), s.entries[i]) << "index " << i;
      ++checked;
    }
    // Sorted batches, as a derivation reads them: near one another (several
    // in a block, duplicates too) and far apart.
    std::mt19937_64 random(max_turns);
    for (int batch = 0; batch < 2000; ++batch) {
      std::vector<uint64_t> indices;
      const uint64_t base = random() % s.entries.size();
      for (int k = 0; k < 20; ++k) {
        const uint64_t spread = batch % 2 ? 3000 : s.entries.size();
        indices.push_back(std::min<uint64_t>(s.entries.size() - 1, base + random() % spread));
      }
      std::sort(indices.begin(), indices.end());
      std::vector<Entry> batch_entries(indices.size());
      ASSERT_TRUE((*probed)->ReadSorted(indices.data(), indices.size(), batch_entries.data()).ok());
      for (size_t k = 0; k < indices.size(); ++k) {
        ASSERT_EQ(batch_entries[k], (*probed)->Read(indices[k]).value()) << indices[k];
      }
    }
    EXPECT_GT(checked, 240000u);
    EXPECT_LT((*probed)->file_bytes(), s.entries.size() * (max_turns > 127 ? 2 : 1));
  }
}

// A file without the wins' distances reads a win as kUnstoredWin (all ones
// decoded whole, a win either way) and everything else as it was (version 2,
// which always stores them: tablebase_files_test.cc).
TEST(CompressedSliceTest, WinDistancesLeftOutReadAsUnstoredWins) {
  ScopedTempDir dir("compressed_wins");
  for (int max_turns : {40, 300}) {
    const Slice s = RandomSlice(100003, max_turns, 11);
    const std::string full = ReadBytes(Write(dir, s, true));
    const std::string path = Write(dir, s, false);
    auto probed = Open(path, s.entries.size(), SliceAccess::kProbe);
    auto decoded = Open(path, s.entries.size(), SliceAccess::kEntries);
    ASSERT_TRUE(probed.ok()) << probed.status();
    ASSERT_TRUE(decoded.ok()) << decoded.status();
    EXPECT_FALSE((*probed)->has_win_distances());
    EXPECT_FALSE((*decoded)->has_win_distances());
    EXPECT_LT((*probed)->file_bytes(), full.size());
    uint64_t wins = 0;
    for (uint64_t i = 0; i < s.entries.size(); ++i) {
      if (!s.care[i]) continue;
      const Entry expected = IsWin(s.entries[i]) ? kUnstoredWin : s.entries[i];
      ASSERT_EQ((*probed)->Read(i).value(), expected) << "index " << i;
      ASSERT_EQ((*probed)->ReadResult(i).value(), ValueOf(s.entries[i]).result);
      const Entry whole = (*decoded)->Get(i);
      if (IsWin(expected)) {
        ASSERT_EQ(whole, max_turns > 127 ? 0xFFFF : 0xFF) << "index " << i;
        ++wins;
      } else {
        ASSERT_EQ(whole, expected) << "index " << i;
      }
    }
    EXPECT_GT(wins, 10000u);
    (*decoded)->SetWinTurns(0, 7);
    (*decoded)->SealWinDistances();
    EXPECT_EQ((*decoded)->Get(0), WinEntry(7));
    EXPECT_TRUE((*decoded)->has_win_distances());
  }
  // Version 2 without the wins' distances is a damaged file.
  const std::string path = Write(dir, RandomSlice(5000, 20, 3), false);
  std::string bytes = ReadBytes(path);
  bytes[8] = static_cast<char>(kCompressedFormatVersion2);
  WriteBytes(path, bytes);
  const auto refused = Open(path, 5000, SliceAccess::kProbe);
  ASSERT_FALSE(refused.ok());
  EXPECT_TRUE(absl::StrContains(refused.status().message(), "layout does not match"))
      << refused.status();
}

TEST(CompressedSliceTest, SameInputSameBytes) {
  ScopedTempDir a("compressed_a"), b("compressed_b");
  const Slice s = RandomSlice(5000, 40, 3);
  EXPECT_EQ(ReadBytes(Write(a, s)), ReadBytes(Write(b, s)));
}

// The file with one bit of its bytes flipped.
void FlipBit(const std::string& path, uint64_t byte, int bit) {
  std::fstream file(path, std::ios::binary | std::ios::in | std::ios::out);
  file.seekg(static_cast<std::streamoff>(byte));
  char c = 0;
  file.get(c);
  c = static_cast<char>(c ^ (1 << bit));
  file.seekp(static_cast<std::streamoff>(byte));
  file.put(c);
}

TEST(CompressedSliceTest, FlippedBitInABlockIsAnErrorNamingFileAndBlock) {
  ScopedTempDir dir("compressed_flip");
  const Slice s = RandomSlice(20000, 30, 9);
  const std::string path = Write(dir, s);
  CompressedLayout layout;
  uint16_t count = 0;
  const uint64_t block = 5;
  {
    std::ifstream in(path, std::ios::binary);
    in.seekg(sizeof(SliceHeader));
    in.read(reinterpret_cast<char*>(&layout), sizeof(layout));
    in.seekg(static_cast<std::streamoff>(layout.results.counts_offset + 2 * block));
    in.read(reinterpret_cast<char*>(&count), 2);
  }
  ASSERT_GT(layout.results.blocks, block);
  // A bit in a block of the results: the probes that read it find it out,
  // and every other block still reads.
  FlipBit(path, layout.results.blocks_offset + kBlockBytes * block + 20, 3);
  const absl::StatusOr<std::unique_ptr<MappedSlice>> whole = Open(path, 20000, SliceAccess::kProbe);
  ASSERT_FALSE(whole.ok());
  EXPECT_TRUE(absl::StrContains(whole.status().message(), "checksum")) << whole.status();
  auto probed = Open(path, 20000, SliceAccess::kProbe, FileCheck::kHeader);
  ASSERT_TRUE(probed.ok()) << probed.status();
  int errors = 0, good = 0;
  std::string message;
  for (uint64_t i = 0; i < s.entries.size(); ++i) {
    const absl::StatusOr<Entry> read = (*probed)->Read(i);
    if (!read.ok()) {
      ++errors;
      message = std::string(read.status().message());
    } else if (s.care[i]) {
      EXPECT_EQ(*read, s.entries[i]);
      ++good;
    }
  }
  EXPECT_EQ(errors, count + 1);  // every position of the block
  EXPECT_GT(good, 10000);
  EXPECT_TRUE(absl::StrContains(message, path)) << message;
  EXPECT_TRUE(absl::StrContains(message, "of the win/draw/loss values is corrupt")) << message;
  EXPECT_TRUE(absl::StrContains(message, "block 5 ")) << message;
  // Decoding every entry stops at the block too.
  auto decoded = Open(path, 20000, SliceAccess::kEntries, FileCheck::kHeader);
  ASSERT_FALSE(decoded.ok());
  EXPECT_TRUE(absl::StrContains(decoded.status().message(), "corrupt")) << decoded.status();
}

// A damaged rank of the losses (the count before a span of the sparse index,
// a block's count or its check) would make a loss read another position's
// distance: the read of a loss that uses it is an error naming the file.
TEST(CompressedSliceTest, DamagedLossRanksAreErrorsNotOtherDistances) {
  ScopedTempDir dir("compressed_ranks");
  const Slice s = RandomSlice(20000, 30, 11);
  const std::string clean = ReadBytes(Write(dir, s));
  const std::string path = dir.File("slice.lud64tb");
  CompressedLayout layout;
  std::memcpy(&layout, clean.data() + sizeof(SliceHeader), sizeof(layout));
  ASSERT_GT(layout.results.blocks, 6u);
  // A count's low 16 bits only place it near the block's (a flip there
  // changes nothing read); a flip above them would.
  const uint64_t span_count = layout.loss_ranks_offset + 8 * 2 + 2;         // span 2's, bit 16
  const uint64_t block_count = layout.block_loss_ranks_offset + 4 * 6 + 1;  // block 6's
  const uint64_t block_check = layout.block_loss_ranks_offset + 4 * 6 + 2;
  for (const uint64_t byte : {span_count, block_count, block_check}) {
    WriteBytes(path, clean);
    FlipBit(path, byte, 0);
    auto probed = Open(path, s.entries.size(), SliceAccess::kProbe, FileCheck::kHeader);
    ASSERT_TRUE(probed.ok()) << probed.status();
    int errors = 0, losses = 0;
    for (uint64_t i = 0; i < s.entries.size(); ++i) {
      const absl::StatusOr<Entry> read = (*probed)->Read(i);
      if (!read.ok()) {
        ++errors;
        EXPECT_TRUE(absl::StrContains(read.status().message(), path)) << read.status();
        EXPECT_TRUE(absl::StrContains(read.status().message(), "ranks of the losses"))
            << read.status();
      } else if (s.care[i]) {
        EXPECT_EQ(*read, s.entries[i]) << "byte " << byte << " index " << i;
        losses += IsLoss(*read);
      }
    }
    EXPECT_GT(errors, 0) << "byte " << byte;
    EXPECT_GT(losses, 1000) << "byte " << byte;
  }
}

TEST(CompressedSliceTest, TruncatedOrMislabelledFilesAreRefused) {
  ScopedTempDir dir("compressed_bad");
  const Slice s = RandomSlice(4000, 20, 5);
  const std::string path = Write(dir, s);
  const std::string bytes = ReadBytes(path);
  auto refused = [&](const std::string& content, uint64_t entries, absl::string_view expected) {
    WriteBytes(path, content);
    const auto opened = Open(path, entries, SliceAccess::kProbe, FileCheck::kHeader);
    ASSERT_FALSE(opened.ok()) << expected;
    EXPECT_TRUE(absl::StrContains(opened.status().message(), expected)) << opened.status();
    EXPECT_TRUE(absl::StrContains(opened.status().message(), path)) << opened.status();
  };
  refused(bytes.substr(0, bytes.size() - 20), 4000, "outside the file");
  refused(bytes.substr(0, 200), 4000, "truncated");
  std::string version = bytes;
  version[8] = static_cast<char>(kCompressedFormatVersion + 1);
  refused(version, 4000, absl::StrCat("format version ", kCompressedFormatVersion + 1));
  // Damaged to 1, the uncompressed format's version: the file is read as one
  // and is far too short, and the message says which version it was read as.
  version[8] = static_cast<char>(kFormatVersion);
  refused(version, 4000, absl::StrCat("for format version ", kFormatVersion));
  refused(bytes, 4001, "holds 4000 entries, expected 4001");
  std::string layout = bytes;
  layout[sizeof(SliceHeader) + offsetof(StreamLayout, value_count)] = 4;  // results: 3
  refused(layout, 4000, "does not match the header");
}

}  // namespace
}  // namespace lud64::tablebase::compressed_slice_test
