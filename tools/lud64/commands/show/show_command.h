// `lud64 show`: a position for people.
#ifndef LUD64_TOOLS_LUD64_COMMANDS_SHOW_SHOW_COMMAND_H_
#define LUD64_TOOLS_LUD64_COMMANDS_SHOW_SHOW_COMMAND_H_

#include <ostream>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/string_view.h"
#include "engine/game.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "play/game_record.h"

namespace lud64 {

// "ongoing", or who won and why.
inline std::string StatusText(const TurnState& state) {
  if (!state.over()) return "ongoing";
  const std::string result =
      state.outcome == Outcome::kDraw ? "draw" : absl::StrCat(OutcomeName(state.outcome), " wins");
  return absl::StrCat(result, " (", EndReasonName(state.end), ")");
}

// The position `moves` (decisions in notation, space-separated) lead to from
// `position_text`; the game may be over there.
template <Game G>
absl::StatusOr<typename G::Position> ShownPosition(const G& game, absl::string_view position_text,
                                                   absl::string_view moves) {
  absl::StatusOr<typename G::Position> position = ParsePosition(game, position_text);
  if (!position.ok()) return position.status();
  if (absl::Status status = PlayRecord(game, moves, *position, nullptr); !status.ok()) {
    return absl::InvalidArgumentError(absl::StrCat("--moves: ", status.message()));
  }
  return position;
}

template <Game G>
absl::Status RunShow(const G& game, absl::string_view position_text, std::ostream& out,
                     absl::string_view moves = "") {
  absl::StatusOr<typename G::Position> position = ShownPosition(game, position_text, moves);
  if (!position.ok()) return position.status();
  DecisionList list;
  LegalDecisions(game, *position, list);
  std::vector<std::string> names;
  for (Decision d : list) names.push_back(FormatDecision(d, game.site_names()));
  out << Draw(game, *position) << "\n"
      << "game:      " << game.name() << "\n"
      << "position:  " << FormatPosition(game, *position) << "\n"
      << "to move:   " << (position->state.to_move == Player::kP1 ? "P1 (x)" : "P2 (o)") << "\n"
      << "status:    " << StatusText(position->state) << "\n"
      << "decisions: " << list.size() << (list.empty() ? "" : ": ") << absl::StrJoin(names, " ")
      << "\n";
  return absl::OkStatus();
}

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_COMMANDS_SHOW_SHOW_COMMAND_H_
