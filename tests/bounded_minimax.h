// Plain minimax to a fixed depth, to check search code against something too
// simple to be wrong.
#ifndef LUD64_TESTS_BOUNDED_MINIMAX_H_
#define LUD64_TESTS_BOUNDED_MINIMAX_H_

#include <algorithm>

#include "engine/game.h"

namespace lud64::testing {

// The value of `p` for `me` (+1 a win, 0 a draw, -1 a loss) over every line
// of `plies` plies, a line still going there counting as `unresolved` for me:
// -1 gives a lower bound of the value, +1 an upper bound. Equal bounds mean
// the value is forced within `plies` plies.
template <Game G>
int BoundedMinimax(const G& game, const typename G::Position& p, Player me, int plies,
                   int unresolved) {
  if (p.state.over()) {
    return p.state.outcome == Outcome::kDraw ? 0 : p.state.outcome == WinFor(me) ? 1 : -1;
  }
  if (plies == 0) return unresolved;
  const bool mine = p.state.to_move == me;
  int best = mine ? -1 : 1;
  DecisionList decisions;
  LegalDecisions(game, p, decisions);
  for (const Decision d : decisions) {
    typename G::Position child = p;
    Apply(game, child, d);
    const int value = BoundedMinimax(game, child, me, plies - 1, unresolved);
    best = mine ? std::max(best, value) : std::min(best, value);
  }
  return best;
}

}  // namespace lud64::testing

#endif  // LUD64_TESTS_BOUNDED_MINIMAX_H_
