// What the threads of one alpha-beta search share (search/lazy_smp.h), and
// which iterations each helper thread skips.
#ifndef LUD64_SEARCH_SEARCH_THREADS_H_
#define LUD64_SEARCH_SEARCH_THREADS_H_

#include <atomic>
#include <cstdint>

namespace lud64 {

struct SharedSearch {
  // Set once the main thread has decided: the helpers end their searches.
  std::atomic<bool> stop{false};
  // Every thread's nodes, added kNodeBatch at a time (and the rest at the
  // end): a node limit counts them all, at the cost of one shared write per
  // batch rather than per node.
  std::atomic<uint64_t> nodes{0};
  static constexpr uint64_t kNodeBatch = 1024;
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
