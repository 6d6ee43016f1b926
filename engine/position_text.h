// The position notation shared by all games (engine/RULES.md):
//   <board> <to-move> [turn=<T>] [passed] [<game-specific fields>]
// The game reads and writes its board and its own fields; the shared fields,
// the field order and the derived end of game are handled here, once.
#ifndef LUD64_ENGINE_POSITION_TEXT_H_
#define LUD64_ENGINE_POSITION_TEXT_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "engine/game.h"
#include "engine/notation.h"

namespace lud64 {

// A game with a position text: free functions found next to the game (by
// argument-dependent lookup, in boards/<game>/<game>_text.h) read and write
// its board field and its own optional fields; the shared fields are handled
// here. Draw makes the picture `lud64 show` prints.
template <class G>
concept NotatedGame = Game<G> &&
    requires(const G& game, const typename G::Position& position,
             typename G::Position& mutable_position, absl::string_view text) {
  { FormatBoard(game, position) } -> std::convertible_to<std::string>;
  { FormatFields(game, position) } -> std::convertible_to<std::string>;
  { ParseBoard(game, text) } -> std::same_as<absl::StatusOr<typename G::Position>>;
  { ParseField(game, text, mutable_position) } -> std::same_as<absl::Status>;
  { Validate(game, position) } -> std::same_as<absl::Status>;
  { Draw(game, position) } -> std::convertible_to<std::string>;
};

// A position's text split into its fields, the shared ones read.
struct PositionFields {
  absl::string_view board;
  TurnState state;                        // to_move, turn, passed
  std::vector<absl::string_view> others;  // the game's own fields, in order
};

// Splits and reads the shared fields; rejects repeated fields.
absl::StatusOr<PositionFields> ParsePositionFields(absl::string_view text);
// "<to-move>[ turn=T][ passed]".
std::string FormatSharedFields(const TurnState& state);

// The end of the game that a position shows by itself: the game's own rule
// applied as if the opponent of the player to move had just decided, then the
// turn limit.
template <Game G>
void DeriveOutcome(const G& game, typename G::Position& position) {
  TurnState& state = position.state;
  if (const Outcome own = game.rule_outcome(position, Opponent(state.to_move), false);
      own != Outcome::kOngoing) {
    state.outcome = own;
    state.end = EndReason::kOwnRule;
  } else if (state.turn >= kTurnLimit) {
    state.outcome = Outcome::kDraw;
    state.end = EndReason::kTurnLimit;
  }
}

// `passed` says that the opponent's last turn was only a pass, which is
// forced: the opponent had no decision on this board (a pass changes nothing
// but the player to move). Checked here for every game. A position in the
// middle of a turn (Davxar's removal) follows a decision of the player to
// move, which hides the board the opponent passed on: it is not checked.
template <Game G>
absl::Status CheckPassed(const G& game, const typename G::Position& position) {
  if (!position.state.passed || game.mid_turn(position)) return absl::OkStatus();
  typename G::Position before = position;
  before.state.to_move = Opponent(position.state.to_move);
  before.state.passed = false;
  DecisionList list;
  game.generate(before, list);
  if (list.empty()) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(
      "position field 'passed': the opponent (", std::string(1, PieceChar(before.state.to_move)),
      ") cannot have passed, as it had ", list.size(), " legal decision",
      list.size() == 1 ? "" : "s", " (", FormatDecision(list[0], game.site_names()),
      list.size() == 1 ? "" : ", ...", ")"));
}

// Reads a position, or `start`.
template <NotatedGame G>
absl::StatusOr<typename G::Position> ParsePosition(const G& game, absl::string_view text) {
  if (text == "start") return game.start();
  absl::StatusOr<PositionFields> fields = ParsePositionFields(text);
  if (!fields.ok()) return fields.status();
  absl::StatusOr<typename G::Position> position = ParseBoard(game, fields->board);
  if (!position.ok()) return position.status();
  position->state = fields->state;
  for (absl::string_view field : fields->others) {
    if (absl::Status status = ParseField(game, field, *position); !status.ok()) return status;
  }
  if (absl::Status status = Validate(game, *position); !status.ok()) return status;
  if (absl::Status status = CheckPassed(game, *position); !status.ok()) return status;
  DeriveOutcome(game, *position);
  return position;
}

template <NotatedGame G>
std::string FormatPosition(const G& game, const typename G::Position& position) {
  return absl::StrCat(FormatBoard(game, position), " ", FormatSharedFields(position.state),
                      FormatFields(game, position));
}

}  // namespace lud64

#endif  // LUD64_ENGINE_POSITION_TEXT_H_
