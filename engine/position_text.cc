#include "engine/position_text.h"

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "engine/input_text.h"

namespace lud64 {

absl::StatusOr<PositionFields> ParsePositionFields(absl::string_view text) {
  const std::vector<absl::string_view> tokens =
      absl::StrSplit(text, absl::ByAnyChar(" \t\r\n"), absl::SkipEmpty());
  if (tokens.size() < 2) {
    return absl::InvalidArgumentError(absl::StrCat(
        "position ", Quoted(text), ": expected at least <board> <to-move>, or 'start'"));
  }
  PositionFields fields;
  fields.board = tokens[0];
  if (tokens[1] == "x") {
    fields.state.to_move = Player::kP1;
  } else if (tokens[1] == "o") {
    fields.state.to_move = Player::kP2;
  } else {
    return absl::InvalidArgumentError(
        absl::StrCat("position field 2 (to move): ", Quoted(tokens[1]), ", expected x or o"));
  }
  bool seen_turn = false;
  for (size_t i = 2; i < tokens.size(); ++i) {
    const absl::string_view token = tokens[i];
    if (absl::StartsWith(token, "turn=")) {
      int turn = 0;
      if (seen_turn) {
        return absl::InvalidArgumentError(
            absl::StrCat("position field ", i + 1, ": turn given twice"));
      }
      if (!absl::SimpleAtoi(token.substr(5), &turn) || turn < 0 || turn > kTurnLimit) {
        return absl::InvalidArgumentError(absl::StrCat("position field ", i + 1, " ", Quoted(token),
                                                       ": turn must be a whole number from 0 to ",
                                                       kTurnLimit));
      }
      seen_turn = true;
      fields.state.turn = static_cast<uint16_t>(turn);
    } else if (token == "passed") {
      if (fields.state.passed) {
        return absl::InvalidArgumentError(
            absl::StrCat("position field ", i + 1, ": 'passed' given twice"));
      }
      fields.state.passed = true;
    } else {
      // A field is named by what comes before '=' (or is its whole text).
      const absl::string_view name = token.substr(0, token.find('='));
      for (absl::string_view other : fields.others) {
        if (other.substr(0, other.find('=')) == name) {
          return absl::InvalidArgumentError(
              absl::StrCat("position field ", i + 1, ": ", Quoted(name), " given twice"));
        }
      }
      fields.others.push_back(token);
    }
  }
  return fields;
}

std::string FormatSharedFields(const TurnState& state) {
  std::string text(1, PieceChar(state.to_move));
  if (state.turn != 0) absl::StrAppend(&text, " turn=", state.turn);
  if (state.passed) text += " passed";
  return text;
}

}  // namespace lud64
