// `lud64 bestmove`: iterative-deepening alpha-beta from a position; one `info`
// line per completed depth, then `bestmove <decision>`. Ctrl-C stops the
// search and still prints the best decision found.
#ifndef LUD64_PLAY_BEST_MOVE_H_
#define LUD64_PLAY_BEST_MOVE_H_

#include <algorithm>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "engine/input_text.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "engine/stop.h"
#include "play/game_record.h"
#include "play/peak_memory.h"
#include "play/search_instances.h"
#include "play/weight_file.h"
#include "search/alphabeta.h"
#include "tablebase/games/game_tablebases.h"
#include "tablebase/operations/tb_operations.h"
#include "tablebase/probe/engine_probe.h"

namespace lud64 {

struct BestMoveRequest {
  std::string position = "start";
  std::string moves;  // played from `position`: the game history
  int depth = 64;
  uint64_t nodes = 0;    // 0: no limit
  double seconds = 0;    // per decision; 0: no limit
  double clock = 0;      // a game clock instead: seconds left
  double increment = 0;  // and seconds added per decision
  int hash_mib = 64;
  Evaluation evaluation = Evaluation::kLearned;
  std::string network_file;  // a weight file instead of the program's network (weight_file.h)
  bool use_tables = false;   // endgame tables from `tables` ("" for the default directory)
  std::string tables;
  StopFlag stop = nullptr;  // set (Ctrl-C): the search answers with what it has
};

// The seconds to spend on one decision with `clock` seconds left and `increment`
// seconds added per decision: a fortieth of the clock plus most of the increment,
// never more than a third of what is left.
inline double TimeForDecision(double clock, double increment) {
  return std::min(clock / 3, clock / 40 + 0.8 * increment);
}

// The `info` line of a completed iteration (bestmove and the UGI protocol).
template <Game G>
std::string SearchInfoLine(const G& game, const SearchReport& r) {
  return absl::StrFormat("info depth %d score %s nodes %d nps %.0f time %.3f pv %s", r.depth,
                         ScoreText(r.score), r.nodes, r.seconds > 0 ? r.nodes / r.seconds : 0.0,
                         r.seconds, LineText(game, r.pv));
}

// What a best-move search found: at a root the tables hold, their answer
// (the fastest win, the slowest loss, a draw kept); otherwise the search's.
struct BestMoveAnswer {
  Decision best = Decision::Pass();
  std::optional<tablebase::TbProbeResult> table;  // set when the tables answered
  SearchReport report = {};                       // otherwise, the last iteration's
};

// The best decision in `root`, reached by a game of positions hashed in
// `history` (the repetition rule's; PositionAfter gives them), within the
// request's limits (its position and moves unused: `root` is given);
// `on_iteration` sees each completed depth. The time limit counts the
// transposition table's set-up too.
template <SearchableGame G>
absl::StatusOr<BestMoveAnswer> SearchBestMove(
    const G& game, const typename G::Position& root, std::vector<uint64_t> history,
    const BestMoveRequest& request,
    const std::function<void(const SearchReport&)>& on_iteration = {}) {
  tablebase::SearchTables<typename G::Position> tables;
  if (request.use_tables) {
    absl::StatusOr<tablebase::SearchTables<typename G::Position>> opened =
        tablebase::OpenSearchTables(game, root, request.tables);
    if (!opened.ok()) return opened.status();
    tables = *std::move(opened);
    if (const std::optional<tablebase::TbProbeResult>& answer = tables.root;
        answer && answer->best) {
      return BestMoveAnswer{.best = *answer->best, .table = answer};
    }
  }
  const absl::Time start = absl::Now();
  TranspositionTable table(request.hash_mib);
  absl::StatusOr<std::shared_ptr<const QuantizedNetwork>> network =
      LoadWeightFile(game, request.network_file);
  if (!network.ok()) return network.status();
  AlphaBeta<G> search(game, &table,
                      {.evaluation = request.evaluation, .network = *std::move(network)});
  search.SetGameHistory(std::move(history));
  search.SetEndgameProbe(std::move(tables.probe));
  SearchLimits limits{request.depth, request.nodes, request.seconds, request.stop};
  if (request.clock > 0) limits.seconds = TimeForDecision(request.clock, request.increment);
  if (limits.seconds > 0) {
    constexpr double kLeastSeconds = 1e-3;  // for a decision
    limits.seconds =
        std::max(kLeastSeconds, limits.seconds - absl::ToDoubleSeconds(absl::Now() - start));
  }
  BestMoveAnswer answer;
  answer.report = search.Search(root, limits, on_iteration);
  answer.best = answer.report.pv.front();
  return answer;
}

template <Game G>
absl::Status RunBestMove(const G& game, const BestMoveRequest& request, std::ostream& out) {
  std::vector<uint64_t> history;
  absl::StatusOr<typename G::Position> root =
      PositionAfter(game, request.position, request.moves, &history);
  if (!root.ok()) return root.status();
  if (root->state.over()) {
    return absl::InvalidArgumentError(absl::StrCat("position ", Quoted(request.position),
                                                   ": the game is over, no decision to make"));
  }
  if constexpr (!SearchableGame<G>) {
    return absl::UnimplementedError(absl::StrCat(game.name(), " has no evaluation yet"));
  } else {
    const absl::StatusOr<BestMoveAnswer> answer =
        SearchBestMove(game, *root, std::move(history), request, [&](const SearchReport& r) {
          out << SearchInfoLine(game, r) << "\n" << std::flush;
        });
    if (!answer.ok()) return answer.status();
    if (const std::optional<tablebase::TbProbeResult>& table = answer->table) {
      out << "info tablebase " << tablebase::ResultName(table->under_limit.result);
      if (table->under_limit.result != tablebase::TbResult::kDraw)
        out << " in " << table->under_limit.turns << " turns";
      // A draw has no line to its end.
      if (!table->line.empty()) out << " pv " << LineText(game, table->line);
      out << "\n";
    } else {
      out << absl::StreamFormat("info string peak RSS %.1f MiB\n", Mebibytes(PeakRssBytes()));
    }
    out << "bestmove " << FormatDecision(answer->best, game.site_names()) << "\n";
    return absl::OkStatus();
  }
}

// Compiled once for each game, in play/analyses_<game>.cc (LUD64_BEST_MOVE(G, )).
// NOLINTBEGIN(bugprone-macro-parentheses)
#define LUD64_BEST_MOVE(G, kind)                                                   \
  kind template absl::StatusOr<BestMoveAnswer> SearchBestMove<G>(                  \
      const G&, const G::Position&, std::vector<uint64_t>, const BestMoveRequest&, \
      const std::function<void(const SearchReport&)>&);                            \
  kind template absl::Status RunBestMove<G>(const G&, const BestMoveRequest&, std::ostream&);
// NOLINTEND(bugprone-macro-parentheses)
LUD64_FOR_EACH_GAME(LUD64_BEST_MOVE, extern)

}  // namespace lud64

#endif  // LUD64_PLAY_BEST_MOVE_H_
