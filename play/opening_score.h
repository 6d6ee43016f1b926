// An opening's alpha-beta score at a fixed depth, for books balanced by
// score (`lud64 book --score-depth`), as Stockfish's UHO books keep the
// openings an evaluation puts within a window: random openings of some games
// are decided by colour, and a pair of games that each colour wins tells
// nothing of strength.
#ifndef LUD64_PLAY_OPENING_SCORE_H_
#define LUD64_PLAY_OPENING_SCORE_H_

#include <cstdlib>
#include <memory>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "boards/game_list.h"
#include "engine/score.h"
#include "engine/stop.h"
#include "play/engine_session.h"

namespace lud64 {

// Openings whose score for the player to move lies within +-max and outside
// (-min, min): min > 0 keeps a small edge to either side.
struct ScoreWindow {
  int depth = 0;  // 0: no window
  Score min = 0, max = 0;

  bool Holds(Score score) const { return std::abs(score) >= min && std::abs(score) <= max; }
};

class OpeningScorer {
 public:
  // An alpha-beta session over `game` with the default options (one thread,
  // the default evaluation, no endgame tables); an error when the engine
  // cannot search the game.
  static absl::StatusOr<OpeningScorer> Make(const AnyGame& game, int depth);

  // The score for the player to move after `line` (decisions from the start)
  // at the depth, from an empty table: the last `info` score of `lud64
  // bestmove --depth=D --moves=LINE`, so the same line always scores the
  // same. Cancelled once `stop` is set.
  absl::StatusOr<Score> ScoreAfter(absl::string_view line, StopFlag stop);

 private:
  OpeningScorer(std::unique_ptr<EngineSession> session, int depth)
      : session_(std::move(session)), depth_(depth) {}

  std::unique_ptr<EngineSession> session_;
  int depth_;
};

}  // namespace lud64

#endif  // LUD64_PLAY_OPENING_SCORE_H_
