#include "boards/guettal/guettal_text.h"

#include "absl/strings/str_cat.h"
#include "engine/board_text.h"
#include "engine/input_text.h"

namespace lud64 {
namespace {

using Grid = Guettal::Grid;

const BoardLayout& Layout() {
  static const BoardLayout* layout = new BoardLayout(CellGridLayout(Grid::kRows, Grid::kColumns));
  return *layout;
}

}  // namespace

std::string FormatBoard(const Guettal&, const Guettal::Position& position) {
  return FormatBoardField({position.pieces, position.blocked}, Layout());
}

absl::StatusOr<Guettal::Position> ParseBoard(const Guettal&, absl::string_view text) {
  absl::StatusOr<BoardContents> contents = ParseBoardField(text, Layout(), true);
  if (!contents.ok()) return contents.status();
  Guettal::Position position;
  position.pieces = contents->pieces;
  position.blocked = contents->blocked;
  return position;
}

absl::Status ParseField(const Guettal&, absl::string_view field, Guettal::Position&) {
  return absl::InvalidArgumentError(
      absl::StrCat("position field ", Quoted(field),
                   ": guettal has no game-specific fields (the board's '-' cells "
                   "carry the blocked states)"));
}

absl::Status Validate(const Guettal&, const Guettal::Position&) {
  // Every board is valid; `passed` is checked for every game (CheckPassed).
  return absl::OkStatus();
}

std::string Draw(const Guettal&, const Guettal::Position& position) {
  return DrawCellGrid({position.pieces, position.blocked}, Grid::kRows, Grid::kColumns);
}

}  // namespace lud64
