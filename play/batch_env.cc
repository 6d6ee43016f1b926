// The dispatch of MakeBatchEnv (batch_env.h) to each game's environments.
#include "play/batch_env.h"

#include <variant>

namespace lud64 {

std::unique_ptr<BatchEnvCore> MakeBatchEnv(const AnyGame& game, const ActionSpace& actions,
                                           int plane_size, int n, uint64_t seed, int threads,
                                           const Interrupt& interrupt) {
  return std::visit(
      [&](const auto& g) {
        return MakeGameBatchEnv(g, actions, plane_size, n, seed, threads, interrupt);
      },
      game);
}

}  // namespace lud64
