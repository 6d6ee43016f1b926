#include <memory>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/input_text.h"
#include "play/engine_session.h"
#include "play/solve_analysis.h"

namespace lud64 {
namespace {

std::string Exact(Score s) {
  if (s == 0) return "a draw";
  return absl::StrCat(s > 0 ? "a win in " : "a loss in ", PliesToEnd(s));
}

// A root the endgame tables hold: their value at once, with their line.
void PrintTableAnswer(const EngineSession& engine, const SolveAnswer& a, const char* mover,
                      bool json, std::ostream& out) {
  const TableVerdict& verdict = *a.table;
  const char* value = VerdictName(verdict);
  const bool decisive = verdict.sign != 0;
  const std::string best = engine.DecisionText(a.best);
  if (json) {
    out << absl::StreamFormat(
        "{\"value\": \"%s\", \"turns\": %d, \"plies\": %d, \"best\": \"%s\", \"pv\": "
        "\"%s\", \"nodes\": 0, \"seconds\": 0, \"proven\": true, \"tablebase\": true, "
        "\"to_move\": \"%s\"}\n",
        value, verdict.turns, a.plies, best, engine.LineText(a.line), mover);
    return;
  }
  out << absl::StreamFormat("value   %s", value);
  if (decisive) out << absl::StreamFormat(" in %d turns (%d plies)", verdict.turns, a.plies);
  out << " for " << mover << " (to move), from the endgame tables (" << verdict.family << ")\n"
      << "best    " << best << "\n";
  if (decisive) out << "line    " << engine.LineText(a.line) << "\n";
}

}  // namespace

std::string BoundsText(Score lower, Score upper) {
  if (lower == upper) return absl::StrCat("exactly ", Exact(lower));
  std::string low = lower <= -kInfinity + 1 ? "unknown" : absl::StrCat("at least ", Exact(lower));
  if (lower < 0 && lower > -kProvenScore) low = "at least a loss";
  std::string high = absl::StrCat("at most ", Exact(upper));
  if (upper > 0 && upper < kProvenScore) high = "at most a win";
  return absl::StrCat(low, ", ", high);
}

absl::Status RunSolve(const AnyGame& game, const AnalysisRequest& request, bool json,
                      std::ostream& out, std::ostream& progress) {
  absl::StatusOr<std::unique_ptr<EngineSession>> session = StartSession(game, request);
  if (!session.ok()) return session.status();
  const EngineSession& engine = **session;
  if (PositionIsOver(engine.position())) {
    return absl::InvalidArgumentError(
        absl::StrCat("position ", Quoted(request.position), ": the game is already over"));
  }
  const char* mover = PlayerToMove(engine.position()) == Player::kP1 ? "P1" : "P2";
  const absl::StatusOr<SolveAnswer> answer =
      (*session)->Solve(request.limits, request.stop, [&](const SolveAnswer& it) {
        progress << absl::StreamFormat("solve: depth %d, %s, %d nodes, %.2fs\n", it.depth,
                                       BoundsText(it.lower, it.upper), it.nodes, it.seconds);
      });
  if (!answer.ok()) return answer.status();
  const SolveAnswer& r = *answer;
  if (r.table) {
    PrintTableAnswer(engine, r, mover, json, out);
    return absl::OkStatus();
  }
  const std::string best = engine.DecisionText(r.best);
  const std::string distance = r.turns >= 0
                                   ? absl::StrFormat("%d turns (%d plies)", r.turns, r.plies)
                                   : absl::StrFormat("%d plies", r.plies);
  if (json) {
    out << absl::StreamFormat(
        "{\"value\": \"%s\", \"plies\": %d,%s \"best\": \"%s\", \"pv\": \"%s\", "
        "\"nodes\": %d, \"seconds\": %.6f, \"proven\": %s, \"depth\": %d, \"bounds\": \"%s\", "
        "\"to_move\": \"%s\"}\n",
        r.proven ? ValueName(r.lower) : "unknown", r.proven ? r.plies : -1,
        r.turns >= 0 ? absl::StrFormat(" \"turns\": %d,", r.turns) : "", best,
        engine.LineText(r.line), r.nodes, r.seconds, r.proven ? "true" : "false", r.depth,
        BoundsText(r.lower, r.upper), mover);
  } else if (r.proven) {
    out << absl::StreamFormat("value   %s in %s for %s (to move)%s\n", ValueName(r.lower), distance,
                              mover, r.lower > 0 ? absl::StrCat(": ", mover, " wins") : "")
        << "best    " << best << "\n"
        << "line    " << engine.LineText(r.line) << "\n"
        << absl::StreamFormat("nodes   %d in %.3f s, depth %d\n", r.nodes, r.seconds, r.depth);
  } else {
    out << absl::StreamFormat("unproven within the limits after depth %d: %s for %s\n", r.depth,
                              BoundsText(r.lower, r.upper), mover)
        << "line    " << engine.LineText(r.line) << " (achieves the lower bound)\n"
        << absl::StreamFormat("nodes   %d in %.3f s\n", r.nodes, r.seconds);
  }
  return absl::OkStatus();
}

}  // namespace lud64
