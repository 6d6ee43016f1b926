// What the searches ask of endgame tables (tablebase/): the value of a
// position for the player to move, when the tables hold it, exact or with its
// distance bounded. The search side knows nothing of files or indices;
// tablebase/probe/engine_probe.h makes a probe.
#ifndef LUD64_SEARCH_ENDGAME_PROBE_H_
#define LUD64_SEARCH_ENDGAME_PROBE_H_

#include <functional>
#include <optional>

#include "engine/score.h"

namespace lud64 {

// +1 a win, 0 a draw, -1 a loss for the player to move, in `turns` turns
// under best play, with the position's own turn counter (the turn limit
// applied). Not `exact`: a win or a loss in at most `turns` turns.
struct TableValue {
  int sign = 0;
  int turns = 0;
  bool exact = true;
};

// The tables as a search sees them: `value` is empty when the tables do not
// hold the position. `result` may leave a win's or a loss's distance inexact,
// bounded by the longest of its slice: a read of the result alone, where a
// compressed file's distance costs more reads or a derivation. A search asks
// only about positions with at most `max_pieces` pieces (both sides, on the
// board and in hand): the cardinality test, inline, so that the many
// positions above every table cost neither a call nor a lookup.
template <class Position>
struct EndgameProbe {
  std::function<std::optional<TableValue>(const Position&)> value;   // exact
  std::function<std::optional<TableValue>(const Position&)> result;  // empty: `value`
  int max_pieces = 0;

  explicit operator bool() const { return static_cast<bool>(value); }
  std::optional<TableValue> operator()(const Position& position) const { return value(position); }
  std::optional<TableValue> Result(const Position& position) const {
    return result ? result(position) : value(position);
  }
};

// Whether `probe` may hold `position`: set, and the position has no more
// pieces than its largest table (games without PieceCount: always asked).
template <class G>
bool MayHold(const EndgameProbe<typename G::Position>& probe,
             const typename G::Position& position) {
  if (!probe) return false;
  if constexpr (requires { G::PieceCount(position); }) {
    return G::PieceCount(position) <= probe.max_pieces;
  } else {
    return true;
  }
}

// The search score of a table value `ply` plies from the root: exact, or of an
// inexact one a bound, below a win's score and above a loss's. Distances
// count turns, which equal plies except for Davxar's removals: among table
// wins the search prefers the fewest turns, as the tables do.
constexpr Score TableScore(const TableValue& value, int ply) {
  return value.sign > 0 ? WinIn(ply + value.turns) : value.sign < 0 ? LossIn(ply + value.turns) : 0;
}

}  // namespace lud64

#endif  // LUD64_SEARCH_ENDGAME_PROBE_H_
