// Davxar's options, game names, position text and picture.
#include <string>

#include "boards/davxar/davxar.h"
#include "boards/davxar/davxar_text.h"
#include "engine/game_spec.h"
#include "engine/position_text.h"
#include "gtest/gtest.h"
#include "tests/reference_checks.h"

namespace lud64::davxar_notation_test {
namespace {

using davxar::PointSet;

absl::StatusOr<Davxar> FromName(absl::string_view name) {
  absl::StatusOr<GameSpec> spec = ParseGameSpec(name);
  if (!spec.ok()) return spec.status();
  return GameFromSpec<Davxar>(*spec);
}

std::string CanonicalName(absl::string_view name) {
  absl::StatusOr<Davxar> game = FromName(name);
  EXPECT_TRUE(game.ok()) << name << ": " << game.status();
  return game.ok() ? game->name() : "";
}

// The error of a name that must be rejected.
std::string NameError(absl::string_view name) {
  absl::StatusOr<Davxar> game = FromName(name);
  EXPECT_FALSE(game.ok()) << name;
  return game.ok() ? "" : std::string(game.status().message());
}

const Davxar kGame;

std::string PositionError(absl::string_view text, const Davxar& game = kGame) {
  absl::StatusOr<Davxar::Position> position = ParsePosition(game, text);
  EXPECT_FALSE(position.ok()) << text;
  return position.ok() ? "" : std::string(position.status().message());
}

Davxar::Position Parse(absl::string_view text, const Davxar& game = kGame) {
  absl::StatusOr<Davxar::Position> position = ParsePosition(game, text);
  EXPECT_TRUE(position.ok()) << text << ": " << position.status();
  return position.value_or(game.start());
}

constexpr absl::string_view kEmpty = ".../.../.../.../......../.../.../.../...";

TEST(DavxarOptions, CanonicalNames) {
  EXPECT_EQ(CanonicalName("davxar"), "davxar");
  EXPECT_EQ(CanonicalName("davxar:pieces=12"), "davxar");
  EXPECT_EQ(CanonicalName("davxar:lines=historical"), "davxar");
  EXPECT_EQ(CanonicalName("davxar:pieces=6"), "davxar:pieces=6");
  EXPECT_EQ(CanonicalName("davxar:lines=ludii"), "davxar:lines=ludii");
  EXPECT_EQ(CanonicalName("davxar:pieces=6,lines=ludii"), "davxar:lines=ludii,pieces=6");
  EXPECT_EQ(CanonicalName("Davxar:Lines=Ludii,pieces=16"), "davxar:lines=ludii,pieces=16");
  EXPECT_EQ(CanonicalName("davxar:pieces=3"), "davxar:pieces=3");
  EXPECT_EQ(FromName("davxar:lines=ludii,pieces=6")->pieces(), 6);
  EXPECT_EQ(FromName("davxar:lines=ludii,pieces=6")->lines(), davxar::MillTest::kLudii);
}

TEST(DavxarOptions, RejectsBadOptionsNamingThem) {
  for (const char* value : {"2", "17", "0", "abc", "+5", "-3", "6x", "100", " 6"}) {
    const std::string error = NameError(absl::StrCat("davxar:pieces=", value));
    EXPECT_NE(error.find(absl::StrCat("pieces=", value)), std::string::npos) << error;
    EXPECT_NE(error.find("3 to 16"), std::string::npos) << error;
  }
  const std::string lines = NameError("davxar:lines=modern");
  EXPECT_NE(lines.find("lines=modern"), std::string::npos) << lines;
  EXPECT_NE(lines.find("historical or ludii"), std::string::npos) << lines;
  const std::string unknown = NameError("davxar:colour=red");
  EXPECT_NE(unknown.find("colour"), std::string::npos) << unknown;
  NameError("davxar:pieces=6,pieces=7");
  NameError("davxar:pieces");
  NameError("guettal");
}

TEST(DavxarNotation, StartPosition) {
  EXPECT_EQ(FormatPosition(kGame, kGame.start()), absl::StrCat(kEmpty, " x"));
  // The default hand written out (boards/davxar/RULES.md) reads the same.
  EXPECT_TRUE(Parse(absl::StrCat(kEmpty, " x hand=12,12")) == kGame.start());
  EXPECT_TRUE(Parse("start") == kGame.start());
  const Davxar six = FromName("davxar:pieces=6").value();
  EXPECT_EQ(FormatPosition(six, six.start()), absl::StrCat(kEmpty, " x"));
  EXPECT_TRUE(Parse(absl::StrCat(kEmpty, " x hand=6,6"), six) == six.start());
}

TEST(DavxarNotation, RowsFromRowNineDownLeftToRight) {
  const Davxar::Position position = Parse("x.o/.x./..x/o../x.o..o.x/.../.../.../..o x hand=6,5");
  EXPECT_EQ(position.pieces[0], PointSet("A9 E8 G7 A5 I5"));
  EXPECT_EQ(position.pieces[1], PointSet("I9 D6 C5 G5 I1"));
  EXPECT_EQ(position.hand[0], 6);
  EXPECT_EQ(position.hand[1], 5);
  EXPECT_EQ(FormatBoard(kGame, position), "x.o/.x./..x/o../x.o..o.x/.../.../.../..o");
}

TEST(DavxarNotation, FieldsRoundTripInTheirOrder) {
  const std::string text = "xxx/.../.../.../o......./.../.../.../... x hand=9,11 remove";
  const Davxar::Position position =
      Parse("xxx/.../.../.../o......./.../.../.../... x remove hand=9,11");
  EXPECT_TRUE(position.remove);
  EXPECT_EQ(FormatPosition(kGame, position), text);
  testing::ExpectNotationRoundTrip(kGame, position);
  testing::ExpectNotationRoundTrip(
      kGame, Parse(".../.x./.x./x../..xo...x/x.x/.x./.../.x. x turn=98 passed hand=0,0"));
  const Davxar ludii = FromName("davxar:lines=ludii,pieces=6").value();
  testing::ExpectNotationRoundTrip(
      ludii, Parse("x../x../x../.../......../.../.../.../... o hand=3,6", ludii));
}

TEST(DavxarNotation, HashSeesHandsAndRemoval) {
  const Davxar::Position start = kGame.start();
  Davxar::Position other = start;
  other.hand[0] = 11;
  EXPECT_NE(kGame.hash(start), kGame.hash(other));
  other = Parse("xxx/.../.../.../......../.../.../.../... x hand=9,12");
  Davxar::Position removing = other;
  removing.remove = true;
  EXPECT_NE(kGame.hash(other), kGame.hash(removing));
}

TEST(DavxarNotation, RejectsMalformedBoards) {
  EXPECT_NE(PositionError(".../.../.../.../......./.../.../.../... x").find("row 5"),
            std::string::npos);
  EXPECT_NE(PositionError("..../.../.../.../......../.../.../.../... x").find("row 1"),
            std::string::npos);
  PositionError(".../.../.../......../.../.../.../... x");          // eight rows
  PositionError(".../.../.../.../......../.../.../.../.../... x");  // ten rows
  PositionError("x-./.../.../.../......../.../.../.../... x");
  PositionError(absl::StrCat(kEmpty, " z"));
}

TEST(DavxarNotation, RejectsImpossibleCounts) {
  // 3 on the board and 10 in hand exceed 12.
  const std::string error = PositionError("xxx/.../.../.../......../.../.../.../... x hand=10,12");
  EXPECT_NE(error.find("pieces=12"), std::string::npos) << error;
  // With pieces=3, a fourth piece cannot be on the board.
  const Davxar three = FromName("davxar:pieces=3").value();
  PositionError("xxx/.../.../.../x......./.../.../.../... x hand=0,3", three);
  PositionError("xxx/.../.../.../......../.../.../.../... x", three);  // 3 + 3 in hand
  Parse("xxx/.../.../.../......../.../.../.../... o hand=0,3", three);
}

TEST(DavxarNotation, RejectsRemoveWithoutAMill) {
  const std::string error =
      PositionError("xx./.../.../.../......../.../.../.../... x hand=10,12 remove");
  EXPECT_NE(error.find("no mill"), std::string::npos) << error;
  // The mill must be the remover's own.
  PositionError("xxx/.../.../.../......../.../.../.../... o hand=9,12 remove");
  Parse("xxx/.../.../.../......../.../.../.../... x hand=9,12 remove");
  // Ludii's pivot rule: A1 B2 C3 G7 is a mill, but only through C3 or G7.
  const Davxar ludii = FromName("davxar:lines=ludii").value();
  Parse(".../.../..x/.../......../.../x../x../x.. x hand=8,12 remove", ludii);
  PositionError(".../.../..x/.../......../.../x../x../x.. x hand=8,12 remove");
}

TEST(DavxarNotation, RejectsBadFields) {
  for (const char* field : {"hand=13,12", "hand=a,b", "hand=1", "hand=1,2,3", "hand=-1,2", "hand=",
                            "hand=1,", "hand=+1,2", "hand=1,2 hand=3,4", "hand=3,3 hand=3,3",
                            "hand=12,12 hand=5,5", "remove remove", "removed", "pieces=6"}) {
    const std::string error = PositionError(absl::StrCat(kEmpty, " x ", field));
    EXPECT_FALSE(error.empty()) << field;
  }
  EXPECT_NE(PositionError(absl::StrCat(kEmpty, " x hand=a,b")).find("hand=a,b"), std::string::npos);
}

TEST(DavxarNotation, DerivesTheEnd) {
  // P2 to move with nothing on the board or in hand: P1 has won.
  EXPECT_EQ(Parse("x../.../.../.../......../.../.../.../... o hand=5,0").state.outcome,
            Outcome::kP1Wins);
  EXPECT_FALSE(Parse("x../.../.../.../......../.../.../.../... o hand=5,1").state.over());
}

TEST(DavxarDraw, PicturesTheBoard) {
  const Davxar::Position position = Parse("x.o/.../.../.../o......x/.../.../.../... o hand=10,10");
  const std::string picture = Draw(kGame, position);
  EXPECT_EQ(picture, R"(9  x---------------.---------------o
   | \       /     |     \       / |
8  |   .-----------.-----------.   |
   |  /| \     /   |   \     / |\  |
7  |  /|   .-------.-------.   |\  |
   | / |  /| \   / | \   / |\  | \ |
6  |/  | / |   .---.---.   | \ |  \|
   |/  |/  | / |       | \ |  \|  \|
5  o---.---.---.       .---.---.---x
   |\  |\  | \ |       | / |  /|  /|
4  |\  | \ |   .---.---.   | / |  /|
   | \ |  \| /   \ | /   \ |/  | / |
3  |  \|   .-------.-------.   |/  |
   |  \| /     \   |   /     \ |/  |
2  |   .-----------.-----------.   |
   | /       \     |     /       \ |
1  .---------------.---------------.
   A   B   C   D   E   F   G   H   I
in hand: x 10, o 10
)");
}

}  // namespace
}  // namespace lud64::davxar_notation_test
