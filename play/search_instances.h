// The searches over each game of the list, each compiled once for the
// program, in play/searches_<game>.cc (LUD64_SEARCHES(G, )); every other file
// that searches sees them declared here (LUD64_SEARCHES(G, extern)) instead of
// compiling them again. A game added to the list and not here still works:
// its searches are then compiled wherever they are used.
#ifndef LUD64_PLAY_SEARCH_INSTANCES_H_
#define LUD64_PLAY_SEARCH_INSTANCES_H_

#include "boards/game_list.h"
#include "search/alphabeta.h"
#include "search/mcts.h"
#include "search/solver.h"

// `kind`: extern, or nothing (a keyword cannot be parenthesized).
// NOLINTBEGIN(bugprone-macro-parentheses)
#define LUD64_SEARCHES(G, kind)     \
  kind template class AlphaBeta<G>; \
  kind template class Mcts<G>;      \
  kind template class Solver<G>;
// NOLINTEND(bugprone-macro-parentheses)

namespace lud64 {
LUD64_SEARCHES(Davxar, extern)
LUD64_SEARCHES(Damdaman, extern)
LUD64_SEARCHES(Guettal, extern)
}  // namespace lud64

#endif  // LUD64_PLAY_SEARCH_INSTANCES_H_
