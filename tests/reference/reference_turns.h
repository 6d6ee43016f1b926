// The rules shared by all games (conventions.md: whose turn, the turn
// counter, "passed", the all-pass draw and the turn limit), for the reference
// games of the differential checks. Written from the rules pages for the
// tests, apart from engine/game.h, which they check.
#ifndef LUD64_TESTS_REFERENCE_REFERENCE_TURNS_H_
#define LUD64_TESTS_REFERENCE_REFERENCE_TURNS_H_

#include <string>

#include "absl/strings/str_cat.h"

namespace lud64::reference {

struct Turns {
  int to_move = 1;                  // 1 (x) or 2 (o)
  int turn = 0;                     // decisions after which the player to move changed
  bool passed = false;              // the opponent's last turn was only a pass
  std::string outcome = "ongoing";  // or P1, P2, draw

  bool over() const { return outcome != "ongoing"; }
  // Whether this pass and the opponent's previous turn were both only passes.
  bool ConsecutivePasses(bool whole_turn_pass) const { return whole_turn_pass && passed; }

  // After a decision: `again` when the same player decides again in this turn;
  // `game_rule_end`: the outcome by the game's own end rule ("" for none),
  // checked before the shared end rules.
  void After(bool again, bool whole_turn_pass, const std::string& game_rule_end) {
    const bool consecutive = ConsecutivePasses(whole_turn_pass);
    if (!again) {
      to_move = 3 - to_move;
      ++turn;
      passed = whole_turn_pass;
    }
    if (!game_rule_end.empty()) {
      outcome = game_rule_end;
    } else if (consecutive || turn >= 2500) {
      outcome = "draw";
    }
  }

  // "<to-move>[ turn=T][ passed]", as the position notation writes them.
  std::string Text() const {
    return absl::StrCat(to_move == 1 ? "x" : "o", turn ? absl::StrCat(" turn=", turn) : "",
                        passed ? " passed" : "");
  }
};

inline std::string WinnerName(int player) { return player == 1 ? "P1" : "P2"; }

}  // namespace lud64::reference

#endif  // LUD64_TESTS_REFERENCE_REFERENCE_TURNS_H_
