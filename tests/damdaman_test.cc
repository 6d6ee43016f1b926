// Damdaman (Ludii 2) against boards/damdaman/RULES.md and Ludii's reference data.
#include "boards/damdaman/damdaman.h"

#include "boards/damdaman/damdaman_text.h"
#include "engine/position_text.h"
#include "engine/random.h"
#include "gtest/gtest.h"
#include "search/perft.h"
#include "tests/reference_checks.h"

namespace lud64::damdaman_test {
namespace {

using testing::CellBoardInLudiiOrder;

const Damdaman kGame;

Damdaman::Position Parse(absl::string_view text) {
  absl::StatusOr<Damdaman::Position> position = ParsePosition(kGame, text);
  EXPECT_TRUE(position.ok()) << text << ": " << position.status();
  return position.value_or(Damdaman::Position{});
}

Decision Step(absl::string_view text) { return ParseDecision(text, kGame.site_names()).value(); }

// Plays one decision (which must be legal) and returns the resulting board.
std::string After(absl::string_view position_text, absl::string_view decision) {
  Damdaman::Position position = Parse(position_text);
  EXPECT_TRUE(IsLegal(kGame, position, Step(decision))) << decision << " in " << position_text;
  Apply(kGame, position, Step(decision));
  return FormatBoard(kGame, position);
}

TEST(DamdamanReference, StartPerftMatchesLudii) { testing::ExpectStartPerft(kGame, "damdaman"); }

TEST(DamdamanReference, MidgamePerftMatchesLudii) {
  testing::ExpectMidgamePerft(kGame, "damdaman");
}

TEST(DamdamanReference, TracesReplay) {
  testing::ExpectTracesReplay(kGame, "damdaman2.txt", [](const Damdaman::Position& p) {
    return CellBoardInLudiiOrder(p.pieces, Damdaman::Grid::kSites);
  });
}

TEST(Damdaman, StartPosition) {
  EXPECT_EQ(FormatPosition(kGame, kGame.start()),
            "ooooooo/ooooooo/ooooooo/xxx.ooo/xxxxxxx/xxxxxxx/xxxxxxx x");
  EXPECT_EQ(PopCount(kGame.start().pieces[0]), 24);
  EXPECT_EQ(PopCount(kGame.start().pieces[1]), 24);
}

TEST(Damdaman, AfterD3D4SecondPlayerMustPass) {
  Damdaman::Position position = kGame.start();
  Apply(kGame, position, Step("D3-D4"));
  DecisionList list;
  LegalDecisions(kGame, position, list);
  ASSERT_EQ(list.size(), 1);
  EXPECT_TRUE(list[0].is_pass());
}

TEST(Damdaman, AfterC4D4OnlyC5C4WhichCapturesD4) {
  Damdaman::Position position = kGame.start();
  Apply(kGame, position, Step("C4-D4"));
  DecisionList list;
  LegalDecisions(kGame, position, list);
  ASSERT_EQ(list.size(), 1);
  EXPECT_EQ(list[0], Step("C5-C4"));
  Apply(kGame, position, list[0]);
  EXPECT_FALSE(Contains(position.pieces[0] | position.pieces[1], 24));  // D4 emptied
  EXPECT_EQ(PopCount(position.pieces[0]), 23);
}

// Custodial capture in each direction, with the captured piece between the
// arrival cell and one of the mover's pieces.
TEST(DamdamanCapture, CustodialEachDirection) {
  // A lone mover captures in each of the four directions.
  // North: x arrives D3 (from C3), o on D4, x on D5.
  EXPECT_EQ(After("......./......./...x.../...o.../..x..../......./....... x", "C3-D3"),
            "......./......./...x.../......./...x.../......./.......");
  // South: x arrives D5 (from C5), o on D4, x on D3.
  EXPECT_EQ(After("......./......./..x..../...o.../...x.../......./....... x", "C5-D5"),
            "......./......./...x.../......./...x.../......./.......");
  // East: x arrives C4 (from C3), o on D4, x on E4.
  EXPECT_EQ(After("......./......./......./...ox../..x..../......./....... x", "C3-C4"),
            "......./......./......./..x.x../......./......./.......");
  // West: x arrives E4 (from E5), o on D4, x on C4.
  EXPECT_EQ(After("......./......./....x../..xo.../......./......./....... x", "E5-E4"),
            "......./......./......./..x.x../......./......./.......");
}

TEST(DamdamanCapture, SeveralDirectionsAtOnce) {
  // x arrives on D4 from D5 next to o on C4, E4 and D3, each with an x beyond it
  // (B4, F4, D2): all three are taken.
  EXPECT_EQ(After("......./......./...x.../.xo.ox./...o.../...x.../....... x", "D5-D4"),
            "......./......./......./.x.x.x./......./...x.../.......");
}

TEST(DamdamanCapture, NoCaptureAgainstEdgeOrOfTwoInARow) {
  // o on A4 with x arriving B4: the edge is not x's piece.
  EXPECT_EQ(After("......./......./......./o....../.x...../......./....... x", "B3-B4"),
            "......./......./......./ox...../......./......./.......");
  // Two o's in a row between x's are never captured.
  EXPECT_EQ(After("......./......./......./..oox../.x...../......./....... x", "B3-B4"),
            "......./......./......./.xoox../......./......./.......");
}

TEST(DamdamanCapture, CornerNeedsBothNeighbours) {
  // o in corner A1; x on B1 already, x arrives A2 from A3: captured.
  EXPECT_EQ(After("......./......./......./......./x....../......./ox..... x", "A3-A2"),
            "......./......./......./......./......./x....../.x.....");
  // Only one neighbour held: no capture.
  EXPECT_EQ(After("......./......./......./......./x....../......./o...... x", "A3-A2"),
            "......./......./......./......./......./x....../o......");
  // Each of the other corners: G1, A7, G7.
  EXPECT_EQ(After("......./......./......./......./......x/......./.....xo x", "G3-G2"),
            "......./......./......./......./......./......x/.....x.");
  EXPECT_EQ(After("ox...../......./x....../......./......./......./....... x", "A5-A6"),
            ".x...../x....../......./......./......./......./.......");
  EXPECT_EQ(After(".....xo/......./......x/......./......./......./....... x", "G5-G6"),
            ".....x./......x/......./......./......./......./.......");
}

TEST(DamdamanCapture, CornerAndCustodialTogether) {
  // x arrives on B1 from C1: o on A1 (the corner, A2 already x's) and o on B2
  // (x on B3 beyond it) are taken together.
  EXPECT_EQ(After("......./......./......./......./.x...../xo...../o.x.... x", "C1-B1"),
            "......./......./......./......./.x...../x....../.x.....");
}

// Captures, computed without a branch, against the rules read cell by cell:
// every arrival cell of random boards of every density.
TEST(DamdamanCapture, CapturesMatchTheRulesCellByCell) {
  using Grid = Damdaman::Grid;
  Random random(56);
  int captured_boards = 0;
  for (int round = 0; round < 4000; ++round) {
    const Bitboard occupied = random.Next() & random.Next() & Grid::kAll;
    const Bitboard side = round % 3 == 0 ? random.Next() & random.Next() : random.Next();
    for (int to = 0; to < Grid::kSites; ++to) {
      const Bitboard own = ((occupied & side) | SquareBit(to)), opponent = occupied & ~own;
      Bitboard expected = 0;
      for (Direction d : kOrthogonal) {
        const int between = Grid::Step(to, d);
        const int beyond = between < 0 ? -1 : Grid::Step(between, d);
        if (beyond >= 0 && Contains(opponent, between) && Contains(own, beyond))
          expected |= SquareBit(between);
      }
      for (int corner : Sites(Grid::kNeighbours[to] & Grid::kCorners & opponent))
        if ((Grid::kNeighbours[corner] & ~own) == 0) expected |= SquareBit(corner);
      ASSERT_EQ(Damdaman::Captures(to, own, opponent), expected)
          << "to " << to << std::hex << " own " << own << " opponent " << opponent;
      captured_boards += expected != 0;
    }
  }
  EXPECT_GT(captured_boards, 5000);  // 8424
}

TEST(DamdamanEnd, CapturingTheLastPieceWins) {
  Damdaman::Position position = Parse("......./......./......./...ox../..x..../......./....... x");
  Apply(kGame, position, Step("C3-C4"));
  EXPECT_EQ(position.state.outcome, Outcome::kP1Wins);
  EXPECT_EQ(position.state.end, EndReason::kOwnRule);
  DecisionList list;
  LegalDecisions(kGame, position, list);
  EXPECT_TRUE(list.empty());
}

TEST(DamdamanEnd, ForcedPassThenMoveIsNoDraw) {
  // After D3-D4, P2's forced pass is recorded for the all-pass rule; P1 can
  // move, so the game goes on.
  Damdaman::Position position = kGame.start();
  Apply(kGame, position, Step("D3-D4"));
  Apply(kGame, position, Decision::Pass());
  EXPECT_TRUE(position.state.passed);
  EXPECT_FALSE(position.state.over());
  Apply(kGame, position, Step("D4-D3"));
  EXPECT_FALSE(position.state.passed);
  EXPECT_FALSE(position.state.over());
}

TEST(DamdamanEnd, TurnLimitDraws) {
  Damdaman::Position position = kGame.start();
  position.state.turn = kTurnLimit - 1;
  Apply(kGame, position, Step("C4-D4"));
  EXPECT_EQ(position.state.outcome, Outcome::kDraw);
  EXPECT_EQ(position.state.end, EndReason::kTurnLimit);
}

TEST(DamdamanNotation, RejectsImpossibleCounts) {
  EXPECT_FALSE(
      ParsePosition(kGame, "xxxxxxx/xxxxxxx/xxxxxxx/xxxxooo/ooooooo/ooooooo/ooooooo x").ok());
  EXPECT_FALSE(
      ParsePosition(kGame, "......./......./......./......./......./......./....... x hand=1,2")
          .ok());
  EXPECT_FALSE(
      ParsePosition(kGame, "......-/......./......./......./......./......./....... x").ok());
}

TEST(DamdamanNotation, DerivesFinishedGames) {
  // P2 to move with no piece: P1 has won.
  EXPECT_EQ(Parse("......./......./......./...x.../......./......./....... o").state.outcome,
            Outcome::kP1Wins);
  EXPECT_EQ(Parse("ooooooo/ooooooo/ooooooo/xxx.ooo/xxxxxxx/xxxxxxx/xxxxxxx x turn=2500").state.end,
            EndReason::kTurnLimit);
}

}  // namespace
}  // namespace lud64::damdaman_test
