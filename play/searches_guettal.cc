// Alpha-beta, MCTS and the solver over Guettal, compiled once (search_instances.h).
#include "play/search_instances.h"

namespace lud64 {
LUD64_SEARCHES(Guettal, )
}  // namespace lud64
