// The analyses the front-ends run (best move by alpha-beta and by MCTS,
// solve, playouts), compiled once for each game of the list; their headers
// declare them extern.
#include "play/best_move.h"
#include "play/mcts_analysis.h"
#include "play/playouts_run.h"
#include "play/solve_analysis.h"

namespace lud64 {
LUD64_BEST_MOVE(Davxar, )
LUD64_BEST_MOVE(Damdaman, )
LUD64_BEST_MOVE(Guettal, )
LUD64_MCTS_ANALYSIS(Davxar, )
LUD64_MCTS_ANALYSIS(Damdaman, )
LUD64_MCTS_ANALYSIS(Guettal, )
LUD64_SOLVE_ANALYSIS(Davxar, )
LUD64_SOLVE_ANALYSIS(Damdaman, )
LUD64_SOLVE_ANALYSIS(Guettal, )
LUD64_PLAYOUTS_RUN(Davxar, )
LUD64_PLAYOUTS_RUN(Damdaman, )
LUD64_PLAYOUTS_RUN(Guettal, )
}  // namespace lud64
