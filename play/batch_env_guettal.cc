// The batched environments of Guettal (batch_env.h), compiled once; one file a
// game, so that they compile side by side.
#include "boards/guettal/guettal_tensors.h"
#include "play/batch_env_impl.h"

namespace lud64 {
LUD64_GAME_BATCH_ENV(Guettal, )
}  // namespace lud64
