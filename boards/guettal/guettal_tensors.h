// Guettal for learning code: its fixed action space and its planes.
//
// Actions (37): ids 0-35 add a piece on site i, 36 the forced pass. Site =
// row * 9 + column, row 0 at the bottom (A1 = 0, I4 = 35).
//
// Planes: 4 of 4 x 9 values, indexed [row][column] with row 0 at the bottom:
//   0 own pieces, 1 opponent's pieces, 2 open cells (empty, not blocked),
//   3 blocked cells (empty cells a capture closed until the next addition).
#ifndef LUD64_BOARDS_GUETTAL_GUETTAL_TENSORS_H_
#define LUD64_BOARDS_GUETTAL_GUETTAL_TENSORS_H_

#include <vector>

#include "boards/guettal/guettal.h"
#include "engine/decision.h"
#include "engine/planes.h"

namespace lud64 {

std::vector<Decision> ActionDecisions(const Guettal& game);
PlaneLayout Planes(const Guettal& game);
// Writes Planes(game).size() values.
void WritePlanes(const Guettal& game, const Guettal::Position& position, float* out);

}  // namespace lud64

#endif  // LUD64_BOARDS_GUETTAL_GUETTAL_TENSORS_H_
