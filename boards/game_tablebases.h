// The games with endgame tables: each one's tablebase adapter, so that
// TablebaseFor<G> knows it wherever it is included (the play layer and the
// front-ends that probe tables).
#ifndef LUD64_BOARDS_GAME_TABLEBASES_H_
#define LUD64_BOARDS_GAME_TABLEBASES_H_

#include "boards/damdaman/damdaman_tablebase.h"  // IWYU pragma: export
#include "boards/davxar/davxar_tablebase.h"      // IWYU pragma: export

#endif  // LUD64_BOARDS_GAME_TABLEBASES_H_
