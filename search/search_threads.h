// What the threads of one alpha-beta search share (search/lazy_smp.h), and
// which iterations each helper thread skips.
#ifndef LUD64_SEARCH_SEARCH_THREADS_H_
#define LUD64_SEARCH_SEARCH_THREADS_H_

#include <atomic>
#include <cstdint>
#include <memory>

#include "engine/decision.h"

namespace lud64 {

// The decisions the threads are searching now, at nodes of kMinDepth plies
// or more: a thread defers a decision another one is on (ABDADA's deferral,
// in Kerrigan's simplified form) instead of searching the same subtree beside
// it. A slot per hash: a collision loses a mark or shows a false one, which
// changes the order of a search, never its soundness.
class SearchingMarks {
 public:
  static constexpr int kMinDepth = 3;

  // The key of decision `d` in the position whose game.hash is `hash`.
  static uint64_t Key(uint64_t hash, Decision d) {
    const uint64_t code =
        static_cast<uint64_t>(d.kind) | uint64_t{d.from} << 8 | uint64_t{d.to} << 16;
    return hash ^ ((code + 1) * 0x9e3779b97f4a7c15ULL);
  }
  bool Busy(uint64_t key) const { return Slot(key).load(std::memory_order_relaxed) == key; }
  void Mark(uint64_t key) { Slot(key).store(key, std::memory_order_relaxed); }
  // Clears the mark unless another search has taken its slot since.
  void Unmark(uint64_t key) {
    uint64_t expected = key;
    Slot(key).compare_exchange_strong(expected, 0, std::memory_order_relaxed);
  }

 private:
  static constexpr size_t kSlots = size_t{1} << 14;
  std::atomic<uint64_t>& Slot(uint64_t key) const { return slots_[key & (kSlots - 1)]; }
  std::unique_ptr<std::atomic<uint64_t>[]> slots_ { new std::atomic<uint64_t>[kSlots] {} };
};

struct SharedSearch {
  // Set once the main thread has decided: the helpers end their searches.
  std::atomic<bool> stop{false};
  // Every thread's nodes, added kNodeBatch at a time (and the rest at the
  // end): a node limit counts them all, at the cost of one shared write per
  // batch rather than per node.
  std::atomic<uint64_t> nodes{0};
  static constexpr uint64_t kNodeBatch = 1024;
  SearchingMarks searching;
  // Temporary switches for the measurements (LUD64_SMP_* in lazy_smp.h).
  bool deeper_cuts = true;
  bool defer = true;
  bool first_helper_skips = false;
};

// Whether helper thread `helper` (1, 2, ...; the main thread is 0 and skips
// none) leaves out iteration `depth`. Helper 1 skips none: with 2 threads a
// helper that skipped every other depth took more nodes to reach the main
// thread's depth (Damdaman: a median 1.80 times one thread's, against 1.12;
// search/README.md). Helpers 2, 3, ... spread over the depths just beyond the
// main thread's instead of repeating its search (not measured): they come in
// rounds r = 1, 2, 3, 4 of 2r threads, each searching r depths then skipping
// r, from its own phase (helper 2 searches the even depths, helper 3 the odd
// ones, helpers 4 to 7 depths in pairs from four phases, ...); helper 22
// starts the rounds again.
inline bool HelperSkipsDepth(int helper, int depth) {
  if (helper == 1) return false;
  int index = (helper - 2) % 20;
  int round = 1;
  while (index >= 2 * round) {
    index -= 2 * round;
    ++round;
  }
  return ((depth + index) / round) % 2 == 1;
}

}  // namespace lud64

#endif  // LUD64_SEARCH_SEARCH_THREADS_H_
