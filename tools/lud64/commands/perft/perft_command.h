// `lud64 perft`: perft(1..D), totals and speed; --divide adds the count below
// each first decision. Progress goes to stderr; Ctrl-C stops with a report.
#ifndef LUD64_TOOLS_LUD64_COMMANDS_PERFT_PERFT_COMMAND_H_
#define LUD64_TOOLS_LUD64_COMMANDS_PERFT_PERFT_COMMAND_H_

#include <ostream>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "boards/game_list.h"
#include "engine/notation.h"
#include "play/any_position.h"
#include "play/perft.h"
#include "tools/common/interrupt.h"

namespace lud64 {

struct PerftRequest {
  std::string position = "start";
  int depth = 1;
  bool divide = false;
};

// Runs shorter than this get no speed: the clock's resolution and the run's
// fixed costs (the first allocations, the page faults) outweigh the counting.
inline constexpr double kPerftMinSecondsForSpeed = 1e-3;

// The last line: "nodes N time T nps R", the time to the microsecond (to the
// millisecond from a second on) and the speed "-" under a millisecond.
inline std::string PerftSummary(uint64_t nodes, double seconds) {
  const std::string nps = seconds >= kPerftMinSecondsForSpeed
                              ? absl::StrFormat("%.0f", static_cast<double>(nodes) / seconds)
                              : "-";
  return absl::StrFormat("nodes %d time %.*fs nps %s\n", nodes, seconds < 1 ? 6 : 3, seconds, nps);
}

inline absl::Status RunPerft(const AnyGame& game, const PerftRequest& request, std::ostream& out,
                             std::ostream& progress) {
  absl::StatusOr<AnyPosition> position = ParseAnyPosition(game, request.position);
  if (!position.ok()) return position.status();
  const absl::Time start = absl::Now();
  absl::Time last_report = start;
  PerftProgress report;
  report.root_done = [&](int depth, int done, int of) {
    const absl::Time now = absl::Now();
    if (now - last_report >= absl::Seconds(1)) {
      last_report = now;
      progress << absl::StreamFormat("perft(%d): %d/%d first decisions, %.1fs\n", depth, done, of,
                                     absl::ToDoubleSeconds(now - start));
    }
  };
  report.depth_done = [&](int depth, uint64_t nodes) {
    out << "perft(" << depth << ") = " << nodes << "\n";
  };
  const PerftDepths counts =
      CountPerftByDepth(game, *position, request.depth, InterruptFlag(), report);
  uint64_t total = 0;
  for (uint64_t nodes : counts.counts) total += nodes;
  if (!counts.complete) {
    return absl::CancelledError(absl::StrFormat(
        "perft(%d) interrupted after %d first decisions; %d nodes counted before it",
        counts.counts.size() + 1, counts.divide.size(), total));
  }
  if (request.divide) {
    const SiteNames& names = SiteNamesOf(game);
    for (const auto& [decision, nodes] : counts.divide)
      out << FormatDecision(decision, names) << ": " << nodes << "\n";
  }
  out << PerftSummary(total, absl::ToDoubleSeconds(absl::Now() - start));
  return absl::OkStatus();
}

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_COMMANDS_PERFT_PERFT_COMMAND_H_
