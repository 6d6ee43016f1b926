// What the searches ask of endgame tables (tablebase/): the exact value of a
// position for the player to move, when the tables hold it. The search side
// knows nothing of files or indices; tablebase/engine_probe.h makes a probe.
#ifndef LUD64_SEARCH_ENDGAME_PROBE_H_
#define LUD64_SEARCH_ENDGAME_PROBE_H_

#include <functional>
#include <optional>

#include "engine/score.h"

namespace lud64 {

// +1 a win, 0 a draw, -1 a loss for the player to move, in `turns` turns
// under best play, with the position's own turn counter (the turn limit
// applied).
struct ExactValue {
  int sign = 0;
  int turns = 0;
};

// Empty when the tables do not hold the position. Called at search nodes, so a
// miss must be cheap.
template <class Position>
using EndgameProbe = std::function<std::optional<ExactValue>(const Position&)>;

// The search score of an exact value `ply` plies from the root. Distances
// count turns, which equal plies except for Davxar's removals: among table
// wins the search prefers the fewest turns, as the tables do.
constexpr Score ExactScore(const ExactValue& value, int ply) {
  return value.sign > 0 ? WinIn(ply + value.turns) : value.sign < 0 ? LossIn(ply + value.turns) : 0;
}

}  // namespace lud64

#endif  // LUD64_SEARCH_ENDGAME_PROBE_H_
