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
absl::Status RunShowSvg(const G& game, const std::string& position_text, const std::string& moves) {
  absl::StatusOr<typename G::Position> position = ShownPosition(game, position_text, moves);
  if (!position.ok()) return position.status();
  std::cout << SvgPicture(game, *position);
  return absl::OkStatus();
}

int RunShowCommand(const std::string&) {
  const std::string position = absl::GetFlag(FLAGS_position);
  const std::string moves = absl::GetFlag(FLAGS_moves);
  if (absl::GetFlag(FLAGS_svg)) {
    return RunOnGame([&](const auto& game) { return RunShowSvg(game, position, moves); },
                     /*long_work=*/false);
  }
  return RunOnGame([&](const auto& game) { return RunShow(game, position, std::cout, moves); },
                   /*long_work=*/false);
}

}  // namespace

extern const Command kShowCommand;
const Command kShowCommand = {
    "show",
    "lud64 show [--game=G] [--position=P] [--moves=\"D ...\"] [--svg]",
    "Draw a position and list its legal decisions; --svg writes the board as an SVG\n"
    "  picture instead (the picture of the Python module). --moves: decisions played\n"
    "  from --position first; the position they reach is shown (the game may be over).\n"
    "  example: lud64 show --game=damdaman\n"
    "  example: lud64 show --game=damdaman --moves=\"C4-D4 C5-C4\"\n"
    "  example: lud64 show --game=davxar --svg > board.svg",
    {"game", "position", "moves", "svg"},
    RunShowCommand};

}  // namespace lud64
