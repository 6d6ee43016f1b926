#include "play/sprt.h"

#include <array>
#include <cmath>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/input_text.h"

namespace lud64 {
namespace {

// What an empty cell of the pentanomial counts for in the LLR.
constexpr double kEmptyCell = 1e-3;
// The largest |elo| a bound may take: beyond it a logistic score is 1 to
// within rounding.
constexpr double kMaxBoundElo = 2000;

// The pentanomial with each empty cell counted as kEmptyCell pairs.
std::array<double, 5> Regularized(const Pentanomial& pentanomial) {
  std::array<double, 5> counts;
  for (int i = 0; i < 5; ++i) counts[i] = pentanomial[i] > 0 ? pentanomial[i] : kEmptyCell;
  return counts;
}

// The distribution over the pair scores closest to `observed` (the most
// likely given it) whose mean is `s`: p_i = q_i / (1 + theta (a_i - s)), with
// theta the root of sum q_i (a_i - s) / (1 + theta (a_i - s)), a decreasing
// function of theta on (-1 / (1 - s), 1 / s), found by bisection.
std::array<double, 5> ClosestWithMean(const std::array<double, 5>& observed, double s) {
  auto slope = [&](double theta) {
    double sum = 0;
    for (int i = 0; i < 5; ++i) {
      sum += observed[i] * (kPairScores[i] - s) / (1 + theta * (kPairScores[i] - s));
    }
    return sum;
  };
  double low = -1 / (1 - s), high = 1 / s;
  for (int step = 0; step < 200; ++step) {
    const double middle = 0.5 * (low + high);
    if (middle <= low || middle >= high) break;  // as close as doubles get
    (slope(middle) > 0 ? low : high) = middle;
  }
  const double theta = 0.5 * (low + high);
  std::array<double, 5> p;
  for (int i = 0; i < 5; ++i) p[i] = observed[i] / (1 + theta * (kPairScores[i] - s));
  return p;
}

}  // namespace

double Sprt::lower() const { return std::log(beta / (1 - alpha)); }
double Sprt::upper() const { return std::log((1 - beta) / alpha); }

double NormalApproximationLlr(const std::array<double, 5>& counts, double s0, double s1) {
  const PairMoments moments = MomentsOf(counts);
  if (moments.variance <= 0) return 0;
  return moments.pairs * (s1 - s0) * (2 * moments.mean - s0 - s1) / (2 * moments.variance);
}

double GeneralizedLlr(const std::array<double, 5>& counts, double s0, double s1) {
  double pairs = 0;
  for (double count : counts) pairs += count;
  if (pairs <= 0) return 0;
  std::array<double, 5> observed;
  for (int i = 0; i < 5; ++i) observed[i] = counts[i] / pairs;
  const std::array<double, 5> p0 = ClosestWithMean(observed, s0);
  const std::array<double, 5> p1 = ClosestWithMean(observed, s1);
  double llr = 0;
  for (int i = 0; i < 5; ++i) {
    if (observed[i] > 0) llr += counts[i] * (std::log(p1[i]) - std::log(p0[i]));
  }
  return llr;
}

double Sprt::Llr(const Pentanomial& pentanomial) const {
  if (PairsOf(pentanomial) == 0) return 0;
  const std::array<double, 5> counts = Regularized(pentanomial);
  if (model == SprtModel::kLogistic) {
    return GeneralizedLlr(counts, ScoreOfElo(elo0), ScoreOfElo(elo1));
  }
  const double spread = std::log(10.0) / 800 * std::sqrt(2 * MomentsOf(counts).variance);
  return NormalApproximationLlr(counts, 0.5 + elo0 * spread, 0.5 + elo1 * spread);
}

SprtResult Sprt::Decide(double llr) const {
  if (llr >= upper()) return SprtResult::kH1;
  if (llr <= lower()) return SprtResult::kH0;
  return SprtResult::kContinue;
}

absl::StatusOr<Sprt> ParseSprt(absl::string_view elos, double alpha, double beta,
                               absl::string_view model) {
  Sprt sprt;
  const std::vector<absl::string_view> parts = absl::StrSplit(elos, ',');
  if (parts.size() != 2 || !absl::SimpleAtod(parts[0], &sprt.elo0) ||
      !absl::SimpleAtod(parts[1], &sprt.elo1) || !std::isfinite(sprt.elo0) ||
      !std::isfinite(sprt.elo1)) {
    return absl::InvalidArgumentError(
        absl::StrCat("--sprt=", Escaped(elos), ": must be two Elo bounds ELO0,ELO1, e.g. 0,10"));
  }
  if (sprt.elo0 >= sprt.elo1) {
    return absl::InvalidArgumentError(
        absl::StrCat("--sprt=", Escaped(elos), ": ELO0 must be below ELO1 (H0 below H1)"));
  }
  if (std::abs(sprt.elo0) > kMaxBoundElo || std::abs(sprt.elo1) > kMaxBoundElo) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--sprt=", Escaped(elos), ": bounds must be within -", kMaxBoundElo, " to ", kMaxBoundElo));
  }
  for (const auto& [name, value] : {std::pair{"alpha", alpha}, std::pair{"beta", beta}}) {
    if (!(value > 0 && value < 0.5)) {
      return absl::InvalidArgumentError(
          absl::StrCat("--", name, "=", value, ": must be above 0 and below 0.5"));
    }
  }
  sprt.alpha = alpha;
  sprt.beta = beta;
  if (model == "logistic") {
    sprt.model = SprtModel::kLogistic;
  } else if (model == "normalized") {
    sprt.model = SprtModel::kNormalized;
  } else {
    return absl::InvalidArgumentError(absl::StrCat(
        "--sprt-model=", Escaped(model), ": unknown model (models: logistic, normalized)"));
  }
  return sprt;
}

const char* SprtResultName(SprtResult result) {
  switch (result) {
    case SprtResult::kH0:
      return "H0";
    case SprtResult::kH1:
      return "H1";
    case SprtResult::kContinue:
      return "continue";
  }
  return "continue";
}

const char* SprtModelName(SprtModel model) {
  return model == SprtModel::kLogistic ? "logistic" : "normalized";
}

}  // namespace lud64
