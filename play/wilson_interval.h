// The 95% intervals that reports give with a share of trials: playouts'
// results, match scores, accuracy. Plain arithmetic over counts, so it lives
// with its users here in play/ (nothing below it needs it).
#ifndef LUD64_PLAY_WILSON_INTERVAL_H_
#define LUD64_PLAY_WILSON_INTERVAL_H_

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace lud64 {

// The Wilson score interval at 95% for k successes in n trials.
struct Interval {
  double low = 0, high = 0;
};
// For a share `p` of n trials that need not be whole successes (a match score
// counts draws as halves).
inline Interval Wilson95Share(double p, double n) {
  if (n <= 0) return {0, 1};
  const double z = 1.959964;
  const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}
inline Interval Wilson95(uint64_t k, uint64_t n) {
  return Wilson95Share(n ? static_cast<double>(k) / n : 0.0, static_cast<double>(n));
}

}  // namespace lud64

#endif  // LUD64_PLAY_WILSON_INTERVAL_H_
