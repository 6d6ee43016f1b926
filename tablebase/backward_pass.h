// The backward pass of a component's retrograde analysis, by increasing
// distance in turns. The forward pass queues every position already won (at
// its best distance so far) or lost; a taken position visits its
// predecessors in the component (unmoves) once per distinct id. A loss makes
// its predecessors wins at d + 1 (d for the same player's mill step, which is
// not a turn); a win decrements its predecessors' counters, and a counter
// reaching zero is a loss at the largest distance seen. Same-turn edges can
// improve a tentative win inside a bucket: stale bucket entries are skipped
// (lazy deletion). Values are the unique fixed point, so the thread count and
// the order of processing do not change the result.
#ifndef LUD64_TABLEBASE_BACKWARD_PASS_H_
#define LUD64_TABLEBASE_BACKWARD_PASS_H_

#include <algorithm>
#include <atomic>
#include <barrier>
#include <cstdint>
#include <functional>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "engine/interrupt.h"
#include "tablebase/component_ids.h"
#include "tablebase/huge_array.h"
#include "tablebase/state_word.h"

namespace lud64::tablebase {

template <class Tb>
class BackwardPass : private StateWord {
 public:
  // Bucket entries taken so far (stale ones included).
  using Progress = std::function<void(uint64_t)>;

  BackwardPass(const ComponentIds<Tb>& ids, HugeArray<uint32_t>& state, int threads)
      : ids_(ids), state_(state), threads_(threads) {}

  // Queues a position at a distance in turns.
  void Push(int turns, uint32_t id) {
    if (static_cast<size_t>(turns) >= buckets_.size()) buckets_.resize(turns + 1);
    buckets_[turns].push_back(id);
  }

  absl::Status Run(const Progress& progress) {
    uint64_t taken = 0;
    const RoundProgress report = [&](size_t done) {
      if (progress) progress(taken + done);
    };
    for (size_t d = 0; d < buckets_.size(); ++d) {
      // A bucket is processed in rounds, since same-turn edges add entries to
      // the bucket being processed.
      while (!buckets_[d].empty()) {
        const std::vector<uint32_t> round = std::move(buckets_[d]);
        buckets_[d].clear();
        const int threads = round.size() < 20000 ? 1 : threads_;
        std::vector<Queued> queued(threads);
        if (threads == 1) {
          SerialRound(round, static_cast<int>(d), queued[0], report);
        } else {
          SharedRound(round, static_cast<int>(d), threads, queued, report);
        }
        if (StopRequested()) return absl::CancelledError("tablebase build stopped");
        taken += round.size();
        for (const Queued& q : queued) {
          for (const auto& [turns, id] : q.entries) Push(turns, id);
        }
      }
      std::vector<uint32_t>().swap(buckets_[d]);
    }
    return absl::OkStatus();
  }

 private:
  // How far ahead state words are requested.
  static constexpr size_t kLookahead = 8;
  // How far ahead a range's updates are requested (each is a little work).
  static constexpr size_t kUpdateLookahead = 32;

  // New bucket entries found by one thread in one round.
  struct Queued {
    std::vector<std::pair<uint16_t, uint32_t>> entries;
  };
  // `report(n)`: n entries of the round are done.
  using RoundProgress = std::function<void(size_t)>;

  // Applies an update to its predecessor, queueing it when it is resolved.
  void Deliver(uint64_t update, int d, Queued& queued) {
    const auto pred = static_cast<uint32_t>(update >> 2);
    if (const int turns = StateWord::Apply(state_[pred], update, d); turns >= 0) {
      queued.entries.push_back({static_cast<uint16_t>(turns), pred});
    }
  }

  // A round run by one thread. An entry's updates are delivered after the
  // next taken entry's are listed, so that the cache misses on its
  // predecessors' words, requested first, overlap that work. Delivering late
  // is safe: an update in a round at distance d offers d or more, so it
  // cannot change whether an entry of the same round is taken, or its value.
  void SerialRound(const std::vector<uint32_t>& round, int d, Queued& queued,
                   const RoundProgress& report) {
    std::vector<uint64_t> updates, requested;
    for (size_t i = 0; i < round.size(); ++i) {
      // The entries are scattered over the component: their own words are
      // requested a few entries ahead too.
      if (i + kLookahead < round.size()) __builtin_prefetch(&state_[round[i + kLookahead]], 1);
      Entry value;
      if (!Take(state_[round[i]], d, value)) continue;
      ids_.PredecessorUpdates(round[i], value, updates);
      for (uint64_t u : updates) __builtin_prefetch(&state_[u >> 2], 1);
      for (uint64_t u : requested) Deliver(u, d, queued);
      std::swap(updates, requested);
      if ((i & 0xFFFF) == 0xFFFF) {
        if (StopRequested()) return;
        report(i + 1);
      }
    }
    for (uint64_t u : requested) Deliver(u, d, queued);
  }

  // A round run by several threads, in batches of two phases: the threads
  // take entries and list their predecessors' updates by id range; then each
  // range is updated by one thread with plain stores. Updating in place from
  // every thread needed a locked compare-and-swap per update, which made two
  // threads do more work than one.
  void SharedRound(const std::vector<uint32_t>& round, int d, int threads,
                   std::vector<Queued>& queued, const RoundProgress& report) {
    constexpr size_t kBatch = size_t{1} << 16;
    constexpr size_t kChunk = 1024;
    constexpr int kRanges = 64;
    int shift = 0;
    while (((ids_.size() - 1) >> shift) >= kRanges) ++shift;
    std::vector<std::vector<std::vector<uint64_t>>> lists(
        threads, std::vector<std::vector<uint64_t>>(kRanges));
    std::atomic<size_t> next_entry{0};
    std::atomic<int> next_range{0};
    bool stop = false;
    std::barrier sync(threads, [&]() noexcept {
      next_entry = 0;
      next_range = 0;
      stop = StopRequested();
    });
    auto work = [&](int t) {
      std::vector<uint64_t> updates;
      for (size_t batch = 0; batch < round.size() && !stop; batch += kBatch) {
        const size_t batch_size = std::min(kBatch, round.size() - batch);
        for (size_t begin; (begin = next_entry.fetch_add(kChunk)) < batch_size;) {
          const size_t end = batch + std::min(batch_size, begin + kChunk);
          for (size_t i = batch + begin; i < end; ++i) {
            if (i + kLookahead < end) __builtin_prefetch(&state_[round[i + kLookahead]], 1);
            Entry value;
            if (!TakeShared(state_[round[i]], d, value)) continue;
            ids_.PredecessorUpdates(round[i], value, updates);
            for (uint64_t u : updates) lists[t][(u >> 2) >> shift].push_back(u);
          }
        }
        sync.arrive_and_wait();
        for (int r; (r = next_range.fetch_add(1)) < kRanges;) {
          for (int from = 0; from < threads; ++from) {
            const std::vector<uint64_t>& list = lists[from][r];
            for (size_t i = 0; i < list.size(); ++i) {
              if (i + kUpdateLookahead < list.size()) {
                __builtin_prefetch(&state_[list[i + kUpdateLookahead] >> 2], 1);
              }
              Deliver(list[i], d, queued[t]);
            }
          }
        }
        sync.arrive_and_wait();
        for (std::vector<uint64_t>& list : lists[t]) list.clear();
        if (t == 0) report(batch + batch_size);
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
  std::vector<std::vector<uint32_t>> buckets_;
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_BACKWARD_PASS_H_
