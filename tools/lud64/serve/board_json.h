// The JSON the board server answers with: a position as the page draws and
// clicks it (text, player to move, status, legal decisions with the sites
// each click means, the SVG picture and where its sites are), decisions,
// scores and search reports.
#ifndef LUD64_TOOLS_LUD64_SERVE_BOARD_JSON_H_
#define LUD64_TOOLS_LUD64_SERVE_BOARD_JSON_H_

#include <optional>
#include <string>
#include <vector>

#include "boards/game_list.h"
#include "engine/decision.h"
#include "engine/score.h"
#include "nlohmann/json.hpp"
#include "play/any_position.h"  // IWYU pragma: export (SiteNamesOf)
#include "play/engine_session.h"

namespace lud64 {

// {"text": "D3-D4", "kind": "step", "from": "D3", "to": "D4"}; kinds are
// place, step, remove and pass; `from` only for a step, `to` but for a pass.
nlohmann::json DecisionJson(const AnyGame& game, Decision decision);

// The position `session` is at, reached from `start` (text) by `played`:
// {"game", "start", "moves", "position", "to_move", "turn", "over", "result",
//  "status", "legal", "last", "svg", "sites", "radius", "board"}.
nlohmann::json BoardJson(const EngineSession& session, const std::string& start,
                         const std::vector<Decision>& played);

// A score for the player to move: {"cp": 35, "text": "cp 35"}, or
// {"win": 7, ...} / {"loss": 7, ...} in plies for a proven one.
nlohmann::json ScoreJson(Score score);

// One search report: the engine, depth, score, nodes, nps, seconds, pv,
// multipv (MCTS: iterations, win_rate and a score from it; tables: the
// verdict), and the protocol's line.
nlohmann::json InfoJson(const EngineSession& session, const EngineInfo& info);

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_SERVE_BOARD_JSON_H_
