// `lud64 bestmove`: an engine session's search from a position, printed as the
// UGI protocol prints it: an `info` line per alpha-beta depth (MCTS: about
// every second, and at the end), then `bestmove <decision>`. Ctrl-C stops the
// search and still prints the best decision found.
#ifndef LUD64_PLAY_BEST_MOVE_H_
#define LUD64_PLAY_BEST_MOVE_H_

#include <memory>
#include <ostream>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "boards/game_list.h"
#include "engine/stop.h"
#include "play/engine_options.h"
#include "play/engine_session.h"

namespace lud64 {

// A position, the game so far, the engine and the limits of one search.
struct AnalysisRequest {
  std::string position = "start";
  std::string moves;  // played from `position`: the game history
  EngineOptions engine;
  EngineLimits limits;
  StopFlag stop = nullptr;  // set (Ctrl-C): the engine answers with what it has
};

// A session of `request.engine` at the request's position; errors name the
// flags (--moves).
absl::StatusOr<std::unique_ptr<EngineSession>> StartSession(const AnyGame& game,
                                                            const AnalysisRequest& request);

absl::Status RunBestMove(const AnyGame& game, const AnalysisRequest& request, std::ostream& out);

}  // namespace lud64

#endif  // LUD64_PLAY_BEST_MOVE_H_
