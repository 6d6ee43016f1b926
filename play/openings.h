// The openings a match starts its pairs of games from: random decisions from
// the start (optionally none whose result a solver proves within a few
// plies), or the lines of a book (opening_book.h): a position, or decisions
// from the start.
#ifndef LUD64_PLAY_OPENINGS_H_
#define LUD64_PLAY_OPENINGS_H_

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/position_text.h"
#include "engine/stop.h"
#include "play/game_record.h"
#include "play/search_instances.h"
#include "search/playout.h"
#include "search/playout_runner.h"
#include "search/solver.h"

namespace lud64 {

template <Game G>
struct Opening {
  typename G::Position start;  // where the decisions begin (the game's start or a book position)
  std::vector<Decision> decisions;  // played from `start` before the engines take over
};

// Whether a solver proves a game's value within a few plies (a forced win for
// either side, or a forced draw): such an opening measures who finds or
// misses a short forced line, not playing strength. One per thread drawing
// openings: its small table is made once and emptied for each check (a table
// per check fragmented the heap by gigabytes over long matches).
template <Game G>
class ShortProofCheck {
 public:
  explicit ShortProofCheck(const G& game) {
    if constexpr (SearchableGame<G>) solver_.emplace(game, /*table_mib=*/1);
  }
  // Whether the value from `position` is proven within `plies` plies;
  // setting `stop` ends the proof unproven.
  bool ProvenWithin(const typename G::Position& position, int plies, StopFlag stop) {
    if constexpr (SearchableGame<G>) {
      // A proof that needs more nodes than this counts as none: the check
      // stays quick in games whose short lines do not end.
      constexpr uint64_t kNodeBudget = 1'000'000;
      solver_->ClearTable();  // the answer depends on the position alone
      return solver_->Solve(position, {.depth = plies, .nodes = kNodeBudget, .stop = stop}).proven;
    } else {
      return false;
    }
  }

 private:
  struct NoSolver {};
  template <class Of>
  struct SolverOf {
    using type = NoSolver;
  };
  template <SearchableGame Of>
  struct SolverOf<Of> {
    using type = Solver<Of>;
  };
  std::optional<typename SolverOf<G>::type> solver_;
};

// `plies` uniformly random decisions from the start that leave the game
// unfinished and, with `balanced` > 0, not proven within `balanced` plies
// (by `check`), drawn from the random stream of opening `index`.
// `on_attempt(attempt)` is called before each draw; setting `stop` cancels.
// Errors name the flags as `--<plies_flag>=` and `--balanced=`.
template <Game G, class OnAttempt>
absl::StatusOr<std::vector<Decision>> RandomOpening(const G& game, int plies, int balanced,
                                                    uint64_t seed, uint64_t index,
                                                    ShortProofCheck<G>& check,
                                                    absl::string_view plies_flag,
                                                    OnAttempt on_attempt, StopFlag stop) {
  constexpr int kAttempts = 1000;
  constexpr uint64_t kOpeningSalt = 0x6f70656e696e6773ULL;  // "openings"
  Random random = PlayoutRandom(seed ^ kOpeningSalt, index);
  const int attempts = plies == 0 ? 1 : kAttempts;  // no decisions: always the start
  for (int attempt = 0; attempt < attempts; ++attempt) {
    if (Stopping(stop)) return absl::CancelledError("stopped while drawing openings");
    on_attempt(attempt);
    typename G::Position position = game.start();
    std::vector<Decision> opening;
    while (static_cast<int>(opening.size()) < plies && !position.state.over()) {
      opening.push_back(RandomDecision(game, position, random));
      Apply(game, position, opening.back());
    }
    if (!position.state.over() &&
        (balanced == 0 || !check.ProvenWithin(position, balanced, stop))) {
      // A proof cut short by `stop` proved nothing: the opening is not taken.
      if (Stopping(stop)) return absl::CancelledError("stopped while drawing openings");
      return opening;
    }
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "--", plies_flag, "=", plies, balanced ? absl::StrCat(" --balanced=", balanced) : "", ": ",
      plies == 0 ? "the start is decided; use more decisions or a smaller --balanced"
                 : absl::StrCat(attempts, " random openings all finished the game",
                                balanced ? " or were decided" : "", "; use fewer decisions",
                                balanced ? " or a smaller --balanced" : "")));
}

// `count` distinct openings of `plies` random decisions (random openings
// 0, 1, 2, ... of `seed`, repeats skipped), none proven within `balanced`
// plies; `on_found(opening)` gets each new one in turn and returns whether
// it keeps it (a further filter: a rejected one is not drawn again), and
// `on_attempt(index)` is called before each draw. An error when `count` are
// not kept within 100 draws each (a game with few openings of that length,
// or a filter that keeps few), or once `stop` is set.
template <Game G, class OnFound, class OnAttempt>
absl::Status DistinctRandomOpenings(const G& game, int count, int plies, int balanced,
                                    uint64_t seed, OnFound on_found, OnAttempt on_attempt,
                                    StopFlag stop = nullptr) {
  constexpr uint64_t kDrawsPerOpening = 100;
  ShortProofCheck<G> check(game);
  std::set<std::vector<uint32_t>> seen;
  int found = 0;
  for (uint64_t index = 0; found < count; ++index) {
    if (index >= kDrawsPerOpening * count) {
      return absl::InvalidArgumentError(
          absl::StrCat("--count=", count, ": only ", found, " distinct openings of ", plies,
                       " decisions kept of ", index, " random draws; ask for fewer or longer"));
    }
    on_attempt(index);
    absl::StatusOr<std::vector<Decision>> opening = RandomOpening(
        game, plies, balanced, seed, index, check, "plies", [](int) {}, stop);
    if (!opening.ok()) return opening.status();
    std::vector<uint32_t> key;
    for (Decision d : *opening) {
      key.push_back(uint32_t(d.kind) << 16 | uint32_t(d.from) << 8 | d.to);
    }
    if (!seen.insert(std::move(key)).second) continue;
    if (on_found(*opening)) ++found;
  }
  return absl::OkStatus();
}

// A book line: a position text, or decisions from the start (a record line,
// `fen <position> moves ...` included). Errors say why neither reads, and
// when the game is over after it.
template <NotatedGame G>
absl::StatusOr<Opening<G>> ParseOpening(const G& game, absl::string_view text) {
  Opening<G> opening{.start = game.start(), .decisions = {}};
  absl::StatusOr<typename G::Position> position = ParsePosition(game, text);
  RecordParts parts;  // no decisions after a position line
  if (position.ok()) {
    opening.start = *position;
  } else {
    parts = SplitRecordLine(text);
    if (parts.position != "start") {
      absl::StatusOr<typename G::Position> own = ParsePosition(game, parts.position);
      if (!own.ok())
        return absl::InvalidArgumentError(absl::StrCat("fen: ", own.status().message()));
      opening.start = *own;
    }
    // A first word that is no decision means the line was meant as a position.
    const std::vector<absl::string_view> words =
        absl::StrSplit(parts.decisions, absl::ByAnyChar(" \t\r"), absl::SkipEmpty());
    if (parts.position == "start" &&
        (words.empty() || !ParseDecision(words[0], game.site_names()).ok())) {
      return absl::InvalidArgumentError(
          absl::StrCat("neither a position nor decisions: ", position.status().message()));
    }
  }
  typename G::Position end = opening.start;
  if (absl::Status status =
          PlayRecord(game, parts.decisions, end, nullptr, nullptr, &opening.decisions);
      !status.ok()) {
    return status;
  }
  if (end.state.over()) return absl::InvalidArgumentError("the game is over after this opening");
  return opening;
}

}  // namespace lud64

#endif  // LUD64_PLAY_OPENINGS_H_
