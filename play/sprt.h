// The sequential probability ratio test of engine testing (fishtest,
// OpenBench, fastchess) over colour-swapped pairs of games: after each
// finished pair, the log-likelihood ratio (LLR) of H1 (the first engine is
// elo1 stronger) against H0 (elo0); the test accepts H0 once the LLR falls to
// ln(beta / (1 - alpha)) and H1 once it reaches ln((1 - beta) / alpha).
//
// The pair scores are 0, 0.25, 0.5, 0.75 and 1 (a pair's points over 2); m is
// their mean over the N pairs and v their variance. Each empty cell of the
// pentanomial counts as 0.001 of a pair in the LLR (as fishtest and fastchess
// regularize), so a match whose pairs all score alike is still measured.
//
// Models:
// - logistic (the default): H_i says the expected pair score is
//   s_i = 1 / (1 + 10^(-elo_i / 400)). The LLR is the generalized SPRT's, as
//   fishtest and fastchess compute it: N times the mean log ratio of the two
//   pentanomial distributions closest (maximum likelihood) to the observed one
//   whose means are s1 and s0. For many pairs it equals the normal
//   approximation N (s1 - s0) (2 m - s0 - s1) / (2 v); for few pairs of nearly
//   equal scores the approximation divides by a variance near 0 and would
//   accept a bound after one pair (one won pair gives LLR 3.8 for [0, 10]),
//   where the exact ratio gains at most ln 2 a pair.
// - normalized (nElo): the bounds in units of the games' own spread, so that
//   they mean the same at any draw rate: s_i = 0.5 + elo_i ln 10 / 800
//   sqrt(2 v), and the normal approximation above (its v regularized).
#ifndef LUD64_PLAY_SPRT_H_
#define LUD64_PLAY_SPRT_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "play/match_statistics.h"

namespace lud64 {

enum class SprtModel { kLogistic, kNormalized };
enum class SprtResult { kContinue, kH0, kH1 };

struct Sprt {
  double elo0 = 0;
  double elo1 = 5;
  double alpha = 0.05;  // the chance of accepting H1 when H0 holds
  double beta = 0.05;   // the chance of accepting H0 when H1 holds
  SprtModel model = SprtModel::kLogistic;

  double lower() const;  // ln(beta / (1 - alpha))
  double upper() const;  // ln((1 - beta) / alpha)
  double Llr(const Pentanomial& pentanomial) const;
  SprtResult Decide(double llr) const;
};

// The normal approximation of the LLR for expected pair scores s0 and s1:
// N (s1 - s0) (2 m - s0 - s1) / (2 v), with m, v and N from `counts`; 0 when
// v is 0.
double NormalApproximationLlr(const std::array<double, 5>& counts, double s0, double s1);

// The generalized SPRT's LLR for expected pair scores s0 and s1 (logistic).
double GeneralizedLlr(const std::array<double, 5>& counts, double s0, double s1);

// A test from `--sprt=ELO0,ELO1`, `--alpha`, `--beta` and `--sprt-model`
// (logistic or normalized): errors name the flag.
absl::StatusOr<Sprt> ParseSprt(absl::string_view elos, double alpha, double beta,
                               absl::string_view model);

// "H0", "H1" or "continue".
const char* SprtResultName(SprtResult result);
const char* SprtModelName(SprtModel model);

}  // namespace lud64

#endif  // LUD64_PLAY_SPRT_H_
