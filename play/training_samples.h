// Training samples for lud64-train, over any game, behind no template:
// positions of seeded random games valued exactly by the endgame tables,
// positions of alpha-beta self-play valued by the game's outcome and the
// search's score, and self-play positions' evaluation terms. One
// implementation per game (training_samples_impl.h), compiled once in
// training_samples_<game>.cc.
#ifndef LUD64_PLAY_TRAINING_SAMPLES_H_
#define LUD64_PLAY_TRAINING_SAMPLES_H_

#include <algorithm>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "boards/game_list.h"
#include "engine/stop.h"
#include "network/training.h"

namespace lud64 {

struct TableSampling {
  int games = 1000;
  uint64_t seed = 1;
  double share = 0.25;  // of each game's positions the tables hold
  int max_plies = 600;  // a random game is cut there
};

struct SelfPlay {
  int games = 100;
  uint64_t seed = 1;
  int depth = 3;                // plies searched per decision
  int random_plies = 8;         // random decisions opening each game, not sampled
  int max_plies = 400;          // a game still going is scored a draw there
  double outcome_weight = 0.5;  // the rest of the target is the search's score
};

// The target of an exact value (+1 a win, 0 a draw, -1 a loss for the mover,
// in `turns` under best play): a win 1 down to 0.75 as it takes longer (up to
// 64 turns), a draw 0.5, a loss 0 up to 0.25: the shorter win ranks higher,
// so that a search led by the network makes progress.
inline float TableTarget(int sign, int turns) {
  const float delay = 0.25f * static_cast<float>(std::min(turns, 64)) / 64;
  return sign > 0 ? 1 - delay : sign < 0 ? delay : 0.5f;
}

// What a game can give, checked before any file is made: an error for a
// game without tables or a learned evaluation (table samples), without a
// learned evaluation (self-play samples), without evaluation terms.
absl::Status CanSampleTables(const AnyGame& game);
absl::Status CanSampleSelfPlay(const AnyGame& game);
absl::Status CanWriteEvaluationTerms(const AnyGame& game);

// Positions of random games from the start, each kept with probability
// `share` when the tables in `dir` hold it, the target from the tables'
// value. Tables missing or damaged at `dir` are InvalidArgument; a table
// that cannot be read while sampling is an error (skipping its positions
// would bias the samples). Stops early, with the samples so far, once `stop`
// is set; progress every 1000 games.
absl::StatusOr<std::vector<TrainingSample>> TableSamples(const AnyGame& game,
                                                         const std::string& dir,
                                                         const TableSampling& sampling,
                                                         std::ostream& progress, StopFlag stop);

// Self-play samples: each position's target blends the game's outcome for
// its mover with the expected result of the search's score.
absl::StatusOr<std::vector<TrainingSample>> SelfPlaySamples(const AnyGame& game,
                                                            const SelfPlay& plan,
                                                            std::ostream& progress, StopFlag stop);

// Self-play positions as CSV rows to `csv`, after a header: the game's
// result for the mover (1, 0.5, 0) and the hand-written evaluation's terms.
absl::Status WriteEvaluationTerms(const AnyGame& game, const SelfPlay& plan, std::ostream& csv,
                                  std::ostream& progress, StopFlag stop);

// The samples of positions given as text (engine/position_text.h): both
// views, the target 0.5 (the caller's to set); for a whole-game network
// (`whole_game`), none (nullopt) for a position the game's built-in endgame
// network judges, which a whole-game network never sees, and the others
// with the hand-written evaluation's logit as their base (the network
// corrects it, network/incremental.h). A text that does not read for the game,
// or a game without a learned evaluation: InvalidArgument.
absl::StatusOr<std::vector<std::optional<TrainingSample>>> PositionSamples(
    const AnyGame& game, const std::vector<std::string>& positions, bool whole_game);

}  // namespace lud64

#endif  // LUD64_PLAY_TRAINING_SAMPLES_H_
