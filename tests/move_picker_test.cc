// The move picker (search/move_picker.h): its stages, its tactical flags, and
// the histories' gravity.
#include "search/move_picker.h"

#include <algorithm>
#include <set>
#include <tuple>
#include <vector>

#include "boards/damdaman/damdaman.h"
#include "boards/damdaman/damdaman_text.h"
#include "boards/davxar/davxar.h"
#include "boards/davxar/davxar_board.h"
#include "boards/davxar/davxar_text.h"
#include "boards/guettal/guettal.h"
#include "boards/guettal/guettal_text.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "gtest/gtest.h"

namespace lud64::move_picker_test {
namespace {

using davxar::PointSet;

template <class G>
Decision Parse(const G& game, absl::string_view text) {
  return ParseDecision(text, game.site_names()).value();
}

template <class G>
std::vector<PickedDecision> PickAll(MovePicker<G>& picker) {
  std::vector<PickedDecision> picked;
  PickedDecision next;
  while (picker.Next(next)) picked.push_back(next);
  return picked;
}

std::tuple<int, int, int> Key(Decision d) { return {static_cast<int>(d.kind), d.from, d.to}; }

// Every legal decision once, each with its IsTactical, the tactical ones
// before the quiet ones (after the table move).
template <class G>
void ExpectEachDecisionOnce(const G& game, const typename G::Position& p,
                            const std::vector<PickedDecision>& picked, int first_ordered) {
  DecisionList legal;
  LegalDecisions(game, p, legal);
  ASSERT_EQ(static_cast<int>(picked.size()), legal.size());
  std::set<std::tuple<int, int, int>> seen;
  bool quiet_seen = false;
  for (int i = 0; i < static_cast<int>(picked.size()); ++i) {
    const PickedDecision& d = picked[i];
    EXPECT_TRUE(legal.contains(d.decision));
    EXPECT_TRUE(seen.insert(Key(d.decision)).second);
    EXPECT_EQ(d.tactical, IsTactical(game, p, d.decision));
    if (i < first_ordered) continue;
    if (!d.tactical) quiet_seen = true;
    EXPECT_FALSE(quiet_seen && d.tactical) << i;
  }
}

// x has two on the line A1 E1 I1 with a piece in hand: I1 forms a mill.
Davxar::Position DavxarPlacing(const Davxar& game) {
  Davxar::Position p = game.start();
  p.pieces = {PointSet("A1 E1"), PointSet("D5")};
  p.hand = {1, 1};
  return p;
}

TEST(MovePicker, TableMoveThenTacticalThenKillersThenHistory) {
  const Davxar game;
  const Davxar::Position p = DavxarPlacing(game);
  const Decision table_move = Parse(game, "E2"), mill = Parse(game, "I1");
  Killers killers;
  killers.Add(Parse(game, "B2"));
  killers.Add(Parse(game, "C3"));  // the most recent first
  DecisionHistory quiet, tactical;
  quiet.Update(Player::kP1, Parse(game, "A5"), 3000);
  quiet.Update(Player::kP1, Parse(game, "A9"), 2000);
  quiet.Update(Player::kP1, Parse(game, "B2"), -1000);  // a killer all the same
  MovePicker<Davxar> picker(game, p, table_move, killers, quiet, tactical);
  const std::vector<PickedDecision> picked = PickAll(picker);
  ASSERT_GE(picked.size(), 6u);
  EXPECT_EQ(picked[0].decision, table_move);
  EXPECT_FALSE(picked[0].tactical);
  EXPECT_EQ(picked[1].decision, mill);
  EXPECT_TRUE(picked[1].tactical);
  EXPECT_EQ(picked[2].decision, Parse(game, "C3"));
  EXPECT_EQ(picked[3].decision, Parse(game, "B2"));
  EXPECT_EQ(picked[4].decision, Parse(game, "A5"));
  EXPECT_EQ(picked[5].decision, Parse(game, "A9"));
  for (size_t i = 6; i < picked.size(); ++i)
    EXPECT_GE(quiet.Get(Player::kP1, picked[5].decision),
              quiet.Get(Player::kP1, picked[i].decision));
  ExpectEachDecisionOnce(game, p, picked, 1);
}

TEST(MovePicker, IllegalTableMoveAndKillersAreSkipped) {
  const Davxar game;
  const Davxar::Position p = DavxarPlacing(game);
  Killers killers;
  killers.Add(Parse(game, "A1"));  // occupied
  killers.Add(Parse(game, "I1"));  // tactical here: comes with the tactical decisions
  DecisionHistory quiet, tactical;
  MovePicker<Davxar> picker(game, p, Parse(game, "D5"), killers, quiet, tactical);
  const std::vector<PickedDecision> picked = PickAll(picker);
  ASSERT_FALSE(picked.empty());
  EXPECT_EQ(picked[0].decision, Parse(game, "I1"));
  ExpectEachDecisionOnce(game, p, picked, 0);
}

TEST(MovePicker, TacticalDecisionsByTheirHistory) {
  // x removes after a mill: every decision is a removal.
  const Davxar game;
  Davxar::Position p = game.start();
  p.pieces = {PointSet("A1 E1 I1"), PointSet("D5 F5 E6 B2")};
  p.hand = {0, 0};
  p.remove = true;
  DecisionHistory quiet, tactical;
  tactical.Update(Player::kP1, Parse(game, "xE6"), 500);
  tactical.Update(Player::kP1, Parse(game, "xB2"), 900);
  const Killers no_killers;
  MovePicker<Davxar> picker(game, p, Decision::Pass(), no_killers, quiet, tactical);
  const std::vector<PickedDecision> picked = PickAll(picker);
  ASSERT_EQ(picked.size(), 4u);
  EXPECT_EQ(picked[0].decision, Parse(game, "xB2"));
  EXPECT_EQ(picked[1].decision, Parse(game, "xE6"));
  ExpectEachDecisionOnce(game, p, picked, 0);
}

TEST(MovePicker, QuiescenceHandsOutTacticalDecisionsOnly) {
  const Davxar game;
  const Davxar::Position p = DavxarPlacing(game);
  DecisionHistory tactical;
  MovePicker<Davxar> only_tactical(game, p, tactical, /*all=*/false);
  const std::vector<PickedDecision> picked = PickAll(only_tactical);
  ASSERT_EQ(picked.size(), 1u);
  EXPECT_EQ(picked[0].decision, Parse(game, "I1"));
  EXPECT_TRUE(picked[0].tactical);
  MovePicker<Davxar> all(game, p, tactical, /*all=*/true);
  ExpectEachDecisionOnce(game, p, PickAll(all), 0);
}

TEST(MovePicker, EachDecisionOnceInEveryGame) {
  const Guettal guettal;
  const Damdaman damdaman;
  DecisionHistory quiet, tactical;
  Killers killers;
  {
    const Guettal::Position p = ParsePosition(guettal, "start").value();
    MovePicker<Guettal> picker(guettal, p, Parse(guettal, "B2"), killers, quiet, tactical);
    const std::vector<PickedDecision> picked = PickAll(picker);
    EXPECT_EQ(picked[0].decision, Parse(guettal, "B2"));
    ExpectEachDecisionOnce(guettal, p, picked, 1);
    EXPECT_TRUE(std::any_of(picked.begin(), picked.end(),
                            [](const PickedDecision& d) { return d.tactical; }));
  }
  {
    const Damdaman::Position p =
        ParsePosition(damdaman, "......./......./......./...ox../..x..../......./....... x")
            .value();
    MovePicker<Damdaman> picker(damdaman, p, Decision::Pass(), killers, quiet, tactical);
    const std::vector<PickedDecision> picked = PickAll(picker);
    ASSERT_FALSE(picked.empty());
    EXPECT_EQ(FormatDecision(picked[0].decision, damdaman.site_names()), "C3-C4");
    EXPECT_TRUE(picked[0].tactical);
    ExpectEachDecisionOnce(damdaman, p, picked, 0);
  }
}

TEST(MovePicker, ForcedPassComesOut) {
  // o is locked in (alphabeta_test's TakesAGainNowRatherThanAfterWaitingMoves).
  const Damdaman game;
  const Damdaman::Position p =
      ParsePosition(game, "ooooooo/oooxooo/xxx.xoo/x.xx.xx/.xxx.../x.x.x.x/xx.xxx. o turn=2400")
          .value();
  DecisionHistory quiet, tactical;
  Killers killers;
  killers.Add(Decision::Step(1, 2));
  MovePicker<Damdaman> picker(game, p, Decision::Pass(), killers, quiet, tactical);
  const std::vector<PickedDecision> picked = PickAll(picker);
  ASSERT_EQ(picked.size(), 1u);
  EXPECT_TRUE(picked[0].decision.is_pass());
  EXPECT_FALSE(picked[0].tactical);
}

TEST(DecisionHistory, KindsAreScoredApart) {
  DecisionHistory history;
  history.Update(Player::kP1, Decision::Remove(5), 1000);
  EXPECT_GT(history.Get(Player::kP1, Decision::Remove(5)), 0);
  EXPECT_EQ(history.Get(Player::kP1, Decision::Place(5)), 0);
  EXPECT_EQ(history.Get(Player::kP1, Decision::Step(0, 5)), 0);
  EXPECT_EQ(history.Get(Player::kP2, Decision::Remove(5)), 0);
  std::set<int> slots;
  for (int site = 0; site < 64; ++site) {
    slots.insert(DecisionHistory::Slot(Decision::Place(site)));
    slots.insert(DecisionHistory::Slot(Decision::Remove(site)));
    for (int from = 0; from < 64; ++from)
      slots.insert(DecisionHistory::Slot(Decision::Step(from, site)));
  }
  slots.insert(DecisionHistory::Slot(Decision::Pass()));
  EXPECT_EQ(slots.size(), 64u * 64u + 2 * 64u + 1);
  EXPECT_LT(*slots.rbegin(), DecisionHistory::kSlots);
}

TEST(DecisionHistory, GravityBoundsScoresAndForgets) {
  DecisionHistory history;
  const Decision d = Decision::Step(3, 4);
  for (int i = 0; i < 1000; ++i) history.Update(Player::kP2, d, HistoryBonus(20));
  const int high = history.Get(Player::kP2, d);
  EXPECT_LE(high, DecisionHistory::kMax);
  EXPECT_GT(high, DecisionHistory::kMax * 9 / 10);
  // The same cuts once more add less and less: a saturated score barely moves.
  history.Update(Player::kP2, d, HistoryBonus(20));
  EXPECT_LE(history.Get(Player::kP2, d) - high, 16);
  // A few failures bring it down at once: it does not stay on top.
  for (int i = 0; i < 5; ++i) history.Update(Player::kP2, d, -HistoryBonus(20));
  EXPECT_LT(history.Get(Player::kP2, d), high / 2);
  for (int i = 0; i < 1000; ++i) history.Update(Player::kP2, d, -HistoryBonus(20));
  EXPECT_GE(history.Get(Player::kP2, d), -DecisionHistory::kMax);
}

}  // namespace
}  // namespace lud64::move_picker_test
