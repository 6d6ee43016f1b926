// The batched environments of Davxar (batch_env.h), compiled once; one file a
// game, so that they compile side by side.
#include "boards/davxar/davxar_tensors.h"
#include "play/batch_env_impl.h"

namespace lud64 {
LUD64_GAME_BATCH_ENV(Davxar, )
}  // namespace lud64
