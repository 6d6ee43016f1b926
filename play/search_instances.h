// The searches over each game of the list, each compiled once for the
// program, in play/engine_session_<game>.cc (LUD64_SEARCHES(G, )); every other file
// that searches sees them declared here (LUD64_SEARCHES(G, extern)) instead of
// compiling them again. A game added to the list needs its engine_session_<game>.cc
// (and playouts_<game>.cc): the link names the instantiations it misses.
#ifndef LUD64_PLAY_SEARCH_INSTANCES_H_
#define LUD64_PLAY_SEARCH_INSTANCES_H_

#include "boards/game_list.h"
#include "search/alphabeta.h"
#include "search/lazy_smp.h"
#include "search/mcts.h"
#include "search/solver.h"

// `kind`: extern, or nothing (a keyword cannot be parenthesized).
// NOLINTBEGIN(bugprone-macro-parentheses)
#define LUD64_SEARCHES(G, kind)     \
  kind template class AlphaBeta<G>; \
  kind template class LazySmp<G>;   \
  kind template class Mcts<G>;      \
  kind template class Solver<G>;
// NOLINTEND(bugprone-macro-parentheses)

namespace lud64 {
LUD64_FOR_EACH_GAME(LUD64_SEARCHES, extern)
}  // namespace lud64

#endif  // LUD64_PLAY_SEARCH_INSTANCES_H_
