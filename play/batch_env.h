// n environments of one game stepped together in C++, for reinforcement
// learning (the Python module's BatchEnv): actions in, planes, rewards and
// done flags out, finished games reset at once. Each environment has its own
// random stream (for random actions) derived from the seed and its index, so
// results depend on the seed only, never on the threads. The calls that can
// take seconds (building, reset, step, legal masks of millions of
// environments) can be interrupted, and then change nothing. The interface
// is not a template: one implementation per game (batch_env_impl.h),
// compiled once in batch_env_<game>.cc.
#ifndef LUD64_PLAY_BATCH_ENV_H_
#define LUD64_PLAY_BATCH_ENV_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "boards/game_list.h"
#include "engine/action_space.h"
#include "engine/game.h"

namespace lud64 {

// Asked by the calling thread between rounds of environments: true stops
// the call (the module's Ctrl-C check). Empty: never.
using Interrupt = std::function<bool()>;

// Environments a thread handles between two looks at the Interrupt: about
// 2 ms of steps (a round of the pool costs about 10 us), and one round, so no
// look, at the usual sizes.
inline constexpr int kBlock = 16384;

// The game-independent face of BatchEnvOf<G>. Output pointers hold n values
// (n * plane_size planes, n * num_actions mask values).
class BatchEnvCore {
 public:
  virtual ~BatchEnvCore() = default;
  virtual int size() const = 0;
  // Reset, Step and LegalMask return false (Step: a Cancelled status) when
  // `interrupt` stopped them, and then have changed nothing.
  virtual bool Reset(float* planes, const Interrupt& interrupt) = 0;
  // Nothing changes when an action is out of range or illegal: the error
  // names the first such environment.
  virtual absl::Status Step(const int32_t* actions, float* planes, float* rewards, bool* done,
                            const Interrupt& interrupt) = 0;
  virtual bool LegalMask(bool* mask, const Interrupt& interrupt) = 0;
  // Under a second at any size, so never interrupted: an interruption would
  // have advanced some environments' random streams.
  virtual void RandomActions(int32_t* actions) = 0;
  virtual void ToMove(int8_t* players) const = 0;
  virtual std::string PositionText(int env) const = 0;
};

// n environments of `game` at the start; `actions` (kept by reference: it
// must outlive them) and `plane_size` describe the game's action space and
// planes. nullptr when `interrupt` stopped it (16M environments take
// seconds).
std::unique_ptr<BatchEnvCore> MakeBatchEnv(const AnyGame& game, const ActionSpace& actions,
                                           int plane_size, int n, uint64_t seed, int threads,
                                           const Interrupt& interrupt);

// Declared for batch_env.cc; defined in batch_env_impl.h, compiled once for
// each game in play/batch_env_<game>.cc (LUD64_GAME_BATCH_ENV(G, )).
template <Game G>
std::unique_ptr<BatchEnvCore> MakeGameBatchEnv(const G& game, const ActionSpace& actions,
                                               int plane_size, int n, uint64_t seed, int threads,
                                               const Interrupt& interrupt);
// NOLINTBEGIN(bugprone-macro-parentheses)
#define LUD64_GAME_BATCH_ENV(G, kind)                              \
  kind template std::unique_ptr<BatchEnvCore> MakeGameBatchEnv<G>( \
      const G&, const ActionSpace&, int, int, uint64_t, int, const Interrupt&);
// NOLINTEND(bugprone-macro-parentheses)
LUD64_FOR_EACH_GAME(LUD64_GAME_BATCH_ENV, extern)

}  // namespace lud64

#endif  // LUD64_PLAY_BATCH_ENV_H_
