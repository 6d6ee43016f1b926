#include "tools/lud64/serve/board_json.h"

#include <cmath>
#include <type_traits>
#include <variant>

#include "absl/strings/str_cat.h"
#include "engine/board_svg.h"
#include "engine/notation.h"

namespace lud64 {
namespace {

const char* KindName(DecisionKind kind) {
  switch (kind) {
    case DecisionKind::kPlace:
      return "place";
    case DecisionKind::kStep:
      return "step";
    case DecisionKind::kRemove:
      return "remove";
    case DecisionKind::kPass:
      break;
  }
  return "pass";
}

TurnState StateOf(const AnyPosition& position) {
  return std::visit([](const auto& p) { return p.state; }, position);
}

const char* PlayerName(Player player) { return player == Player::kP1 ? "P1" : "P2"; }

// The picture of `position` in `game`, and where its sites are.
template <class G>
void AddPicture(const G& game, const AnyPosition& any, std::optional<Decision> last,
                nlohmann::json& json) {
  const auto& position = std::get<typename G::Position>(any);
  const BoardGeometry& geometry = PictureGeometry(game);
  json["svg"] = SvgPicture(game, position, last);
  nlohmann::json sites = nlohmann::json::array();
  const SiteNames& names = game.site_names();
  for (int site = 0; site < static_cast<int>(geometry.sites.size()); ++site) {
    const SvgPoint at = SvgSiteCentre(geometry, site);
    sites.push_back({{"name", names[site]}, {"x", at.x}, {"y", at.y}});
  }
  json["sites"] = std::move(sites);
  json["radius"] = SvgPieceRadius(geometry);
  const std::array<double, 4> box = SvgBoardBox(geometry);
  json["board"] = {{"x", box[0]}, {"y", box[1]}, {"width", box[2]}, {"height", box[3]}};
}

nlohmann::json ResultJson(const TurnState& state) {
  if (!state.over()) return nullptr;
  const std::string reason = EndReasonName(state.end);
  if (state.outcome == Outcome::kDraw) {
    return {{"winner", nullptr}, {"text", absl::StrCat("draw (", reason, ")")}};
  }
  const char* winner = state.outcome == Outcome::kP1Wins ? "P1" : "P2";
  return {{"winner", winner}, {"text", absl::StrCat(winner, " wins (", reason, ")")}};
}

std::string StatusText(const TurnState& state) {
  if (state.over()) return ResultJson(state)["text"];
  return absl::StrCat(state.to_move == Player::kP1 ? "P1 (dark)" : "P2 (light)", " to move, turn ",
                      state.turn);
}

}  // namespace

nlohmann::json DecisionJson(const AnyGame& game, Decision decision) {
  const SiteNames& names = SiteNamesOf(game);
  nlohmann::json json = {{"text", FormatDecision(decision, names)},
                         {"kind", KindName(decision.kind)}};
  if (decision.kind == DecisionKind::kStep) json["from"] = names[decision.from];
  if (!decision.is_pass()) json["to"] = names[decision.to];
  return json;
}

nlohmann::json BoardJson(const EngineSession& session, const std::string& start,
                         const std::vector<Decision>& played) {
  const AnyGame& game = session.game();
  const AnyPosition position = session.position();
  const TurnState state = StateOf(position);
  nlohmann::json moves = nlohmann::json::array();
  for (Decision d : played) moves.push_back(session.DecisionText(d));
  nlohmann::json legal = nlohmann::json::array();
  for (Decision d : session.LegalDecisions(position)) legal.push_back(DecisionJson(game, d));
  nlohmann::json json = {
      {"game", GameName(game)},
      {"start", start},
      {"moves", std::move(moves)},
      {"position", session.PositionText(position)},
      {"to_move", PlayerName(state.to_move)},
      {"turn", state.turn},
      {"over", state.over()},
      {"result", ResultJson(state)},
      {"status", StatusText(state)},
      {"legal", std::move(legal)},
      {"last", played.empty() ? nlohmann::json(nullptr) : DecisionJson(game, played.back())},
  };
  const std::optional<Decision> last =
      played.empty() ? std::nullopt : std::optional<Decision>(played.back());
  std::visit([&](const auto& g) { AddPicture(g, position, last, json); }, game);
  return json;
}

nlohmann::json ScoreJson(Score score) {
  nlohmann::json json;
  if (score >= kProvenScore) {
    json["win"] = PliesToEnd(score);
  } else if (score <= -kProvenScore) {
    json["loss"] = PliesToEnd(score);
  } else {
    json["cp"] = score;
  }
  json["text"] = ScoreText(score);
  return json;
}

nlohmann::json InfoJson(const EngineSession& session, const EngineInfo& info) {
  nlohmann::json pv = nlohmann::json::array();
  for (Decision d : info.pv) pv.push_back(session.DecisionText(d));
  nlohmann::json json = {{"multipv", info.multipv > 0 ? info.multipv : 1},
                         {"seconds", info.seconds},
                         {"pv", std::move(pv)},
                         {"line", session.InfoLine(info)}};
  if (info.table) {
    json["engine"] = "tables";
    json["table"] = {{"value", VerdictName(*info.table)}, {"turns", info.table->turns}};
    json["score"] = info.table->sign == 0  ? ScoreJson(0)
                    : info.table->sign > 0 ? ScoreJson(WinIn(static_cast<int>(info.pv.size())))
                                           : ScoreJson(LossIn(static_cast<int>(info.pv.size())));
    json["depth"] = static_cast<int>(info.pv.size());
    json["nodes"] = 0;
    json["nps"] = 0;
    return json;
  }
  if (info.kind == EngineKind::kMcts) {
    // The win rate as centi-pieces on the evaluation's logistic scale.
    const double rate = std::clamp(info.best.win_rate, 0.001, 0.999);
    Score score = static_cast<Score>(std::lround(kLogisticScale * std::log(rate / (1 - rate))));
    if (info.best.proven == Outcome::kDraw) score = 0;
    json["engine"] = "mcts";
    json["score"] = ScoreJson(score);
    json["win_rate"] = info.best.win_rate;
    json["depth"] = static_cast<int>(info.pv.size());
    json["nodes"] = info.iterations;
    json["nps"] = info.seconds > 0 ? std::lround(info.iterations / info.seconds) : 0;
    return json;
  }
  json["engine"] = info.kind == EngineKind::kRandom ? "random" : "alphabeta";
  json["score"] = ScoreJson(info.score);
  json["depth"] = info.depth;
  json["nodes"] = info.nodes;
  json["nps"] = info.seconds > 0 ? std::lround(info.nodes / info.seconds) : 0;
  return json;
}

}  // namespace lud64
