// Guettal (Ludii 15) against boards/guettal/RULES.md and Ludii's reference data.
#include "boards/guettal/guettal.h"

#include "boards/guettal/guettal_text.h"
#include "engine/position_text.h"
#include "gtest/gtest.h"
#include "search/perft.h"
#include "tests/reference_checks.h"

namespace lud64::guettal_test {
namespace {

using testing::CellBoardInLudiiOrder;

const Guettal kGame;

Guettal::Position Parse(absl::string_view text) {
  absl::StatusOr<Guettal::Position> position = ParsePosition(kGame, text);
  EXPECT_TRUE(position.ok()) << text << ": " << position.status();
  return position.value_or(Guettal::Position{});
}

Decision Read(absl::string_view text) { return ParseDecision(text, kGame.site_names()).value(); }

// Plays decisions (which must be legal) and returns the resulting position.
Guettal::Position Play(Guettal::Position position, std::initializer_list<absl::string_view> line) {
  for (absl::string_view decision : line) {
    EXPECT_TRUE(IsLegal(kGame, position, Read(decision)))
        << decision << " in " << FormatPosition(kGame, position);
    Apply(kGame, position, Read(decision));
  }
  return position;
}

// The board after one addition.
std::string After(absl::string_view position_text, absl::string_view decision) {
  return FormatBoard(kGame, Play(Parse(position_text), {decision}));
}

std::vector<Decision> Legal(const Guettal::Position& position) {
  DecisionList list;
  LegalDecisions(kGame, position, list);
  return {list.begin(), list.end()};
}

TEST(GuettalReference, StartPerftMatchesLudii) { testing::ExpectStartPerft(kGame, "guettal"); }

TEST(GuettalReference, MidgamePerftMatchesLudii) { testing::ExpectMidgamePerft(kGame, "guettal"); }

TEST(GuettalReference, TracesReplay) {
  // Blocked cells are empty for Ludii's board printout.
  testing::ExpectTracesReplay(kGame, "guettal15.txt", [](const Guettal::Position& p) {
    return CellBoardInLudiiOrder(p.pieces, Guettal::Grid::kSites);
  });
}

TEST(Guettal, StartPosition) {
  EXPECT_EQ(FormatPosition(kGame, kGame.start()), "ooooooooo/ooo....../......xxx/xxxxxxxxx x");
  EXPECT_EQ(Parse("start"), kGame.start());
  // Every empty cell, and nothing else, takes an addition.
  std::vector<Decision> legal = Legal(kGame.start());
  ASSERT_EQ(legal.size(), 12u);
  EXPECT_EQ(legal.front(), Read("A2"));
  EXPECT_EQ(legal.back(), Read("I3"));
}

TEST(Guettal, BlockedCellsTakeNoAdditionUntilTheNextAdditionResetsThem) {
  const Guettal::Position position = Parse("-o......./......x../x-......./.x....... o");
  std::vector<Decision> legal = Legal(position);
  EXPECT_EQ(legal.size(), 36u - 6u);
  EXPECT_FALSE(IsLegal(kGame, position, Read("A4")));
  EXPECT_FALSE(IsLegal(kGame, position, Read("B2")));
  EXPECT_FALSE(IsLegal(kGame, position, Read("B4")));
  EXPECT_FALSE(IsLegal(kGame, position, Decision::Pass()));
  // The next addition resets them.
  EXPECT_EQ(After("-o......./......x../x-......./.x....... o", "E2"),
            ".o......./......x../x...o..../.x.......");
}

TEST(Guettal, ResetCellMarkedAgainStaysBlocked) {
  // A4 was blocked by x; o encloses it again. The rest of the board is not
  // enclosed: its boundary, B4, A3 and G2, is not in one piece.
  EXPECT_EQ(After("-o......./........./......o../......... o", "A3"),
            "-o......./o......../......o../.........");
}

TEST(GuettalEnd, FirstMoveWinsAtA2AndI3) {
  for (absl::string_view first : {"A2", "I3"}) {
    Guettal::Position position = Play(kGame.start(), {first});
    EXPECT_EQ(position.pieces[1], 0u) << first;
    EXPECT_EQ(PopCount(position.pieces[0]), 13) << first;
    EXPECT_EQ(PopCount(position.blocked), 36 - 13) << first;
    // Every empty cell is blocked: P2 and then P1 must pass.
    ASSERT_EQ(Legal(position), std::vector<Decision>{Decision::Pass()}) << first;
    const Bitboard blocked = position.blocked;
    position = Play(position, {"pass"});
    EXPECT_EQ(position.blocked, blocked) << "a pass resets nothing";
    EXPECT_FALSE(position.state.over());
    EXPECT_TRUE(position.state.passed);
    EXPECT_EQ(FormatPosition(kGame, position).substr(FormatBoard(kGame, position).size()),
              " x turn=2 passed");
    ASSERT_EQ(Legal(position), std::vector<Decision>{Decision::Pass()}) << first;
    position = Play(position, {"pass"});
    EXPECT_EQ(position.state.outcome, Outcome::kP1Wins) << first;
    EXPECT_EQ(position.state.end, EndReason::kOwnRule) << first;
    EXPECT_TRUE(Legal(position).empty());
  }
}

TEST(GuettalEnd, CaptureBlockingEveryEmptyCellWithEqualCountsDraws) {
  // x's addition at I2 encloses H1 (o) and I1: 17 pieces each remain.
  Guettal::Position position = Parse("ooooooooo/oooooooox/xxxxxxxx./xxxxxxxo. x");
  position = Play(position, {"I2"});
  EXPECT_EQ(FormatBoard(kGame, position), "ooooooooo/oooooooox/xxxxxxxxx/xxxxxxx--");
  position = Play(position, {"pass", "pass"});
  EXPECT_EQ(position.state.outcome, Outcome::kDraw);
  EXPECT_EQ(position.state.end, EndReason::kOwnRule);
}

TEST(GuettalEnd, FullBoardGoesToTheLargerSide) {
  Guettal::Position position = Parse("ooooooooo/ooooooooo/oooooooxx/ooooooxx. x");
  position = Play(position, {"I1", "pass", "pass"});
  EXPECT_EQ(position.state.outcome, Outcome::kP2Wins);
  EXPECT_EQ(position.state.end, EndReason::kOwnRule);
}

TEST(GuettalEnd, TurnLimitDraws) {
  Guettal::Position position = kGame.start();
  position.state.turn = kTurnLimit - 1;
  Apply(kGame, position, Read("E2"));
  EXPECT_EQ(position.state.outcome, Outcome::kDraw);
  EXPECT_EQ(position.state.end, EndReason::kTurnLimit);
}

TEST(GuettalNotation, RoundTripsBlockedCellsAndSharedFields) {
  for (absl::string_view text : {"---------/--------x/------xxx/xxxxxxxxx o turn=1",
                                 "---------/--------x/------xxx/xxxxxxxxx x turn=2 passed",
                                 "-o......./......x../x-......./.x....... o turn=7",
                                 "ooooooooo/oooooooox/xxxxxxxxx/xxxxxxx-- o turn=1"}) {
    const Guettal::Position position = Parse(text);
    EXPECT_EQ(FormatPosition(kGame, position), text);
    testing::ExpectNotationRoundTrip(kGame, position);
  }
  EXPECT_EQ(Parse("---------/--------x/------xxx/xxxxxxxxx o").blocked,
            Play(kGame.start(), {"I3"}).blocked);
  // A blocked cell is part of the position's identity.
  EXPECT_NE(kGame.hash(Parse("-......../........./........./......... x")),
            kGame.hash(Parse("........./........./........./......... x")));
}

TEST(GuettalNotation, RejectsMalformedPositions) {
  for (absl::string_view text : {
           "ooooooooo/ooo....../......xxx x",                       // three rows
           "ooooooooo/ooo...../......xxx/xxxxxxxxx x",              // short row
           "ooooooooo/ooo....../......xxx/xxxxxxxx*x x",            // bad character
           "ooooooooo/ooo....../......xxx/xxxxxxxxx",               // no player
           "ooooooooo/ooo....../......xxx/xxxxxxxxx -",             // bad player
           "ooooooooo/ooo....../......xxx/xxxxxxxxx x hand=1",      // no such field
           "ooooooooo/ooo....../......xxx/xxxxxxxxx x blocked=A2",  // no such field
           "ooooooooo/ooo....../......xxx/xxxxxxxxx x passed",      // a pass with open cells
       }) {
    EXPECT_FALSE(ParsePosition(kGame, text).ok()) << text;
  }
  const absl::Status field =
      ParsePosition(kGame, "ooooooooo/ooo....../......xxx/xxxxxxxxx x hand=1").status();
  EXPECT_NE(field.message().find("hand=1"), std::string::npos) << field;
  const absl::Status passed =
      ParsePosition(kGame, "ooooooooo/ooo....../......xxx/xxxxxxxxx x passed").status();
  EXPECT_NE(passed.message().find("passed"), std::string::npos) << passed;
}

TEST(GuettalNotation, DrawShowsBlockedCells) {
  const std::string picture = Draw(kGame, Parse("---------/--------x/------xxx/xxxxxxxxx o"));
  EXPECT_NE(picture.find("4  - - - - - - - - -"), std::string::npos) << picture;
  EXPECT_NE(picture.find("1  x x x x x x x x x"), std::string::npos) << picture;
}

}  // namespace
}  // namespace lud64::guettal_test
