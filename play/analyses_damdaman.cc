// The analyses the front-ends run over Damdaman (best move by alpha-beta and by
// MCTS, solve, playouts), compiled once; their headers declare them extern.
// One file a game, as searches_<game>.cc, so that the three compile side by side.
#include "play/best_move.h"
#include "play/mcts_analysis.h"
#include "play/playouts_run.h"
#include "play/solve_analysis.h"

namespace lud64 {
LUD64_BEST_MOVE(Damdaman, )
LUD64_MCTS_ANALYSIS(Damdaman, )
LUD64_SOLVE_ANALYSIS(Damdaman, )
LUD64_PLAYOUTS_RUN(Damdaman, )
}  // namespace lud64
