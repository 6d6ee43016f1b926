// The endgame tables' operations over Davxar (table_operations.h), compiled once;
// one file a game, so that they compile side by side.
#include "play/game_table_operations_impl.h"

namespace lud64 {
LUD64_GAME_TABLE_OPERATIONS(Davxar, )
}  // namespace lud64
