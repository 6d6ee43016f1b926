// Davxar's position text (boards/davxar/RULES.md, "Notation"): nine rows of points
// from row 9 down, then `hand=<p1>,<p2>` and `remove`.
#include <algorithm>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "boards/davxar/davxar.h"
#include "boards/davxar/davxar_board.h"
#include "engine/board_text.h"

namespace lud64 {
namespace {

constexpr absl::string_view kHandPrefix = "hand=";

// The rows from row 9 down, each left to right: 3 points, but 8 in row 5.
const BoardLayout& Layout() {
  static const BoardLayout* layout = [] {
    auto* rows = new BoardLayout(9);
    for (int column = 0; column < 9; ++column) {
      for (int point = 0; point < davxar::kPoints; ++point) {
        if (davxar::PointColumn(point) == column) {
          (*rows)[8 - davxar::PointRow(point)].push_back(point);
        }
      }
    }
    return rows;
  }();
  return *layout;
}

// A count in hand: digits only, at most `pieces`.
bool ParseHandCount(absl::string_view text, int pieces, uint8_t& count) {
  int value = 0;
  if (text.empty() || text.size() > 2 ||
      !std::all_of(text.begin(), text.end(), absl::ascii_isdigit) ||
      !absl::SimpleAtoi(text, &value) || value > pieces) {
    return false;
  }
  count = static_cast<uint8_t>(value);
  return true;
}

}  // namespace

std::string Davxar::format_board(const Position& position) const {
  return FormatBoardField({position.pieces, 0}, Layout());
}

std::string Davxar::format_fields(const Position& position) const {
  std::string text;
  if (position.hand != start().hand) {
    absl::StrAppend(&text, " ", kHandPrefix, position.hand[0], ",", position.hand[1]);
  }
  if (position.remove) text += " remove";
  return text;
}

absl::StatusOr<Davxar::Position> Davxar::parse_board(absl::string_view text) const {
  absl::StatusOr<BoardContents> contents = ParseBoardField(text, Layout(), false);
  if (!contents.ok()) return contents.status();
  Position position = start();
  position.pieces = contents->pieces;
  return position;
}

absl::Status Davxar::parse_field(absl::string_view field, Position& position) const {
  if (field == "remove") {
    position.remove = true;
    return absl::OkStatus();
  }
  if (!absl::StartsWith(field, kHandPrefix)) {
    return absl::InvalidArgumentError(
        absl::StrCat("position field '", field,
                     "': davxar has no such field (expected hand=<p1>,<p2> or remove)"));
  }
  const std::vector<absl::string_view> counts =
      absl::StrSplit(field.substr(kHandPrefix.size()), ',');
  if (counts.size() != 2 || !ParseHandCount(counts[0], pieces_, position.hand[0]) ||
      !ParseHandCount(counts[1], pieces_, position.hand[1])) {
    return absl::InvalidArgumentError(absl::StrCat("position field '", field,
                                                   "': expected hand=<p1>,<p2>, whole numbers "
                                                   "from 0 to ",
                                                   pieces_));
  }
  return absl::OkStatus();
}

absl::Status Davxar::validate(const Position& position) const {
  for (Player player : {Player::kP1, Player::kP2}) {
    const int on_board = PopCount(position.pieces[Index(player)]);
    const int in_hand = position.hand[Index(player)];
    if (on_board + in_hand > pieces_) {
      return absl::InvalidArgumentError(absl::StrCat(
          "position: '", std::string(1, PieceChar(player)), "' has ", on_board,
          " pieces on the board and ", in_hand, " in hand, more than pieces=", pieces_));
    }
  }
  const Player mover = position.state.to_move;
  if (position.remove && PiecesInMills(position.pieces[Index(mover)]) == 0) {
    return absl::InvalidArgumentError(absl::StrCat("position field 'remove': '",
                                                   std::string(1, PieceChar(mover)),
                                                   "' (to move) has no mill on the board"));
  }
  return absl::OkStatus();
}

}  // namespace lud64
