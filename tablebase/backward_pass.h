// The backward pass of a component's retrograde analysis, by increasing
// distance in turns. A position is resolved when its state word holds a win,
// or a loss with no child left unresolved; a resolved position visits its
// predecessors in the component (unmoves) once per distinct id. A loss makes
// its predecessors wins at d + 1 (d for the same player's mill step, which is
// not a turn); a win decrements its predecessors' counters, and a counter
// reaching zero is a loss at the largest distance seen.
//
// Each distance d is one scan of the state words in id order, taking every
// position resolved at d, then rounds over a bitmap of the positions that the
// same-turn edges resolved at d behind the scan. Nothing else is queued: the
// state words are the queue. So the pass needs 4 bytes per position plus
// three bitmaps, where lists of ids per distance took up to as much again as
// the words (what kept davxar:pieces=5 and Damdaman 4 v 4 out of 24 GB). A
// scan reads the words in order, which costs less than the cache misses of a
// list in push order; a distance at which nothing was resolved is skipped.
//
// A third bitmap holds the positions resolved at a later distance and not yet
// taken. When they are few, a distance visits them instead of scanning every
// word: Damdaman's hundreds of distances mostly hold a few positions each,
// and a scan of a 4 v 4 component's 16 GB of words costs seconds.
//
// Values are the unique fixed point, so the thread count and the order within
// a distance do not change the result.
#ifndef LUD64_TABLEBASE_BACKWARD_PASS_H_
#define LUD64_TABLEBASE_BACKWARD_PASS_H_

#include <algorithm>
#include <atomic>
#include <barrier>
#include <cassert>
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
  // Positions taken so far.
  using Progress = std::function<void(uint64_t)>;

  BackwardPass(const ComponentIds<Tb>& ids, HugeArray<uint32_t>& state, int threads)
      : ids_(ids),
        state_(state),
        threads_(threads),
        marked_(ids.size() / 64 + 1),
        next_marked_(ids.size() / 64 + 1),
        later_(ids.size() / 64 + 1) {}

  // Notes a position the forward pass resolved. Threads may call it at once
  // for ids in distinct ranges aligned to 64 (bits of one word).
  void Resolved(uint64_t id) { later_[id / 64] |= uint64_t{1} << (id % 64); }
  // Counts positions the forward pass resolved at a distance in turns.
  void Count(int turns, uint64_t positions) {
    Pending(turns) += positions;
    outstanding_ += static_cast<int64_t>(positions);
  }

  absl::Status Run(const Progress& progress) {
    uint64_t taken = 0;
    const RoundProgress report = [&](uint64_t done) {
      if (progress) progress(taken + done);
    };
    for (int d = 0; d < static_cast<int>(pending_.size()); ++d) {
      if (pending_[d] == 0) continue;
      const bool sparse = outstanding_ < static_cast<int64_t>(ids_.size() / kSparseRatio);
      uint64_t marked = Round(sparse ? Source::kLater : Source::kScan,
                              /*few=*/sparse && outstanding_ < static_cast<int64_t>(kSharedMinimum),
                              d, taken, report);
      while (marked > 0 && !StopRequested()) {
        std::swap(marked_, next_marked_);
        marked = Round(Source::kMarked, /*few=*/marked < kSharedMinimum, d, taken, report);
      }
      if (StopRequested()) return absl::CancelledError("tablebase build stopped");
    }
    // Every position resolved was taken, so no bit of later_ is left.
    assert(outstanding_ == 0);
    return absl::OkStatus();
  }

 private:
  // Where a round's candidates come from: every id, the ids in later_, or
  // the ids marked in next_marked_ (cleared as they are read).
  enum class Source { kScan, kLater, kMarked };
  // Fewer candidates than this are taken by one thread.
  static constexpr uint64_t kSharedMinimum = 20000;
  // A distance visits later_'s positions instead of scanning every word when
  // they are fewer than one per this many ids: visited in id order, they cost
  // about a cache line each, and a scan reads 16 words a line.
  static constexpr uint64_t kSparseRatio = 16;
  // Ids handed to a thread at a time (a multiple of 64: whole bitmap words).
  static constexpr uint64_t kChunk = uint64_t{1} << 14;
  // How far ahead a range's updates are requested (each is a little work).
  static constexpr size_t kUpdateLookahead = 32;

  // One thread's counts in a round, on its own cache lines.
  struct alignas(64) Tally {
    uint64_t taken = 0;
    uint64_t marked = 0;          // resolved at the round's distance
    int64_t outstanding = 0;      // bits set in later_ less bits cleared
    std::vector<uint64_t> later;  // resolved at a larger distance, by distance
  };
  using RoundProgress = std::function<void(uint64_t)>;

  uint64_t& Pending(int turns) {
    if (static_cast<size_t>(turns) >= pending_.size()) pending_.resize(turns + 1);
    return pending_[turns];
  }

  // Calls f(id) for the round's candidates in [begin, end), begin a multiple of 64.
  template <class F>
  void ForCandidates(Source source, int d, uint64_t begin, uint64_t end, F&& f) {
    if (source == Source::kLater) {
      // A copy of each word: f clears the bits of the positions it takes.
      for (uint64_t w = begin / 64; w * 64 < end; ++w) {
        for (uint64_t bits = later_[w]; bits != 0; bits &= bits - 1) {
          f(w * 64 + __builtin_ctzll(bits));
        }
      }
      return;
    }
    if (source == Source::kScan) {
      const uint32_t* words = &state_[0];
      for (uint64_t block = begin; block < end; block += 64) {
        if (end - block >= 64) {
          for (uint64_t bits = ResolvedMask(words + block, d); bits != 0; bits &= bits - 1) {
            f(block + __builtin_ctzll(bits));
          }
          continue;
        }
        for (uint64_t id = block; id < end; ++id) f(id);
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

  // Takes a position if it is resolved at d (and not taken yet); its value.
  bool Take(uint64_t id, int d, Entry& value, Tally& tally) {
    if (!TakeResolved(state_[id], d, value)) return false;
    ++tally.taken;
    // A win can be resolved at a later distance first, then improve to d.
    const uint64_t bit = uint64_t{1} << (id % 64);
    if (later_[id / 64] & bit) {
      later_[id / 64] &= ~bit;
      --tally.outstanding;
    }
    return true;
  }

  // Applies an update to its predecessor and counts it if that resolves it.
  void Deliver(uint64_t update, int d, Tally& tally) {
    const auto pred = static_cast<uint32_t>(update >> 2);
    const int turns = StateWord::Apply(state_[pred], update, d);
    if (turns < 0) return;
    const uint64_t bit = uint64_t{1} << (pred % 64);
    if (turns == d) {
      marked_[pred / 64] |= bit;
      ++tally.marked;
      return;
    }
    if ((later_[pred / 64] & bit) == 0) {
      later_[pred / 64] |= bit;
      ++tally.outstanding;
    }
    if (static_cast<size_t>(turns) >= tally.later.size()) tally.later.resize(turns + 1);
    ++tally.later[turns];
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
    uint64_t marked = 0;
    for (const Tally& tally : tallies) {
      taken += tally.taken;
      marked += tally.marked;
      outstanding_ += tally.outstanding;
      for (size_t t = 0; t < tally.later.size(); ++t) {
        if (tally.later[t] != 0) Pending(static_cast<int>(t)) += tally.later[t];
      }
    }
    return marked;
  }

  // A round run by one thread. A position's updates are delivered after the
  // next taken position's are listed, so that the cache misses on its
  // predecessors' words, requested first, overlap that work. Delivering late
  // is safe: an update at distance d offers d or more, so a position it
  // resolves at d that the round has passed is marked for the next round.
  void SerialRound(Source source, int d, Tally& tally, const RoundProgress& report) {
    std::vector<uint64_t> updates, requested;
    const uint64_t size = ids_.size();
    for (uint64_t begin = 0; begin < size && !StopRequested(); begin += kChunk) {
      ForCandidates(source, d, begin, std::min(size, begin + kChunk), [&](uint64_t id) {
        Entry value;
        if (!Take(id, d, value, tally)) return;
        ids_.PredecessorUpdates(id, value, updates);
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
    // A range is every kRanges-th block of 4096 ids: a batch's positions are
    // neighbours, and so are many of their predecessors, which contiguous
    // ranges would leave to one thread. (Blocks of whole bitmap words.)
    constexpr int kBlockShift = 12;
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
      stop = StopRequested();
    });
    auto work = [&](int t) {
      std::vector<uint64_t> updates;
      Tally& tally = tallies[t];
      for (;;) {
        for (uint64_t begin; batch_taken < kBatch && (begin = next_id.fetch_add(kChunk)) < size;) {
          const uint64_t before = tally.taken;
          ForCandidates(source, d, begin, std::min(size, begin + kChunk), [&](uint64_t id) {
            Entry value;
            if (!Take(id, d, value, tally)) return;
            ids_.PredecessorUpdates(id, value, updates);
            for (uint64_t u : updates) lists[t][(u >> (2 + kBlockShift)) % kRanges].push_back(u);
          });
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
  // Positions resolved per distance not yet scanned (stale counts included:
  // a win can improve after it was counted).
  std::vector<uint64_t> pending_;
  // Positions resolved at the current distance: marked_ is written by the
  // current round, next_marked_ read (and cleared) by it.
  HugeArray<uint64_t> marked_;
  HugeArray<uint64_t> next_marked_;
  // Positions resolved at a later distance than the current one and not
  // taken (with some resolved at the current one, whose wins improved), and
  // how many.
  HugeArray<uint64_t> later_;
  int64_t outstanding_ = 0;
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_BACKWARD_PASS_H_
