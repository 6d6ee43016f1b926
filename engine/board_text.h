// The board field of the position notation (engine/RULES.md): rows from the top,
// separated by '/', each written left to right with x, o, '.' and (Guettal) '-'.
#ifndef LUD64_ENGINE_BOARD_TEXT_H_
#define LUD64_ENGINE_BOARD_TEXT_H_

#include <array>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/bitboard.h"

namespace lud64 {

// Where each written character goes: rows from the top, each listing its sites
// left to right.
using BoardLayout = std::vector<std::vector<int>>;

// The layout of a rows x columns cell grid (site = row * columns + column).
BoardLayout CellGridLayout(int rows, int columns);

struct BoardContents {
  std::array<Bitboard, 2> pieces{};  // P1's, P2's
  Bitboard blocked = 0;              // empty sites written '-'
};

// Errors name the row (counted from the top, as written) and the column.
absl::StatusOr<BoardContents> ParseBoardField(absl::string_view text, const BoardLayout& layout,
                                              bool allow_blocked);
std::string FormatBoardField(const BoardContents& contents, const BoardLayout& layout);

// A cell grid drawn for people: one line per row from the top, prefixed by its
// number, then a line of column letters.
std::string DrawCellGrid(const BoardContents& contents, int rows, int columns);

}  // namespace lud64

#endif  // LUD64_ENGINE_BOARD_TEXT_H_
