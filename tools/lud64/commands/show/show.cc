// `lud64 show`: a position for people.
#include <iostream>

#include "absl/flags/flag.h"
#include "engine/board_svg.h"
#include "engine/position_text.h"
#include "tools/lud64/command.h"
#include "tools/lud64/command_support.h"
#include "tools/lud64/commands/show/show_command.h"
#include "tools/lud64/common_flags.h"

ABSL_FLAG(bool, svg, false, "write the board as an SVG picture instead");

namespace lud64 {
namespace {

// The picture the Python module shows (Position._repr_svg_).
template <NotatedGame G>
absl::Status RunShowSvg(const G& game, const std::string& position_text) {
  absl::StatusOr<typename G::Position> position = ParsePosition(game, position_text);
  if (!position.ok()) return position.status();
  std::cout << SvgPicture(game, *position);
  return absl::OkStatus();
}

int RunShowCommand(const std::string&) {
  const std::string position = absl::GetFlag(FLAGS_position);
  if (absl::GetFlag(FLAGS_svg)) {
    return RunOnGame([&](const auto& game) { return RunShowSvg(game, position); },
                     /*long_work=*/false);
  }
  return RunOnGame([&](const auto& game) { return RunShow(game, position, std::cout); },
                   /*long_work=*/false);
}

}  // namespace

extern const Command kShowCommand;
const Command kShowCommand = {
    "show",
    "lud64 show [--game=G] [--position=P] [--svg]",
    "Draw a position and list its legal decisions; --svg writes the board as an SVG\n"
    "  picture instead (the picture of the Python module).\n"
    "  example: lud64 show --game=damdaman\n"
    "  example: lud64 show --game=davxar --svg > board.svg",
    {"game", "position", "svg"},
    RunShowCommand};

}  // namespace lud64
