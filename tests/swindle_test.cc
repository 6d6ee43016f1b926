// Swindles (search/swindle.h), checked against the solver applied by hand to
// every decision and reply of short Guettal positions.
#include "search/swindle.h"

#include <vector>

#include "absl/strings/str_split.h"
#include "boards/damdaman/damdaman.h"
#include "boards/damdaman/damdaman_text.h"
#include "boards/guettal/guettal.h"
#include "boards/guettal/guettal_text.h"
#include "engine/notation.h"
#include "gtest/gtest.h"
#include "play/search_instances.h"
#include "tests/bounded_minimax.h"

namespace lud64::swindle_test {
namespace {

Guettal::Position AfterLine(const Guettal& game, absl::string_view line) {
  Guettal::Position position = game.start();
  for (absl::string_view text : absl::StrSplit(line, ' ', absl::SkipEmpty())) {
    Apply(game, position, ParseDecision(text, game.site_names()).value());
  }
  return position;
}

struct Rating {
  Decision decision;
  bool keeps_value;
  int errors = 0;
  int replies = 0;
};

// Every decision of `root`, whose value for its player is `value` (a loss or
// a draw proven within `depth` plies), with the opponent's replies that give
// up its result: after a draw, those that lose by force; after a loss, those
// after which the win is no longer forced, within the proof's plies.
std::vector<Rating> RateByHand(const Guettal& game, const Guettal::Position& root, int value,
                               int depth) {
  const Player me = root.state.to_move;
  std::vector<Rating> ratings;
  DecisionList decisions;
  LegalDecisions(game, root, decisions);
  for (const Decision d : decisions) {
    Guettal::Position child = root;
    Apply(game, child, d);
    Rating rating{d, value < 0 || testing::BoundedMinimax(game, child, me, depth - 1, -1) >= 0};
    DecisionList replies;
    LegalDecisions(game, child, replies);
    rating.replies = replies.size();
    for (const Decision r : replies) {
      Guettal::Position grandchild = child;
      Apply(game, grandchild, r);
      rating.errors += value < 0
                           ? testing::BoundedMinimax(game, grandchild, me, depth - 2, +1) > -1
                           : testing::BoundedMinimax(game, grandchild, me, depth - 2, -1) == 1;
    }
    ratings.push_back(rating);
  }
  return ratings;
}

void ExpectBestShare(const Guettal& game, const Swindle& swindle,
                     const std::vector<Rating>& ratings) {
  bool found = false;
  for (const Rating& rating : ratings) {
    if (!rating.keeps_value) continue;
    EXPECT_GE(int64_t{swindle.errors} * rating.replies, int64_t{rating.errors} * swindle.replies)
        << FormatDecision(rating.decision, game.site_names()) << " leaves more errors";
    if (rating.decision == swindle.decision) {
      found = true;
      EXPECT_EQ(rating.errors, swindle.errors);
      EXPECT_EQ(rating.replies, swindle.replies);
    }
  }
  EXPECT_TRUE(found) << "the swindle does not keep the value";
}

TEST(Swindle, InALossLeavesTheOpponentTheFewestWinningReplies) {
  const Guettal game;
  // P2 to move loses in 4 plies: every addition leaves P1 a capture of all.
  const Guettal::Position root = AfterLine(game, "B2 F2 H3");
  ASSERT_EQ(testing::BoundedMinimax(game, root, root.state.to_move, 4, +1),
            -1);  // lost within 4 plies
  const std::optional<Swindle> swindle = FindSwindle(game, root, Decision::Pass(), {});
  ASSERT_TRUE(swindle.has_value());
  EXPECT_EQ(swindle->value, -1);
  EXPECT_GT(swindle->errors, 0);  // some replies let the win slip
  ExpectBestShare(game, *swindle, RateByHand(game, root, -1, 4));
}

TEST(Swindle, InADrawKeepsTheDrawAndSetsTheMostTraps) {
  const Guettal game;
  const Guettal::Position root = AfterLine(game, "C2 D2 E3 B2");
  const std::optional<Swindle> swindle = FindSwindle(game, root, Decision::Pass(), {});
  ASSERT_TRUE(swindle.has_value());
  EXPECT_EQ(swindle->value, 0);
  EXPECT_GT(swindle->errors, 0);  // some replies lose by force
  Solver<Guettal> solver(game, 1);
  ExpectBestShare(game, *swindle,
                  RateByHand(game, root, 0, solver.Solve(root, {.depth = 16}).depth));
}

TEST(Swindle, PrefersTheEngineChoiceAmongEquals) {
  const Guettal game;
  int total_ties = 0;
  for (const char* line :
       {"C2 D2 E3 B2", "B2 F2 H3 A2 E2 I3 E3 F3", "B2 F2 H3 A2 E2 I3 E3 F3 D2"}) {
    const Guettal::Position root = AfterLine(game, line);
    Solver<Guettal> solver(game, 1);
    const SolveReport report = solver.Solve(root, {.depth = 16});
    ASSERT_TRUE(report.proven && report.lower == 0) << line;  // a draw
    const std::vector<Rating> ratings = RateByHand(game, root, 0, report.depth);
    const std::optional<Swindle> best = FindSwindle(game, root, Decision::Pass(), {});
    ASSERT_TRUE(best.has_value());
    int ties = 0;
    for (const Rating& rating : ratings) {
      if (!rating.keeps_value ||
          int64_t{rating.errors} * best->replies != int64_t{best->errors} * rating.replies) {
        continue;
      }
      ++ties;
      const std::optional<Swindle> swindle = FindSwindle(game, root, rating.decision, {});
      ASSERT_TRUE(swindle.has_value());
      EXPECT_EQ(swindle->decision, rating.decision) << line;
    }
    total_ties += ties;
  }
  EXPECT_GE(total_ties, 4);  // the later positions have several equal swindles
}

TEST(Swindle, TablesKeptBetweenCallsFindWhatNewTablesFind) {
  const Guettal game;
  SwindleTables<Guettal> kept(game);
  // Positions of both values, and one without a swindle between them, so
  // that each call meets tables the one before has filled.
  for (const char* line :
       {"B2 F2 H3", "C2 D2 E3 B2", "", "B2 F2 H3 A2 E2 I3 E3 F3 D2", "B2 F2 H3"}) {
    const Guettal::Position root = AfterLine(game, line);
    const std::optional<Swindle> fresh = FindSwindle(game, root, Decision::Pass(), {});
    const std::optional<Swindle> reused = FindSwindle(game, root, Decision::Pass(), {}, kept);
    ASSERT_EQ(fresh.has_value(), reused.has_value()) << line;
    if (!fresh) continue;
    EXPECT_EQ(fresh->decision, reused->decision) << line;
    EXPECT_EQ(fresh->value, reused->value) << line;
    EXPECT_EQ(fresh->errors, reused->errors) << line;
    EXPECT_EQ(fresh->replies, reused->replies) << line;
    EXPECT_EQ(fresh->loss_plies, reused->loss_plies) << line;
  }
  EXPECT_TRUE(kept.bounds.has_value());
}

TEST(Swindle, NoneInAWinOrAnUnsettledPosition) {
  const Guettal guettal;
  EXPECT_FALSE(FindSwindle(guettal, guettal.start(), Decision::Pass(), {}).has_value());
  const Damdaman damdaman;
  EXPECT_FALSE(
      FindSwindle(damdaman, damdaman.start(), Decision::Pass(), {.nodes = 100'000}).has_value());
}

}  // namespace
}  // namespace lud64::swindle_test
