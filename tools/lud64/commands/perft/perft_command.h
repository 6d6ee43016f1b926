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
#include "engine/notation.h"
#include "engine/position_text.h"
#include "search/perft.h"
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

template <Game G>
absl::Status RunPerft(const G& game, const PerftRequest& request, std::ostream& out,
                      std::ostream& progress) {
  absl::StatusOr<typename G::Position> position = ParsePosition(game, request.position);
  if (!position.ok()) return position.status();
  const absl::Time start = absl::Now();
  absl::Time last_report = start;
  uint64_t total = 0;
  PerftDivide last;
  for (int depth = 1; depth <= request.depth; ++depth) {
    last = PerftByDecision(
        game, *position, depth,
        [&](int done, int of) {
          const absl::Time now = absl::Now();
          if (now - last_report >= absl::Seconds(1)) {
            last_report = now;
            progress << absl::StreamFormat("perft(%d): %d/%d first decisions, %.1fs\n", depth, done,
                                           of, absl::ToDoubleSeconds(now - start));
          }
        },
        InterruptFlag());
    if (!last.complete) {
      return absl::CancelledError(absl::StrFormat(
          "perft(%d) interrupted after %d first decisions; %d nodes counted before it", depth,
          last.children.size(), total));
    }
    total += last.total;
    out << "perft(" << depth << ") = " << last.total << "\n";
  }
  if (request.divide) {
    for (const auto& [decision, nodes] : last.children)
      out << FormatDecision(decision, game.site_names()) << ": " << nodes << "\n";
  }
  out << PerftSummary(total, absl::ToDoubleSeconds(absl::Now() - start));
  return absl::OkStatus();
}

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_COMMANDS_PERFT_PERFT_COMMAND_H_
