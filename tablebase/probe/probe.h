// Probing built tables: the value of a position for the player to move, and
// each legal decision ranked by what it leads to.
//
// The shared `passed` field is not stored: a position whose opponent just
// passed and whose mover has no decision of their own ends in the all-pass
// draw; any other position with `passed` set has the value of the same
// position without it (its decision ends the run of passes). Probe derives
// this. Values ignore the turn limit: see UnderTurnLimit.
#ifndef LUD64_TABLEBASE_PROBE_PROBE_H_
#define LUD64_TABLEBASE_PROBE_PROBE_H_

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engine/game.h"
#include "tablebase/format/tb_file.h"
#include "tablebase/probe/derived_wins.h"
#include "tablebase/tb_game.h"

namespace lud64::tablebase {

// The value at turn counter `turn` under the turn limit: a result more than
// kTurnLimit - turn turns away is a draw.
inline TbValue UnderTurnLimit(const TbValue& value, int turn) {
  if (value.result != TbResult::kDraw && turn + value.turns > kTurnLimit) return {};
  return value;
}

// The value of a decision's result seen from the player who made it: the same
// player deciding again (a Davxar removal) keeps the value, otherwise it is the
// opponent's value negated one turn later.
inline TbValue FromParent(const TbValue& child, bool same_player) {
  if (same_player || child.result == TbResult::kDraw) return child;
  return {child.result == TbResult::kWin ? TbResult::kLoss : TbResult::kWin, child.turns + 1};
}

// Whether a is better than b for the player choosing: the fastest win, a
// draw over a loss, the slowest loss.
inline bool Better(const TbValue& a, const TbValue& b) {
  if (a.result != b.result) return a.result > b.result;
  if (a.result == TbResult::kWin) return a.turns < b.turns;
  if (a.result == TbResult::kLoss) return a.turns > b.turns;
  return false;
}

struct RankedDecision {
  Decision decision;
  TbValue value;  // for the player making it
};

template <TablebaseGame Tb>
class Tablebase {
 public:
  using Position = typename Tb::Position;

  // Every slice file of the tables' family in `dir`, each checked as `check`
  // says; compressed files are read where they lie unless `access` asks for
  // every entry at hand (SliceAccess::kEntries: `tb verify`), their wins'
  // distances derived on `threads` threads where the files leave them out.
  static absl::StatusOr<Tablebase> Open(const Tb& tb, const std::string& dir,
                                        FileCheck check = FileCheck::kChecksum,
                                        SliceAccess access = SliceAccess::kProbe, int threads = 1) {
    Tablebase base(tb, dir);
    absl::StatusOr<std::vector<SliceFile>> files = SliceFilesIn(tb.family(), dir);
    if (!files.ok()) return files.status();
    for (const SliceFile& file : *files) {
      absl::StatusOr<std::unique_ptr<MappedSlice>> slice =
          MappedSlice::Open(file.path, tb.family(), file.key, tb.index().symmetry().scheme_id(),
                            tb.index().Size(file.key.own, file.key.opponent), check, access);
      if (!slice.ok()) return slice.status();
      base.tables_->Add(file.key, *std::move(slice));
    }
    if (base.tables_->all().empty()) {
      return absl::NotFoundError(absl::StrCat("no ", tb.family(), " tablebase in ", dir));
    }
    if (access == SliceAccess::kEntries) {
      std::vector<SliceKey> keys;
      for (const SliceFile& file : *files) keys.push_back(file.key);
      if (absl::Status s = FillDerivedWins(tb, *base.tables_, keys, threads); !s.ok()) return s;
    }
    return base;
  }

  // The same from a family name ("davxar", "davxar:lines=ludii", "damdaman").
  static absl::StatusOr<Tablebase> Open(absl::string_view family, const std::string& dir,
                                        FileCheck check = FileCheck::kChecksum,
                                        SliceAccess access = SliceAccess::kProbe) {
    absl::StatusOr<Tb> tb = Tb::FromFamily(family);
    if (!tb.ok()) return tb.status();
    return Open(*tb, dir, check, access);
  }

  const Tb& tb() const { return tb_; }
  const SliceTables& tables() const { return *tables_; }

  absl::StatusOr<TbValue> Probe(const Position& position) const {
    if (position.state.over()) {
      return absl::InvalidArgumentError("the game is over: nothing to probe");
    }
    if (AllPassDraw(position)) return TbValue{};
    const SliceKey key = tb_.SliceOf(position);
    const MappedSlice* slice = tables_->Find(key);
    if (slice == nullptr) {
      return absl::NotFoundError(absl::StrCat("slice ", key.Name(), " of ", tb_.family(),
                                              " is not in the tablebase at ", dir_,
                                              " (build it first)"));
    }
    absl::StatusOr<Entry> entry = EntryIn(*slice, tb_.Locate(position));
    if (!entry.ok()) return entry.status();
    return ValueOf(*entry);
  }

  // The entry at `at`, whose slice is loaded, the distance of a win derived
  // where its file leaves it out; an error names a corrupt block or a slice
  // missing for the derivation.
  absl::StatusOr<Entry> EntryAt(const SliceIndex& at) const {
    const MappedSlice* slice = tables_->Find(at.key);
    if (slice == nullptr) {
      return absl::NotFoundError(absl::StrCat("slice ", at.key.Name(), " of ", tb_.family(),
                                              " is not in the tablebase at ", dir_));
    }
    return EntryIn(*slice, at);
  }

  // A search's probe: the value of a position whose slice is loaded, else
  // nothing (a miss makes no message); a finished game is not probed. A
  // corrupt block is reported once on stderr, and its positions are treated
  // as outside the tables.
  std::optional<TbValue> Lookup(const Position& position) const {
    if (position.state.over()) return std::nullopt;
    const MappedSlice* slice = tables_->Find(tb_.SliceOf(position));
    if (slice == nullptr) return std::nullopt;
    if (AllPassDraw(position)) return TbValue{};
    absl::StatusOr<Entry> entry = EntryIn(*slice, tb_.Locate(position));
    if (!entry.ok()) {
      ReportCorruption(entry.status());
      return std::nullopt;
    }
    return ValueOf(*entry);
  }

  // The same with a win's or a loss's distance replaced by the longest of
  // its slice (header's max_turns): the result alone is read, and no win's
  // distance derived. (At positions that cannot occur, which compressed
  // files fill with whatever codes best, the two may disagree.)
  std::optional<TbValue> LookupResult(const Position& position) const {
    if (position.state.over()) return std::nullopt;
    const MappedSlice* slice = tables_->Find(tb_.SliceOf(position));
    if (slice == nullptr) return std::nullopt;
    if (AllPassDraw(position)) return TbValue{};
    absl::StatusOr<TbResult> result = slice->ReadResult(tb_.Locate(position).index);
    if (!result.ok()) {
      ReportCorruption(result.status());
      return std::nullopt;
    }
    if (*result == TbResult::kDraw) return TbValue{};
    return TbValue{*result, static_cast<int>(slice->header().max_turns)};
  }

  // Every legal decision with its value, best first (ties in generation order).
  absl::StatusOr<std::vector<RankedDecision>> Rank(const Position& position) const {
    if (position.state.over()) return absl::InvalidArgumentError("the game is over");
    DecisionList list;
    LegalDecisions(tb_.game(), position, list);
    std::vector<RankedDecision> ranked;
    for (Decision decision : list) {
      Position next = position;
      next.state.turn = 0;  // values ignore the turn limit
      Apply(tb_.game(), next, decision);
      TbValue value;
      if (next.state.over()) {
        if (next.state.outcome == WinFor(position.state.to_move)) value = {TbResult::kWin, 1};
      } else {
        absl::StatusOr<TbValue> child = Probe(next);
        if (!child.ok()) return child.status();
        value = FromParent(*child, next.state.to_move == position.state.to_move);
      }
      ranked.push_back({decision, value});
    }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return Better(a.value, b.value); });
    return ranked;
  }

 private:
  // The opponent just passed and the mover has no decision either: a draw,
  // which no file stores (see the top of this file).
  bool AllPassDraw(const Position& position) const {
    return position.state.passed && !tb_.game().mid_turn(position) && !tb_.HasDecisions(position);
  }

  void ReportCorruption(const absl::Status& status) const {
    if (!corruption_reported_->exchange(true)) {
      std::fprintf(stderr, "lud64: %s\n", std::string(status.message()).c_str());
    }
  }

  absl::StatusOr<Entry> EntryIn(const MappedSlice& slice, const SliceIndex& at) const {
    absl::StatusOr<Entry> entry = slice.Read(at.index);
    if (!entry.ok() || !IsWin(*entry) || slice.has_win_distances()) return entry;
    if (const std::optional<int> known = derived_wins_->Find(at)) return WinEntry(*known);
    absl::StatusOr<int> turns = DerivedWinTurns(tb_, *tables_, at);
    if (!turns.ok()) return turns.status();
    derived_wins_->Store(at, *turns);
    return WinEntry(*turns);
  }

  Tablebase(const Tb& tb, std::string dir)
      : tb_(tb), dir_(std::move(dir)), tables_(std::make_unique<SliceTables>()) {}

  Tb tb_;
  std::string dir_;
  std::unique_ptr<SliceTables> tables_;
  std::shared_ptr<std::atomic<bool>> corruption_reported_ =
      std::make_shared<std::atomic<bool>>(false);
  std::shared_ptr<DerivedWinCache> derived_wins_ = std::make_shared<DerivedWinCache>();
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_PROBE_PROBE_H_
