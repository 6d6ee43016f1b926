// `lud64 perft`: counts the decision tree, depth by depth.
#include <iostream>

#include "absl/flags/flag.h"
#include "tools/lud64/command.h"
#include "tools/lud64/command_support.h"
#include "tools/lud64/commands/perft/perft_command.h"
#include "tools/lud64/common_flags.h"

ABSL_FLAG(bool, divide, false, "also print the count below each first decision");

namespace lud64 {
namespace {

int RunPerftCommand(const std::string&) {
  const int depth = absl::GetFlag(FLAGS_depth);
  if (!FlagGiven("depth")) {
    return Fail(absl::InvalidArgumentError("perft needs --depth=D (1 to 40)"));
  }
  if (absl::Status status = CheckRange("depth", depth, 1, 40); !status.ok()) return Fail(status);
  const PerftRequest request{absl::GetFlag(FLAGS_position), depth, absl::GetFlag(FLAGS_divide)};
  return RunOnAnyGame(
      [&](const AnyGame& game) { return RunPerft(game, request, std::cout, std::cerr); });
}

}  // namespace

extern const Command kPerftCommand;
const Command kPerftCommand = {"perft",
                               "lud64 perft [--game=G] [--position=P] --depth=D [--divide]",
                               "Count the nodes at each depth 1..D of the decision tree.\n"
                               "  example: lud64 perft --game=damdaman --depth=10",
                               {"game", "position", "depth", "divide"},
                               RunPerftCommand,
                               {},
                               {},
                               {{"depth", "depth in plies, 1 to 40 (required)"}}};

}  // namespace lud64
