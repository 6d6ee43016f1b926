// The MPI-free part of lud64-mpi: the block-cyclic partition of a component's
// ids over the ranks.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "gtest/gtest.h"
#include "tablebase/distributed/partition.h"

namespace lud64::tablebase {
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

}  // namespace
}  // namespace lud64::tablebase
