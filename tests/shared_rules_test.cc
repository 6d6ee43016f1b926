// The rules every game shares (engine/game.h): forced passes, the order of the
// end checks, the all-pass draw, same-turn decisions and the turn limit,
// checked on a toy game whose decisions are scripted by its position.
#include <string>

#include "engine/game.h"
#include "engine/position_text.h"
#include "gtest/gtest.h"
#include "search/perft.h"

namespace lud64::shared_rules_test {
namespace {

// Each player has a budget of placements. A placement that leaves exactly
// `bonus_at` in the mover's budget gives the mover a same-turn decision that
// is always a forced pass (like Davxar's removal when nothing is removable).
// With `pass_wins`, the own end rule gives two consecutive passes to the
// player who made the second (like Guettal's count, simplified).
struct ToyGame {
  struct Position {
    std::array<int, 2> budget{};
    bool bonus = false;
    TurnState state;
  };
  int bonus_at = -1;
  bool pass_wins = false;

  std::string name() const { return "toy"; }
  const SiteNames& site_names() const {
    static const SiteNames* names = new SiteNames({"A"});
    return *names;
  }
  Position start() const { return Position{{2, 2}, false, {}}; }
  void generate(const Position& p, DecisionList& list) const {
    if (!p.bonus && p.budget[Index(p.state.to_move)] > 0) list.push(Decision::Place(0));
  }
  bool mid_turn(const Position& p) const { return p.bonus; }
  bool play(Position& p, Decision d) const {
    if (d.is_pass()) {
      p.bonus = false;
      return false;
    }
    p.bonus = --p.budget[Index(p.state.to_move)] == bonus_at;
    return p.bonus;
  }
  Outcome rule_outcome(const Position&, Player mover, bool consecutive_passes) const {
    return pass_wins && consecutive_passes ? WinFor(mover) : Outcome::kOngoing;
  }
  uint64_t hash(const Position&) const { return 0; }
};
static_assert(Game<ToyGame>);

// Its text: the budgets; the board field reads back as the start.
std::string FormatBoard(const ToyGame&, const ToyGame::Position& p) {
  return absl::StrCat(p.budget[0], ",", p.budget[1]);
}
std::string FormatFields(const ToyGame&, const ToyGame::Position&) { return ""; }
absl::StatusOr<ToyGame::Position> ParseBoard(const ToyGame& game, absl::string_view) {
  return game.start();
}
absl::Status ParseField(const ToyGame&, absl::string_view, ToyGame::Position&) {
  return absl::OkStatus();
}
absl::Status Validate(const ToyGame&, const ToyGame::Position&) { return absl::OkStatus(); }
[[maybe_unused]] std::string Draw(const ToyGame& game, const ToyGame::Position& p) {
  return FormatBoard(game, p);
}
static_assert(NotatedGame<ToyGame>);

void Play(const ToyGame& game, ToyGame::Position& p, int count) {
  DecisionList list{};  // zeroed: GCC cannot see that LegalDecisions fills it
  for (int i = 0; i < count; ++i) {
    LegalDecisions(game, p, list);
    ASSERT_EQ(list.size(), 1);
    Apply(game, p, list[0]);
  }
}

TEST(SharedRules, ForcedPassesThenAllPassDraw) {
  const ToyGame game;
  ToyGame::Position p = game.start();
  Play(game, p, 4);  // x, o, x, o place; budgets are now empty
  EXPECT_EQ(p.state.turn, 4);
  EXPECT_FALSE(p.state.over());
  DecisionList list;
  LegalDecisions(game, p, list);
  ASSERT_EQ(list.size(), 1);
  EXPECT_TRUE(list[0].is_pass());
  Apply(game, p, list[0]);
  EXPECT_TRUE(p.state.passed);
  EXPECT_FALSE(p.state.over());
  Apply(game, p, Decision::Pass());
  EXPECT_EQ(p.state.outcome, Outcome::kDraw);
  EXPECT_EQ(p.state.end, EndReason::kAllPass);
  LegalDecisions(game, p, list);
  EXPECT_TRUE(list.empty());  // a finished game has no decisions
}

TEST(SharedRules, OwnEndRuleComesBeforeTheAllPassDraw) {
  const ToyGame game{.pass_wins = true};
  ToyGame::Position p = game.start();
  Play(game, p, 6);
  EXPECT_EQ(p.state.outcome, Outcome::kP2Wins);  // o made the second pass
  EXPECT_EQ(p.state.end, EndReason::kOwnRule);
}

TEST(SharedRules, SameTurnDecisionKeepsThePlayerAndTheTurn) {
  const ToyGame game{.bonus_at = 1};
  ToyGame::Position p = game.start();
  Apply(game, p, Decision::Place(0));  // x: budget 1, bonus
  EXPECT_EQ(p.state.to_move, Player::kP1);
  EXPECT_EQ(p.state.turn, 0);
  DecisionList list;
  LegalDecisions(game, p, list);
  ASSERT_EQ(list.size(), 1);
  EXPECT_TRUE(list[0].is_pass());  // the bonus decision is a forced pass
  Apply(game, p, list[0]);
  EXPECT_EQ(p.state.to_move, Player::kP2);
  EXPECT_EQ(p.state.turn, 1);
  EXPECT_FALSE(p.state.passed);  // a pass after a same-turn decision is not a passed turn
}

TEST(SharedRules, PassAfterSameTurnDecisionDoesNotCountForAllPass) {
  const ToyGame game{.bonus_at = 0};
  ToyGame::Position p = game.start();
  // x A, o A, x A + forced bonus pass, o A + forced bonus pass, then x passes:
  // o's last turn began with a placement, so this is no all-pass draw yet.
  Play(game, p, 7);
  EXPECT_TRUE(p.state.passed);
  EXPECT_FALSE(p.state.over());
  Play(game, p, 1);
  EXPECT_EQ(p.state.end, EndReason::kAllPass);
}

TEST(SharedRules, TurnLimitDraws) {
  const ToyGame game;
  ToyGame::Position p = game.start();
  p.state.turn = kTurnLimit - 1;
  Apply(game, p, Decision::Place(0));
  EXPECT_EQ(p.state.outcome, Outcome::kDraw);
  EXPECT_EQ(p.state.end, EndReason::kTurnLimit);
}

TEST(SharedRules, PerftCountsFinishedGamesAtTheirOwnDepthOnly) {
  const ToyGame game;
  // The line is forced: 4 placements, 2 passes (the game ends), nothing more.
  for (int depth = 1; depth <= 6; ++depth) EXPECT_EQ(Perft(game, game.start(), depth), 1u);
  EXPECT_EQ(Perft(game, game.start(), 7), 0u);
}

TEST(SharedRules, PositionTextOfSharedFields) {
  const ToyGame game;
  ToyGame::Position p = game.start();
  Play(game, p, 5);
  EXPECT_EQ(FormatPosition(game, p), "0,0 o turn=5 passed");
  absl::StatusOr<ToyGame::Position> read = ParsePosition(game, "2,2 o turn=2500");
  ASSERT_TRUE(read.ok());
  EXPECT_EQ(read->state.end, EndReason::kTurnLimit);  // derived from the text
}

}  // namespace
}  // namespace lud64::shared_rules_test
