// `lud64 playouts`: uniform random playouts, their speed and result
// distribution, as text or one JSON object.
#ifndef LUD64_PLAY_PLAYOUTS_RUN_H_
#define LUD64_PLAY_PLAYOUTS_RUN_H_

#include <functional>
#include <ostream>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "boards/game_list.h"
#include "engine/input_text.h"
#include "engine/position_text.h"
#include "engine/stop.h"
#include "search/playout_runner.h"

namespace lud64 {

struct PlayoutsRequest {
  std::string position = "start";
  uint64_t count = 0;  // 0: run for `seconds`
  double seconds = 0;
  int threads = 1;
  uint64_t seed = 1;
  bool json = false;
  StopFlag stop = nullptr;  // set (Ctrl-C): the totals so far are reported
};

void PrintPlayoutReport(const PlayoutsRequest& request, const std::string& game,
                        const PlayoutRun& run, std::ostream& out);

// Random playouts from `start` (search/playout_runner.h), compiled once per
// game; `on_progress(playouts_done, seconds)` about every second.
using PlayoutProgress = std::function<void(uint64_t done, double seconds)>;

template <Game G>
PlayoutRun RunGamePlayouts(const G& game, const typename G::Position& start,
                           const PlayoutRequest& request, const PlayoutProgress& on_progress) {
  return RunPlayouts(game, start, request, [&](uint64_t done, double seconds) {
    if (on_progress) on_progress(done, seconds);
  });
}

// The same over any game, `start` a position of `game` (playouts_report.cc).
PlayoutRun RunAnyPlayouts(const AnyGame& game, const AnyPosition& start,
                          const PlayoutRequest& request, const PlayoutProgress& on_progress = {});

template <Game G>
absl::Status RunPlayoutsCommand(const G& game, const PlayoutsRequest& request, std::ostream& out,
                                std::ostream& progress) {
  absl::StatusOr<typename G::Position> start = ParsePosition(game, request.position);
  if (!start.ok()) return start.status();
  if (start->state.over()) {
    return absl::InvalidArgumentError(
        absl::StrCat("position ", Quoted(request.position), ": the game is already over"));
  }
  const PlayoutRequest work{request.count, request.seconds, request.threads, request.seed,
                            request.stop};
  const PlayoutRun run = RunGamePlayouts(game, *start, work, [&](uint64_t done, double seconds) {
    progress << absl::StreamFormat("playouts: %d done, %.1fs, %.0f/s\n", done, seconds,
                                   done / seconds);
  });
  PrintPlayoutReport(request, game.name(), run, out);
  if (run.interrupted) return absl::CancelledError("playouts interrupted; partial totals above");
  return absl::OkStatus();
}

// Compiled once for each game, in play/playouts_<game>.cc (LUD64_PLAYOUTS_RUN(G, )).
// NOLINTBEGIN(bugprone-macro-parentheses)
#define LUD64_PLAYOUTS_RUN(G, kind)                                                           \
  kind template PlayoutRun RunGamePlayouts<G>(const G&, const typename G::Position&,          \
                                              const PlayoutRequest&, const PlayoutProgress&); \
  kind template absl::Status RunPlayoutsCommand<G>(const G&, const PlayoutsRequest&,          \
                                                   std::ostream&, std::ostream&);
// NOLINTEND(bugprone-macro-parentheses)
LUD64_FOR_EACH_GAME(LUD64_PLAYOUTS_RUN, extern)

}  // namespace lud64

#endif  // LUD64_PLAY_PLAYOUTS_RUN_H_
