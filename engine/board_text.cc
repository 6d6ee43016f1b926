#include "engine/board_text.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/input_text.h"

namespace lud64 {

BoardLayout CellGridLayout(int rows, int columns) {
  BoardLayout layout;
  for (int row = rows - 1; row >= 0; --row) {
    std::vector<int> sites;
    for (int col = 0; col < columns; ++col) sites.push_back(row * columns + col);
    layout.push_back(std::move(sites));
  }
  return layout;
}

absl::StatusOr<BoardContents> ParseBoardField(absl::string_view text, const BoardLayout& layout,
                                              bool allow_blocked) {
  const std::vector<absl::string_view> rows = absl::StrSplit(text, '/');
  if (rows.size() != layout.size()) {
    return absl::InvalidArgumentError(
        absl::StrCat("board ", Quoted(text), ": ", rows.size(), " rows, expected ", layout.size()));
  }
  BoardContents contents;
  for (size_t r = 0; r < rows.size(); ++r) {
    if (const size_t characters = CharacterCount(rows[r]); characters != layout[r].size()) {
      return absl::InvalidArgumentError(absl::StrCat("board row ", r + 1, " ", Quoted(rows[r]),
                                                     ": ", characters, " characters, expected ",
                                                     layout[r].size()));
    }
    // Every character a board accepts is one byte, so bytes count columns up
    // to the first character it rejects.
    for (size_t c = 0; c < rows[r].size(); ++c) {
      const Bitboard bit = SquareBit(layout[r][c]);
      switch (rows[r][c]) {
        case 'x':
          contents.pieces[0] |= bit;
          break;
        case 'o':
          contents.pieces[1] |= bit;
          break;
        case '.':
          break;
        case '-':
          if (allow_blocked) {
            contents.blocked |= bit;
            break;
          }
          [[fallthrough]];
        default:
          return absl::InvalidArgumentError(
              absl::StrCat("board row ", r + 1, " column ", c + 1, ": unexpected character ",
                           Quoted(FirstCharacter(rows[r].substr(c))), " (expected x, o, .",
                           allow_blocked ? " or -" : "", ")"));
      }
    }
  }
  return contents;
}

std::string FormatBoardField(const BoardContents& contents, const BoardLayout& layout) {
  std::string text;
  for (size_t r = 0; r < layout.size(); ++r) {
    if (r > 0) text += '/';
    for (int site : layout[r]) {
      if (Contains(contents.pieces[0], site)) {
        text += 'x';
      } else if (Contains(contents.pieces[1], site)) {
        text += 'o';
      } else {
        text += Contains(contents.blocked, site) ? '-' : '.';
      }
    }
  }
  return text;
}

std::string DrawCellGrid(const BoardContents& contents, int rows, int columns) {
  const std::string field = FormatBoardField(contents, CellGridLayout(rows, columns));
  const std::vector<absl::string_view> lines = absl::StrSplit(field, '/');
  std::string picture;
  for (int r = 0; r < rows; ++r) {
    absl::StrAppend(&picture, rows - r, " ");
    for (char c : lines[r]) absl::StrAppend(&picture, " ", std::string(1, c));
    picture += '\n';
  }
  picture += "  ";
  for (int col = 0; col < columns; ++col) absl::StrAppend(&picture, " ", std::string(1, 'A' + col));
  picture += '\n';
  return picture;
}

}  // namespace lud64
