// The MPI-free parts of lud64-mpi: the block-cyclic partition of a
// component's ids over the ranks, and a rank's checkpoint files.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tablebase/distributed/checkpoint.h"
#include "tablebase/distributed/partition.h"
#include "tests/scoped_temp_dir.h"

namespace lud64::tablebase::mpi_parts_test {
namespace {

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

class CheckpointTest : public ::testing::Test {
 protected:
  const ScopedTempDir dir_{"checkpoint"};
};

HugeArray<uint32_t> Words(uint64_t size) {
  HugeArray<uint32_t> words(size);
  for (uint64_t i = 0; i < size; ++i) words[i] = static_cast<uint32_t>(i * 2654435761U);
  return words;
}

TEST_F(CheckpointTest, AGenerationReadsBackAsWrittenAndTheOlderOnesGo) {
  const ComponentCheckpoint files(dir_.path(), "davxar_3v3_h0-0.lud64tb", 2, 1);
  const HugeArray<uint32_t> words = Words(1000);
  ASSERT_TRUE(files.Write(4, words).ok());
  ASSERT_TRUE(files.Write(7, words).ok());
  EXPECT_EQ(files.Generations(), (std::vector<uint64_t>{7, 4}));
  files.DropBefore(7);
  EXPECT_EQ(files.Generations(), std::vector<uint64_t>{7});
  HugeArray<uint32_t> read(1000);
  ASSERT_TRUE(files.Read(7, read).ok());
  for (uint64_t i = 0; i < 1000; ++i) ASSERT_EQ(read[i], words[i]) << i;
  // Another job layout: a share of another size.
  HugeArray<uint32_t> other(999);
  const absl::Status s = files.Read(7, other);
  EXPECT_NE(s.message().find("another job layout"), std::string::npos) << s;
  files.DropAll();
  EXPECT_TRUE(files.Generations().empty());
}

TEST_F(CheckpointTest, DamagedOrOlderFilesAreRefusedNamingTheFile) {
  const ComponentCheckpoint files(dir_.path(), "c", 1, 0);
  ASSERT_TRUE(files.Write(3, Words(100)).ok());
  const std::string path = dir_.File("c.1ranks.r0.g3");
  HugeArray<uint32_t> read(100);
  auto refused = [&](const std::string& why) {
    const absl::Status s = files.Read(3, read);
    EXPECT_FALSE(s.ok());
    EXPECT_NE(s.message().find(path), std::string::npos) << s;
    EXPECT_NE(s.message().find(why), std::string::npos) << s;
  };
  auto poke = [&](std::streamoff at, char byte) {
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(at);
    file.put(byte);
  };
  poke(100, 'x');  // a state word
  refused("checksum mismatch");
  ASSERT_TRUE(files.Write(3, Words(100)).ok());
  poke(7, '1');  // the version of the format that also stored lists of positions
  refused("version 1, expected 2");
  ASSERT_TRUE(files.Write(3, Words(100)).ok());
  std::filesystem::resize_file(path, 50);
  refused("truncated");
}

}  // namespace
}  // namespace lud64::tablebase::mpi_parts_test
