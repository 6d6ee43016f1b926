#include "play/engine_session.h"

#include <memory>
#include <string>
#include <variant>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace lud64 {

// The sessions of each game, made in engine_session_<game>.cc.
#define LUD64_DECLARE_SESSION_MAKER(G, unused) \
  std::unique_ptr<EngineSession> MakeGameEngineSession(const G& game);
LUD64_FOR_EACH_GAME(LUD64_DECLARE_SESSION_MAKER, )
#undef LUD64_DECLARE_SESSION_MAKER

const char* VerdictName(const TableVerdict& verdict) {
  return verdict.sign > 0 ? "win" : verdict.sign < 0 ? "loss" : "draw";
}

std::string EngineSession::InfoLine(const EngineInfo& info) const {
  if (info.table) {
    std::string line = absl::StrCat("info tablebase ", VerdictName(*info.table));
    if (info.table->sign != 0) absl::StrAppend(&line, " in ", info.table->turns, " turns");
    // A draw has no line to its end.
    if (!info.table->line.empty()) absl::StrAppend(&line, " pv ", LineText(info.table->line));
    return line;
  }
  switch (info.kind) {
    case EngineKind::kMcts: {
      const RootDecision& best = info.best;
      const char* proven = best.proven == Outcome::kOngoing    ? ""
                           : best.proven == Outcome::kDraw     ? " proven draw"
                           : best.proven == WinFor(info.mover) ? " proven win"
                                                               : " proven loss";
      return absl::StrFormat(
          "info iterations %d ips %.0f time %.3f nodes %d best %s visits %d winrate %.3f%s pv %s",
          info.iterations, info.seconds > 0 ? info.iterations / info.seconds : 0.0, info.seconds,
          info.nodes, DecisionText(best.decision), best.visits, best.win_rate, proven,
          LineText(info.pv));
    }
    case EngineKind::kRandom:
      return absl::StrCat("info string a uniformly random decision pv ", LineText(info.pv));
    default:
      return absl::StrFormat(
          "info depth %d%s score %s nodes %d nps %.0f time %.3f pv %s", info.depth,
          info.multipv > 0 ? absl::StrCat(" multipv ", info.multipv) : "", ScoreText(info.score),
          info.nodes, info.seconds > 0 ? info.nodes / info.seconds : 0.0, info.seconds,
          LineText(info.pv));
  }
}

absl::StatusOr<std::unique_ptr<EngineSession>> MakeEngineSession(const AnyGame& game,
                                                                 const EngineOptions& options) {
  std::unique_ptr<EngineSession> session =
      std::visit([](const auto& g) { return MakeGameEngineSession(g); }, game);
  if (absl::Status status = session->Configure(options); !status.ok()) return status;
  return session;
}

absl::StatusOr<std::unique_ptr<EngineSession>> MakeEngineSession(absl::string_view game_spec,
                                                                 const EngineOptions& options) {
  absl::StatusOr<AnyGame> game = MakeGame(game_spec);
  if (!game.ok()) return game.status();
  return MakeEngineSession(*game, options);
}

}  // namespace lud64
