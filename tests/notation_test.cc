// Decision and position notation (engine/RULES.md), exercised on Damdaman.
#include "engine/notation.h"

#include "boards/damdaman/damdaman.h"
#include "boards/damdaman/damdaman_text.h"
#include "engine/position_text.h"
#include "gtest/gtest.h"
#include "tests/reference_checks.h"

namespace lud64::notation_test {
namespace {

const Damdaman kGame;

TEST(DecisionNotation, RoundTripsEveryKind) {
  const SiteNames& names = kGame.site_names();
  for (Decision d :
       {Decision::Pass(), Decision::Place(0), Decision::Step(23, 24), Decision::Remove(48)}) {
    absl::StatusOr<Decision> parsed = ParseDecision(FormatDecision(d, names), names);
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    EXPECT_EQ(*parsed, d);
  }
  EXPECT_EQ(FormatDecision(Decision::Step(17, 24), names), "D3-D4");
  EXPECT_EQ(FormatDecision(Decision::Remove(48), names), "xG7");
  EXPECT_EQ(*ParseDecision("d3-d4", names), Decision::Step(17, 24));  // either case
  EXPECT_EQ(*ParseDecision("PASS", names), Decision::Pass());
}

TEST(DecisionNotation, RejectsMalformedText) {
  for (const char* bad : {"", "-", "D3-", "-D4", "H1", "A8", "A0", "D3-D4-D5", "x", "xH9", "A",
                          "11", "D3_D4", "pas"}) {
    EXPECT_FALSE(ParseDecision(bad, kGame.site_names()).ok()) << "'" << bad << "'";
  }
}

TEST(PositionNotation, StartAndOptionalFieldsRoundTrip) {
  for (const char* text :
       {"ooooooo/ooooooo/ooooooo/xxx.ooo/xxxxxxx/xxxxxxx/xxxxxxx x",
        "ooooooo/ooooooo/ooooooo/xxx.ooo/xxxxxxx/xxxxxxx/xxxxxxx o turn=17",
        // After D3-D4 o cannot move: it passed.
        "ooooooo/ooooooo/ooooooo/xxxxooo/xxx.xxx/xxxxxxx/xxxxxxx x turn=2 passed"}) {
    absl::StatusOr<Damdaman::Position> position = ParsePosition(kGame, text);
    ASSERT_TRUE(position.ok()) << position.status();
    EXPECT_EQ(FormatPosition(kGame, *position), text);
  }
  EXPECT_EQ(FormatPosition(kGame, *ParsePosition(kGame, "start")),
            FormatPosition(kGame, kGame.start()));
}

TEST(PositionNotation, ReadsOptionalFieldsInAnyOrder) {
  absl::StatusOr<Damdaman::Position> position = ParsePosition(
      kGame, "ooooooo/ooooooo/ooooooo/xxxxooo/xxx.xxx/xxxxxxx/xxxxxxx  x passed  turn=5");
  ASSERT_TRUE(position.ok()) << position.status();
  EXPECT_EQ(position->state.turn, 5);
  EXPECT_TRUE(position->state.passed);
}

// Each malformed text is rejected with a message; none crashes.
TEST(PositionNotation, RejectsMalformedPositions) {
  const std::string board = "ooooooo/ooooooo/ooooooo/xxx.ooo/xxxxxxx/xxxxxxx/xxxxxxx";
  const std::vector<std::string> bad = {
      "",                                                             // nothing
      "   ",                                                          // blanks
      board,                                                          // no player to move
      board + " z",                                                   // unknown player
      board + " X",                                                   // upper case player
      "ooooooo/ooooooo/ooooooo/xxx.ooo/xxxxxxx/xxxxxxx x",            // 6 rows
      "ooooooo/ooooooo/ooooooo/xxx.ooo/xxxxxxx/xxxxxxx/xxxxxxx/. x",  // 8 rows
      "oooooo/ooooooo/ooooooo/xxx.ooo/xxxxxxx/xxxxxxx/xxxxxxx x",     // short row
      "oooooooo/ooooooo/ooooooo/xxx.ooo/xxxxxxx/xxxxxxx/xxxxxxx x",   // long row
      "ooooooo/ooooooo/ooooooo/xxx?ooo/xxxxxxx/xxxxxxx/xxxxxxx x",    // bad character
      "ooooooo/ooooooo/ooooooo/xxx-ooo/xxxxxxx/xxxxxxx/xxxxxxx x",    // blocked cell
      "ooooooo//ooooooo/xxx.ooo/xxxxxxx/xxxxxxx/xxxxxxx x",           // empty row
      board + " x turn=",                                             // empty turn
      board + " x turn=abc",                                          // not a number
      board + " x turn=-1",                                           // negative
      board + " x turn=2501",                                         // past the limit
      board + " x turn=1 turn=2",                                     // repeated field
      board + " x passed passed",                                     // repeated flag
      board + " x remove",                                            // another game's field
      board + " x hand=3,3",                                          // another game's field
      "xxxxxxx/xxxxxxx/xxxxxxx/xxxxxxx/ooooooo/ooooooo/ooooooo x",    // 28 x's
  };
  for (const std::string& text : bad) {
    absl::StatusOr<Damdaman::Position> position = ParsePosition(kGame, text);
    EXPECT_FALSE(position.ok()) << "accepted '" << text << "'";
    EXPECT_FALSE(position.status().message().empty());
  }
}

TEST(PositionNotation, ErrorsNameTheFieldAndPlace) {
  const absl::Status row =
      ParsePosition(kGame, "ooooooo/ooooooo/ooooooo/xxx?ooo/xxxxxxx/xxxxxxx/xxxxxxx x").status();
  EXPECT_NE(row.message().find("row 4 column 4"), absl::string_view::npos) << row;
  const absl::Status turn =
      ParsePosition(kGame, "start").ok()
          ? ParsePosition(kGame, "ooooooo/ooooooo/ooooooo/xxx.ooo/xxxxxxx/xxxxxxx/xxxxxxx x turn=x")
                .status()
          : absl::OkStatus();
  EXPECT_NE(turn.message().find("field 3"), absl::string_view::npos) << turn;
}

}  // namespace
}  // namespace lud64::notation_test
