// The analyses the front-ends run over Davxar (best move by alpha-beta and by
// MCTS, solve, playouts), compiled once; their headers declare them extern.
// One file a game, as searches_<game>.cc, so that the three compile side by side.
#include "play/best_move.h"
#include "play/mcts_analysis.h"
#include "play/playouts_run.h"
#include "play/solve_analysis.h"

namespace lud64 {
LUD64_BEST_MOVE(Davxar, )
LUD64_MCTS_ANALYSIS(Davxar, )
LUD64_SOLVE_ANALYSIS(Davxar, )
LUD64_PLAYOUTS_RUN(Davxar, )
}  // namespace lud64
