// Guettal's position text and picture (boards/guettal/RULES.md): the functions that
// engine/position_text.h finds for the game.
#ifndef LUD64_BOARDS_GUETTAL_GUETTAL_TEXT_H_
#define LUD64_BOARDS_GUETTAL_GUETTAL_TEXT_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "boards/guettal/guettal.h"
#include "engine/board_svg.h"

namespace lud64 {

std::string FormatBoard(const Guettal& game, const Guettal::Position& position);
inline std::string FormatFields(const Guettal&, const Guettal::Position&) { return ""; }
absl::StatusOr<Guettal::Position> ParseBoard(const Guettal& game, absl::string_view text);
absl::Status ParseField(const Guettal& game, absl::string_view field, Guettal::Position& position);
absl::Status Validate(const Guettal& game, const Guettal::Position& position);
// The board as a picture with coordinates, for people.
std::string Draw(const Guettal& game, const Guettal::Position& position);

// The board as SVG (engine/board_svg.h): its geometry, and what a position puts on it.
const BoardGeometry& PictureGeometry(const Guettal& game);
BoardMarks PictureMarks(const Guettal& game, const Guettal::Position& position);

}  // namespace lud64

#endif  // LUD64_BOARDS_GUETTAL_GUETTAL_TEXT_H_
