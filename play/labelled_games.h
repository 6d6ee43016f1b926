// Self-play games labelled for training a whole-game evaluation
// (`lud64-train generate`): each game, seeded by its index alone, opens with
// random decisions (or a book's line) and is played on by alpha-beta at a
// fixed depth or node count; every position searched is kept with the
// search's score, and where endgame tables hold it their exact value; the
// game's result is known at its end. No template: one implementation per
// game (labelled_game_source.h), behind GameTrainingSamples.
#ifndef LUD64_PLAY_LABELLED_GAMES_H_
#define LUD64_PLAY_LABELLED_GAMES_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "boards/game_list.h"
#include "engine/player.h"
#include "engine/score.h"
#include "engine/stop.h"
#include "search/search_settings.h"

namespace lud64 {

struct LabellingPlan {
  uint64_t seed = 1;
  int depth = 4;          // the label's search: alpha-beta plies (0: only `nodes`)
  uint64_t nodes = 0;     // and/or nodes (0: no limit)
  int opening_plies = 8;  // random decisions opening a game, not labelled
  std::string opening;    // a book's line instead (a position or decisions), "" none
  int max_plies = 1000;   // a game still going there is scored a draw
  std::string tables;     // the endgame tables' directory, "" none
  Evaluation evaluation = kDefaultEvaluation;
};

struct TableLabel {
  int sign = 0;   // +1 a win, 0 a draw, -1 a loss for the player to move
  int turns = 0;  // under best play
};

struct LabelledPosition {
  std::string position;  // its text (engine/position_text.h)
  Player mover = Player::kP1;
  Score score = 0;  // the search's, for the player to move (engine/score.h)
  std::optional<TableLabel> table;
};

struct LabelledGame {
  uint64_t index = 0;
  std::vector<LabelledPosition> positions;  // after the opening, in order
  Outcome outcome = Outcome::kDraw;         // a game cut at max_plies: a draw
  int plies = 0;                            // decisions played, the opening's included
};

// Game `index` of `plan`'s series: the same index and plan give the same
// game. Tables missing or damaged at plan.tables are InvalidArgument; an
// opening line that does not read for the game too. Stopped by `stop`: a
// Cancelled error (a game cut short is no sample of its result).
absl::StatusOr<LabelledGame> PlayLabelledGame(const AnyGame& game, const LabellingPlan& plan,
                                              uint64_t index, StopFlag stop);

}  // namespace lud64

#endif  // LUD64_PLAY_LABELLED_GAMES_H_
