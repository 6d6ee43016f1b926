#include "tools/lud64/ugi/ugi_engine.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "engine/input_text.h"

namespace lud64 {

EngineOptions SessionOptions(const UgiSettings& settings) {
  EngineOptions options;
  options.kind = settings.engine;
  options.hash_mib = options.memory_mib = settings.hash_mib;
  options.threads = settings.threads;
  options.leaves = settings.leaves;
  options.exploration = settings.exploration;
  options.press = settings.press;
  options.evaluation = settings.evaluation;
  options.evalfile = settings.evalfile;
  if (!settings.tb.empty()) options.tables = settings.tb;
  return options;
}

UgiEngine::UgiEngine(std::unique_ptr<EngineSession> session)
    : session_(std::move(session)), position_(session_->position()) {}

std::string UgiEngine::game_name() const { return GameName(session_->game()); }

absl::Status UgiEngine::SetPosition(absl::string_view text, absl::string_view moves) {
  absl::StatusOr<AnyPosition> position = session_->PositionAfter(text, moves);
  if (!position.ok()) return position.status();
  position_ = *std::move(position);
  pending_.emplace(std::string(text), std::string(moves));
  return absl::OkStatus();
}

absl::StatusOr<std::string> UgiEngine::Query(absl::string_view what) const {
  const Outcome outcome = std::visit([](const auto& p) { return p.state.outcome; }, position_);
  if (what == "gameover") return outcome != Outcome::kOngoing ? "true" : "false";
  if (what == "p1turn") return PlayerToMove(position_) == Player::kP1 ? "true" : "false";
  if (what == "result") {
    switch (outcome) {
      case Outcome::kP1Wins:
        return "p1win";
      case Outcome::kP2Wins:
        return "p2win";
      case Outcome::kDraw:
        return "draw";
      case Outcome::kOngoing:
        return "none";
    }
  }
  if (what == "legal") return session_->LineText(session_->LegalDecisions(position_));
  if (what == "position") return session_->PositionText(position_);
  if (what == "game") return game_name();
  return absl::InvalidArgumentError(
      absl::StrCat("unknown query ", Quoted(what),
                   " (queries: gameover, p1turn, result, legal, position, game)"));
}

absl::Status UgiEngine::Configure(const UgiSettings& settings) {
  if (absl::Status status = session_->Configure(SessionOptions(settings)); !status.ok()) {
    return status;
  }
  multipv_ = settings.multipv;
  return absl::OkStatus();
}

void UgiEngine::NewGame() {
  // The start always parses; the session then expects its `position`.
  (void)session_->NewGame("start", "");
  position_ = session_->position();
  pending_.reset();
}

absl::StatusOr<UgiEngine::SearchTask> UgiEngine::PrepareSearch(const UgiGo& go,
                                                               const std::atomic<bool>& stop) {
  if (pending_) {
    if (absl::Status status = session_->SetPosition(pending_->first, pending_->second);
        !status.ok()) {
      return status;
    }
    pending_.reset();
  }
  if (PositionIsOver(position_)) {
    return absl::FailedPreconditionError("the game is over; no decision to make");
  }
  if (absl::Status status = session_->CanSearch(); !status.ok()) return status;
  // The player to move's clock.
  const bool p1 = PlayerToMove(position_) == Player::kP1;
  const double clock = p1 ? go.p1time : go.p2time, increment = p1 ? go.p1inc : go.p2inc;
  EngineLimits limits{.depth = go.depth, .nodes = go.nodes, .multipv = multipv_};
  if (go.movetime >= 0) {
    limits.seconds = std::max(go.movetime, 1e-3);
  } else if (clock >= 0) {
    limits.seconds = std::max(TimeForDecision(clock, increment), 1e-3);
  }
  return SearchTask([this, limits, stop = &stop](const Emit& emit) {
    const absl::StatusOr<EngineAnswer> answer = session_->Search(
        limits, stop, [&](const EngineInfo& info) { emit(session_->InfoLine(info)); });
    if (!answer.ok()) {
      emit(absl::StrCat("info string error: ", answer.status().message()));
      return std::string("(none)");
    }
    // MCTS reports about every second; its last report comes here.
    if (session_->options().kind == EngineKind::kMcts) emit(session_->InfoLine(answer->info));
    return session_->DecisionText(answer->best);
  });
}

absl::StatusOr<std::unique_ptr<UgiEngine>> MakeUgiEngine(absl::string_view game_spec,
                                                         const UgiSettings& settings) {
  absl::StatusOr<std::unique_ptr<EngineSession>> session =
      MakeEngineSession(game_spec, SessionOptions(settings));
  if (!session.ok()) return session.status();
  return std::make_unique<UgiEngine>(*std::move(session));
}

}  // namespace lud64
