// The solver (search/solver.h) against a plain minimax over the whole tree.
#include "search/solver.h"

#include "boards/damdaman/damdaman.h"
#include "boards/damdaman/damdaman_text.h"
#include "boards/guettal/guettal.h"
#include "boards/guettal/guettal_text.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "gtest/gtest.h"
#include "play/search_instances.h"
#include "tests/reference_data.h"

namespace lud64::solver_test {
namespace {

// The exact value for the player to move: the shortest win, the longest loss.
// `budget` counts down the nodes visited; below zero the result is void.
template <class G>
Score Minimax(const G& game, const typename G::Position& p, int ply, int64_t& budget) {
  if (--budget < 0) return 0;
  if (p.state.over()) {
    if (p.state.outcome == Outcome::kDraw) return 0;
    return p.state.outcome == WinFor(p.state.to_move) ? WinIn(ply) : LossIn(ply);
  }
  DecisionList list;
  LegalDecisions(game, p, list);
  Score best = -kInfinity;
  for (Decision d : list) {
    typename G::Position child = p;
    Apply(game, child, d);
    const Score s = child.state.to_move == p.state.to_move ? Minimax(game, child, ply + 1, budget)
                                                           : -Minimax(game, child, ply + 1, budget);
    best = std::max(best, s);
  }
  return best;
}

// Guettal positions of the reference games with at most `open` open cells.
std::vector<Guettal::Position> GuettalEndgames(const Guettal& game, int open, size_t most) {
  std::vector<Guettal::Position> positions;
  for (const testing::Trace& trace : testing::ReadTraces("guettal15.txt")) {
    Guettal::Position p = game.start();
    for (const testing::TracePly& ply : trace.moves) {
      const int free_cells = 36 - PopCount(p.pieces[0] | p.pieces[1] | p.blocked);
      if (!p.state.over() && free_cells <= open && free_cells > 1) {
        positions.push_back(p);
        break;
      }
      Apply(game, p, ParseDecision(ply.decision, game.site_names()).value());
    }
    if (positions.size() >= most) break;
  }
  return positions;
}

TEST(Solver, AgreesWithMinimaxOnGuettalEndgames) {
  const Guettal game;
  int compared = 0;
  for (const Guettal::Position& p : GuettalEndgames(game, 8, 200)) {
    int64_t budget = 200'000;
    const Score exact = Minimax(game, p, 0, budget);
    if (budget < 0) continue;  // too large a tree for plain minimax
    ++compared;
    Solver<Guettal> solver(game, 4);
    const SolveReport report = solver.Solve(p, {});
    ASSERT_TRUE(report.proven) << FormatPosition(game, p);
    EXPECT_EQ(report.lower, exact) << FormatPosition(game, p);
    // The first decision of the line keeps the value.
    Guettal::Position child = p;
    Apply(game, child, report.pv.front());
    budget = 200'000;
    const Score after = child.state.to_move == p.state.to_move ? Minimax(game, child, 1, budget)
                                                               : -Minimax(game, child, 1, budget);
    EXPECT_EQ(after, exact) << FormatPosition(game, p);
  }
  EXPECT_GE(compared, 20);
}

TEST(Solver, ProvesTheGuettalFirstMoveWin) {
  const Guettal game;
  Solver<Guettal> solver(game, 16);
  const SolveReport report = solver.Solve(game.start(), {});
  ASSERT_TRUE(report.proven);
  EXPECT_EQ(report.lower, WinIn(3));
  const std::string best = FormatDecision(report.pv.front(), game.site_names());
  EXPECT_TRUE(best == "A2" || best == "I3") << best;
}

// In these Damdaman endgames a table cut could end the proof's line one
// decision before the capture of the last piece.
TEST(Solver, LineOfAProvenWinPlaysItToTheEnd) {
  const Damdaman game;
  for (const char* text : {"......./......./.o...../o....../......./x....../..o.... o turn=771",
                           ".x.o.../..x...x/......./......./......./......./....... x turn=1002",
                           "......./......./......./....x../....x../...xx../.....o. x turn=1044"}) {
    SCOPED_TRACE(text);
    const Damdaman::Position root = ParsePosition(game, text).value();
    Solver<Damdaman> solver(game, 16);
    const SolveReport report = solver.Solve(root, {});
    ASSERT_TRUE(report.proven);
    ASSERT_EQ(report.lower, WinIn(9));
    ASSERT_EQ(report.pv.size(), 9u);
    Damdaman::Position end = root;
    for (const Decision d : report.pv) {
      ASSERT_TRUE(IsLegal(game, end, d)) << FormatDecision(d, game.site_names());
      Apply(game, end, d);
    }
    EXPECT_TRUE(end.state.over());
    EXPECT_EQ(end.state.outcome, WinFor(root.state.to_move));
  }
}

TEST(Solver, ReportsBoundsWhenTheLimitIsReached) {
  const Guettal game;
  Solver<Guettal> solver(game, 4);
  const SolveReport report =
      solver.Solve(ParsePosition(game, "ooooooooo/ooo..o.x./.x....xxx/xxxxxxxxx o turn=3").value(),
                   {.depth = 2});
  EXPECT_FALSE(report.proven);
  EXPECT_LT(report.lower, report.upper);
}

}  // namespace
}  // namespace lud64::solver_test
