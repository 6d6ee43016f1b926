#include "tools/lud64/serve/request_fields.h"

#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/notation.h"
#include "tools/lud64/serve/board_json.h"

namespace lud64 {
namespace {

absl::Status FieldError(absl::string_view field, absl::string_view what) {
  return absl::InvalidArgumentError(absl::StrCat("\"", field, "\": ", what));
}

absl::StatusOr<std::string> StringField(const nlohmann::json& body, const char* field,
                                        std::string fallback) {
  if (!body.contains(field) || body[field].is_null()) return fallback;
  if (!body[field].is_string()) return FieldError(field, "must be a string");
  return body[field].get<std::string>();
}

absl::StatusOr<double> NumberField(const nlohmann::json& body, const char* field, double fallback,
                                   double low, double high) {
  if (!body.contains(field) || body[field].is_null()) return fallback;
  if (!body[field].is_number()) return FieldError(field, "must be a number");
  const double value = body[field].get<double>();
  if (!(value >= low && value <= high)) {
    return FieldError(field, absl::StrCat(value, ": must be ", low, " to ", high));
  }
  return value;
}

}  // namespace

absl::StatusOr<nlohmann::json> ParseBody(absl::string_view body) {
  if (body.find_first_not_of(" \t\r\n") == absl::string_view::npos) return nlohmann::json::object();
  nlohmann::json json = nlohmann::json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (json.is_discarded()) {
    return absl::InvalidArgumentError("request body: not valid JSON");
  }
  if (!json.is_object()) return absl::InvalidArgumentError("request body: must be a JSON object");
  return json;
}

absl::StatusOr<GameRequest> ReadGameRequest(const nlohmann::json& body) {
  GameRequest request;
  absl::StatusOr<std::string> game = StringField(body, "game", request.game);
  if (!game.ok()) return game.status();
  absl::StatusOr<std::string> position = StringField(body, "position", request.position);
  if (!position.ok()) return position.status();
  request.game = *game;
  request.position = *position;
  if (body.contains("moves") && body["moves"].is_array()) {
    std::vector<std::string> moves;
    for (const nlohmann::json& move : body["moves"]) {
      if (!move.is_string()) return FieldError("moves", "must be strings of decisions");
      moves.push_back(move.get<std::string>());
    }
    request.moves = absl::StrJoin(moves, " ");
  } else {
    absl::StatusOr<std::string> moves = StringField(body, "moves", "");
    if (!moves.ok()) return FieldError("moves", "must be a string or an array of strings");
    request.moves = *moves;
  }
  return request;
}

absl::StatusOr<GameSetUp> SetUpGame(EngineSession& session, const GameRequest& request) {
  absl::StatusOr<AnyPosition> start = session.PositionAfter(request.position, "");
  if (!start.ok()) return start.status();
  if (absl::Status status = session.NewGame(request.position, request.moves); !status.ok()) {
    return status;
  }
  GameSetUp setup{.start = session.PositionText(*start), .played = {}};
  const SiteNames& names = SiteNamesOf(session.game());
  for (absl::string_view text :
       absl::StrSplit(request.moves, absl::ByAnyChar(" \t\r\n"), absl::SkipEmpty())) {
    absl::StatusOr<Decision> decision = ParseDecision(text, names);
    if (!decision.ok()) return decision.status();  // NewGame has read it: not reached
    setup.played.push_back(*decision);
  }
  return setup;
}

absl::StatusOr<SearchRequest> ReadSearchRequest(const nlohmann::json& body, double default_seconds,
                                                double max_seconds) {
  SearchRequest request;
  absl::StatusOr<std::string> engine = StringField(body, "engine", "alphabeta");
  if (!engine.ok()) return engine.status();
  if (*engine == "mcts") {
    request.use = SessionUse::kMcts;
  } else if (*engine != "alphabeta") {
    return FieldError("engine",
                      absl::StrCat("unknown engine \"", *engine, "\" (engines: alphabeta, mcts)"));
  }
  absl::StatusOr<double> seconds =
      NumberField(body, "seconds", std::min(default_seconds, max_seconds), 0.01, max_seconds);
  if (!seconds.ok()) return seconds.status();
  absl::StatusOr<double> multipv = NumberField(body, "multipv", 1, 1, 8);
  if (!multipv.ok()) return multipv.status();
  absl::StatusOr<double> depth = NumberField(body, "depth", 0, 0, 99);
  if (!depth.ok()) return depth.status();
  request.limits.seconds = *seconds;
  request.limits.multipv = static_cast<int>(std::lround(*multipv));
  request.limits.depth = static_cast<int>(std::lround(*depth));
  return request;
}

}  // namespace lud64
