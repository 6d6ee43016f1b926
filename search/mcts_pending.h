// Updates of well-visited MCTS nodes that a search thread holds back and
// writes in bulk.
//
// Nearly every iteration passes through the few nodes near the root. With
// several threads, writing their visits and rewards on every iteration moves
// their cache lines from core to core each time; when iterations are short
// (Guettal's after E3 D2, most of them ending at a proven draw a few plies
// down) that cost more than the iteration, and two threads ran barely faster
// than one. Held back, such a node's line stays shared between the cores.
// A thread holds back less than 1/kPendingShare of a node's visits, and
// never for more than kPendingIterations iterations: the statistics the
// other threads see lag by as little as an iteration in flight would make
// them, and the thread's own choices repeat for at most as long.
#ifndef LUD64_SEARCH_MCTS_PENDING_H_
#define LUD64_SEARCH_MCTS_PENDING_H_

#include <array>
#include <atomic>
#include <cstdint>

namespace lud64::mcts_internal {

// A node's update is written once its held-back visits reach this share of
// its visits (nodes with fewer than 2 * kPendingShare are written at once).
inline constexpr uint64_t kPendingShare = 128;
// Everything held back is written every this many iterations.
inline constexpr int kPendingIterations = 256;

// `Node` has atomic `visits` and `reward` counters.
template <class Node>
class PendingUpdates {
 public:
  PendingUpdates() = default;
  PendingUpdates(const PendingUpdates&) = delete;
  PendingUpdates& operator=(const PendingUpdates&) = delete;
  ~PendingUpdates() { Flush(); }

  // One visit of `node` with `reward`; `visits`: the node's, as last read.
  // Entries are direct-mapped: a node landing on another's entry writes that
  // one out first.
  void Add(Node& node, uint64_t reward, uint64_t visits) {
    Entry& entry = entries_[(reinterpret_cast<uintptr_t>(&node) / sizeof(Node)) % kEntries];
    if (entry.node != &node) {
      Write(entry);
      entry.node = &node;
    }
    ++entry.visits;
    entry.reward += reward;
    if (entry.visits * kPendingShare >= visits) Write(entry);
  }

  // Writes every update held back.
  void Flush() {
    for (Entry& entry : entries_) Write(entry);
  }

 private:
  static constexpr int kEntries = 64;
  struct Entry {
    Node* node = nullptr;
    uint64_t visits = 0;
    uint64_t reward = 0;
  };

  static void Write(Entry& entry) {
    if (entry.visits == 0) return;
    entry.node->visits.fetch_add(entry.visits, std::memory_order_relaxed);
    if (entry.reward != 0) entry.node->reward.fetch_add(entry.reward, std::memory_order_relaxed);
    entry.visits = entry.reward = 0;
  }

  std::array<Entry, kEntries> entries_{};
};

}  // namespace lud64::mcts_internal

#endif  // LUD64_SEARCH_MCTS_PENDING_H_
