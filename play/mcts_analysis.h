// `lud64 bestmove --engine=mcts`: Monte Carlo tree search from a position; an
// `info` line about every second and at the end, then `bestmove <decision>`.
// Ctrl-C stops the search and still prints the best decision found.
#ifndef LUD64_PLAY_MCTS_ANALYSIS_H_
#define LUD64_PLAY_MCTS_ANALYSIS_H_

#include <functional>
#include <ostream>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "engine/input_text.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "play/best_move.h"
#include "play/peak_memory.h"
#include "play/search_instances.h"
#include "play/weight_file.h"
#include "search/mcts.h"
#include "tablebase/games/game_tablebases.h"
#include "tablebase/probe/engine_probe.h"

namespace lud64 {

struct MctsBestMoveRequest {
  std::string position = "start";
  std::string moves;     // played from `position`
  MctsLimits limits;     // with neither limit: until a proof or limits.stop (Ctrl-C)
  double clock = 0;      // a game clock instead of limits.seconds: seconds left
  double increment = 0;  // and seconds added per decision
  MctsOptions options;
  std::string network_file;  // a weight file instead of the program's network (weight_file.h)
  bool use_tables = false;   // endgame tables from `tables` ("" for the default directory)
  std::string tables;
};

// " proven win", " proven loss", " proven draw" for `mover`, or "".
inline std::string ProvenText(Outcome proven, Player mover) {
  if (proven == Outcome::kOngoing) return "";
  return proven == Outcome::kDraw  ? " proven draw"
         : proven == WinFor(mover) ? " proven win"
                                   : " proven loss";
}

// The `info` line of an MCTS search so far (bestmove and the UGI protocol);
// `mover`: the player to move at the root.
template <Game G>
std::string MctsInfoLine(const G& game, const MctsReport& r, Player mover) {
  return absl::StrFormat(
      "info iterations %d ips %.0f time %.3f nodes %d best %s visits %d winrate %.3f%s pv %s",
      r.iterations, r.seconds > 0 ? r.iterations / r.seconds : 0.0, r.seconds, r.nodes,
      FormatDecision(r.best.decision, game.site_names()), r.best.visits, r.best.win_rate,
      ProvenText(r.best.proven, mover), LineText(game, r.line));
}

// The search's report from `root` within the request's limits (its position
// and moves unused: `root` is given); `on_report` sees it about every second.
template <Game G>
absl::StatusOr<MctsReport> MctsSearchBestMove(
    const G& game, const typename G::Position& root, const MctsBestMoveRequest& request,
    const std::function<void(const MctsReport&)>& on_report = {}) {
  MctsOptions options = request.options;
  absl::StatusOr<std::shared_ptr<const QuantizedNetwork>> network =
      LoadWeightFile(game, request.network_file);
  if (!network.ok()) return network.status();
  options.network = *std::move(network);
  Mcts<G> mcts(game, options);
  if (request.use_tables) {
    absl::StatusOr<EndgameProbe<typename G::Position>> probe =
        tablebase::MakeEndgameProbe(game, request.tables);
    if (!probe.ok()) return probe.status();
    mcts.SetEndgameProbe(*std::move(probe));
  }
  mcts.SetRoot(root);
  MctsLimits limits = request.limits;
  if (request.clock > 0) limits.seconds = TimeForDecision(request.clock, request.increment);
  return mcts.Search(limits, on_report);
}

template <Game G>
absl::Status RunMctsBestMove(const G& game, const MctsBestMoveRequest& request, std::ostream& out) {
  absl::StatusOr<typename G::Position> root = PositionAfter(game, request.position, request.moves);
  if (!root.ok()) return root.status();
  if (root->state.over()) {
    return absl::InvalidArgumentError(absl::StrCat("position ", Quoted(request.position),
                                                   ": the game is over, no decision to make"));
  }
  const Player mover = root->state.to_move;
  const auto print = [&](const MctsReport& r) {
    out << MctsInfoLine(game, r, mover) << "\n" << std::flush;
  };
  const absl::StatusOr<MctsReport> report = MctsSearchBestMove(game, *root, request, print);
  if (!report.ok()) return report.status();
  print(*report);
  if (report->memory_full) {
    out << "info the tree filled its memory bound (--memory); the search went on without "
           "growing it\n";
  }
  out << absl::StreamFormat("info string peak RSS %.1f MiB\n", Mebibytes(PeakRssBytes()))
      << "bestmove " << FormatDecision(report->best.decision, game.site_names()) << "\n";
  return absl::OkStatus();
}

// Compiled once for each game, in play/analyses_<game>.cc (LUD64_MCTS_ANALYSIS(G, )).
// NOLINTBEGIN(bugprone-macro-parentheses)
#define LUD64_MCTS_ANALYSIS(G, kind)                                                  \
  kind template absl::StatusOr<MctsReport> MctsSearchBestMove<G>(                     \
      const G&, const G::Position&, const MctsBestMoveRequest&,                       \
      const std::function<void(const MctsReport&)>&);                                 \
  kind template absl::Status RunMctsBestMove<G>(const G&, const MctsBestMoveRequest&, \
                                                std::ostream&);
// NOLINTEND(bugprone-macro-parentheses)
LUD64_FOR_EACH_GAME(LUD64_MCTS_ANALYSIS, extern)

}  // namespace lud64

#endif  // LUD64_PLAY_MCTS_ANALYSIS_H_
