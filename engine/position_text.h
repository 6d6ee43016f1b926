// The position notation shared by all games (engine/RULES.md):
//   <board> <to-move> [turn=<T>] [passed] [<game-specific fields>]
// The game reads and writes its board and its own fields; the shared fields,
// the field order and the derived end of game are handled here, once.
#ifndef LUD64_ENGINE_POSITION_TEXT_H_
#define LUD64_ENGINE_POSITION_TEXT_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "engine/game.h"

namespace lud64 {

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
  if (const Outcome own = game.own_end(position, Opponent(state.to_move), false);
      own != Outcome::kOngoing) {
    state.outcome = own;
    state.end = EndReason::kOwnRule;
  } else if (state.turn >= kTurnLimit) {
    state.outcome = Outcome::kDraw;
    state.end = EndReason::kTurnLimit;
  }
}

// Reads a position, or `start`.
template <Game G>
absl::StatusOr<typename G::Position> ParsePosition(const G& game, absl::string_view text) {
  if (text == "start") return game.start();
  absl::StatusOr<PositionFields> fields = ParsePositionFields(text);
  if (!fields.ok()) return fields.status();
  absl::StatusOr<typename G::Position> position = game.parse_board(fields->board);
  if (!position.ok()) return position.status();
  position->state = fields->state;
  for (absl::string_view field : fields->others) {
    if (absl::Status status = game.parse_field(field, *position); !status.ok()) return status;
  }
  if (absl::Status status = game.validate(*position); !status.ok()) return status;
  DeriveOutcome(game, *position);
  return position;
}

template <Game G>
std::string FormatPosition(const G& game, const typename G::Position& position) {
  return absl::StrCat(game.format_board(position), " ", FormatSharedFields(position.state),
                      game.format_fields(position));
}

}  // namespace lud64

#endif  // LUD64_ENGINE_POSITION_TEXT_H_
