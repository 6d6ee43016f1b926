#include "play/best_move.h"

#include <memory>

#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/input_text.h"
#include "play/engine_session.h"
#include "play/peak_memory.h"

namespace lud64 {

absl::StatusOr<std::unique_ptr<EngineSession>> StartSession(const AnyGame& game,
                                                            const AnalysisRequest& request) {
  absl::StatusOr<std::unique_ptr<EngineSession>> session = MakeEngineSession(game, request.engine);
  if (!session.ok()) return session.status();
  if (absl::Status status = (*session)->NewGame(request.position, request.moves); !status.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat(absl::StartsWith(status.message(), "moves: ") ? "--" : "", status.message()));
  }
  return session;
}

absl::Status RunBestMove(const AnyGame& game, const AnalysisRequest& request, std::ostream& out) {
  absl::StatusOr<std::unique_ptr<EngineSession>> session = StartSession(game, request);
  if (!session.ok()) return session.status();
  EngineSession& engine = **session;
  if (PositionIsOver(engine.position())) {
    return absl::InvalidArgumentError(
        absl::StrCat("position ", Quoted(request.position),
                     request.moves.empty() ? "" : absl::StrCat(" after ", Quoted(request.moves)),
                     ": the game is over, no decision to make"));
  }
  const bool mcts = request.engine.kind == EngineKind::kMcts;
  const absl::StatusOr<EngineAnswer> answer =
      engine.Search(request.limits, request.stop, [&](const EngineInfo& info) {
        // A table's answer is printed once, below.
        if (!info.table) out << engine.InfoLine(info) << "\n" << std::flush;
      });
  if (!answer.ok()) return answer.status();
  const EngineInfo& info = answer->info;
  if (mcts) out << engine.InfoLine(info) << "\n";
  if (info.table) {
    out << engine.InfoLine(info) << "\n";
  } else {
    if (info.memory_full) {
      out << "info the tree filled its memory bound (--memory); the search went on without "
             "growing it\n";
    }
    if (answer->swindle) {
      out << "info string swindle: the position is proven lost or drawn; "
          << engine.DecisionText(answer->best) << " leaves the opponent the most ways to err\n";
    }
    out << absl::StreamFormat("info string peak RSS %.1f MiB\n", Mebibytes(PeakRssBytes()));
  }
  out << "bestmove " << engine.DecisionText(answer->best) << "\n";
  return absl::OkStatus();
}

}  // namespace lud64
