// The statistics of a match (play/match_statistics.h, play/sprt.h) against
// values worked out by hand from their formulas.
#include "play/match_statistics.h"

#include <cmath>

#include "gtest/gtest.h"
#include "play/sprt.h"

namespace lud64::match_statistics_test {
namespace {

TEST(EstimateElo, KnownTallies) {
  EloEstimate even = EstimateElo({.wins = 50, .losses = 50});
  EXPECT_NEAR(even.elo, 0, 1e-9);
  EXPECT_NEAR(even.low, -67.7, 0.1);  // score 0.4038, the Wilson bound for 50 of 100
  EXPECT_NEAR(even.high, 67.7, 0.1);

  EloEstimate three_to_one = EstimateElo({.wins = 60, .losses = 20, .draws = 20});
  EXPECT_NEAR(three_to_one.elo, 400 * std::log10(7.0 / 3.0), 1e-9);  // score 0.7
  EXPECT_LT(three_to_one.low, three_to_one.elo);
  EXPECT_GT(three_to_one.high, three_to_one.elo);

  EloEstimate draws = EstimateElo({.draws = 10});
  EXPECT_NEAR(draws.elo, 0, 1e-9);
  EXPECT_TRUE(std::isfinite(draws.low) && std::isfinite(draws.high));

  EloEstimate perfect = EstimateElo({.wins = 100});
  EXPECT_TRUE(std::isinf(perfect.elo) && perfect.elo > 0);
  EXPECT_NEAR(perfect.low, -400 * std::log10(1 / (100 / (100 + 1.959964 * 1.959964)) - 1), 1e-6);
  EXPECT_TRUE(std::isinf(perfect.high));
  EXPECT_TRUE(std::isinf(EstimateElo({.losses = 3}).elo));
}

// [1, 2, 3, 2, 2]: 10 pairs scoring 0, 0.25 twice, 0.5 three times, 0.75
// twice and 1 twice: m = 5.5 / 10 = 0.55; v = (1 * 0.55^2 + 2 * 0.3^2 +
// 3 * 0.05^2 + 2 * 0.2^2 + 2 * 0.45^2) / 10 = 0.975 / 10 = 0.0975.
TEST(EstimatePentanomial, WorkedExample) {
  const PentanomialEstimate e = EstimatePentanomial({1, 2, 3, 2, 2});
  EXPECT_EQ(e.pairs, 10);
  EXPECT_NEAR(e.score, 0.55, 1e-12);
  EXPECT_NEAR(e.variance, 0.0975, 1e-12);
  // Elo of 0.55 and of 0.55 -+ 1.959964 sqrt(0.0975 / 10) = 0.35647, 0.74353.
  EXPECT_NEAR(e.elo.elo, 34.860, 1e-3);
  EXPECT_NEAR(e.elo.low, -102.619, 1e-3);
  EXPECT_NEAR(e.elo.high, 184.906, 1e-3);
  // nElo: 0.05 / sqrt(0.195) * 800 / ln 10; its error 1.959964 * 347.436 / sqrt(20).
  EXPECT_NEAR(e.nelo, 39.339, 1e-3);
  EXPECT_NEAR(e.nelo_error, 152.268, 1e-3);
  // LOS: Phi(0.05 / sqrt(0.00975)) = Phi(0.50637).
  EXPECT_NEAR(e.los, 0.69370, 1e-5);
}

TEST(EstimatePentanomial, AllPairsEqualHaveNoSpread) {
  const PentanomialEstimate draws = EstimatePentanomial({0, 0, 5, 0, 0});
  EXPECT_EQ(draws.pairs, 5);
  EXPECT_EQ(draws.variance, 0);
  EXPECT_NEAR(draws.elo.elo, 0, 1e-12);
  EXPECT_NEAR(draws.elo.low, 0, 1e-12);  // a point: nothing to widen it
  EXPECT_NEAR(draws.elo.high, 0, 1e-12);
  EXPECT_EQ(draws.los, 0.5);
  EXPECT_EQ(draws.nelo, 0);

  const PentanomialEstimate wins = EstimatePentanomial({0, 0, 0, 0, 3});
  EXPECT_TRUE(std::isinf(wins.elo.elo) && wins.elo.elo > 0);
  EXPECT_TRUE(std::isinf(wins.elo.low) && wins.elo.low > 0);
  EXPECT_EQ(wins.los, 1);

  const PentanomialEstimate none = EstimatePentanomial({0, 0, 0, 0, 0});
  EXPECT_EQ(none.pairs, 0);
  EXPECT_TRUE(std::isinf(none.elo.low) && std::isinf(none.elo.high));
}

TEST(Sprt, Bounds) {
  const Sprt standard = ParseSprt("0,10", 0.05, 0.05, "logistic").value();
  EXPECT_NEAR(standard.lower(), -2.944439, 1e-6);  // ln(0.05 / 0.95)
  EXPECT_NEAR(standard.upper(), 2.944439, 1e-6);
  const Sprt lopsided = ParseSprt("-5,5", 0.1, 0.05, "logistic").value();
  EXPECT_NEAR(lopsided.lower(), -2.890372, 1e-6);  // ln(0.05 / 0.9)
  EXPECT_NEAR(lopsided.upper(), 2.251292, 1e-6);   // ln(0.95 / 0.1)
  EXPECT_EQ(standard.Decide(2.95), SprtResult::kH1);
  EXPECT_EQ(standard.Decide(-2.95), SprtResult::kH0);
  EXPECT_EQ(standard.Decide(2.9), SprtResult::kContinue);
  EXPECT_EQ(standard.Decide(-2.9), SprtResult::kContinue);
}

// N (s1 - s0) (2 m - s0 - s1) / (2 v) on the worked example, [0, 10]:
// s1 = 1 / (1 + 10^(-10/400)) = 0.514387; 10 * 0.014387 * 0.085613 / 0.195.
TEST(Sprt, NormalApproximationWorkedExample) {
  EXPECT_NEAR(NormalApproximationLlr({1, 2, 3, 2, 2}, 0.5, ScoreOfElo(10)), 0.063166, 1e-6);
  EXPECT_EQ(NormalApproximationLlr({0, 0, 5, 0, 0}, 0.5, ScoreOfElo(10)), 0);  // v = 0
}

// Pairs that score only 0 or 1: the distributions on {0, 1} with mean s are
// (1 - s, s), so 3 pairs LL and 7 WW give
// 7 ln(s1 / s0) + 3 ln((1 - s1) / (1 - s0)), with s1 = 0.640065 for 100 Elo.
TEST(Sprt, GeneralizedLlrOnTwoScores) {
  EXPECT_NEAR(GeneralizedLlr({3, 0, 0, 0, 7}, 0.5, ScoreOfElo(100)), 0.742678, 1e-6);
}

// With many pairs the generalized LLR is the normal approximation.
TEST(Sprt, GeneralizedLlrApproachesTheNormalApproximation) {
  const std::array<double, 5> counts = {100, 400, 1000, 450, 120};
  const double normal = NormalApproximationLlr(counts, 0.5, ScoreOfElo(10));
  EXPECT_NEAR(normal, 2.100613, 1e-6);
  EXPECT_NEAR(GeneralizedLlr(counts, 0.5, ScoreOfElo(10)), normal, 0.02 * normal);
}

TEST(Sprt, RegularizedLlrStaysFiniteAndSmallWhenPairsAreAlike) {
  const Sprt sprt = ParseSprt("0,10", 0.05, 0.05, "logistic").value();
  EXPECT_EQ(sprt.Llr({0, 0, 0, 0, 0}), 0);
  // One won pair is weak evidence: far from either bound.
  const double one = sprt.Llr({0, 0, 0, 0, 1});
  EXPECT_GT(one, 0);
  EXPECT_LT(one, 0.1);
  // Evidence grows with the pairs; drawn pairs favour elo0 = 0.
  EXPECT_GT(sprt.Llr({0, 0, 0, 0, 50}), 10 * one);
  EXPECT_LT(sprt.Llr({0, 0, 20, 0, 0}), 0);
  EXPECT_TRUE(std::isfinite(sprt.Llr({0, 0, 20, 0, 0})));
  const Sprt normalized = ParseSprt("0,10", 0.05, 0.05, "normalized").value();
  EXPECT_TRUE(std::isfinite(normalized.Llr({0, 0, 20, 0, 0})));
  EXPECT_LT(normalized.Llr({0, 0, 0, 0, 1}), sprt.upper());
}

TEST(Sprt, RejectsBadTests) {
  const std::vector<std::tuple<std::string, double, double, std::string, std::string>> cases = {
      {"10,0", 0.05, 0.05, "logistic", "ELO0 must be below ELO1"},
      {"5,5", 0.05, 0.05, "logistic", "ELO0 must be below ELO1"},
      {"abc", 0.05, 0.05, "logistic", "two Elo bounds"},
      {"1,2,3", 0.05, 0.05, "logistic", "two Elo bounds"},
      {"1,", 0.05, 0.05, "logistic", "two Elo bounds"},
      {"nan,3", 0.05, 0.05, "logistic", "two Elo bounds"},
      {"0,5000", 0.05, 0.05, "logistic", "within"},
      {"0,10", 0, 0.05, "logistic", "--alpha=0"},
      {"0,10", 0.5, 0.05, "logistic", "--alpha=0.5"},
      {"0,10", 0.05, -1, "logistic", "--beta=-1"},
      {"0,10", 0.05, 0.05, "bayesian", "--sprt-model=bayesian"},
  };
  for (const auto& [elos, alpha, beta, model, message] : cases) {
    absl::StatusOr<Sprt> sprt = ParseSprt(elos, alpha, beta, model);
    ASSERT_FALSE(sprt.ok()) << elos;
    EXPECT_NE(sprt.status().message().find(message), absl::string_view::npos) << sprt.status();
  }
}

}  // namespace
}  // namespace lud64::match_statistics_test
