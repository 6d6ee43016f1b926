// Which movement endgames a build covers: "4" is every slice with at most 4
// pieces a side on the board (and none in hand), "4v3" those with at most 4 on
// one side and 3 on the other, either side to move. Zero: the whole game.
#ifndef LUD64_TABLEBASE_ENDGAME_LIMIT_H_
#define LUD64_TABLEBASE_ENDGAME_LIMIT_H_

#include <algorithm>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace lud64::tablebase {

struct EndgameLimit {
  int larger = 0;   // pieces of the side with more; 0: the whole game
  int smaller = 0;  // pieces of the side with fewer, at most `larger`

  static EndgameLimit Up(int pieces) { return {pieces, pieces}; }
  bool whole_game() const { return larger == 0; }
  bool Covers(int own, int opponent) const {
    return std::max(own, opponent) <= larger && std::min(own, opponent) <= smaller;
  }
  // "4", "4v3", or "" for the whole game.
  std::string Text() const;
};

// "0" (the whole game), "N", or "MvN" with 1 <= N <= M <= `max_pieces`; errors
// say what was expected.
absl::StatusOr<EndgameLimit> ParseEndgameLimit(absl::string_view text, int max_pieces);

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_ENDGAME_LIMIT_H_
