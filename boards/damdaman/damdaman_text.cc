#include "boards/damdaman/damdaman_text.h"

#include "absl/strings/str_cat.h"
#include "engine/board_text.h"
#include "engine/input_text.h"

namespace lud64 {
namespace {

using Grid = Damdaman::Grid;

const BoardLayout& Layout() {
  static const BoardLayout* layout = new BoardLayout(CellGridLayout(Grid::kRows, Grid::kColumns));
  return *layout;
}

}  // namespace

std::string FormatBoard(const Damdaman&, const Damdaman::Position& position) {
  return FormatBoardField({position.pieces, 0}, Layout());
}

absl::StatusOr<Damdaman::Position> ParseBoard(const Damdaman&, absl::string_view text) {
  absl::StatusOr<BoardContents> contents = ParseBoardField(text, Layout(), false);
  if (!contents.ok()) return contents.status();
  Damdaman::Position position;
  position.pieces = contents->pieces;
  return position;
}

absl::Status ParseField(const Damdaman&, absl::string_view field, Damdaman::Position&) {
  return absl::InvalidArgumentError(
      absl::StrCat("position field ", Quoted(field), ": damdaman has no such field"));
}

absl::Status Validate(const Damdaman&, const Damdaman::Position& position) {
  for (Player p : {Player::kP1, Player::kP2}) {
    if (PopCount(position.pieces[Index(p)]) > Damdaman::kPiecesPerSide) {
      return absl::InvalidArgumentError(absl::StrCat("board: ", PopCount(position.pieces[Index(p)]),
                                                     " pieces '", std::string(1, PieceChar(p)),
                                                     "', at most ", Damdaman::kPiecesPerSide));
    }
  }
  return absl::OkStatus();
}

std::string Draw(const Damdaman&, const Damdaman::Position& position) {
  return DrawCellGrid({position.pieces, 0}, Grid::kRows, Grid::kColumns);
}

}  // namespace lud64
