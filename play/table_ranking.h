// Every legal decision of a position with its exact value from the endgame
// tables, for front-ends that teach or judge (the Python module's
// lud64.probe_actions and lud64.accuracy): the tables are opened once and
// kept. Not a template: one implementation per game in table_ranking.cc.
#ifndef LUD64_PLAY_TABLE_RANKING_H_
#define LUD64_PLAY_TABLE_RANKING_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "boards/game_list.h"
#include "engine/decision.h"

namespace lud64 {

// A decision's value for the player making it, under the turn limit.
struct RankedAction {
  Decision decision = Decision::Pass();
  int sign = 0;   // +1 a win, 0 a draw, -1 a loss
  int turns = 0;  // turns to the end with best play (0 for a draw)
};

class TableRanking {
 public:
  virtual ~TableRanking() = default;
  // Best first (ties in generation order); an error when the tables do not
  // hold the position or a position a decision leads to, or the game is over.
  virtual absl::StatusOr<std::vector<RankedAction>> Rank(const AnyPosition& position) const = 0;
};

// The tables of `game` in `dir` ("" the default directory).
absl::StatusOr<std::unique_ptr<TableRanking>> OpenTableRanking(const AnyGame& game,
                                                               const std::string& dir);

}  // namespace lud64

#endif  // LUD64_PLAY_TABLE_RANKING_H_
