// Davxar's position text and picture (boards/davxar/RULES.md): the functions that
// engine/position_text.h finds for the game, and the game from its name with options.
#ifndef LUD64_BOARDS_DAVXAR_DAVXAR_TEXT_H_
#define LUD64_BOARDS_DAVXAR_DAVXAR_TEXT_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "boards/davxar/davxar.h"
#include "engine/board_svg.h"
#include "engine/game_spec.h"

namespace lud64 {

// From `davxar[:lines=historical|ludii][,pieces=3..16]`.
template <>
absl::StatusOr<Davxar> GameFromSpec<Davxar>(const GameSpec& spec);

std::string FormatBoard(const Davxar& game, const Davxar::Position& position);
// ` hand=<p1>,<p2>` unless both hands are full, and ` remove`.
std::string FormatFields(const Davxar& game, const Davxar::Position& position);
absl::StatusOr<Davxar::Position> ParseBoard(const Davxar& game, absl::string_view text);
absl::Status ParseField(const Davxar& game, absl::string_view field, Davxar::Position& position);
absl::Status Validate(const Davxar& game, const Davxar::Position& position);
// The board as a picture with coordinates, for people.
std::string Draw(const Davxar& game, const Davxar::Position& position);

// The board as SVG (engine/board_svg.h): its geometry, and what a position puts on it.
const BoardGeometry& PictureGeometry(const Davxar& game);
BoardMarks PictureMarks(const Davxar& game, const Davxar::Position& position);

}  // namespace lud64

#endif  // LUD64_BOARDS_DAVXAR_DAVXAR_TEXT_H_
