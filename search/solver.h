// Exact solving: the game-theoretic value of a position (win, loss or draw for
// the player to move, with the number of plies to the end under best play:
// the shortest win, the longest loss). Each iteration searches to depth d
// twice, valuing unresolved horizon positions first as the worst and then as
// the best result for the player to move; minimax is monotone in its leaves,
// so the two results bracket the true value, and equal brackets prove it.
#ifndef LUD64_SEARCH_SOLVER_H_
#define LUD64_SEARCH_SOLVER_H_

#include <chrono>
#include <functional>
#include <vector>

#include "search/alphabeta.h"

namespace lud64 {

struct SolveReport {
  bool proven = false;
  Score lower = -kInfinity;  // bounds on the value for the player to move
  Score upper = kInfinity;
  int depth = 0;             // deepest completed iteration
  std::vector<Decision> pv;  // a line achieving `lower`
  uint64_t nodes = 0;        // since Solve began (in on_iteration: so far)
  double seconds = 0;        // likewise
  bool stopped = false;      // by a limit or a stop request, before a proof
};

template <SearchableGame G>
class Solver {
 public:
  using Position = typename G::Position;

  Solver(const G& game, size_t table_mib) : game_(game), table_(table_mib) {}

  // Empties the table, so that the next Solve depends on its root alone.
  void ClearTable() { table_.Clear(); }
  // Maps the new table's pages before the first proof (TranspositionTable::Populate).
  void PopulateTable() { table_.Populate(); }

  // Endgame tables: positions they hold are exact leaves of the proof.
  void SetEndgameProbe(EndgameProbe<Position> probe) { endgame_probe_ = std::move(probe); }

  // `limits.depth` bounds the iterations; `on_iteration` reports each one.
  SolveReport Solve(const Position& root, const SearchLimits& limits,
                    const std::function<void(const SolveReport&)>& on_iteration = {}) {
    const auto start = std::chrono::steady_clock::now();
    const auto elapsed = [&] {
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    };
    const Player me = root.state.to_move;
    AlphaBeta<G> pessimist(game_, &table_, {.leaves = Leaves::kPessimistic, .for_player = me});
    AlphaBeta<G> optimist(game_, &table_, {.leaves = Leaves::kOptimistic, .for_player = me});
    pessimist.SetEndgameProbe(endgame_probe_);
    optimist.SetEndgameProbe(endgame_probe_);
    SolveReport report;
    for (int depth = 1; depth <= std::min(limits.depth, AlphaBeta<G>::kMaxPly - 2); ++depth) {
      const SearchReport low = pessimist.SearchDepth(root, depth, Remaining(limits, optimist));
      if (pessimist.stopped()) break;
      const SearchReport high = optimist.SearchDepth(root, depth, Remaining(limits, pessimist));
      if (optimist.stopped()) break;
      report.depth = depth;
      report.lower = low.score;
      report.upper = high.score;
      report.pv = low.pv;
      report.nodes = pessimist.nodes() + optimist.nodes();
      report.seconds = elapsed();
      report.proven = low.score == high.score;
      if (on_iteration) on_iteration(report);
      if (report.proven) break;
    }
    if (report.proven && report.lower != 0) CompleteLine(root, me, report);
    // Totals of the whole run, the abandoned iteration included.
    report.nodes = pessimist.nodes() + optimist.nodes();
    report.seconds = elapsed();
    report.stopped = !report.proven;
    if (report.pv.empty()) {
      DecisionList list;
      LegalDecisions(game_, root, list);
      if (!list.empty()) report.pv.push_back(list[0]);
    }
    return report;
  }

 private:
  // A cut on a table entry can end the proof's line before the game ends (the
  // entry holds the value, not the line); the rest is the line of the
  // position where it stops, searched in turn. Each search extends the line
  // by at least its first decision, as the root of a search is never cut.
  void CompleteLine(const Position& root, Player me, SolveReport& report) {
    const int length = PliesToEnd(report.lower);
    Position end = root;
    for (const Decision d : report.pv) Apply(game_, end, d);
    AlphaBeta<G> search(game_, &table_, {.leaves = Leaves::kPessimistic, .for_player = me});
    search.SetEndgameProbe(endgame_probe_);
    while (!end.state.over() && static_cast<int>(report.pv.size()) < length) {
      const SearchReport rest =
          search.SearchDepth(end, length - static_cast<int>(report.pv.size()), {});
      if (rest.pv.empty()) return;
      for (const Decision d : rest.pv) {
        report.pv.push_back(d);
        Apply(game_, end, d);
      }
    }
  }

  // The limits left for one search after the other's work.
  static SearchLimits Remaining(const SearchLimits& limits, const AlphaBeta<G>& other) {
    SearchLimits left = limits;
    if (limits.nodes) left.nodes = limits.nodes > other.nodes() ? limits.nodes - other.nodes() : 1;
    return left;
  }

  const G& game_;
  TranspositionTable table_;
  EndgameProbe<Position> endgame_probe_;
};

}  // namespace lud64

#endif  // LUD64_SEARCH_SOLVER_H_
