// The backward pass of a component's retrograde analysis, by increasing
// distance in turns. A position is resolved when its state word holds a win,
// or a loss with no child left unresolved; a resolved position visits its
// predecessors in the component (unmoves) once per distinct id. A loss makes
// its predecessors wins at d + 1 (d for the same player's mill step, which is
// not a turn); a win decrements its predecessors' counters, and a counter
// reaching zero is a loss at the largest distance seen.
//
// Each distance d is one pass in id order over the blocks of state words
// that hold a position resolved and not yet taken, taking every position
// resolved at d, then rounds over a bitmap of the positions that the
// same-turn edges resolved at d behind the pass (pending_positions.h: the
// state words are the queue). A distance at which nothing was resolved is
// skipped.
//
// Values are the unique fixed point, so the thread count and the order within
// a distance do not change the result.
#ifndef LUD64_TABLEBASE_SOLVE_BACKWARD_PASS_H_
#define LUD64_TABLEBASE_SOLVE_BACKWARD_PASS_H_

#include <algorithm>
#include <atomic>
#include <barrier>
#include <bit>
#include <cassert>
#include <cstdint>
#include <functional>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "engine/stop.h"
#include "tablebase/solve/component_ids.h"
#include "tablebase/solve/huge_array.h"
#include "tablebase/solve/pending_positions.h"

namespace lud64::tablebase {

template <class Tb>
class BackwardPass {
 public:
  // Positions taken so far.
  using Progress = std::function<void(uint64_t)>;
  using Source = PendingPositions::Source;
  using Tally = PendingPositions::Tally;
  static constexpr uint64_t kIdsPerLine = PendingPositions::kIdsPerLine;

  BackwardPass(const ComponentIds<Tb>& ids, HugeArray<uint32_t>& state, int threads, StopFlag stop)
      : ids_(ids), state_(state), threads_(threads), stop_(stop), pending_(state) {}

  // Notes a position the forward pass resolved (PendingPositions::Resolved).
  void Resolved(uint64_t id) { pending_.Resolved(id); }
  // Counts positions the forward pass resolved, by distance in turns.
  void Count(const std::vector<uint64_t>& by_distance) { pending_.Count(by_distance); }

  absl::Status Run(const Progress& progress) {
    uint64_t taken = 0;
    const RoundProgress report = [&](uint64_t done) {
      if (progress) progress(taken + done);
    };
    for (int d = 0; d < pending_.distances(); ++d) {
      if (pending_.CountedAt(d) == 0) continue;
      // The blocks to read hold the positions left at d and later ones.
      const bool few = pending_.CountedFrom(d) < PendingPositions::kFewCandidates;
      uint64_t marked = Round(Source::kBlocks, few, d, taken, report);
      while (marked > 0 && !Stopping(stop_)) {
        pending_.NextRound();
        marked =
            Round(Source::kMarked, marked < PendingPositions::kFewCandidates, d, taken, report);
      }
      if (Stopping(stop_)) return absl::CancelledError("tablebase build stopped");
    }
    assert(pending_.NothingPending());
    return absl::OkStatus();
  }

 private:
  // Ids handed to a thread at a time (whole cache lines of the bitmaps and
  // the block map).
  static constexpr uint64_t kChunk = kIdsPerLine;
  // How far ahead a range's updates are requested (each is a little work).
  static constexpr size_t kUpdateLookahead = 32;

  using RoundProgress = std::function<void(uint64_t)>;

  void Deliver(uint64_t update, int d, Tally& tally) {
    pending_.Deliver(update >> 2, update, d, tally);
  }

  // Takes the positions resolved at d among the source's candidates, by one
  // thread when they are few. The number of positions marked for another
  // round at d.
  uint64_t Round(Source source, bool few, int d, uint64_t& taken, const RoundProgress& report) {
    const bool shared = threads_ > 1 && !few && ids_.size() >= 4 * kChunk;
    std::vector<Tally> tallies(shared ? threads_ : 1);
    if (shared) {
      SharedRound(source, d, tallies, report);
    } else {
      SerialRound(source, d, tallies[0], report);
    }
    return pending_.EndRound(tallies, taken);
  }

  // A round run by one thread. A position's updates are delivered after the
  // next taken position's are listed, so that the cache misses on its
  // predecessors' words, requested first, overlap that work. Delivering late
  // is safe: an update at distance d offers d or more, so a position it
  // resolves at d that the round has passed is marked for the next round.
  void SerialRound(Source source, int d, Tally& tally, const RoundProgress& report) {
    std::vector<uint64_t> updates, requested;
    typename ComponentIds<Tb>::Decoder decoder(ids_);
    const uint64_t size = ids_.size();
    for (uint64_t begin = 0; begin < size && !Stopping(stop_); begin += kChunk) {
      pending_.ForCandidates(source, d, begin, std::min(size, begin + kChunk), [&](uint64_t id) {
        Entry value;
        if (!pending_.Take(id, d, value, tally)) return;
        ids_.PredecessorUpdates(decoder(id), value, updates);
        for (uint64_t u : updates) __builtin_prefetch(&state_[u >> 2], 1);
        for (uint64_t u : requested) Deliver(u, d, tally);
        std::swap(updates, requested);
      });
      if ((begin / kChunk) % 64 == 63) report(tally.taken);
    }
    for (uint64_t u : requested) Deliver(u, d, tally);
  }

  // A round run by several threads, in batches of two phases: the threads
  // take the positions of chunks of ids and list their predecessors' updates
  // by id range; then each range is updated by one thread with plain stores.
  // Each id is read by one thread in the first phase and written by one in
  // the second, so no word needs an atomic operation. (Updating in place from
  // every thread needed a locked compare-and-swap per update, which made two
  // threads do more work than one.)
  void SharedRound(Source source, int d, std::vector<Tally>& tallies, const RoundProgress& report) {
    constexpr uint64_t kBatch = uint64_t{1} << 16;  // positions taken per batch
    constexpr int kRanges = 64;
    const uint64_t size = ids_.size();
    // A range is every kRanges-th block of kIdsPerLine ids: a batch's
    // positions are neighbours, and so are many of their predecessors, which
    // contiguous ranges would leave to one thread. (Blocks of whole cache
    // lines of the bitmaps.)
    constexpr int kBlockShift = std::countr_zero(kIdsPerLine);
    const int threads = static_cast<int>(tallies.size());
    std::vector<std::vector<std::vector<uint64_t>>> lists(
        threads, std::vector<std::vector<uint64_t>>(kRanges));
    std::atomic<uint64_t> next_id{0}, batch_taken{0}, taken{0};
    std::atomic<int> next_range{0};
    bool finished = false, stop = false;
    std::barrier sync(threads, [&]() noexcept {
      next_range = 0;
      batch_taken = 0;
      finished = next_id >= size;
      stop = Stopping(stop_);
    });
    auto work = [&](int t) {
      std::vector<uint64_t> updates;
      typename ComponentIds<Tb>::Decoder decoder(ids_);
      Tally& tally = tallies[t];
      auto take = [&](uint64_t id) {
        Entry value;
        if (!pending_.Take(id, d, value, tally)) return;
        ids_.PredecessorUpdates(decoder(id), value, updates);
        for (uint64_t u : updates) lists[t][(u >> (2 + kBlockShift)) % kRanges].push_back(u);
      };
      for (;;) {
        for (uint64_t begin; batch_taken < kBatch && (begin = next_id.fetch_add(kChunk)) < size;) {
          const uint64_t before = tally.taken;
          pending_.ForCandidates(source, d, begin, std::min(size, begin + kChunk), take);
          batch_taken += tally.taken - before;
          taken += tally.taken - before;
        }
        sync.arrive_and_wait();
        for (int r; (r = next_range.fetch_add(1)) < kRanges;) {
          for (int from = 0; from < threads; ++from) {
            const std::vector<uint64_t>& list = lists[from][r];
            for (size_t i = 0; i < list.size(); ++i) {
              if (i + kUpdateLookahead < list.size()) {
                __builtin_prefetch(&state_[list[i + kUpdateLookahead] >> 2], 1);
              }
              Deliver(list[i], d, tally);
            }
          }
        }
        sync.arrive_and_wait();
        for (std::vector<uint64_t>& list : lists[t]) list.clear();
        if (t == 0) report(taken);
        if (finished || stop) return;
      }
    };
    // All on std::threads, so that every thread runs the same code
    // (tablebase/parallel_chunks.h).
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) workers.emplace_back(work, t);
    for (std::thread& w : workers) w.join();
  }

  const ComponentIds<Tb>& ids_;
  HugeArray<uint32_t>& state_;
  int threads_;
  StopFlag stop_;
  PendingPositions pending_;
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_SOLVE_BACKWARD_PASS_H_
