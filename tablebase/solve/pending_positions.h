// The positions of a component that are resolved and not yet taken by the
// backward pass, found without a queue: the state words say which they are
// (StateWord::Pending), and this class keeps what finds them fast.
//
// - Counts per distance, to skip the distances at which nothing was resolved
//   (stale counts included: a win can improve after it was counted).
// - A map of blocks, a bit per 64 words, that may hold such a position: a pass
//   at distance d reads only those blocks. Damdaman's hundreds of distances
//   mostly hold a few positions each, where a scan of a 4 v 4 component's
//   16 GB of words costs seconds. A bit per block, not per position, keeps the
//   map small enough (1/2048 of the words) that setting a bit per resolved
//   position costs a cache hit, where a bit per position cost a miss, 15% of a
//   backward pass.
// - Two bitmaps of the positions that the same-turn edges resolve at the
//   current distance during a round: the next round at that distance reads
//   them (and passes over those the round took after all, ahead of its scan).
//
// So a backward pass needs 4 bytes per position plus two bitmaps and the
// block map, where lists of ids per distance took up to as much again as the
// words (what kept davxar:pieces=5 and Damdaman 4 v 4 out of 24 GB). A round
// reads the words in order, which costs less than the cache misses of a list
// in push order.
//
// Both backward passes use it: the single-process one (backward_pass.h) over a
// component's ids, the distributed one (distributed/mpi_solver.h) over the ids
// a rank owns, indexed by their local index.
#ifndef LUD64_TABLEBASE_SOLVE_PENDING_POSITIONS_H_
#define LUD64_TABLEBASE_SOLVE_PENDING_POSITIONS_H_

#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

#include "tablebase/slice.h"
#include "tablebase/solve/huge_array.h"
#include "tablebase/solve/state_word.h"

namespace lud64::tablebase {

// Adds one to counts[turns], growing the counts as needed.
inline void CountOneAt(std::vector<uint64_t>& counts, int turns) {
  if (static_cast<size_t>(turns) >= counts.size()) counts.resize(turns + 1);
  ++counts[turns];
}

class PendingPositions : private StateWord {
 public:
  // Indices a word of the block map covers (64 blocks), and a cache line of
  // it: threads that write the map work on indices in distinct lines.
  static constexpr uint64_t kIdsPerWord = 64 * 64;
  static constexpr uint64_t kIdsPerLine = kIdsPerWord * 8;
  // A round with fewer candidates than this is taken by one thread.
  static constexpr uint64_t kFewCandidates = 20000;

  // Where a round's candidates come from: the blocks of the map, or the
  // positions marked by the previous round at the same distance.
  enum class Source { kBlocks, kMarked };

  // One thread's counts in a round, on its own cache lines.
  struct alignas(64) Tally {
    uint64_t taken = 0;
    uint64_t marked = 0;          // resolved at the round's distance
    std::vector<uint64_t> later;  // resolved at a larger distance, by distance
  };

  // The bytes a backward pass works in over `positions` state words: the
  // words, the two bitmaps and the block map.
  static constexpr uint64_t WorkingBytes(uint64_t positions) {
    return positions * 4 + positions / 8 * 2 + positions / 512;
  }

  explicit PendingPositions(HugeArray<uint32_t>& state)
      : state_(state),
        marked_(state.size() / 64 + 1),
        next_marked_(state.size() / 64 + 1),
        blocks_(state.size() / kIdsPerWord + 1) {}

  // Notes a position the forward pass resolved. Threads may call it at once
  // for indices in distinct ranges aligned to kIdsPerWord (distinct words of
  // the map); kIdsPerLine also spares them taking its cache lines from each
  // other.
  void Resolved(uint64_t index) { MarkBlock(index); }
  // Counts positions resolved at a distance in turns, or at each distance.
  void Count(int turns, uint64_t positions) { CountAt(turns) += positions; }
  void Count(const std::vector<uint64_t>& by_distance) {
    for (size_t turns = 0; turns < by_distance.size(); ++turns) {
      if (by_distance[turns] != 0) CountAt(static_cast<int>(turns)) += by_distance[turns];
    }
  }
  // Notes every position the state words hold resolved and not taken (the
  // state read back from a checkpoint), in place of what was noted before;
  // between rounds, when the round bitmaps are empty.
  void Rebuild();

  // One more than the largest distance counted so far.
  int distances() const { return static_cast<int>(counts_.size()); }
  // Positions counted at distance d, and at d and later ones.
  uint64_t CountedAt(int d) const { return d < distances() ? counts_[d] : 0; }
  uint64_t CountedFrom(int d) const {
    return d < distances() ? std::accumulate(counts_.begin() + d, counts_.end(), uint64_t{0}) : 0;
  }

  // Calls f(index) for the round's candidates in [begin, end), begin a
  // multiple of kIdsPerWord. Threads may call it at once for distinct ranges
  // so aligned (ranges of whole lines, kIdsPerLine, also spare them sharing
  // cache lines).
  template <class F>
  void ForCandidates(Source source, int d, uint64_t begin, uint64_t end, F&& f);

  // Takes a position if it is resolved at d (and not taken yet); its value.
  bool Take(uint64_t index, int d, Entry& value, Tally& tally) {
    if (!TakeResolved(state_[index], d, value)) return false;
    ++tally.taken;
    return true;
  }
  // Applies an update (StateWord::Update) to the predecessor at `index`, the
  // resolved position being at distance d, and notes the predecessor if that
  // resolves it: at d in the bitmap of the next round, later in the map.
  void Deliver(uint64_t index, uint64_t update, int d, Tally& tally) {
    const int turns = StateWord::Apply(state_[index], update, d);
    if (turns < 0) return;
    if (turns == d) {
      marked_[index / 64] |= uint64_t{1} << (index % 64);
      ++tally.marked;
      return;
    }
    MarkBlock(index);
    CountOneAt(tally.later, turns);
  }
  // After a round: counts what its threads resolved at later distances and
  // adds what they took to `taken`. The positions marked for the next round.
  uint64_t EndRound(const std::vector<Tally>& tallies, uint64_t& taken);
  // Makes the positions marked by the round just ended the next round's
  // candidates.
  void NextRound() { std::swap(marked_, next_marked_); }

  // Whether no position is resolved and left untaken (the end of a pass).
  bool NothingPending() const;

 private:
  uint64_t& CountAt(int turns) {
    if (turns >= distances()) counts_.resize(turns + 1);
    return counts_[turns];
  }
  void MarkBlock(uint64_t index) {
    blocks_[index / kIdsPerWord] |= uint64_t{1} << (index / 64 % 64);
  }

  HugeArray<uint32_t>& state_;
  std::vector<uint64_t> counts_;
  // Positions resolved at the current distance: marked_ is written by the
  // current round, next_marked_ read (and cleared) by it.
  HugeArray<uint64_t> marked_;
  HugeArray<uint64_t> next_marked_;
  // Bit b of word w: block 64 * w + b (indices 64 times that, 64 of them) may
  // hold a position resolved and not taken. Set with each position resolved
  // at a later distance than the current one (those at the current one are
  // in marked_); cleared by a round that finds none left in the block.
  HugeArray<uint64_t> blocks_;
};

template <class F>
void PendingPositions::ForCandidates(Source source, int d, uint64_t begin, uint64_t end, F&& f) {
  if (source == Source::kBlocks) {
    const uint32_t* words = &state_[0];
    for (uint64_t w = begin / kIdsPerWord; w * kIdsPerWord < end; ++w) {
      // A copy: a block's bit is cleared once nothing in it is left.
      for (uint64_t bits = blocks_[w]; bits != 0; bits &= bits - 1) {
        const uint64_t block = (w * 64 + __builtin_ctzll(bits)) * 64;
        bool left = false;
        if (block + 64 <= end) {
          for (uint64_t at = ResolvedMask(words + block, d); at != 0; at &= at - 1) {
            f(block + __builtin_ctzll(at));
          }
          left = AnyPending(words + block);
        } else {  // the last, partial block
          for (uint64_t index = block; index < end; ++index) f(index);
          for (uint64_t index = block; index < end; ++index) {
            left = left || StateWord::Pending(words[index]);
          }
        }
        if (!left) blocks_[w] &= ~(uint64_t{1} << (block / 64 % 64));
      }
    }
    return;
  }
  for (uint64_t w = begin / 64; w * 64 < end; ++w) {
    uint64_t bits = next_marked_[w];
    if (bits == 0) continue;
    next_marked_[w] = 0;
    for (; bits != 0; bits &= bits - 1) f(w * 64 + __builtin_ctzll(bits));
  }
}

inline void PendingPositions::Rebuild() {
  counts_.clear();
  for (uint64_t w = 0; w < blocks_.size(); ++w) blocks_[w] = 0;
  for (uint64_t index = 0; index < state_.size(); ++index) {
    if (!StateWord::Pending(state_[index])) continue;
    MarkBlock(index);
    CountOneAt(counts_, EntryTurns(ValueOf(state_[index])));
  }
}

inline uint64_t PendingPositions::EndRound(const std::vector<Tally>& tallies, uint64_t& taken) {
  uint64_t marked = 0;
  for (const Tally& tally : tallies) {
    taken += tally.taken;
    marked += tally.marked;
    Count(tally.later);
  }
  return marked;
}

inline bool PendingPositions::NothingPending() const {
  for (uint64_t index = 0; index < state_.size(); ++index) {
    if (StateWord::Pending(state_[index])) return false;
  }
  return true;
}

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_SOLVE_PENDING_POSITIONS_H_
