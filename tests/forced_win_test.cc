// Positions with a forced win in 1, 3 and 5 of the mover's turns (found
// by solving positions of random games or random sparse endgames, then fixed
// here): alpha-beta finds a winning decision at sufficient depth, and the
// solver proves the win and plays it to the end.
#include "boards/damdaman/damdaman.h"
#include "boards/damdaman/damdaman_text.h"
#include "boards/davxar/davxar.h"
#include "boards/davxar/davxar_text.h"
#include "boards/guettal/guettal.h"
#include "boards/guettal/guettal_text.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "gtest/gtest.h"
#include "play/search_instances.h"
#include "search/alphabeta.h"
#include "search/solver.h"

namespace lud64::forced_win_test {
namespace {

struct ForcedWin {
  const char* position;
  int mover_turns;  // the winner's turns to the end (a Davxar removal is part of its turn)
  int plies;        // all decisions to the end
};

// The value for the player to move in `p` of `child` reached by one decision.
template <class G>
Score ValueAfter(const G& game, const typename G::Position& p, Decision d) {
  typename G::Position child = p;
  Apply(game, child, d);
  Solver<G> solver(game, 8);
  const SolveReport report = solver.Solve(child, {.depth = 40});
  EXPECT_TRUE(report.proven);
  return child.state.to_move == p.state.to_move ? report.lower : -report.lower;
}

template <class G>
void ExpectForcedWins(const G& game, const std::vector<ForcedWin>& wins) {
  for (const ForcedWin& win : wins) {
    SCOPED_TRACE(win.position);
    const typename G::Position p = ParsePosition(game, win.position).value();
    // The solver proves the win and its length.
    Solver<G> solver(game, 8);
    const SolveReport proof = solver.Solve(p, {.depth = 40});
    ASSERT_TRUE(proof.proven);
    EXPECT_EQ(proof.lower, WinIn(win.plies));
    int mover = 0;
    typename G::Position q = p;
    for (Decision d : proof.pv) {
      mover += q.state.to_move == p.state.to_move && !game.mid_turn(q);
      Apply(game, q, d);
    }
    EXPECT_TRUE(q.state.over());
    EXPECT_EQ(q.state.outcome, WinFor(p.state.to_move));
    EXPECT_EQ(mover, win.mover_turns);
    // Alpha-beta at that depth scores the win and plays a decision that keeps it
    // (one ply from the root, so a win in plies - 1 from the child).
    TranspositionTable table(8);
    AlphaBeta<G> search(game, &table);
    const SearchReport found = search.Search(p, {.depth = win.plies});
    EXPECT_EQ(found.score, WinIn(win.plies));
    ASSERT_FALSE(found.pv.empty());
    EXPECT_EQ(ValueAfter(game, p, found.pv.front()), WinIn(win.plies - 1))
        << FormatDecision(found.pv.front(), game.site_names());
  }
}

TEST(ForcedWin, Guettal) {
  ExpectForcedWins(Guettal(),
                   {
                       // The opponent passed and nothing is open: the pass wins on count.
                       {"ooooooooo/ooo----o-/--oo-----/--------- o turn=7 passed", 1, 1},
                       {"ooooooooo/ooo.xxxoo/.xox..xxx/xxxxxxxxx x turn=10", 3, 6},
                       {"ooooooooo/ooox.o.x./o.xo..xxx/xxxxxxxxx x turn=6", 5, 9},
                   });
}

TEST(ForcedWin, Damdaman) {
  ExpectForcedWins(
      Damdaman(), {
                      {".oo.oo./...xoo./oo...../...o.../.o...../...o.../....... o turn=1325", 1, 1},
                      {"o.oxoo./....oo./oo...../x..o.../o....../...o.../....... o turn=1321", 3, 5},
                      // The lone piece is chased into the corner G7 and taken there.
                      {"......./....x../....x.o/......./......x/......./....... x turn=974", 5, 9},
                  });
}

TEST(ForcedWin, Davxar) {
  ExpectForcedWins(Davxar(),
                   {
                       // A mill by a step, then the last opponent piece removed.
                       {"o../x../o../.../..o...../o../o../oo./o.o o turn=97 hand=0,0", 1, 2},
                       {"o../x../.../o../xo....../o../o../ooo/o.. o turn=87 hand=0,0", 3, 7},
                       // A mill, then the same mill opened and closed twice: three removals.
                       {".xx/.../.../.../x......./.../.../..o/.oo o turn=759 hand=0,0", 5, 12},
                   });
}

}  // namespace
}  // namespace lud64::forced_win_test
