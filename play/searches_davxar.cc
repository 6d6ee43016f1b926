// Alpha-beta, MCTS and the solver over Davxar, compiled once (search_instances.h).
#include "play/search_instances.h"

namespace lud64 {
LUD64_SEARCHES(Davxar, )
}  // namespace lud64
