// Training samples of Davxar (training_samples.h), compiled once; one file a
// game, so that they compile side by side.
#include "play/training_samples_impl.h"

namespace lud64 {
LUD64_GAME_TRAINING_SAMPLES(Davxar, )
}  // namespace lud64
