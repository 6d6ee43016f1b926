// Davxar's position text (boards/davxar/RULES.md, "Notation"): nine rows of points
// from row 9 down, then `hand=<p1>,<p2>` and `remove`.
#include "boards/davxar/davxar_text.h"

#include <algorithm>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "boards/davxar/davxar_board.h"
#include "engine/board_text.h"
#include "engine/input_text.h"

namespace lud64 {
namespace {

constexpr absl::string_view kHandPrefix = "hand=";

constexpr absl::string_view kHistoricalName = "historical";
constexpr absl::string_view kLudiiName = "ludii";

absl::StatusOr<int> ParsePiecesOption(absl::string_view value) {
  int pieces = 0;
  if (value.size() > 2 || !std::all_of(value.begin(), value.end(), absl::ascii_isdigit) ||
      !absl::SimpleAtoi(value, &pieces) || pieces < Davxar::kMinPieces ||
      pieces > Davxar::kMaxPieces) {
    return absl::InvalidArgumentError(absl::StrCat("davxar option pieces=", value,
                                                   ": expected a whole number from ",
                                                   Davxar::kMinPieces, " to ", Davxar::kMaxPieces));
  }
  return pieces;
}

absl::StatusOr<davxar::MillTest> ParseLinesOption(absl::string_view value) {
  if (absl::EqualsIgnoreCase(value, kHistoricalName)) return davxar::MillTest::kHistorical;
  if (absl::EqualsIgnoreCase(value, kLudiiName)) return davxar::MillTest::kLudii;
  return absl::InvalidArgumentError(absl::StrCat("davxar option lines=", value, ": expected ",
                                                 kHistoricalName, " or ", kLudiiName));
}

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

template <>
absl::StatusOr<Davxar> GameFromSpec<Davxar>(const GameSpec& spec) {
  if (spec.name != "davxar") {
    return absl::InvalidArgumentError(absl::StrCat("game ", Quoted(spec.name), " is not davxar"));
  }
  davxar::MillTest lines = davxar::MillTest::kHistorical;
  int pieces = Davxar::kDefaultPieces;
  for (const auto& [option, value] : spec.options) {
    if (option == "pieces") {
      absl::StatusOr<int> parsed = ParsePiecesOption(value);
      if (!parsed.ok()) return parsed.status();
      pieces = *parsed;
    } else if (option == "lines") {
      absl::StatusOr<davxar::MillTest> parsed = ParseLinesOption(value);
      if (!parsed.ok()) return parsed.status();
      lines = *parsed;
    } else {
      return absl::InvalidArgumentError(
          absl::StrCat("davxar has no option ", Quoted(option), " (options: pieces, lines)"));
    }
  }
  return Davxar(lines, pieces);
}

std::string Davxar::name() const {
  std::string options;
  if (lines_ == davxar::MillTest::kLudii) absl::StrAppend(&options, "lines=", kLudiiName);
  if (pieces_ != kDefaultPieces) {
    absl::StrAppend(&options, options.empty() ? "" : ",", "pieces=", pieces_);
  }
  return options.empty() ? "davxar" : absl::StrCat("davxar:", options);
}

std::string FormatBoard(const Davxar&, const Davxar::Position& position) {
  return FormatBoardField({position.pieces, 0}, Layout());
}

std::string FormatFields(const Davxar& game, const Davxar::Position& position) {
  std::string text;
  if (position.hand != game.start().hand) {
    absl::StrAppend(&text, " ", kHandPrefix, position.hand[0], ",", position.hand[1]);
  }
  if (position.remove) text += " remove";
  return text;
}

absl::StatusOr<Davxar::Position> ParseBoard(const Davxar& game, absl::string_view text) {
  absl::StatusOr<BoardContents> contents = ParseBoardField(text, Layout(), false);
  if (!contents.ok()) return contents.status();
  Davxar::Position position = game.start();
  position.pieces = contents->pieces;
  return position;
}

absl::Status ParseField(const Davxar& game, absl::string_view field, Davxar::Position& position) {
  if (field == "remove") {
    position.remove = true;
    return absl::OkStatus();
  }
  if (!absl::StartsWith(field, kHandPrefix)) {
    return absl::InvalidArgumentError(
        absl::StrCat("position field ", Quoted(field),
                     ": davxar has no such field (expected hand=<p1>,<p2> or remove)"));
  }
  const std::vector<absl::string_view> counts =
      absl::StrSplit(field.substr(kHandPrefix.size()), ',');
  if (counts.size() != 2 || !ParseHandCount(counts[0], game.pieces(), position.hand[0]) ||
      !ParseHandCount(counts[1], game.pieces(), position.hand[1])) {
    return absl::InvalidArgumentError(absl::StrCat("position field ", Quoted(field),
                                                   ": expected hand=<p1>,<p2>, whole numbers "
                                                   "from 0 to ",
                                                   game.pieces()));
  }
  return absl::OkStatus();
}

absl::Status Validate(const Davxar& game, const Davxar::Position& position) {
  for (Player player : {Player::kP1, Player::kP2}) {
    const int on_board = PopCount(position.pieces[Index(player)]);
    const int in_hand = position.hand[Index(player)];
    if (on_board + in_hand > game.pieces()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "position: '", std::string(1, PieceChar(player)), "' has ", on_board,
          " pieces on the board and ", in_hand, " in hand, more than pieces=", game.pieces()));
    }
  }
  const Player mover = position.state.to_move;
  if (position.remove && game.PiecesInMills(position.pieces[Index(mover)]) == 0) {
    return absl::InvalidArgumentError(absl::StrCat("position field 'remove': '",
                                                   std::string(1, PieceChar(mover)),
                                                   "' (to move) has no mill on the board"));
  }
  return absl::OkStatus();
}

}  // namespace lud64
