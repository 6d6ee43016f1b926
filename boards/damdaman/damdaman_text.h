// Damdaman's position text and picture (boards/damdaman/RULES.md): the functions that
// engine/position_text.h finds for the game.
#ifndef LUD64_BOARDS_DAMDAMAN_DAMDAMAN_TEXT_H_
#define LUD64_BOARDS_DAMDAMAN_DAMDAMAN_TEXT_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "boards/damdaman/damdaman.h"
#include "engine/board_svg.h"

namespace lud64 {

std::string FormatBoard(const Damdaman& game, const Damdaman::Position& position);
inline std::string FormatFields(const Damdaman&, const Damdaman::Position&) { return ""; }
absl::StatusOr<Damdaman::Position> ParseBoard(const Damdaman& game, absl::string_view text);
absl::Status ParseField(const Damdaman& game, absl::string_view field,
                        Damdaman::Position& position);
absl::Status Validate(const Damdaman& game, const Damdaman::Position& position);
// The board as a picture with coordinates, for people.
std::string Draw(const Damdaman& game, const Damdaman::Position& position);

// The board as SVG (engine/board_svg.h): its geometry, and what a position puts on it.
const BoardGeometry& PictureGeometry(const Damdaman& game);
BoardMarks PictureMarks(const Damdaman& game, const Damdaman::Position& position);

}  // namespace lud64

#endif  // LUD64_BOARDS_DAMDAMAN_DAMDAMAN_TEXT_H_
