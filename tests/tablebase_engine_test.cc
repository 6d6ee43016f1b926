// The engines with endgame tables: the solver and alpha-beta score table
// positions exactly, so a position whose decisions all lead into the tables is
// proven at depth 1, with the tables' value and distance.
#include <bit>
#include <random>
#include <sstream>

#include "boards/damdaman/damdaman.h"
#include "boards/damdaman/damdaman_text.h"
#include "engine/position_text.h"
#include "gtest/gtest.h"
#include "play/search_instances.h"
#include "search/alphabeta.h"
#include "search/solver.h"
#include "tablebase/games/damdaman_tablebase.h"
#include "tablebase/games/game_tablebases.h"
#include "tablebase/operations/tb_operations.h"
#include "tablebase/probe/engine_probe.h"
#include "tests/scoped_temp_dir.h"

namespace lud64::tablebase::tablebase_engine_test {
namespace {

using damdaman::DamdamanTb;

// Builds the tables up to 2 v 2 into `dir` (a ScopedTempDir of the test's own).
void BuildDamdamanTables(const std::string& dir) {
  std::ostringstream log;
  EXPECT_TRUE(
      BuildTablebases(Damdaman(), {.dir = dir, .upto = EndgameLimit::Up(2), .threads = 2}, log)
          .ok());
}

TEST(EngineTables, SolverProvesTablePositionsAtDepthOneWithTheTablesValue) {
  const Damdaman game;
  const ScopedTempDir temp("engine_tables_solver");
  const std::string& dir = temp.path();
  BuildDamdamanTables(dir);
  absl::StatusOr<EndgameProbe<Damdaman::Position>> probe = MakeEndgameProbe(game, dir);
  ASSERT_TRUE(probe.ok()) << probe.status();
  absl::StatusOr<Tablebase<DamdamanTb>> base =
      Tablebase<DamdamanTb>::Open(DamdamanTb::ForGame(game), dir);
  ASSERT_TRUE(base.ok()) << base.status();
  Solver<Damdaman> solver(game, 4);
  solver.SetEndgameProbe(*probe);
  int wins = 0, losses = 0, draws = 0;
  // Every 7th position with two pieces against one, each side to move (1.4%
  // of 2 v 1 positions are wins, 0.2% of 1 v 2 losses).
  constexpr int kSites = Damdaman::Grid::kSites;
  int index = 0;
  for (int a = 0; a < kSites; ++a)
    for (int b = a + 1; b < kSites; ++b)
      for (int c = 0; c < kSites; ++c) {
        if (c == a || c == b || index++ % 7 != 0) continue;
        for (Player mover : {Player::kP1, Player::kP2}) {
          Damdaman::Position position;
          position.pieces[0] = SquareBit(a) | SquareBit(b);
          position.pieces[1] = SquareBit(c);
          position.state.to_move = mover;
          absl::StatusOr<TbValue> expected = base->Probe(position);
          ASSERT_TRUE(expected.ok()) << expected.status();
          const std::optional<TableValue> exact = (*probe)(position);
          ASSERT_TRUE(exact.has_value());
          EXPECT_EQ(exact->turns, expected->turns);
          const SolveReport report = solver.Solve(position, {.depth = 1});
          const std::string where = FormatPosition(game, position);
          ASSERT_TRUE(report.proven) << where;
          switch (expected->result) {
            case TbResult::kWin:
              ++wins;
              EXPECT_GT(report.lower, 0) << where;
              EXPECT_EQ(PliesToEnd(report.lower), expected->turns)
                  << where;  // Damdaman: turns = plies
              break;
            case TbResult::kLoss:
              ++losses;
              EXPECT_LT(report.lower, 0) << where;
              EXPECT_EQ(PliesToEnd(report.lower), expected->turns) << where;
              break;
            case TbResult::kDraw:
              ++draws;
              EXPECT_EQ(report.lower, 0) << where;
              break;
          }
        }
      }
  // The sample holds every kind of result, so each branch was checked.
  EXPECT_GT(wins, 0);
  EXPECT_GT(losses, 0);
  EXPECT_GT(draws, 0);
}

// Alpha-beta scores a table win that fails high at its slice's longest
// distance (a loss that fails low) with that bound, without its own distance.
// From decided positions whose decisions all enter the tables (the root is
// never probed), some near the turn limit, the searches find the tables'
// value, as searches that read every distance do, reading few distances.
TEST(EngineTables, SearchesOnResultBoundsScoreAsOnExactValues) {
  const Damdaman game;
  const ScopedTempDir temp("engine_tables_bounds");
  BuildDamdamanTables(temp.path());
  absl::StatusOr<EndgameProbe<Damdaman::Position>> probe = MakeEndgameProbe(game, temp.path());
  ASSERT_TRUE(probe.ok()) << probe.status();
  ASSERT_TRUE(static_cast<bool>(probe->result));
  absl::StatusOr<Tablebase<DamdamanTb>> base =
      Tablebase<DamdamanTb>::Open(DamdamanTb::ForGame(game), temp.path());
  ASSERT_TRUE(base.ok()) << base.status();
  int distances_read = 0, probes = 0;
  EndgameProbe<Damdaman::Position> bounded = *probe, exact_only = *probe;
  bounded.value = [&](const Damdaman::Position& p) {
    ++distances_read;
    return (*probe)(p);
  };
  exact_only.value = [&](const Damdaman::Position& p) {
    ++probes;
    return (*probe)(p);
  };
  exact_only.result = nullptr;
  std::mt19937_64 random(31);
  constexpr int kSites = Damdaman::Grid::kSites;
  int decided = 0, near_limit = 0;
  for (int sample = 0; decided < 40 && sample < 20000; ++sample) {
    Damdaman::Position position;
    while (std::popcount(position.pieces[0]) < 2) {
      position.pieces[0] |= SquareBit(random() % kSites);
    }
    while (std::popcount(position.pieces[1]) < 1 + sample % 2) {
      position.pieces[1] |= SquareBit(random() % kSites) & ~position.pieces[0];
    }
    position.state.to_move = sample % 4 < 2 ? Player::kP1 : Player::kP2;
    if (sample % 3 == 0) position.state.turn = kTurnLimit - 6;
    absl::StatusOr<TbValue> value = base->Probe(position);
    ASSERT_TRUE(value.ok()) << value.status();
    const TbValue limited = UnderTurnLimit(*value, position.state.turn);
    if (limited.result == TbResult::kDraw) continue;
    ++decided;
    if (position.state.turn > 0) ++near_limit;
    TranspositionTable table_a(1), table_b(1);
    AlphaBeta<Damdaman> on_bounds(game, &table_a), on_values(game, &table_b);
    on_bounds.SetEndgameProbe(bounded);
    on_values.SetEndgameProbe(exact_only);
    const SearchReport a = on_bounds.Search(position, {.depth = 3});
    const SearchReport b = on_values.Search(position, {.depth = 3});
    const std::string where = FormatPosition(game, position);
    EXPECT_EQ(a.score, TableScore(SearchValue(limited), 0)) << where;
    EXPECT_EQ(b.score, a.score) << where;
  }
  EXPECT_EQ(decided, 40);
  EXPECT_GT(near_limit, 0);
  std::printf("distances read %d of %d probes\n", distances_read, probes);
  EXPECT_LT(distances_read, probes / 4);
}

TEST(EngineTables, ProbeMissesPositionsOutsideTheTables) {
  const Damdaman game;
  const ScopedTempDir dir("engine_tables_misses");
  BuildDamdamanTables(dir.path());
  absl::StatusOr<EndgameProbe<Damdaman::Position>> probe = MakeEndgameProbe(game, dir.path());
  ASSERT_TRUE(probe.ok()) << probe.status();
  EXPECT_FALSE((*probe)(game.start()).has_value());
}

}  // namespace
}  // namespace lud64::tablebase::tablebase_engine_test
