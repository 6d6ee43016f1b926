// Random playouts over Davxar for the front-ends (playouts_run.h), compiled
// once; one file a game, so that the three compile side by side.
#include "play/playouts_run.h"

namespace lud64 {
LUD64_PLAYOUTS_RUN(Davxar, )
}  // namespace lud64
