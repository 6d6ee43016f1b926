// The backward pass of a component's retrograde analysis, by increasing
// distance in turns. A position is resolved when its state word holds a win,
// or a loss with no child left unresolved; a resolved position visits its
// predecessors in the component (unmoves) once per distinct id. A loss makes
// its predecessors wins at d + 1 (d for the same player's mill step, which is
// not a turn); a win decrements its predecessors' counters, and a counter
// reaching zero is a loss at the largest distance seen.
//
// Each distance d is one pass in id order over the blocks of 64 state words
// that hold a position resolved and not yet taken, taking every position
// resolved at d, then rounds over a bitmap of the positions that the
// same-turn edges resolved at d behind the pass. Nothing else is queued: the
// state words are the queue. So the pass needs 4 bytes per position plus two
// bitmaps and a map of blocks, where lists of ids per distance took up to as
// much again as the words (what kept davxar:pieces=5 and Damdaman 4 v 4 out
// of 24 GB). A pass reads the words in order, which costs less than the cache
// misses of a list in push order; a distance at which nothing was resolved is
// skipped.
//
// The blocks to read are found in a bitmap of blocks:
// Damdaman's hundreds of distances mostly hold a few positions each, where a
// scan of a 4 v 4 component's 16 GB of words costs seconds. A bit per block,
// not per position, keeps that map small enough (1/2048 of the words) that
// setting a bit per resolved position costs a cache hit, where a bit per
// position cost a miss, 15% of a backward pass.
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
#include <numeric>
#include <thread>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "engine/stop.h"
#include "tablebase/solve/component_ids.h"
#include "tablebase/solve/huge_array.h"
#include "tablebase/solve/state_word.h"

namespace lud64::tablebase {

template <class Tb>
class BackwardPass : private StateWord {
 public:
  // Positions taken so far.
  using Progress = std::function<void(uint64_t)>;

  BackwardPass(const ComponentIds<Tb>& ids, HugeArray<uint32_t>& state, int threads, StopFlag stop)
      : ids_(ids),
        state_(state),
        threads_(threads),
        stop_(stop),
        marked_(ids.size() / 64 + 1),
        next_marked_(ids.size() / 64 + 1),
        pending_blocks_(ids.size() / kIdsPerWord + 1) {}

  // Notes a position the forward pass resolved. Threads may call it at once
  // for ids in distinct ranges aligned to kIdsPerWord (distinct words of the
  // map); kIdsPerLine also spares them taking its cache lines from each other.
  void Resolved(uint64_t id) { MarkBlock(id); }
  // Counts positions the forward pass resolved at a distance in turns.
  void Count(int turns, uint64_t positions) { CountAt(turns) += positions; }
  // Ids a word of the block map covers (64 blocks), and a cache line of it:
  // threads that write the map work on ids in distinct lines.
  static constexpr uint64_t kIdsPerWord = 64 * 64;
  static constexpr uint64_t kIdsPerLine = kIdsPerWord * 8;

  absl::Status Run(const Progress& progress) {
    uint64_t taken = 0;
    const RoundProgress report = [&](uint64_t done) {
      if (progress) progress(taken + done);
    };
    for (int d = 0; d < static_cast<int>(pending_.size()); ++d) {
      if (pending_[d] == 0) continue;
      // The blocks to read hold the positions left at d and later ones (a
      // count with stale entries: a win counted again when it improved).
      const uint64_t left = std::accumulate(pending_.begin() + d, pending_.end(), uint64_t{0});
      uint64_t marked = Round(Source::kBlocks, /*few=*/left < kSharedMinimum, d, taken, report);
      while (marked > 0 && !Stopping(stop_)) {
        std::swap(marked_, next_marked_);
        marked = Round(Source::kMarked, /*few=*/marked < kSharedMinimum, d, taken, report);
      }
      if (Stopping(stop_)) return absl::CancelledError("tablebase build stopped");
    }
    assert(NothingPending());
    return absl::OkStatus();
  }

 private:
  // Where a round's candidates come from: the blocks in pending_blocks_, or
  // the ids marked in next_marked_ (cleared as they are read).
  enum class Source { kBlocks, kMarked };
  // Fewer candidates than this are taken by one thread.
  static constexpr uint64_t kSharedMinimum = 20000;
  // Ids handed to a thread at a time (whole cache lines of the bitmaps and
  // the block map).
  static constexpr uint64_t kChunk = kIdsPerLine;
  // How far ahead a range's updates are requested (each is a little work).
  static constexpr size_t kUpdateLookahead = 32;

  // One thread's counts in a round, on its own cache lines.
  struct alignas(64) Tally {
    uint64_t taken = 0;
    uint64_t marked = 0;          // resolved at the round's distance
    std::vector<uint64_t> later;  // resolved at a larger distance, by distance
  };
  using RoundProgress = std::function<void(uint64_t)>;

  uint64_t& CountAt(int turns) {
    if (static_cast<size_t>(turns) >= pending_.size()) pending_.resize(turns + 1);
    return pending_[turns];
  }

  // Calls f(id) for the round's candidates in [begin, end), begin a multiple
  // of kIdsPerWord.
  template <class F>
  void ForCandidates(Source source, int d, uint64_t begin, uint64_t end, F&& f) {
    if (source == Source::kBlocks) {
      const uint32_t* words = &state_[0];
      for (uint64_t w = begin / kIdsPerWord; w * kIdsPerWord < end; ++w) {
        // A copy: a block's bit is cleared once nothing in it is left.
        for (uint64_t bits = pending_blocks_[w]; bits != 0; bits &= bits - 1) {
          const uint64_t block = (w * 64 + __builtin_ctzll(bits)) * 64;
          bool left = false;
          if (block + 64 <= end) {
            for (uint64_t at = ResolvedMask(words + block, d); at != 0; at &= at - 1) {
              f(block + __builtin_ctzll(at));
            }
            left = AnyPending(words + block);
          } else {  // the component's last, partial block
            for (uint64_t id = block; id < end; ++id) f(id);
            for (uint64_t id = block; id < end; ++id) left = left || StateWord::Pending(words[id]);
          }
          if (!left) pending_blocks_[w] &= ~(uint64_t{1} << (block / 64 % 64));
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

  // Sets the bit of an id's block.
  void MarkBlock(uint64_t id) {
    pending_blocks_[id / kIdsPerWord] |= uint64_t{1} << (id / 64 % 64);
  }
  // Whether no position is resolved and left untaken (the end of a pass).
  bool NothingPending() const {
    for (uint64_t id = 0; id < ids_.size(); ++id) {
      if (StateWord::Pending(state_[id])) return false;
    }
    return true;
  }

  // Takes a position if it is resolved at d (and not taken yet); its value.
  bool Take(uint64_t id, int d, Entry& value, Tally& tally) {
    if (!TakeResolved(state_[id], d, value)) return false;
    ++tally.taken;
    return true;
  }

  // Applies an update to its predecessor and counts it if that resolves it.
  void Deliver(uint64_t update, int d, Tally& tally) {
    const auto pred = static_cast<uint32_t>(update >> 2);
    const int turns = StateWord::Apply(state_[pred], update, d);
    if (turns < 0) return;
    if (turns == d) {
      marked_[pred / 64] |= uint64_t{1} << (pred % 64);
      ++tally.marked;
      return;
    }
    MarkBlock(pred);
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
      for (size_t t = 0; t < tally.later.size(); ++t) {
        if (tally.later[t] != 0) CountAt(static_cast<int>(t)) += tally.later[t];
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
    typename ComponentIds<Tb>::Decoder decoder(ids_);
    const uint64_t size = ids_.size();
    for (uint64_t begin = 0; begin < size && !Stopping(stop_); begin += kChunk) {
      ForCandidates(source, d, begin, std::min(size, begin + kChunk), [&](uint64_t id) {
        Entry value;
        if (!Take(id, d, value, tally)) return;
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
      for (;;) {
        for (uint64_t begin; batch_taken < kBatch && (begin = next_id.fetch_add(kChunk)) < size;) {
          const uint64_t before = tally.taken;
          ForCandidates(source, d, begin, std::min(size, begin + kChunk), [&](uint64_t id) {
            Entry value;
            if (!Take(id, d, value, tally)) return;
            ids_.PredecessorUpdates(decoder(id), value, updates);
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
  StopFlag stop_;
  // Positions resolved per distance not yet taken (stale counts included: a
  // win can improve after it was counted).
  std::vector<uint64_t> pending_;
  // Positions resolved at the current distance: marked_ is written by the
  // current round, next_marked_ read (and cleared) by it.
  HugeArray<uint64_t> marked_;
  HugeArray<uint64_t> next_marked_;
  // Bit b of word w: block 64 * w + b (ids 64 times that, 64 of them) may hold
  // a position resolved and not taken. Set with each position resolved at a
  // later distance than the current one (those at the current one are in
  // marked_); cleared by a pass that finds none left in the block.
  HugeArray<uint64_t> pending_blocks_;
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_SOLVE_BACKWARD_PASS_H_
