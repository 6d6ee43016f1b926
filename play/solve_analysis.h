// `lud64 solve`: proves the value of a position with an engine session's
// solver, or reports the bounds reached within the limits. Progress goes to
// stderr after each iteration.
#ifndef LUD64_PLAY_SOLVE_ANALYSIS_H_
#define LUD64_PLAY_SOLVE_ANALYSIS_H_

#include <ostream>
#include <string>

#include "absl/status/status.h"
#include "boards/game_list.h"
#include "engine/score.h"
#include "play/best_move.h"

namespace lud64 {

// "win", "loss" or "draw" for the player to move, for a proven score.
inline const char* ValueName(Score s) { return s > 0 ? "win" : s < 0 ? "loss" : "draw"; }

// "a win in 5", "at least a draw", ... for bounds that are not equal.
std::string BoundsText(Score lower, Score upper);

// The request's engine options give the solver's table (hash_mib) and the
// endgame tables; `json`: one JSON object instead of text.
absl::Status RunSolve(const AnyGame& game, const AnalysisRequest& request, bool json,
                      std::ostream& out, std::ostream& progress);

}  // namespace lud64

#endif  // LUD64_PLAY_SOLVE_ANALYSIS_H_
