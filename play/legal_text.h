// The legal decisions of a position as an error message names them, so that
// whoever typed an illegal one sees what they could have played.
#ifndef LUD64_PLAY_LEGAL_TEXT_H_
#define LUD64_PLAY_LEGAL_TEXT_H_

#include <string>

#include "absl/strings/str_cat.h"
#include "engine/game.h"
#include "engine/notation.h"

namespace lud64 {

// "legal: A1 B2 C3" (the first kShown, then "... (N in all)"), or "no legal
// decision (the game is over)".
template <Game G>
std::string LegalText(const G& game, const typename G::Position& position) {
  constexpr int kShown = 24;
  if (position.state.over()) return "no legal decision (the game is over)";
  DecisionList list;
  LegalDecisions(game, position, list);
  std::string text = "legal:";
  for (int i = 0; i < list.size() && i < kShown; ++i) {
    absl::StrAppend(&text, " ", FormatDecision(list[i], game.site_names()));
  }
  if (list.size() > kShown) absl::StrAppend(&text, " ... (", list.size(), " in all)");
  return text;
}

}  // namespace lud64

#endif  // LUD64_PLAY_LEGAL_TEXT_H_
