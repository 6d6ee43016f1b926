// Reading a request's JSON body: the game, position and decisions every
// engine request names, and the search limits, each error one line naming
// the field.
#ifndef LUD64_TOOLS_LUD64_SERVE_REQUEST_FIELDS_H_
#define LUD64_TOOLS_LUD64_SERVE_REQUEST_FIELDS_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/decision.h"
#include "nlohmann/json.hpp"
#include "play/engine_session.h"
#include "tools/lud64/serve/session_pool.h"

namespace lud64 {

// The body as a JSON object ("" reads as {}).
absl::StatusOr<nlohmann::json> ParseBody(absl::string_view body);

// What a request plays: `game` (default "davxar"), `position` (default
// "start") and `moves` (a string of decisions, or an array of them).
struct GameRequest {
  std::string game = "davxar";
  std::string position = "start";
  std::string moves;
};
absl::StatusOr<GameRequest> ReadGameRequest(const nlohmann::json& body);

// `request` set up in `session` as a new game: the start position's text and
// the decisions played, or the session's error (`moves: ply 3: ...`).
struct GameSetUp {
  std::string start;
  std::vector<Decision> played;
};
absl::StatusOr<GameSetUp> SetUpGame(EngineSession& session, const GameRequest& request);

// A search request: `engine` ("alphabeta" or "mcts"), `seconds` (from 0.01
// to `max_seconds`, default `default_seconds`), `multipv` (1 to 8, alpha-beta)
// and `depth` (0: none, to 99).
struct SearchRequest {
  SessionUse use = SessionUse::kAlphaBeta;
  EngineLimits limits;
};
absl::StatusOr<SearchRequest> ReadSearchRequest(const nlohmann::json& body, double default_seconds,
                                                double max_seconds);

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_SERVE_REQUEST_FIELDS_H_
