// `lud64 solve`: the proven value of a position.
#include <iostream>

#include "absl/flags/flag.h"
#include "play/engine_options.h"
#include "play/memory_check.h"
#include "play/solve_analysis.h"
#include "tools/common/interrupt.h"
#include "tools/lud64/command.h"
#include "tools/lud64/command_support.h"
#include "tools/lud64/common_flags.h"

namespace lud64 {
namespace {

int RunSolveCommand(const std::string&) {
  AnalysisRequest request;
  request.position = absl::GetFlag(FLAGS_position);
  request.moves = absl::GetFlag(FLAGS_moves);
  request.stop = InterruptFlag();
  request.engine.kind = EngineKind::kSolver;
  request.engine.hash_mib = absl::GetFlag(FLAGS_hash);
  const int depth = absl::GetFlag(FLAGS_depth);
  request.limits.nodes = absl::GetFlag(FLAGS_nodes);
  request.limits.seconds = absl::GetFlag(FLAGS_time);
  if (absl::Status status = FirstError({
          FlagGiven("depth") ? CheckRange("depth", depth, 1, kMaxDepth) : absl::OkStatus(),
          CheckRange("time", request.limits.seconds, 0.0, kMaxSeconds, " seconds"),
          CheckRange("hash", request.engine.hash_mib, 1, kMaxTableMib, " MiB"),
      });
      !status.ok()) {
    return Fail(status);
  }
  if (absl::Status status = CheckMemoryFor(absl::StrCat("--hash=", request.engine.hash_mib),
                                           request.engine.hash_mib, "the transposition table");
      !status.ok()) {
    return Fail(status);
  }
  request.limits.depth = depth;
  if (FlagGiven("tb")) request.engine.tables = absl::GetFlag(FLAGS_tb);
  const bool json = absl::GetFlag(FLAGS_json);
  return RunOnGame(
      [&](const auto& game) { return RunSolve(game, request, json, std::cout, std::cerr); });
}

}  // namespace

extern const Command kSolveCommand;
const Command kSolveCommand = {
    "solve",
    "lud64 solve [--game=G] [--position=P] [--moves=\"D ...\"] [--depth=D] [--nodes=N] [--time=S] "
    "[--hash=MiB] "
    "[--json] [--tb=DIR]",
    "Prove the value of a position (win, loss or draw for the player to move, and the\n"
    "  plies to the end under best play), or report the bounds reached within the limits.\n"
    "  --tb: a position the endgame tables hold is answered at once (distance in turns,\n"
    "  and plies of the tables' line); otherwise table positions are exact leaves.\n"
    "  --moves: decisions played from --position first (the proof depends only on the\n"
    "  position reached: the rules know no repetition).\n"
    "  example: lud64 solve --game=guettal",
    {"game", "position", "moves", "depth", "nodes", "time", "hash", "json", "tb"},
    RunSolveCommand,
    {},
    {},
    {{"depth", "the deepest iteration in plies, 1 to 100 (default: '100')"},
     {"time", "seconds to search, decimals allowed, up to 86400 (default: '0', no limit)"}}};

}  // namespace lud64
