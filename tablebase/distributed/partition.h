// How the positions of a component are shared among ranks: block-cyclic over
// the component's ids (blocks of kPartitionBlock ids dealt to ranks in turn).
// Slices differ a lot in cost per position (removal slices have few
// decisions), so contiguous ranges would leave ranks idle; dealing blocks
// spreads every slice over every rank while an id's owner and local index
// stay two divisions away.
#ifndef LUD64_TABLEBASE_DISTRIBUTED_PARTITION_H_
#define LUD64_TABLEBASE_DISTRIBUTED_PARTITION_H_

#include <algorithm>
#include <cstdint>

namespace lud64::tablebase {

inline constexpr uint64_t kPartitionBlock = uint64_t{1} << 14;

class BlockCyclic {
 public:
  BlockCyclic(uint64_t size, int ranks, int rank, uint64_t block = kPartitionBlock)
      : size_(size), ranks_(ranks), rank_(rank), block_(block) {}

  uint64_t size() const { return size_; }
  int ranks() const { return ranks_; }
  int rank() const { return rank_; }

  int Owner(uint64_t id) const { return static_cast<int>(id / block_ % ranks_); }
  // The index of `id` in its owner's local array.
  uint64_t Local(uint64_t id) const { return id / (block_ * ranks_) * block_ + id % block_; }
  // The id of this rank's local index.
  uint64_t Global(uint64_t local) const {
    return (local / block_ * ranks_ + rank_) * block_ + local % block_;
  }
  // How many ids below `id` `rank` owns: also the local index of the first
  // id at or above `id` that it owns.
  uint64_t OwnedBelow(int rank, uint64_t id) const {
    const uint64_t super = block_ * ranks_;
    const uint64_t start = static_cast<uint64_t>(rank) * block_;
    const uint64_t rest = id % super;
    return id / super * block_ + (rest > start ? std::min(rest - start, block_) : 0);
  }
  uint64_t LocalSize() const { return OwnedBelow(rank_, size_); }
  // The size of the largest local array of any rank, for memory estimates.
  uint64_t LargestLocalSize() const { return OwnedBelow(0, size_); }

 private:
  uint64_t size_;
  int ranks_;
  int rank_;
  uint64_t block_;
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_DISTRIBUTED_PARTITION_H_
