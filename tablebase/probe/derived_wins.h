// The distances of won positions that compressed files leave out
// (compressed_slice.h, KeepsWinDistances in tb_game.h), derived from the
// position's decisions as the solver defined them: the fastest win among a
// decision that ends the game (1 turn), one into a position lost for the
// opponent (its distance + 1) and one after which the same player decides
// again (that position's win, no turn counted). Those entries are stored:
// losses always, and the same player's wins in the slices that keep them.
#ifndef LUD64_TABLEBASE_PROBE_DERIVED_WINS_H_
#define LUD64_TABLEBASE_PROBE_DERIVED_WINS_H_

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/hash/hash.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "tablebase/format/tb_file.h"
#include "tablebase/index/pair_index.h"
#include "tablebase/parallel_chunks.h"
#include "tablebase/tb_game.h"

namespace lud64::tablebase {

// The distance in turns of the won position `position` stored at `at`.
template <TablebaseGame Tb>
absl::StatusOr<int> DerivedWinTurns(const Tb& tb, const SliceTables& tables, const SliceIndex& at,
                                    const typename Tb::Position& position) {
  constexpr int kNone = std::numeric_limits<int>::max();
  int best = kNone;
  // The decisions' entries lie at random in the tables: listed first, their
  // memory asked for in two stages, then read, so that the misses overlap.
  struct Child {
    const MappedSlice* slice;
    uint64_t index;
    bool same_mover;
  };
  absl::InlinedVector<Child, 32> children;
  absl::Status status;
  tb.ForEachSuccessor(position, [&](const Successor& s) {
    if (!status.ok()) return;
    if (s.kind == Successor::kWin) best = 1;
    if (s.kind != Successor::kChild) return;
    const MappedSlice* slice = tables.Find(s.at.key);
    if (slice == nullptr) {
      status = absl::NotFoundError(absl::StrCat("slice ", s.at.key.Name(), " of ", tb.family(),
                                                " is not loaded: the distance of a win in ",
                                                at.key.Name(), " is derived from it"));
      return;
    }
    slice->PrefetchRead(s.at.index, 0);
    children.push_back({slice, s.at.index, s.same_mover});
  });
  if (!status.ok()) return status;
  if (best == 1) return best;
  for (const Child& c : children) c.slice->PrefetchRead(c.index, 1);
  // By slice and index, so that the decisions in one block are decoded together.
  std::sort(children.begin(), children.end(), [](const Child& x, const Child& y) {
    return std::tie(x.slice, x.index) < std::tie(y.slice, y.index);
  });
  absl::InlinedVector<uint64_t, 32> indices;
  absl::InlinedVector<Entry, 32> entries(children.size());
  for (const Child& c : children) indices.push_back(c.index);
  for (size_t begin = 0, end; begin < children.size(); begin = end) {
    const MappedSlice* slice = children[begin].slice;
    for (end = begin + 1; end < children.size() && children[end].slice == slice;) ++end;
    if (absl::Status s = slice->ReadSorted(&indices[begin], end - begin, &entries[begin]);
        !s.ok()) {
      return s;
    }
  }
  for (size_t k = 0; k < children.size(); ++k) {
    const Child& c = children[k];
    const Entry child = entries[k];
    if (c.same_mover && IsWin(child)) {
      if (!c.slice->has_win_distances()) {
        return absl::DataLossError(absl::StrCat(
            "tablebase file ", c.slice->path(), " leaves out the distances of wins that ",
            at.key.Name(), " needs (its decisions continue there); rebuild the tables"));
      }
      best = std::min(best, EntryTurns(child));
    } else if (!c.same_mover && IsLoss(child)) {
      best = std::min(best, EntryTurns(child) + 1);
    }
  }
  if (best == kNone) {
    const MappedSlice* slice = tables.Find(at.key);
    return absl::DataLossError(
        absl::StrCat("tablebase file ", slice != nullptr ? slice->path() : at.key.Name(), " index ",
                     at.index, ": stored as a win, but no decision wins"));
  }
  return best;
}

// The same for the position at `at`.
template <TablebaseGame Tb>
absl::StatusOr<int> DerivedWinTurns(const Tb& tb, const SliceTables& tables, const SliceIndex& at) {
  Bitboard own = 0, opponent = 0;
  tb.index().PairAt(at.key.own, at.key.opponent, at.index, own, opponent);
  return DerivedWinTurns(tb, tables, at, tb.Make(at.key, own, opponent));
}

// Distances of wins derived lately, shared by the threads that probe: a
// search probes the same won positions again. Direct-mapped; a slot holds
// a 48-bit tag of the position and its distance, so that a wrong answer
// needs two positions agreeing on 64 bits of hash.
class DerivedWinCache {
 public:
  std::optional<int> Find(const SliceIndex& at) const {
    const uint64_t hash = Hash(at);
    const uint64_t slot = slots_[hash % kSlots].load(std::memory_order_relaxed);
    if ((slot & ~kTurnsMask) != (hash & ~kTurnsMask) || (slot & kTurnsMask) == 0) {
      return std::nullopt;
    }
    return static_cast<int>(slot & kTurnsMask);
  }
  void Store(const SliceIndex& at, int turns) {
    const uint64_t hash = Hash(at);
    slots_[hash % kSlots].store((hash & ~kTurnsMask) | static_cast<uint64_t>(turns),
                                std::memory_order_relaxed);
  }

 private:
  static constexpr size_t kSlots = size_t{1} << 16;
  static constexpr uint64_t kTurnsMask = 0xFFFF;
  static uint64_t Hash(const SliceIndex& at) {
    return absl::HashOf(at.key, at.index) * 0x9E3779B97F4A7C15ull;
  }
  std::unique_ptr<std::atomic<uint64_t>[]> slots_ =
      std::make_unique<std::atomic<uint64_t>[]>(kSlots);
};

// Sets the distance of every won position that can occur in the slices of
// `keys` decoded whole (SliceAccess::kEntries) from files without them, on
// `threads` threads. The slices they lead to must be in `tables`. Positions
// are derived a round at a time and written after it, so that no thread reads
// an entry another writes.
template <TablebaseGame Tb>
absl::Status FillDerivedWins(const Tb& tb, SliceTables& tables, const std::vector<SliceKey>& keys,
                             int threads) {
  constexpr uint64_t kRound = uint64_t{1} << 22;
  constexpr uint64_t kChunk = uint64_t{1} << 14;
  threads = std::max(1, threads);
  for (const SliceKey& key : keys) {
    MappedSlice* slice = tables.Find(key);
    if (slice == nullptr || slice->has_win_distances() || slice->compressed() != nullptr) continue;
    std::vector<std::vector<std::pair<uint64_t, int>>> derived(threads);
    std::vector<absl::Status> failures(threads);
    for (uint64_t round = 0; round < slice->size(); round += kRound) {
      const uint64_t round_size = std::min(kRound, slice->size() - round);
      ForEachChunk(threads, round_size, kChunk, [&](int t, uint64_t begin, uint64_t end) {
        PairCursor cursor(tb.index(), key.own, key.opponent, round + begin);
        for (uint64_t index = round + begin; index < round + end; ++index) {
          if (index > round + begin) cursor.Next();
          if (!IsWin(slice->Get(index)) || !cursor.canonical() ||
              !MayOccur(tb, key, cursor.own(), cursor.opponent())) {
            continue;
          }
          const absl::StatusOr<int> turns = DerivedWinTurns(
              tb, tables, {key, index}, tb.Make(key, cursor.own(), cursor.opponent()));
          if (!turns.ok()) {
            failures[t] = turns.status();
            return false;
          }
          derived[t].emplace_back(index, *turns);
        }
        return true;
      });
      for (const absl::Status& failure : failures) {
        if (!failure.ok()) return failure;
      }
      for (auto& list : derived) {
        for (const auto& [index, turns] : list) slice->SetWinTurns(index, turns);
        list.clear();
      }
    }
    slice->SealWinDistances();
  }
  return absl::OkStatus();
}

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_PROBE_DERIVED_WINS_H_
