// `lud64 solve`: proves the value of a position, or reports the bounds reached
// within the limits. Progress goes to stderr after each iteration.
#ifndef LUD64_PLAY_SOLVE_ANALYSIS_H_
#define LUD64_PLAY_SOLVE_ANALYSIS_H_

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "engine/input_text.h"
#include "engine/stop.h"
#include "play/best_move.h"
#include "play/search_instances.h"
#include "search/solver.h"
#include "tablebase/games/game_tablebases.h"
#include "tablebase/operations/tb_operations.h"
#include "tablebase/probe/engine_probe.h"

namespace lud64 {

struct SolveRequest {
  std::string position = "start";
  // Played from `position`. The rules know no repetition, so the proof
  // depends only on the position reached.
  std::string moves;
  int depth = 100;     // iterations at most
  uint64_t nodes = 0;  // 0: no limit
  double seconds = 0;  // 0: no limit
  int hash_mib = 256;
  bool json = false;
  bool use_tables = false;  // endgame tables from `tables` ("" for the default directory)
  std::string tables;
  StopFlag stop = nullptr;  // set (Ctrl-C): the solver reports its bounds so far
};

// "win", "loss" or "draw" for the player to move, for a proven score.
inline const char* ValueName(Score s) { return s > 0 ? "win" : s < 0 ? "loss" : "draw"; }

// "a win in 5", "at least a draw", ... for bounds that are not equal.
std::string BoundsText(Score lower, Score upper);

// A root the endgame tables hold: its value at once, with the tables' line.
template <Game G>
absl::Status PrintTableAnswer(const G& game, const typename G::Position& root,
                              const tablebase::TbProbeResult& r, bool json, std::ostream& out) {
  const char* mover = root.state.to_move == Player::kP1 ? "P1" : "P2";
  const char* value = tablebase::ResultName(r.under_limit.result);
  const bool decisive = r.under_limit.result != tablebase::TbResult::kDraw;
  const std::string best = r.best ? FormatDecision(*r.best, game.site_names()) : "pass";
  const int plies = decisive ? static_cast<int>(r.line.size()) : -1;
  if (json) {
    out << absl::StreamFormat(
        "{\"value\": \"%s\", \"turns\": %d, \"plies\": %d, \"best\": \"%s\", \"pv\": "
        "\"%s\", \"nodes\": 0, \"seconds\": 0, \"proven\": true, \"tablebase\": true, "
        "\"to_move\": \"%s\"}\n",
        value, r.under_limit.turns, plies, best, LineText(game, r.line), mover);
    return absl::OkStatus();
  }
  out << absl::StreamFormat("value   %s", value);
  if (decisive) out << absl::StreamFormat(" in %d turns (%d plies)", r.under_limit.turns, plies);
  out << " for " << mover << " (to move), from the endgame tables (" << r.family << ")\n"
      << "best    " << best << "\n";
  if (decisive) out << "line    " << LineText(game, r.line) << "\n";
  return absl::OkStatus();
}

// A proof that reached the tables, played on through the tables' optimal line
// from the first position they hold, to the end. Scores mix search plies and
// table turns, so distances are read off this line instead.
template <Game G>
struct LineToTheEnd {
  std::vector<Decision> decisions;
  typename G::Position end;  // the final position, for the turns
};

// Empty when the line does not reach the tables and an end.
template <Game G>
std::optional<LineToTheEnd<G>> LineThroughTables(
    const G& game, typename G::Position position, const std::vector<Decision>& pv,
    const tablebase::TableAnswer<typename G::Position>& answer) {
  LineToTheEnd<G> line;
  for (Decision d : pv) {
    Apply(game, position, d);
    line.decisions.push_back(d);
    if (!position.state.over()) {
      absl::StatusOr<tablebase::TbProbeResult> held = answer(position);
      if (!held.ok()) continue;
      for (Decision rest : held->line) {
        Apply(game, position, rest);
        line.decisions.push_back(rest);
      }
      if (!position.state.over()) return std::nullopt;
    }
    line.end = position;
    return line;
  }
  return std::nullopt;
}

template <Game G>
absl::Status RunSolve(const G& game, const SolveRequest& request, std::ostream& out,
                      std::ostream& progress) {
  absl::StatusOr<typename G::Position> root = PositionAfter(game, request.position, request.moves);
  if (!root.ok()) return root.status();
  if (root->state.over()) {
    return absl::InvalidArgumentError(
        absl::StrCat("position ", Quoted(request.position), ": the game is already over"));
  }
  if constexpr (!SearchableGame<G>) {
    return absl::UnimplementedError(absl::StrCat(game.name(), " has no search support yet"));
  } else {
    Solver<G> solver(game, request.hash_mib);
    tablebase::TableAnswer<typename G::Position> answer;
    if (request.use_tables) {
      absl::StatusOr<tablebase::SearchTables<typename G::Position>> tables =
          tablebase::OpenSearchTables(game, *root, request.tables);
      if (!tables.ok()) return tables.status();
      if (tables->root) return PrintTableAnswer(game, *root, *tables->root, request.json, out);
      solver.SetEndgameProbe(std::move(tables->probe));
      answer = std::move(tables->answer);
    }
    const SolveReport r = solver.Solve(
        *root, {request.depth, request.nodes, request.seconds, request.stop},
        [&](const SolveReport& it) {
          progress << absl::StreamFormat("solve: depth %d, %s, %d nodes, %.2fs\n", it.depth,
                                         BoundsText(it.lower, it.upper), it.nodes, it.seconds);
        });
    const char* mover = root->state.to_move == Player::kP1 ? "P1" : "P2";
    const std::string best = FormatDecision(r.pv.front(), game.site_names());
    // A draw carries no distance in the score: its plies are those of the line.
    int plies = r.lower == 0 ? static_cast<int>(r.pv.size()) : PliesToEnd(r.lower);
    std::vector<Decision> line = r.pv;
    int turns = -1;  // known when the line reaches the tables
    if (answer && r.proven && r.lower != 0) {
      std::optional<LineToTheEnd<G>> through = LineThroughTables(game, *root, r.pv, answer);
      if (through.has_value()) {
        turns = through->end.state.turn - root->state.turn;
        plies = static_cast<int>(through->decisions.size());
        line = std::move(through->decisions);
      }
    }
    const std::string distance = turns >= 0 ? absl::StrFormat("%d turns (%d plies)", turns, plies)
                                            : absl::StrFormat("%d plies", plies);
    if (request.json) {
      out << absl::StreamFormat(
          "{\"value\": \"%s\", \"plies\": %d,%s \"best\": \"%s\", \"pv\": \"%s\", "
          "\"nodes\": %d, \"seconds\": %.6f, \"proven\": %s, \"depth\": %d, \"bounds\": \"%s\", "
          "\"to_move\": \"%s\"}\n",
          r.proven ? ValueName(r.lower) : "unknown", r.proven ? plies : -1,
          turns >= 0 ? absl::StrFormat(" \"turns\": %d,", turns) : "", best, LineText(game, line),
          r.nodes, r.seconds, r.proven ? "true" : "false", r.depth, BoundsText(r.lower, r.upper),
          mover);
    } else if (r.proven) {
      out << absl::StreamFormat("value   %s in %s for %s (to move)%s\n", ValueName(r.lower),
                                distance, mover,
                                r.lower > 0 ? absl::StrCat(": ", mover, " wins") : "")
          << "best    " << best << "\n"
          << "line    " << LineText(game, line) << "\n"
          << absl::StreamFormat("nodes   %d in %.3f s, depth %d\n", r.nodes, r.seconds, r.depth);
    } else {
      out << absl::StreamFormat("unproven within the limits after depth %d: %s for %s\n", r.depth,
                                BoundsText(r.lower, r.upper), mover)
          << "line    " << LineText(game, r.pv) << " (achieves the lower bound)\n"
          << absl::StreamFormat("nodes   %d in %.3f s\n", r.nodes, r.seconds);
    }
    return absl::OkStatus();
  }
}

// Compiled once for each game, in play/analyses_<game>.cc (LUD64_SOLVE_ANALYSIS(G, )).
// NOLINTBEGIN(bugprone-macro-parentheses)
#define LUD64_SOLVE_ANALYSIS(G, kind)                                                  \
  kind template absl::Status RunSolve<G>(const G&, const SolveRequest&, std::ostream&, \
                                         std::ostream&);
// NOLINTEND(bugprone-macro-parentheses)
LUD64_FOR_EACH_GAME(LUD64_SOLVE_ANALYSIS, extern)

}  // namespace lud64

#endif  // LUD64_PLAY_SOLVE_ANALYSIS_H_
