// Davxar for learning code: its fixed action space and its planes.
//
// Actions (225 with any options): ids 0-31 place on point i, 32-63 remove the
// opponent's piece on point i, 64-223 the 160 steps along the links (origin
// by origin in point order, each origin's targets in point order), 224 the
// forced pass. Point i is Ludii's index i (davxar_board.h: D4 E4 F4 D5 ...).
//
// Planes: 6 of 32 values, one per point in the same order:
//   0 own pieces, 1 opponent's pieces, 2 empty points (1 or 0 per point);
//   3 own pieces in hand, 4 opponent's pieces in hand (the count divided by
//   the game's starting pieces, on every point);
//   5 removal pending: 1 on every point when the player to move removes.
#ifndef LUD64_BOARDS_DAVXAR_DAVXAR_TENSORS_H_
#define LUD64_BOARDS_DAVXAR_DAVXAR_TENSORS_H_

#include <vector>

#include "boards/davxar/davxar.h"
#include "engine/decision.h"
#include "engine/planes.h"

namespace lud64 {

std::vector<Decision> ActionDecisions(const Davxar& game);
PlaneLayout Planes(const Davxar& game);
// Writes Planes(game).size() values.
void WritePlanes(const Davxar& game, const Davxar::Position& position, float* out);

}  // namespace lud64

#endif  // LUD64_BOARDS_DAVXAR_DAVXAR_TENSORS_H_
