// n games of one game stepped together for learning, in Pgx's shape: a
// batch is a value (Copy, then Step the copy), each step writes every
// environment's observation, legal actions, rewards per player, current
// player and terminated / truncated flags, and an environment that ends can
// restart at once (auto-reset) after its final observation is written. Not a
// template: one implementation per game in game_batch.cc, so front-ends (the
// Python module's lud64.pgx) compile no game code. Methods work on a range
// [begin, end) of environments, so that a caller can share a step between
// threads; different ranges may run at once.
#ifndef LUD64_PLAY_GAME_BATCH_H_
#define LUD64_PLAY_GAME_BATCH_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "boards/game_list.h"
#include "engine/action_space.h"

namespace lud64 {

// Where a step or a reset writes, each array one row per environment (null:
// not written). Row widths: observation plane_size(), legal num_actions(),
// rewards 2 (P1's, P2's).
struct BatchOutput {
  float* observation = nullptr;
  bool* legal = nullptr;
  float* rewards = nullptr;
  int32_t* current_player = nullptr;  // 0 or 1 (who would move, once over)
  bool* terminated = nullptr;
  bool* truncated = nullptr;
  int32_t* step_count = nullptr;  // decisions since the environment's (re)start
  // With auto-reset: the observation of the position each environment ended
  // in this step (zeros for the others); otherwise not written.
  float* final_observation = nullptr;
  // final_observation is zeros already (fresh pages): only the rows of the
  // environments that end are written.
  bool final_observation_zeroed = false;
};

struct BatchStepOptions {
  bool auto_reset = false;
  // Decisions after which a game still going is truncated; 0: never (the
  // games' own turn limit draws them).
  int max_steps = 0;
  // The value for a player who plays an illegal action, which ends the game
  // (Pgx's penalty: the opponent gets its opposite).
  float illegal_action_penalty = -1;
};

class GameBatch {
 public:
  virtual ~GameBatch() = default;
  virtual int size() const = 0;
  virtual int num_actions() const = 0;
  virtual int plane_size() const = 0;
  virtual std::unique_ptr<GameBatch> Copy() const = 0;

  // Environments [begin, end) at their starts; writes their observation,
  // legal actions and current player, zero rewards and flags.
  virtual void Reset(int begin, int end, const BatchOutput& out) = 0;
  // Plays actions[i] (ids, already checked to be in range) in environment i
  // of [begin, end). An environment that ended earlier (without auto-reset)
  // stays as it is, with zero rewards; an illegal action ends the game with
  // the penalty. Writes every array of `out` for the range.
  virtual void Step(int begin, int end, const int32_t* actions, const BatchStepOptions& options,
                    const BatchOutput& out) = 0;
  // Writes the legal actions, current player and observation of [begin, end)
  // without changing anything.
  virtual void Observe(int begin, int end, const BatchOutput& out) const = 0;

  virtual AnyPosition position(int env) const = 0;
};

// n environments of `game` at `starts` (environment i at starts[i % size];
// empty: the game's start). `actions` must outlive the batch and its copies.
std::unique_ptr<GameBatch> MakeGameBatch(const AnyGame& game, const ActionSpace& actions, int n,
                                         const std::vector<AnyPosition>& starts);

}  // namespace lud64

#endif  // LUD64_PLAY_GAME_BATCH_H_
