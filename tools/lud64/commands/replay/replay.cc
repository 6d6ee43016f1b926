// `lud64 replay`: plays game records from stdin.
#include <iostream>

#include "absl/flags/flag.h"
#include "tools/lud64/command.h"
#include "tools/lud64/command_support.h"
#include "tools/lud64/commands/replay/replay_command.h"
#include "tools/lud64/common_flags.h"

ABSL_FLAG(bool, counts, false, "end each line with the legal-decision counts before each ply");

namespace lud64 {
namespace {

int RunReplayCommand(const std::string&) {
  const ReplayRequest request{absl::GetFlag(FLAGS_position), absl::GetFlag(FLAGS_counts)};
  if (absl::Status status = CheckStandardInput(); !status.ok()) return Fail(status);
  return RunOnGame([&](const auto& game) { return RunReplay(game, request, std::cin, std::cout); },
                   /*long_work=*/false);
}

}  // namespace

extern const Command kReplayCommand;
const Command kReplayCommand = {
    "replay",
    "lud64 replay [--game=G] [--position=P] [--counts] < games.txt",
    "Replay games from stdin (one per line, decisions separated by spaces, or\n"
    "  'fen <position> moves <decisions>'; blank lines and lines starting with '#',\n"
    "  such as match records' tags, are skipped) and print '<result> <final position>'\n"
    "  per game. <result> is P1 or P2 (that player won), draw, or\n"
    "  ongoing (the game goes on after the last decision).\n"
    "  example: echo 'C4-D4 C5-C4' | lud64 replay --game=damdaman --counts",
    {"game", "position", "counts"},
    RunReplayCommand};

}  // namespace lud64
