// Davxar's two mill tests (boards/davxar/RULES.md, "Lines and mills"): each kind of line,
// Ludii's blocking points and pivots, and which pieces a removal may take.
#include <algorithm>
#include <string>
#include <vector>

#include "boards/davxar/davxar.h"
#include "boards/davxar/davxar_text.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "engine/random.h"
#include "gtest/gtest.h"

namespace lud64::davxar_lines_test {
namespace {

using davxar::PointIndex;
using davxar::PointSet;

const Davxar kHistorical(davxar::MillTest::kHistorical, 16);
const Davxar kLudii(davxar::MillTest::kLudii, 16);

// Whether P1, holding `before`, forms a mill by placing on `last`.
bool FormsMill(const Davxar& game, const char* before, const char* last) {
  Davxar::Position position = game.start();
  position.pieces[0] = PointSet(before);
  return game.play(position, Decision::Place(PointIndex(last)));
}

// The removals P1 may choose from against `opponent`.
std::vector<std::string> Removals(const Davxar& game, const char* opponent) {
  Davxar::Position position = game.start();
  position.pieces = {PointSet("C5 D6 E7"), PointSet(opponent)};
  position.hand = {0, 0};
  position.remove = true;
  DecisionList list;
  LegalDecisions(game, position, list);
  std::vector<std::string> names;
  for (Decision d : list) names.push_back(FormatDecision(d, game.site_names()));
  std::sort(names.begin(), names.end());
  return names;
}

TEST(DavxarLines, ThreePointLinesCountWholeInBothTests) {
  for (const Davxar* game : {&kHistorical, &kLudii}) {
    SCOPED_TRACE(game->name());
    EXPECT_TRUE(FormsMill(*game, "A1 E1", "I1"));  // outer square side
    EXPECT_TRUE(FormsMill(*game, "A1 I1", "E1"));  // ... completed in the middle
    EXPECT_TRUE(FormsMill(*game, "B2 B5", "B8"));  // second square side
    EXPECT_TRUE(FormsMill(*game, "D4 E4", "F4"));  // inner square side
    EXPECT_TRUE(FormsMill(*game, "A5 B8", "E9"));  // outer diamond side
    EXPECT_TRUE(FormsMill(*game, "E2 B5", "C3"));  // middle diamond side
    EXPECT_TRUE(FormsMill(*game, "C5 D6", "E7"));  // inner diamond side
    EXPECT_FALSE(FormsMill(*game, "A1 E1", "E2"));
    EXPECT_FALSE(FormsMill(*game, "A1 E1", "B2"));
    // Every three-point line, completed on each of its points.
    for (const char* line : davxar::kThreePointLines) {
      for (int point : Sites(PointSet(line))) {
        Davxar::Position position = game->start();
        position.pieces[0] = PointSet(line) & ~SquareBit(point);
        EXPECT_TRUE(game->play(position, Decision::Place(point))) << line;
      }
    }
  }
}

TEST(DavxarLines, HistoricalFourPointLines) {
  EXPECT_TRUE(FormsMill(kHistorical, "E1 E2 E3", "E4"));  // arm
  EXPECT_TRUE(FormsMill(kHistorical, "E1 E2 E4", "E3"));
  EXPECT_TRUE(FormsMill(kHistorical, "B5 C5 D5", "A5"));
  EXPECT_TRUE(FormsMill(kHistorical, "A1 B2 C3", "D4"));  // corner diagonal
  EXPECT_TRUE(FormsMill(kHistorical, "F6 G7 I9", "H8"));
  EXPECT_FALSE(FormsMill(kHistorical, "E1 E2", "E3"));  // three of four is no mill
  EXPECT_FALSE(FormsMill(kHistorical, "A1 B2", "C3"));
  // No blocking points: a longer run still counts.
  EXPECT_TRUE(FormsMill(kHistorical, "E1 E2 E3 E6", "E4"));
  EXPECT_TRUE(FormsMill(kHistorical, "A1 B2 C3 F6", "D4"));
  // Ludii's sets across the centre are not historical lines.
  EXPECT_FALSE(FormsMill(kHistorical, "B2 C3 D4", "F6"));
  EXPECT_FALSE(FormsMill(kHistorical, "A1 B2 C3", "G7"));
  EXPECT_FALSE(FormsMill(kHistorical, "E3 E4 E6", "E7"));
  EXPECT_FALSE(FormsMill(kHistorical, "A1 B2 I9", "H8"));
}

TEST(DavxarLines, LudiiRunsOfExactlyFour) {
  EXPECT_TRUE(FormsMill(kLudii, "E1 E2 E3", "E4"));  // arm, E6 empty
  EXPECT_TRUE(FormsMill(kLudii, "A1 B2 C3", "D4"));  // diagonal, F6 empty
  EXPECT_TRUE(FormsMill(kLudii, "A5 B5 C5", "D5"));
  // A fifth piece on the blocking point spoils the run.
  EXPECT_FALSE(FormsMill(kLudii, "E1 E2 E3 E6", "E4"));
  EXPECT_FALSE(FormsMill(kLudii, "A1 B2 C3 F6", "D4"));
  EXPECT_FALSE(FormsMill(kLudii, "A5 B5 C5 F5", "D5"));
  // Runs through the empty centre, with two blocking points.
  EXPECT_TRUE(FormsMill(kLudii, "B2 C3 D4", "F6"));
  EXPECT_FALSE(FormsMill(kLudii, "B2 C3 D4 G7", "F6"));
  EXPECT_TRUE(FormsMill(kLudii, "E3 E4 E6", "E7"));
  EXPECT_FALSE(FormsMill(kLudii, "E2 E3 E4 E6", "E7"));
  EXPECT_TRUE(FormsMill(kLudii, "C5 D5 F5", "G5"));
  EXPECT_FALSE(FormsMill(kLudii, "B5 C5 D5 F5", "G5"));
}

TEST(DavxarLines, LudiiSetsThatSkipPointsCountOnTheirPivots) {
  // A1 B2 C3 G7 (blocked by H8) counts on C3 and G7 only.
  EXPECT_TRUE(FormsMill(kLudii, "A1 B2 C3", "G7"));
  EXPECT_TRUE(FormsMill(kLudii, "A1 B2 G7", "C3"));
  EXPECT_FALSE(FormsMill(kLudii, "B2 C3 G7", "A1"));
  EXPECT_FALSE(FormsMill(kLudii, "A1 C3 G7", "B2"));
  EXPECT_FALSE(FormsMill(kLudii, "A1 B2 C3 H8", "G7"));
  // A1 B2 H8 I9 has no blocking point and counts on B2 and H8.
  EXPECT_TRUE(FormsMill(kLudii, "A1 B2 I9", "H8"));
  EXPECT_TRUE(FormsMill(kLudii, "A1 H8 I9", "B2"));
  EXPECT_FALSE(FormsMill(kLudii, "A1 B2 H8", "I9"));
  EXPECT_FALSE(FormsMill(kLudii, "B2 H8 I9", "A1"));
  EXPECT_TRUE(FormsMill(kLudii, "A1 B2 C3 D4 F6 G7 I9", "H8"));
  // Along a row: A5 B5 C5 G5 (blocked by H5), on C5 and G5.
  EXPECT_TRUE(FormsMill(kLudii, "A5 B5 C5", "G5"));
  EXPECT_FALSE(FormsMill(kLudii, "B5 C5 G5", "A5"));
  EXPECT_FALSE(FormsMill(kLudii, "A5 B5 C5 H5", "G5"));
}

// Every Ludii set, completed on each of its points, with and without each of
// its blocking points held.
TEST(DavxarLines, EveryLudiiFourPointSet) {
  for (const davxar::FourPointSet& set : davxar::kLudiiFourPointSets) {
    const Bitboard points = PointSet(set.points);
    const std::string counts_on = set.counts_on;
    const Bitboard pivots = counts_on == "all" ? points : PointSet(set.counts_on);
    for (int last : Sites(points)) {
      Davxar::Position position = kLudii.start();
      position.pieces[0] = points & ~SquareBit(last);
      Davxar::Position blocked_base = position;
      EXPECT_EQ(kLudii.play(position, Decision::Place(last)), Contains(pivots, last))
          << set.points << " completed on " << kLudii.site_names()[last];
      for (int blocker : Sites(PointSet(set.must_not_hold))) {
        Davxar::Position blocked = blocked_base;
        blocked.pieces[0] |= SquareBit(blocker);
        EXPECT_FALSE(kLudii.play(blocked, Decision::Place(last)))
            << set.points << " with " << kLudii.site_names()[blocker];
      }
    }
  }
}

TEST(DavxarLines, RemovalSparesPiecesInMills) {
  // A full side, and a three-point run of a four-point arm.
  EXPECT_EQ(Removals(kHistorical, "A1 E1 I1 D5"), (std::vector<std::string>{"xD5"}));
  EXPECT_EQ(Removals(kHistorical, "E1 E2 E3"), (std::vector<std::string>{"xE1", "xE2", "xE3"}));
  EXPECT_EQ(Removals(kHistorical, "E1 E2 E3 E4 F5"), (std::vector<std::string>{"xF5"}));
  // A historical diagonal is a mill whatever holds F6; Ludii's run is blocked.
  EXPECT_EQ(Removals(kHistorical, "A1 B2 C3 D4 F6"), (std::vector<std::string>{"xF6"}));
  EXPECT_EQ(Removals(kLudii, "A1 B2 C3 D4 F6"),
            (std::vector<std::string>{"xA1", "xB2", "xC3", "xD4", "xF6"}));
  EXPECT_EQ(Removals(kLudii, "A1 B2 C3 D4"), (std::vector<std::string>{"pass"}));
}

// Ludii's "in a mill" puts the target in the role of the piece just moved:
// only the pivots of a skipping set are protected by it.
TEST(DavxarLines, LudiiRemovalUsesThePivotRule) {
  EXPECT_EQ(Removals(kLudii, "A1 B2 C3 G7"), (std::vector<std::string>{"xA1", "xB2"}));
  EXPECT_EQ(Removals(kLudii, "A1 B2 H8 I9"), (std::vector<std::string>{"xA1", "xI9"}));
  EXPECT_EQ(Removals(kHistorical, "A1 B2 C3 G7"),
            (std::vector<std::string>{"xA1", "xB2", "xC3", "xG7"}));
  // Every opponent piece in a mill: the removal is a forced pass.
  Davxar::Position position = kLudii.start();
  position.pieces = {PointSet("A9 E9 I9"), PointSet("A5 B5 C5 D5")};
  position.remove = true;
  DecisionList list;
  LegalDecisions(kLudii, position, list);
  ASSERT_EQ(list.size(), 1);
  EXPECT_TRUE(list[0].is_pass());
}

// A line read straight from the lists of boards/davxar/RULES.md: full, not blocked, and the
// piece in question on one of `pivots`.
struct PlainLine {
  Bitboard points;
  Bitboard must_not_hold;
  Bitboard pivots;
};

std::vector<PlainLine> PlainLines(davxar::MillTest test) {
  std::vector<PlainLine> lines;
  for (const char* line : davxar::kThreePointLines)
    lines.push_back({PointSet(line), 0, PointSet(line)});
  if (test == davxar::MillTest::kHistorical) {
    for (const char* line : davxar::kHistoricalFourPointLines)
      lines.push_back({PointSet(line), 0, PointSet(line)});
    return lines;
  }
  for (const davxar::FourPointSet& set : davxar::kLudiiFourPointSets) {
    const bool all = std::string(set.counts_on) == "all";
    lines.push_back({PointSet(set.points), PointSet(set.must_not_hold),
                     all ? PointSet(set.points) : PointSet(set.counts_on)});
  }
  return lines;
}

// The per-point and whole-side tables agree with a plain walk over RULES.md's
// lines.
TEST(DavxarLines, TablesAgreeWithTheLineLists) {
  Random random(2024);
  for (const Davxar* game : {&kHistorical, &kLudii}) {
    const std::vector<PlainLine> lines = PlainLines(game->lines());
    for (int trial = 0; trial < 20000; ++trial) {
      // About half the points held, sometimes more.
      Bitboard own = random.Next() & davxar::kAllPoints;
      if (trial % 2) own |= random.Next() & davxar::kAllPoints;
      Bitboard in_mills = 0;
      for (int point : Sites(own)) {
        bool in_mill = false;
        for (const PlainLine& line : lines) {
          in_mill |= Contains(line.pivots, point) && (own & line.points) == line.points &&
                     (own & line.must_not_hold) == 0;
        }
        ASSERT_EQ(game->InMill(point, own), in_mill)
            << game->name() << ": " << own << " at " << game->site_names()[point];
        if (in_mill) in_mills |= SquareBit(point);
      }
      ASSERT_EQ(game->PiecesInMills(own), in_mills) << game->name() << ": " << own;
    }
  }
}

}  // namespace
}  // namespace lud64::davxar_lines_test
