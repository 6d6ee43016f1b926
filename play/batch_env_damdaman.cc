// The batched environments of Damdaman (batch_env.h), compiled once; one file a
// game, so that they compile side by side.
#include "boards/damdaman/damdaman_tensors.h"
#include "play/batch_env_impl.h"

namespace lud64 {
LUD64_GAME_BATCH_ENV(Damdaman, )
}  // namespace lud64
