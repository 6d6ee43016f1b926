// Guettal's enclosure rule: hand-made positions for each of Ludii's quirks,
// and the bitboard implementation against the literal ordered procedure (the
// oracle) on every reference position and on random boards.
#include <random>

#include "absl/strings/str_cat.h"
#include "boards/guettal/enclosure.h"
#include "boards/guettal/guettal.h"
#include "boards/guettal/guettal_text.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "gtest/gtest.h"
#include "tests/guettal_ludii_oracle.h"
#include "tests/reference_data.h"

namespace lud64::guettal_enclosure_test {
namespace {

using guettal::AddInLudiiOrder;
using guettal::Enclosed;
using guettal::Grid;
using guettal::LudiiCells;
using guettal::PassesChainTest;

const Guettal kGame;

int Site(absl::string_view name) {
  return kGame.site_names().Find(std::string_view(name.data(), name.size()));
}

Bitboard Cells(std::initializer_list<absl::string_view> names) {
  Bitboard cells = 0;
  for (absl::string_view name : names) cells |= SquareBit(Site(name));
  return cells;
}

// The position after the player to move adds at `site`, by the oracle.
Guettal::Position AddByOracle(const Guettal::Position& position, int site) {
  const int mover = Index(position.state.to_move) + 1;
  LudiiCells cells;
  for (int s = 0; s < Grid::kSites; ++s) {
    cells.what[s] = Contains(position.pieces[0], s) ? 1 : Contains(position.pieces[1], s) ? 2 : 0;
    // Ludii records who blocked a cell: the previous mover.
    cells.state[s] = Contains(position.blocked, s) ? static_cast<int8_t>(3 - mover) : 0;
  }
  AddInLudiiOrder(cells, site, mover);
  Guettal::Position after = position;
  after.pieces = {0, 0};
  after.blocked = 0;
  for (int s = 0; s < Grid::kSites; ++s) {
    if (cells.what[s] != 0) after.pieces[cells.what[s] - 1] |= SquareBit(s);
    if (cells.state[s] != 0) after.blocked |= SquareBit(s);
  }
  return after;
}

// The position after the player to move adds at `site`, by the game.
Guettal::Position AddByGame(const Guettal::Position& position, int site) {
  Guettal::Position after = position;
  kGame.play(after, Decision::Place(site));
  return after;
}

// The board after x adds at `site` to `board`, checked to be the same by the
// game and by the oracle.
std::string AfterAddition(absl::string_view board, absl::string_view site) {
  absl::StatusOr<Guettal::Position> position = ParsePosition(kGame, absl::StrCat(board, " x"));
  EXPECT_TRUE(position.ok()) << position.status();
  if (!position.ok()) return "";
  std::string by_game = FormatBoard(kGame, AddByGame(*position, Site(site)));
  EXPECT_EQ(FormatBoard(kGame, AddByOracle(*position, Site(site))), by_game)
      << board << " " << site;
  return by_game;
}

TEST(GuettalEnclosure, StraightBoundaryFromItsEnd) {
  // Column C closes columns A-B; columns D-I are not closed (G3 is apart).
  EXPECT_EQ(AfterAddition("o.x....../.ox...x../..x....../o.....o..", "C1"),
            "--x....../--x...x../--x....../--x...o..");
}

TEST(GuettalEnclosure, StraightBoundaryFromItsMiddleFails) {
  // Both regions' boundary lists start at C2, the first own neighbour of the
  // seeds B2 and D2; the walk goes north to C4 and cannot come back to C1.
  EXPECT_EQ(AfterAddition("o.x....../.ox...x../........./o.x...o..", "C2"),
            "o.x....../.ox...x../..x....../o.x...o..");
}

TEST(GuettalEnclosure, CornerCellClosedAgainstTheEdges) {
  EXPECT_EQ(AfterAddition("........./......x../x......../o........", "B1"),
            "........./......x../x......../-x.......");
}

TEST(GuettalEnclosure, LoneCellOnTheTopEdgeIsEnclosedButNotOnTheBottomEdge) {
  // D4: the boundary list starts at E4 (D4 has no north), an end of E4-D3-C4.
  EXPECT_EQ(AfterAddition("..xox..../........./........./......x..", "D3"),
            "..x-x..../...x...../........./......x..");
  // D1: the list starts at D2, the middle of C1-D2-E1; the walk goes to E1
  // and stops.
  EXPECT_EQ(AfterAddition("........./......x../........./..xox....", "D2"),
            "........./......x../...x...../..xox....");
}

TEST(GuettalEnclosure, BranchedBoundaryFailsTheGreedyWalk) {
  // The large region's boundary H1, H2, I2, G3 is connected (H2 touches the
  // other three), but the walk goes H1, H2 (north first), I2 and cannot reach
  // G3. I1 alone is enclosed.
  EXPECT_EQ(AfterAddition(".o......./......x../.......xx/...o...o.", "H1"),
            ".o......./......x../.......xx/...o...x-");
}

TEST(GuettalEnclosure, PassesOnlyBecauseSoutheastComesBeforeSouth) {
  // The T E4, D3, E3, F3 closes everything else. From E4 the walk takes F3
  // (south-east) before E3 (south), then E3 and D3; south first would strand F3.
  EXPECT_EQ(AfterAddition("....x..o./.o..xx.../....o..../.........", "D3"),
            "----x----/---xxx---/---------/---------");
  // Added at E3 the same T fails: the walk starts at E3 and goes E4, F3.
  EXPECT_EQ(AfterAddition("....x..o./.o.x.x.../....o..../.........", "E3"),
            "....x..o./.o.xxx.../....o..../.........");
}

TEST(GuettalEnclosure, SeveralRegionsAroundOneAddition) {
  // A4 and A2 are enclosed; the region east of A3 is not (F3 is apart).
  EXPECT_EQ(AfterAddition("ox......./x....x.../ox..o..../x........", "A3"),
            "-x......./x....x.../-x..o..../x........");
}

TEST(GuettalEnclosure, OneRegionReachedFromSeveralSeedsIsExaminedOnce) {
  // E2's four neighbours are all in one region, examined once: its boundary
  // E2, E4, G3, G1 is not in one piece.
  EXPECT_EQ(AfterAddition("....x..../......x../........./......x..", "E2"),
            "....x..../......x../....x..../......x..");
  // With E2 alone, the boundary is E2 alone: every other cell is enclosed.
  EXPECT_EQ(Enclosed(Site("E2"), Cells({"E2"})), Grid::kAll & ~Cells({"E2"}));
}

TEST(GuettalEnclosure, ChainTestFollowsLudiisWalk) {
  // A boundary of one cell always passes.
  EXPECT_TRUE(PassesChainTest(Cells({"C3"}), Site("C3")));
  // Two cells pass when they touch, diagonally included.
  EXPECT_TRUE(PassesChainTest(Cells({"C3", "D4"}), Site("D4")));
  EXPECT_FALSE(PassesChainTest(Cells({"C3", "E3"}), Site("C3")));
  // A path passes from an end, fails from the middle.
  EXPECT_TRUE(PassesChainTest(Cells({"A1", "B2", "C1"}), Site("A1")));
  EXPECT_FALSE(PassesChainTest(Cells({"A1", "B2", "C1"}), Site("B2")));
  // A ring passes from anywhere.
  for (absl::string_view first : {"D3", "E2", "D1", "C2"})
    EXPECT_TRUE(PassesChainTest(Cells({"D3", "E2", "D1", "C2"}), Site(first))) << first;
}

// Every addition from every position of every reference trace.
TEST(GuettalEnclosure, FastMatchesOracleOnEveryReferencePosition) {
  int compared = 0;
  for (const testing::Trace& trace : testing::ReadTraces("guettal15.txt")) {
    Guettal::Position position = kGame.start();
    for (const testing::TracePly& ply : trace.moves) {
      DecisionList list;
      LegalDecisions(kGame, position, list);
      for (Decision decision : list) {
        if (decision.is_pass()) continue;
        ASSERT_EQ(AddByGame(position, decision.to), AddByOracle(position, decision.to))
            << "guettal15.txt:" << trace.line << " " << FormatPosition(kGame, position) << " + "
            << kGame.site_names()[decision.to];
        ++compared;
      }
      Apply(kGame, position, ParseDecision(ply.decision, kGame.site_names()).value());
    }
  }
  EXPECT_GT(compared, 10000);
}

// Random boards: each cell x, o, blocked or empty with per-board odds, so that
// sparse, dense and in-between boards all occur; one addition on an open cell.
// Fewer where the code runs many times slower (no optimisation, sanitizers).
#if defined(NDEBUG) && !defined(__SANITIZE_ADDRESS__)
constexpr int kSamples = 200000;
#else
constexpr int kSamples = 50000;
#endif

TEST(GuettalEnclosure, FastMatchesOracleOnRandomBoards) {
  std::mt19937_64 random(20240615);
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  int enclosing = 0;
  for (int sample = 0; sample < kSamples; ++sample) {
    const double own_odds = uniform(random) * 0.7;
    const double opponent_odds = own_odds + uniform(random) * (1.0 - own_odds) * 0.8;
    const double blocked_odds = opponent_odds + uniform(random) * (1.0 - opponent_odds) * 0.5;
    Guettal::Position position;
    position.state.to_move = sample % 2 == 0 ? Player::kP1 : Player::kP2;
    const int me = Index(position.state.to_move);
    Bitboard open = 0;
    for (int s = 0; s < Grid::kSites; ++s) {
      const double roll = uniform(random);
      if (roll < own_odds) {
        position.pieces[me] |= SquareBit(s);
      } else if (roll < opponent_odds) {
        position.pieces[1 - me] |= SquareBit(s);
      } else if (roll < blocked_odds) {
        position.blocked |= SquareBit(s);
      } else {
        open |= SquareBit(s);
      }
    }
    if (open == 0) continue;
    const int site = NthSite(open, static_cast<int>(random() % PopCount(open)));
    const Guettal::Position by_game = AddByGame(position, site);
    ASSERT_EQ(by_game, AddByOracle(position, site))
        << "sample " << sample << ": " << FormatPosition(kGame, position) << " + "
        << kGame.site_names()[site];
    if (by_game.blocked != 0) ++enclosing;
  }
  // Both outcomes are common enough to have been exercised.
  EXPECT_GT(enclosing, kSamples / 10);
  EXPECT_LT(enclosing, kSamples * 9 / 10);
}

}  // namespace
}  // namespace lud64::guettal_enclosure_test
