// lud64 match's report for people (tools/lud64/match_report.h): Elo values
// that are never infinite; and which engines repeat their games, for the
// warning about pairs that would be copies (play/engine_spec.h).
#include "tools/lud64/commands/match/match_report.h"

#include <limits>
#include <sstream>

#include "gtest/gtest.h"
#include "play/engine_spec.h"
#include "play/match_statistics.h"

namespace lud64::match_report_test {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

TEST(EloWithInterval, FiniteValues) {
  EXPECT_EQ(EloWithInterval({12.4, -30.2, 55.0}), "+12 (95% interval -30 to +55)");
  EXPECT_EQ(EloWithInterval({-0.0, -5, 5}), "+0 (95% interval -5 to +5)");
}

TEST(EloWithInterval, ScoresOfZeroAndOneGiveTheIntervalsFiniteEnd) {
  // Four games lost: it printed "elo -inf (95% interval -inf to -7)".
  EXPECT_NEAR(EstimateElo({.losses = 4}).high, -EstimateElo({.wins = 4}).low, 1e-9);
  EXPECT_EQ(EloWithInterval(EstimateElo({.losses = 4})),
            "at most -7 (score 0: the 95% interval's upper end)");
  EXPECT_EQ(EloWithInterval(EstimateElo({.wins = 4})),
            "at least +7 (score 1: the 95% interval's lower end)");
  EXPECT_EQ(EloWithInterval({-kInf, -kInf, -kInf}), "unbounded below (score 0)");
}

TEST(EloWithInterval, AnIntervalOpenOnOneSide) {
  EXPECT_EQ(EloWithInterval({382, 168, kInf}), "+382 (95% interval: at least +168)");
  EXPECT_EQ(EloWithInterval({-382, -kInf, -168}), "-382 (95% interval: at most -168)");
}

TEST(PairEloText, PairsAllAlikeHaveNoIntervalAndNoNelo) {
  // It printed "pair elo +inf (95% interval +inf to +inf), nElo +inf +/- 340".
  EXPECT_EQ(PairEloText(EstimatePentanomial({0, 0, 0, 0, 2})),
            "- (every pair won both games: no interval), nElo -, LOS 100.0%");
  EXPECT_EQ(PairEloText(EstimatePentanomial({3, 0, 0, 0, 0})),
            "- (every pair lost both games: no interval), nElo -, LOS 0.0%");
  // And "pair elo -191 (95% interval -191 to -191), nElo -inf".
  EXPECT_EQ(PairEloText(EstimatePentanomial({0, 2, 0, 0, 0})),
            "-191 (every pair scored alike: no interval), nElo -, LOS 0.0%");
}

TEST(PairEloText, SpreadPairs) {
  const std::string text = PairEloText(EstimatePentanomial({1, 2, 3, 2, 1}));
  EXPECT_EQ(text.rfind("+0 (95% interval -", 0), 0u) << text;
  EXPECT_NE(text.find("), nElo +0 +/- "), std::string::npos) << text;
  EXPECT_EQ(text.find("inf"), std::string::npos) << text;
}

TEST(PrintMatchSummary, NoInfiniteValueInTheText) {
  MatchSummary summary;
  summary.game = "davxar";
  summary.first = "a";
  summary.second = "b";
  summary.games_requested = 4;
  summary.tally.wins = 4;
  summary.tally.pentanomial = {0, 0, 0, 0, 2};
  std::ostringstream out;
  PrintMatchSummary(summary, /*json=*/false, out);
  EXPECT_EQ(out.str().find("inf"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("\nelo      at least +7 (score 1"), std::string::npos) << out.str();
  summary.tally = {};
  std::ostringstream none;
  PrintMatchSummary(summary, /*json=*/false, none);
  EXPECT_NE(none.str().find("\nelo      - (no game finished), "), std::string::npos) << none.str();
}

TEST(RepeatsItsGames, EnginesWithoutTimeLimitsOrRandomness) {
  for (const char* spec : {"alphabeta:depth=3", "alphabeta:nodes=1000", "mcts:iterations=300"}) {
    EXPECT_TRUE(RepeatsItsGames(ParseEngineSpec(spec).value())) << spec;
  }
  for (const char* spec : {"random", "alphabeta", "alphabeta:time=0.1", "alphabeta:depth=3,time=1",
                           "mcts", "mcts:iterations=300,threads=2",
                           "mcts:iterations=300,leaves=playout", "ugi:depth=3,cmd=x"}) {
    EXPECT_FALSE(RepeatsItsGames(ParseEngineSpec(spec).value())) << spec;
  }
}

}  // namespace
}  // namespace lud64::match_report_test
