// MCTS's pressing term (search/mcts.h): a side far ahead still prefers
// gaining more, where every leaf's expected result is nearly a win.
#include <cmath>
#include <string>

#include "boards/davxar/davxar.h"
#include "boards/davxar/davxar_text.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "engine/random.h"
#include "gtest/gtest.h"
#include "play/search_instances.h"
#include "search/mcts.h"
#include "search/playout.h"

namespace lud64::mcts_press_test {
namespace {

using mcts_internal::HeuristicValue;

TEST(MctsPress, WithoutTheTermAValueIsItsExpectedResult) {
  for (Score score : {-2000, -150, 0, 37, 900}) {
    const double expected = 1 / (1 + std::exp(-score / kLogisticScale));
    EXPECT_EQ(HeuristicValue(score, 0, 0), expected) << score;
    EXPECT_EQ(HeuristicValue(score, 700, 0), expected) << score;
    // With the reference 0 (a root within the margin) the blend is the same.
    EXPECT_NEAR(HeuristicValue(score, 0, kDefaultPress), expected, 1e-12) << score;
  }
}

TEST(MctsPress, APieceMoreCountsFarAhead) {
  // 2000 and 2250 are both wins to a thousandth; measured against a root
  // at 2000 (a reference of 1700), a piece more is worth a tenth.
  const double saturated = HeuristicValue(2250, 0, 0) - HeuristicValue(2000, 0, 0);
  EXPECT_LT(saturated, 0.001);
  const double pressed =
      HeuristicValue(2250, 1700, kDefaultPress) - HeuristicValue(2000, 1700, kDefaultPress);
  EXPECT_GT(pressed, 0.04);
  // Behind, keeping a piece counts as much.
  EXPECT_GT(
      HeuristicValue(-2000, -1700, kDefaultPress) - HeuristicValue(-2250, -1700, kDefaultPress),
      0.04);
}

Davxar::Position Parse(const Davxar& game, const std::string& text) {
  absl::StatusOr<Davxar::Position> position = ParsePosition(game, text);
  EXPECT_TRUE(position.ok()) << position.status();
  return *position;
}

// x, nine pieces against five, to move in the movement phase.
constexpr char kFarAhead[] = "xo./xo./x../..o/....x..o/o../.xx/x.x/x.. x turn=100 hand=0,0";

// The plies x, searching 1000 iterations a decision, takes to win from
// kFarAhead against random replies (of stream `seed`).
int PliesToWin(double press, uint64_t seed) {
  const Davxar game;
  Mcts<Davxar> mcts(game, {.press = press});
  Davxar::Position position = Parse(game, kFarAhead);
  Random random(seed);
  int plies = 0;
  for (; plies < 1000 && !position.state.over(); ++plies) {
    Decision d = Decision::Pass();
    if (position.state.to_move == Player::kP1) {
      mcts.SetRoot(position);
      d = mcts.Search({.iterations = 1000}).best.decision;
    } else {
      d = RandomDecision(game, position, random);
    }
    Apply(game, position, d);
  }
  EXPECT_EQ(position.state.outcome, Outcome::kP1Wins) << press << " " << seed;
  return plies;
}

// Far ahead, the pressing search ends the game soon; without the term it
// wanders among decisions that all look won.
TEST(MctsPress, ConvertsAWonGameSooner) {
  int pressed = 0, unpressed = 0;
  for (uint64_t seed : {1, 2, 3}) {
    const int plies = PliesToWin(kDefaultPress, seed);
    EXPECT_LE(plies, 30) << seed;
    pressed += plies;
    unpressed += PliesToWin(0, seed);
  }
  EXPECT_GT(unpressed, 2 * pressed);
}

}  // namespace
}  // namespace lud64::mcts_press_test
