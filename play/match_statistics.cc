#include "play/match_statistics.h"

#include <cmath>
#include <limits>
#include <numeric>

#include "play/wilson_interval.h"

namespace lud64 {
namespace {

constexpr double kZ95 = 1.959964;  // the normal quantile of 97.5%
constexpr double kInfiniteElo = std::numeric_limits<double>::infinity();
// nElo's scale: the logistic curve's slope at a score of 0.5, in Elo.
const double kNeloScale = 800 / std::log(10.0);

}  // namespace

int PairsOf(const Pentanomial& pentanomial) {
  return std::accumulate(pentanomial.begin(), pentanomial.end(), 0);
}

int MatchTally::pairs() const { return PairsOf(pentanomial); }

double EloOfScore(double score) {
  if (score <= 0) return -kInfiniteElo;
  if (score >= 1) return kInfiniteElo;
  return -400 * std::log10(1 / score - 1);
}

double ScoreOfElo(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

EloEstimate EstimateElo(const MatchTally& tally) {
  const double n = tally.games(), score = tally.score();
  if (n == 0) return {0, EloOfScore(0), EloOfScore(1)};
  const Interval ci = Wilson95Share(score, n);
  // At a score of 0 or 1 the interval reaches it exactly, not within rounding.
  return {EloOfScore(score), EloOfScore(score <= 0 ? 0 : ci.low),
          EloOfScore(score >= 1 ? 1 : ci.high)};
}

PairMoments MomentsOf(const std::array<double, 5>& counts) {
  PairMoments moments;
  for (double count : counts) moments.pairs += count;
  if (moments.pairs <= 0) return moments;
  double sum = 0;
  for (int i = 0; i < 5; ++i) sum += counts[i] * kPairScores[i];
  moments.mean = sum / moments.pairs;
  double squares = 0;
  for (int i = 0; i < 5; ++i) squares += counts[i] * std::pow(kPairScores[i] - moments.mean, 2);
  moments.variance = squares / moments.pairs;
  return moments;
}

PentanomialEstimate EstimatePentanomial(const Pentanomial& pentanomial) {
  PentanomialEstimate estimate;
  std::array<double, 5> counts;
  for (int i = 0; i < 5; ++i) counts[i] = pentanomial[i];
  const PairMoments moments = MomentsOf(counts);
  estimate.pairs = static_cast<int>(moments.pairs);
  if (estimate.pairs == 0) {
    estimate.elo = {0, -kInfiniteElo, kInfiniteElo};
    estimate.nelo_error = kInfiniteElo;
    return estimate;
  }
  const double m = moments.mean, v = moments.variance, n = moments.pairs;
  estimate.score = m;
  estimate.variance = v;
  const double error = std::sqrt(v / n);
  estimate.elo = {EloOfScore(m), EloOfScore(m - kZ95 * error), EloOfScore(m + kZ95 * error)};
  estimate.nelo_error = kZ95 * kNeloScale / std::sqrt(2 * n);
  if (v > 0) {
    estimate.nelo = (m - 0.5) / std::sqrt(2 * v) * kNeloScale;
    estimate.los = 0.5 * std::erfc(-(m - 0.5) / std::sqrt(2 * v / n));
  } else {
    // Every pair alike: no spread to measure against, the sign decides.
    estimate.nelo = m > 0.5 ? kInfiniteElo : m < 0.5 ? -kInfiniteElo : 0;
    estimate.los = m > 0.5 ? 1 : m < 0.5 ? 0 : 0.5;
  }
  return estimate;
}

}  // namespace lud64
