// `lud64 bench`: a fixed, deterministic benchmark over every game (like
// Stockfish's bench). Its signature changes only when the rules do.
#include <chrono>
#include <iostream>
#include <vector>

#include "absl/strings/str_format.h"
#include "boards/game_list.h"
#include "play/any_position.h"
#include "play/perft.h"
#include "play/playouts_run.h"
#include "tools/common/interrupt.h"
#include "tools/lud64/command.h"
#include "tools/lud64/command_support.h"

namespace lud64 {
namespace {

struct BenchPart {
  const char* game;
  const char* position;
  int perft_depth;    // 0: none
  uint64_t playouts;  // 0: none
};

// Start positions and middle-game positions from Ludii's reference games.
constexpr BenchPart kParts[] = {
    {"guettal", "start", 7, 300000},
    {"guettal", "ooooooooo/ooo..o.x./.x....xxx/xxxxxxxxx o turn=3", 7, 0},
    {"damdaman", "start", 13, 3000},
    {"damdaman", "ooooo.o/ooooooo/ooooooo/xxxxooo/xxxxxxx/.xxxxxx/xxx.xxx x turn=40", 6, 0},
    {"davxar", "start", 5, 10000},
    {"davxar:lines=ludii", "start", 5, 10000},
    {"davxar:pieces=6", "start", 5, 5000},
};

double Since(std::chrono::steady_clock::time_point begin) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
}

// Perft and playouts of one part, for any game.
struct PartResult {
  uint64_t nodes = 0;
  PlayoutRun run;
};

absl::StatusOr<PartResult> RunPart(const AnyGame& game, const BenchPart& part,
                                   double& perft_seconds) {
  absl::StatusOr<AnyPosition> position = ParseAnyPosition(game, part.position);
  if (!position.ok()) return position.status();
  PartResult result;
  if (part.perft_depth > 0) {
    const auto begin = std::chrono::steady_clock::now();
    result.nodes = CountPerft(game, *position, part.perft_depth, InterruptFlag());
    perft_seconds = Since(begin);
  }
  if (part.playouts > 0) {
    result.run = RunAnyPlayouts(game, *position, {part.playouts, 0, 1, 1, InterruptFlag()});
  }
  return result;
}

absl::Status RunBench(std::ostream& out, std::ostream& progress) {
  uint64_t total_nodes = 0;
  PlayoutStats total_playouts;
  double perft_seconds = 0, playout_seconds = 0;
  out << absl::StreamFormat("%-20s %-10s %14s %9s %14s\n", "game", "part", "count", "seconds",
                            "per second");
  for (const BenchPart& part : kParts) {
    if (Stopping(InterruptFlag())) return absl::CancelledError("bench interrupted");
    absl::StatusOr<AnyGame> game = MakeGame(part.game);
    if (!game.ok()) return game.status();
    progress << "bench: " << part.game << " " << part.position << "\n";
    double seconds = 0;
    absl::StatusOr<PartResult> result = RunPart(*game, part, seconds);
    if (!result.ok()) return result.status();
    if (Stopping(InterruptFlag())) return absl::CancelledError("bench interrupted");
    if (part.perft_depth > 0) {
      const uint64_t nodes = result->nodes;
      perft_seconds += seconds;
      total_nodes += nodes;
      out << absl::StreamFormat("%-20s perft(%d)  %14d %9.3f %14.0f\n", part.game, part.perft_depth,
                                nodes, seconds, nodes / seconds);
    }
    if (part.playouts > 0) {
      const PlayoutRun* run = &result->run;
      if (run->interrupted) return absl::CancelledError("bench interrupted");
      playout_seconds += run->seconds;
      total_playouts.Merge(run->stats);
      out << absl::StreamFormat(
          "%-20s playouts   %14d %9.3f %14.0f   P1 %d, P2 %d, draws %d\n", part.game,
          run->stats.playouts, run->seconds, run->stats.playouts / run->seconds,
          run->stats.count(Outcome::kP1Wins), run->stats.count(Outcome::kP2Wins),
          run->stats.count(Outcome::kDraw));
    }
  }
  out << absl::StreamFormat("perft: %d nodes in %.3f s (%.0f nodes/s)\n", total_nodes,
                            perft_seconds, total_nodes / perft_seconds)
      << absl::StreamFormat("playouts: %d decisions in %.3f s (%.0f decisions/s)\n",
                            total_playouts.decisions, playout_seconds,
                            total_playouts.decisions / playout_seconds)
      << absl::StreamFormat("signature: nodes=%d decisions=%d p1=%d p2=%d draws=%d\n", total_nodes,
                            total_playouts.decisions, total_playouts.count(Outcome::kP1Wins),
                            total_playouts.count(Outcome::kP2Wins),
                            total_playouts.count(Outcome::kDraw));
  return absl::OkStatus();
}

int RunBenchCommand(const std::string&) {
  InstallInterruptHandler();
  absl::Status status = RunBench(std::cout, std::cerr);
  return status.ok() ? 0 : Fail(status);
}

}  // namespace

extern const Command kBenchCommand;
const Command kBenchCommand = {
    "bench",
    "lud64 bench",
    "A fixed benchmark: perft and seeded playouts on fixed positions of every game.\n"
    "  Prints the speed of each part and a signature that changes only with the rules.",
    {},
    RunBenchCommand};

}  // namespace lud64
