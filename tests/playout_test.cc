// Random playouts of every game (search/playout*.h).
#include "boards/damdaman/damdaman.h"
#include "boards/damdaman/damdaman_text.h"
#include "boards/davxar/davxar.h"
#include "boards/davxar/davxar_text.h"
#include "boards/guettal/guettal.h"
#include "boards/guettal/guettal_text.h"
#include "engine/game_spec.h"
#include "play/wilson_interval.h"
#include "tests/midgame_positions.h"
#include "tests/playout_checks.h"

namespace lud64::playout_test {
namespace {

TEST(DamdamanPlayouts, UniformChoice) {
  const Damdaman game;
  testing::ExpectUniformChoice(game, MidgamePositions(game, "damdaman"));
}

TEST(DamdamanPlayouts, KernelMatchesSets) {
  const Damdaman game;
  testing::ExpectKernelMatchesSets(game, MidgamePositions(game, "damdaman"));
}

// The kernel without pdep (the other way it chooses the step) draws the same.
TEST(DamdamanPlayouts, KernelWithoutPdepMatchesSets) {
  const bool had_pdep = internal::use_pdep;
  internal::use_pdep = false;
  const Damdaman game;
  testing::ExpectKernelMatchesSets(game, MidgamePositions(game, "damdaman"));
  internal::use_pdep = had_pdep;
}

TEST(DamdamanPlayouts, PlayoutMatchesDecisions) {
  const Damdaman game;
  testing::ExpectPlayoutMatchesDecisions(game, MidgamePositions(game, "damdaman"));
}

TEST(DamdamanPlayouts, Reproducible) { testing::ExpectReproduciblePlayouts(Damdaman(), 200); }

TEST(DamdamanPlayouts, MatchLudii) {
  testing::ExpectPlayoutsMatchLudii(Damdaman(), "damdaman", 10000);
}

TEST(GuettalPlayouts, UniformChoice) {
  const Guettal game;
  testing::ExpectUniformChoice(game, MidgamePositions(game, "guettal"));
}

// Guettal's games are short (about 8 decisions): the traced positions, and
// every position of 100 random games from the start.
TEST(GuettalPlayouts, KernelMatchesSets) {
  const Guettal game;
  std::vector<Guettal::Position> positions = MidgamePositions(game, "guettal");
  Random random(5);
  for (int i = 0; i < 100; ++i) {
    for (Guettal::Position p = game.start(); !p.state.over();
         Apply(game, p, RandomDecision(game, p, random))) {
      positions.push_back(p);
    }
  }
  testing::ExpectKernelMatchesSets(game, positions);
}

TEST(GuettalPlayouts, PlayoutMatchesDecisions) {
  const Guettal game;
  testing::ExpectPlayoutMatchesDecisions(game, MidgamePositions(game, "guettal"));
}

TEST(GuettalPlayouts, Reproducible) { testing::ExpectReproduciblePlayouts(Guettal(), 20000); }

TEST(GuettalPlayouts, MatchLudii) {
  testing::ExpectPlayoutsMatchLudii(Guettal(), "guettal", 400000);
}

Davxar DavxarGame(const std::string& name) {
  absl::StatusOr<Davxar> game = GameFromSpec<Davxar>(ParseGameSpec(name).value());
  EXPECT_TRUE(game.ok()) << name << ": " << game.status();
  return game.value_or(Davxar());
}

// The traced middle-game positions, and a few removals reached from them.
std::vector<Davxar::Position> DavxarPositions(const Davxar& game, const std::string& name) {
  std::vector<Davxar::Position> positions = MidgamePositions(game, name);
  std::vector<Davxar::Position> removals;
  DecisionList list;
  for (const Davxar::Position& position : positions) {
    LegalDecisions(game, position, list);
    for (Decision d : list) {
      Davxar::Position child = position;
      Apply(game, child, d);
      if (child.remove && !child.state.over() && removals.size() < 6) removals.push_back(child);
    }
  }
  EXPECT_FALSE(removals.empty());
  positions.insert(positions.end(), removals.begin(), removals.end());
  return positions;
}

TEST(DavxarPlayouts, UniformChoice) {
  for (const char* name : {"davxar", "davxar:lines=ludii"}) {
    SCOPED_TRACE(name);
    const Davxar game = DavxarGame(name);
    testing::ExpectUniformChoice(game, DavxarPositions(game, name));
  }
}

TEST(DavxarPlayouts, KernelMatchesSets) {
  for (const char* name : {"davxar", "davxar:lines=ludii", "davxar:pieces=6"}) {
    SCOPED_TRACE(name);
    const Davxar game = DavxarGame(name);
    testing::ExpectKernelMatchesSets(game, DavxarPositions(game, name));
  }
}

TEST(DavxarPlayouts, PlayoutMatchesDecisions) {
  const Davxar game = DavxarGame("davxar");
  testing::ExpectPlayoutMatchesDecisions(game, DavxarPositions(game, "davxar"));
}

TEST(DavxarPlayouts, Reproducible) { testing::ExpectReproduciblePlayouts(Davxar(), 1000); }

// Twice as many playouts as Ludii played for each row of playouts.md.
TEST(DavxarPlayouts, MatchLudii) {
  for (const char* name : {"davxar", "davxar:lines=ludii"}) {
    testing::ExpectPlayoutsMatchLudii(DavxarGame(name), name, 40000);
  }
  for (const char* name : {"davxar:pieces=6", "davxar:lines=ludii,pieces=6"}) {
    testing::ExpectPlayoutsMatchLudii(DavxarGame(name), name, 20000);
  }
}

TEST(PlayoutStats, WilsonIntervalContainsTheShare) {
  const Interval ci = Wilson95(30, 100);
  EXPECT_LT(ci.low, 0.3);
  EXPECT_GT(ci.high, 0.3);
  EXPECT_NEAR(ci.low, 0.2189, 1e-3);
  EXPECT_NEAR(ci.high, 0.3958, 1e-3);
}

}  // namespace
}  // namespace lud64::playout_test
