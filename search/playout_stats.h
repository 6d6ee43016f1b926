// Totals of many playouts (their 95% intervals: play/wilson_interval.h).
#ifndef LUD64_SEARCH_PLAYOUT_STATS_H_
#define LUD64_SEARCH_PLAYOUT_STATS_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

#include "search/playout.h"

namespace lud64 {

struct PlayoutStats {
  uint64_t playouts = 0;
  uint64_t decisions = 0;
  uint64_t sum_squared_plies = 0;  // exact, for the variance of lengths
  int max_plies = 0;
  std::array<uint64_t, 4> by_outcome{};  // indexed by Outcome (P1, P2, draw)
  std::array<uint64_t, 4> by_end{};      // indexed by EndReason

  void Add(const PlayoutResult& result) {
    ++playouts;
    decisions += result.plies;
    sum_squared_plies += static_cast<uint64_t>(result.plies) * result.plies;
    max_plies = std::max(max_plies, result.plies);
    ++by_outcome[static_cast<int>(result.outcome)];
    ++by_end[static_cast<int>(result.end)];
  }
  void Merge(const PlayoutStats& other) {
    playouts += other.playouts;
    decisions += other.decisions;
    sum_squared_plies += other.sum_squared_plies;
    max_plies = std::max(max_plies, other.max_plies);
    for (int i = 0; i < 4; ++i) {
      by_outcome[i] += other.by_outcome[i];
      by_end[i] += other.by_end[i];
    }
  }
  uint64_t count(Outcome o) const { return by_outcome[static_cast<int>(o)]; }
  uint64_t count(EndReason e) const { return by_end[static_cast<int>(e)]; }
  double share(Outcome o) const {
    return playouts ? static_cast<double>(count(o)) / playouts : 0.0;
  }
  double mean_plies() const { return playouts ? static_cast<double>(decisions) / playouts : 0.0; }
  // Sample standard deviation of the number of plies.
  double stddev_plies() const {
    if (playouts < 2) return 0.0;
    const double n = static_cast<double>(playouts), mean = mean_plies();
    return std::sqrt(std::max(0.0, (sum_squared_plies - n * mean * mean) / (n - 1)));
  }
  friend bool operator==(const PlayoutStats&, const PlayoutStats&) = default;
};

}  // namespace lud64

#endif  // LUD64_SEARCH_PLAYOUT_STATS_H_
