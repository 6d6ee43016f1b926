// The board server's engine requests: a position, the engine's decision, the
// tables' values of every decision, and analysis; each through an engine
// session lent by the pool.
#include <algorithm>
#include <chrono>
#include <utility>

#include "absl/strings/str_cat.h"
#include "nlohmann/json.hpp"
#include "tools/lud64/serve/board_json.h"
#include "tools/lud64/serve/request_fields.h"
#include "tools/lud64/serve/serve_api.h"

namespace lud64 {
namespace {

// The HTTP status of an error: 400 bad input, 409 a game already over, 422
// what the engine cannot do for this game, 503 out of memory.
ServeAnswer StatusAnswer(const absl::Status& status) {
  int code = 500;
  switch (status.code()) {
    case absl::StatusCode::kInvalidArgument:
    case absl::StatusCode::kNotFound:
    case absl::StatusCode::kOutOfRange:
      code = 400;
      break;
    case absl::StatusCode::kFailedPrecondition:
      code = 409;
      break;
    case absl::StatusCode::kUnimplemented:
      code = 422;
      break;
    case absl::StatusCode::kResourceExhausted:
      code = 503;
      break;
    default:
      break;
  }
  return ErrorAnswer(code, status.message());
}

ServeAnswer Busy(int searches) {
  return ErrorAnswer(
      503, absl::StrCat("busy: ", searches, " of ", searches,
                        " searches running (--threads=", searches, "); try again when one ends"));
}

// The value of `decision` for the player making it, from what the tables say
// of the position it leads to (`after`), or its end.
nlohmann::json DecisionValue(EngineSession& session, const GameRequest& request,
                             const std::string& text, Player mover) {
  const std::string moves = request.moves.empty() ? text : absl::StrCat(request.moves, " ", text);
  if (absl::Status status = session.SetPosition(request.position, moves); !status.ok()) {
    return {{"value", "unknown"}, {"error", status.message()}};
  }
  const AnyPosition after = session.position();
  if (PositionIsOver(after)) {
    const Outcome outcome = std::visit([](const auto& p) { return p.state.outcome; }, after);
    const char* value = outcome == Outcome::kDraw  ? "draw"
                        : outcome == WinFor(mover) ? "win"
                                                   : "loss";
    return {{"value", value}, {"turns", 0}};
  }
  absl::StatusOr<SolveAnswer> solved =
      session.Solve(EngineLimits{.depth = 1, .nodes = 1}, /*stop=*/nullptr);
  if (!solved.ok() || !solved->table) return {{"value", "unknown"}};
  // The verdict is for the player to move after the decision: the mover
  // again after a mill (a removal to come), else the opponent.
  // Turns count from before the decision, as `lud64 tb probe` counts them:
  // one more when the decision ends the turn.
  const bool same_turn = PlayerToMove(after) == mover;
  const int sign = same_turn ? solved->table->sign : -solved->table->sign;
  return {{"value", sign > 0   ? "win"
                    : sign < 0 ? "loss"
                               : "draw"},
          {"turns", sign == 0 ? 0 : solved->table->turns + (same_turn ? 0 : 1)}};
}

}  // namespace

ServeAnswer ServeApi::Position(absl::string_view body) {
  absl::StatusOr<nlohmann::json> json = ParseBody(body);
  if (!json.ok()) return StatusAnswer(json.status());
  absl::StatusOr<GameRequest> request = ReadGameRequest(*json);
  if (!request.ok()) return StatusAnswer(request.status());
  absl::StatusOr<SessionPool::Lease> session = pool_.Take(request->game, SessionUse::kPosition);
  if (!session.ok()) return StatusAnswer(session.status());
  absl::StatusOr<GameSetUp> setup = SetUpGame(**session, *request);
  if (!setup.ok()) return StatusAnswer(setup.status());
  if (options_.warm_engines) pool_.WarmLater(request->game, SessionUse::kAlphaBeta);
  return JsonAnswer(BoardJson(**session, setup->start, setup->played));
}

ServeAnswer ServeApi::Probe(absl::string_view body) {
  if (!pool_.has_tables()) {
    return ErrorAnswer(400, "probe: no endgame tables: start lud64 serve with --tb=DIR");
  }
  absl::StatusOr<nlohmann::json> json = ParseBody(body);
  if (!json.ok()) return StatusAnswer(json.status());
  absl::StatusOr<GameRequest> request = ReadGameRequest(*json);
  if (!request.ok()) return StatusAnswer(request.status());
  absl::StatusOr<SessionPool::Lease> session = pool_.Take(request->game, SessionUse::kPosition);
  if (!session.ok()) return StatusAnswer(session.status());
  absl::StatusOr<GameSetUp> setup = SetUpGame(**session, *request);
  if (!setup.ok()) return StatusAnswer(setup.status());
  EngineSession& s = **session;
  if (!s.options().tables) {
    return JsonAnswer({{"held", false}, {"reason", pool_.NoTables(s.game())}});
  }
  const AnyPosition root = s.position();
  if (PositionIsOver(root)) return JsonAnswer({{"held", false}, {"reason", "the game is over"}});
  absl::StatusOr<SolveAnswer> solved = s.Solve(EngineLimits{.depth = 1, .nodes = 1}, nullptr);
  if (!solved.ok()) return StatusAnswer(solved.status());
  if (!solved->table) {
    return JsonAnswer({{"held", false}, {"reason", "the tables do not hold this position"}});
  }
  const Player mover = PlayerToMove(root);
  nlohmann::json decisions = nlohmann::json::array();
  for (Decision d : s.LegalDecisions(root)) {
    nlohmann::json entry = DecisionJson(s.game(), d);
    entry.update(DecisionValue(s, *request, s.DecisionText(d), mover));
    decisions.push_back(std::move(entry));
  }
  return JsonAnswer({{"held", true},
                     {"family", solved->table->family},
                     {"value", VerdictName(*solved->table)},
                     {"turns", solved->table->turns},
                     {"line", s.LineText(solved->table->line)},
                     {"decisions", std::move(decisions)}});
}

ServeAnswer ServeApi::Move(absl::string_view body) {
  absl::StatusOr<nlohmann::json> json = ParseBody(body);
  if (!json.ok()) return StatusAnswer(json.status());
  absl::StatusOr<GameRequest> request = ReadGameRequest(*json);
  if (!request.ok()) return StatusAnswer(request.status());
  absl::StatusOr<SearchRequest> search =
      ReadSearchRequest(*json, /*default_seconds=*/1, options_.max_seconds);
  if (!search.ok()) return StatusAnswer(search.status());
  const auto started = std::chrono::steady_clock::now();
  std::optional<SessionPool::SearchSlot> slot = pool_.TakeSearchSlot();
  if (!slot) return Busy(pool_.max_searches());
  absl::StatusOr<SessionPool::Lease> session = pool_.Take(request->game, search->use);
  if (!session.ok()) return StatusAnswer(session.status());
  absl::StatusOr<GameSetUp> setup = SetUpGame(**session, *request);
  if (!setup.ok()) return StatusAnswer(setup.status());
  // The time asked for is the answer's: a session made for it, or its
  // table cleared, comes out of the search's share.
  constexpr double kLeastSeconds = 0.01;
  const double setup_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  EngineLimits limits = search->limits;
  limits.seconds = std::max(kLeastSeconds, limits.seconds - setup_seconds);
  const auto [id, stop] = Register();
  absl::StatusOr<EngineAnswer> answer = (*session)->Search(limits, stop.get());
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  Forget(id);
  if (!answer.ok()) return StatusAnswer(answer.status());
  return JsonAnswer({{"decision", DecisionJson((*session)->game(), answer->best)},
                     {"info", InfoJson(**session, answer->info)},
                     {"seconds", seconds}});
}

std::variant<std::unique_ptr<AnalysisRun>, ServeAnswer> ServeApi::StartAnalysis(
    absl::string_view body) {
  if (body.size() > kMaxBodyBytes) {
    return ErrorAnswer(413, absl::StrCat("request body: ", body.size(),
                                         " bytes, more than the limit of ", kMaxBodyBytes));
  }
  absl::StatusOr<nlohmann::json> json = ParseBody(body);
  if (!json.ok()) return StatusAnswer(json.status());
  absl::StatusOr<GameRequest> request = ReadGameRequest(*json);
  if (!request.ok()) return StatusAnswer(request.status());
  absl::StatusOr<SearchRequest> search =
      ReadSearchRequest(*json, /*default_seconds=*/10, options_.max_seconds);
  if (!search.ok()) return StatusAnswer(search.status());
  std::optional<SessionPool::SearchSlot> slot = pool_.TakeSearchSlot();
  if (!slot) return Busy(pool_.max_searches());
  absl::StatusOr<SessionPool::Lease> session = pool_.Take(request->game, search->use);
  if (!session.ok()) return StatusAnswer(session.status());
  absl::StatusOr<GameSetUp> setup = SetUpGame(**session, *request);
  if (!setup.ok()) return StatusAnswer(setup.status());
  if (PositionIsOver((*session)->position())) {
    return ErrorAnswer(409, "analyse: the game is already over");
  }
  if (absl::Status status = (*session)->CanSearch(); !status.ok()) return StatusAnswer(status);
  const auto [id, stop] = Register();
  return std::make_unique<AnalysisRun>(id, *std::move(session), *std::move(slot), search->limits,
                                       stop, [this, id = id] { Forget(id); });
}

ServeAnswer ServeApi::AnalyseWhole(absl::string_view body) {
  std::variant<std::unique_ptr<AnalysisRun>, ServeAnswer> started = StartAnalysis(body);
  if (ServeAnswer* error = std::get_if<ServeAnswer>(&started)) return *error;
  AnalysisRun& run = *std::get<std::unique_ptr<AnalysisRun>>(started);
  ServeAnswer answer{.status = 200, .content_type = "text/event-stream", .body = ""};
  while (std::optional<std::string> event = run.Next(std::chrono::milliseconds(100))) {
    answer.body += *event;
  }
  return answer;
}

}  // namespace lud64
