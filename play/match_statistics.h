// The results of a match for its first engine, and what they say about the
// Elo difference: per game (trinomial, games taken as independent) and per
// colour-swapped pair of games from one opening (pentanomial, the statistic
// fishtest, OpenBench and fastchess report: the opening's share of the
// variance cancels within a pair).
#ifndef LUD64_PLAY_MATCH_STATISTICS_H_
#define LUD64_PLAY_MATCH_STATISTICS_H_

#include <array>

namespace lud64 {

// Pairs by the first engine's points in the two games (0, 0.5, 1, 1.5, 2):
// [LL, LD, DD+WL, WD, WW].
using Pentanomial = std::array<int, 5>;
// The first engine's score in a pair of each pentanomial cell, 0 to 1.
inline constexpr std::array<double, 5> kPairScores = {0, 0.25, 0.5, 0.75, 1};
// The number of pairs a pentanomial counts.
int PairsOf(const Pentanomial& pentanomial);

struct MatchTally {
  int wins = 0;
  int losses = 0;
  int draws = 0;
  int forfeits_first = 0;  // games the first engine lost by forfeit
  int forfeits_second = 0;
  Pentanomial pentanomial{};  // of the pairs whose two games finished

  int games() const { return wins + losses + draws; }
  int pairs() const;
  // 0 to 1, a draw counting half.
  double score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }
};

// The logistic Elo difference of a score: -400 log10(1/score - 1), infinite
// at 0 and 1.
double EloOfScore(double score);
// Its inverse: 1 / (1 + 10^(-elo/400)).
double ScoreOfElo(double elo);

struct EloEstimate {
  double elo = 0;
  double low = 0;  // the 95% interval
  double high = 0;
};

// Per game: the Wilson score interval of the score (draws counting half,
// which only widens the interval) carried through the logistic Elo curve.
// Perfect or null scores give infinite values.
EloEstimate EstimateElo(const MatchTally& tally);

// Per pair: the mean pair score m (0 to 1) and its variance v over the pairs;
// the 95% interval m -+ 1.959964 sqrt(v / N) carried through the Elo curve
// (clipped to 0 and 1: infinite there). With no variance (every pair alike)
// the interval is the point itself.
struct PentanomialEstimate {
  int pairs = 0;
  double score = 0.5;     // m
  double variance = 0;    // v, of one pair's score
  EloEstimate elo;        // logistic Elo
  double nelo = 0;        // normalized Elo: (m - 0.5) / sqrt(2 v) * 800 / ln 10
  double nelo_error = 0;  // half its 95% interval: 1.959964 * 800 / ln 10 / sqrt(2 N)
  double los = 0.5;       // likelihood of superiority: Phi((m - 0.5) / sqrt(v / N))
};
PentanomialEstimate EstimatePentanomial(const Pentanomial& pentanomial);

// The mean and variance of the pair scores (0, 0.25, ..., 1) of `counts`,
// which may be fractional (the SPRT's regularized counts).
struct PairMoments {
  double pairs = 0;
  double mean = 0.5;
  double variance = 0;
};
PairMoments MomentsOf(const std::array<double, 5>& counts);

}  // namespace lud64

#endif  // LUD64_PLAY_MATCH_STATISTICS_H_
