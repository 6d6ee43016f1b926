// `lud64 show`: a position for people.
#include <iostream>

#include "absl/flags/flag.h"
#include "tools/lud64/command.h"
#include "tools/lud64/command_support.h"
#include "tools/lud64/common_flags.h"
#include "tools/lud64/show_command.h"

namespace lud64 {
namespace {

int RunShowCommand(const std::string&) {
  const std::string position = absl::GetFlag(FLAGS_position);
  return RunOnGame([&](const auto& game) { return RunShow(game, position, std::cout); },
                   /*long_work=*/false);
}

}  // namespace

extern const Command kShowCommand;
const Command kShowCommand = {
    "show",
    "lud64 show [--game=G] [--position=P]",
    "Draw a position and list its legal decisions.\n  example: lud64 show --game=damdaman",
    {"game", "position"},
    RunShowCommand};

}  // namespace lud64
