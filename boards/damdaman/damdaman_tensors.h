// Damdaman for learning code: its fixed action space and its planes.
//
// Actions (169): ids 0-167 the steps between orthogonal neighbours (origin by
// origin in site order, each origin's targets in site order), 168 the forced
// pass. Site = row * 7 + column, row 0 at the bottom (A1 = 0, G7 = 48).
//
// Planes: 3 of 7 x 7 values, indexed [row][column] with row 0 at the bottom:
//   0 own pieces, 1 opponent's pieces, 2 empty cells.
#ifndef LUD64_BOARDS_DAMDAMAN_DAMDAMAN_TENSORS_H_
#define LUD64_BOARDS_DAMDAMAN_DAMDAMAN_TENSORS_H_

#include <vector>

#include "boards/damdaman/damdaman.h"
#include "engine/decision.h"
#include "engine/planes.h"

namespace lud64 {

std::vector<Decision> ActionDecisions(const Damdaman& game);
PlaneLayout Planes(const Damdaman& game);
// Writes Planes(game).size() values.
void WritePlanes(const Damdaman& game, const Damdaman::Position& position, float* out);

}  // namespace lud64

#endif  // LUD64_BOARDS_DAMDAMAN_DAMDAMAN_TENSORS_H_
