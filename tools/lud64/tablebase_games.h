// The games with endgame tables: each one's tablebase adapter, so that
// TablebaseFor<G> knows it wherever the commands use tables.
#ifndef LUD64_TOOLS_LUD64_TABLEBASE_GAMES_H_
#define LUD64_TOOLS_LUD64_TABLEBASE_GAMES_H_

#include "boards/damdaman/damdaman_tablebase.h"  // IWYU pragma: export
#include "boards/davxar/davxar_tablebase.h"      // IWYU pragma: export

#endif  // LUD64_TOOLS_LUD64_TABLEBASE_GAMES_H_
