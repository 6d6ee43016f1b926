// The MPI-free parts of lud64-mpi: the block-cyclic partition and the
// streamed slice writer, whose bytes must equal tablebase::WriteSlice's.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tablebase/tb_file.h"
#include "tests/tablebase_test_support.h"
#include "tools/lud64_mpi/partition.h"
#include "tools/lud64_mpi/slice_stream_writer.h"

namespace lud64::tablebase {
namespace {

std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(BlockCyclicTest, EveryIdHasOneOwnerAndLocalIndicesAreDense) {
  for (int ranks : {1, 2, 3, 5}) {
    for (uint64_t size : {uint64_t{0}, uint64_t{1}, uint64_t{7}, uint64_t{100}, uint64_t{1001}}) {
      std::vector<uint64_t> next(ranks, 0);
      for (uint64_t id = 0; id < size; ++id) {
        const BlockCyclic part(size, ranks, 0, 8);
        const int owner = part.Owner(id);
        const BlockCyclic mine(size, ranks, owner, 8);
        ASSERT_EQ(mine.Local(id), next[owner]) << id;
        ASSERT_EQ(mine.Global(next[owner]), id);
        ASSERT_EQ(mine.OwnedBelow(owner, id), next[owner]);
        ++next[owner];
      }
      uint64_t largest = 0;
      for (int r = 0; r < ranks; ++r) {
        EXPECT_EQ(BlockCyclic(size, ranks, r, 8).LocalSize(), next[r]);
        largest = std::max(largest, next[r]);
      }
      EXPECT_EQ(BlockCyclic(size, ranks, 0, 8).LargestLocalSize(), largest);
    }
  }
}

TEST(StreamChecksumTest, AnySplitGivesTableChecksum) {
  std::vector<uint8_t> bytes(1000);
  std::mt19937 random(7);
  for (uint8_t& b : bytes) b = static_cast<uint8_t>(random());
  for (size_t size : {size_t{0}, size_t{5}, size_t{8}, size_t{999}, size_t{1000}}) {
    for (size_t piece : {size_t{1}, size_t{3}, size_t{8}, size_t{13}, size_t{1000}}) {
      StreamChecksum checksum;
      for (size_t at = 0; at < size; at += piece) {
        checksum.Add(bytes.data() + at, std::min(piece, size - at));
      }
      EXPECT_EQ(checksum.Finish(), TableChecksum(bytes.data(), size)) << size << " " << piece;
    }
  }
}

TEST(SliceStreamWriterTest, SameBytesAsWriteSlice) {
  const std::string dir = FreshDir("stream_writer");
  const SliceKey key{3, 2, 0, 0, true};
  for (int max_turns : {5, 300}) {  // 8- and 16-bit entries
    std::vector<Entry> entries(12345);
    std::mt19937 random(max_turns);
    for (Entry& e : entries) e = static_cast<Entry>(random() % (2 * max_turns + 1));
    const SliceStats stats{1, 2, 3, max_turns};
    const std::string expected = dir + "/expected", streamed = dir + "/streamed";
    ASSERT_TRUE(WriteSlice(expected, "davxar", key, 42, stats, entries).ok());
    auto writer = SliceStreamWriter::Create(streamed, "davxar", key, 42, stats, entries.size());
    ASSERT_TRUE(writer.ok()) << writer.status();
    for (size_t at = 0; at < entries.size(); at += 1000) {
      const size_t count = std::min<size_t>(1000, entries.size() - at);
      ASSERT_TRUE((*writer)->Append(entries.data() + at, count).ok());
    }
    ASSERT_TRUE((*writer)->Commit().ok());
    EXPECT_EQ(ReadBytes(streamed), ReadBytes(expected));
  }
}

TEST(SliceStreamWriterTest, ShortSliceIsRefusedAndLeavesNoFile) {
  const std::string dir = FreshDir("stream_writer_short");
  const std::string path = dir + "/short";
  auto writer = SliceStreamWriter::Create(path, "davxar", {1, 1}, 1, {}, 10);
  ASSERT_TRUE(writer.ok());
  const Entry entries[3] = {};
  ASSERT_TRUE((*writer)->Append(entries, 3).ok());
  EXPECT_FALSE((*writer)->Commit().ok());
  writer->reset();
  EXPECT_TRUE(std::filesystem::is_empty(dir));
}

}  // namespace
}  // namespace lud64::tablebase
