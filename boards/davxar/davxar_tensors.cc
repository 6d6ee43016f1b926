#include "boards/davxar/davxar_tensors.h"

#include "boards/davxar/davxar_board.h"
#include "engine/action_space.h"

namespace lud64 {

using davxar::kAllPoints;
using davxar::kPoints;

std::vector<Decision> ActionDecisions(const Davxar&) {
  std::vector<Decision> decisions;
  AppendSiteDecisions(DecisionKind::kPlace, kAllPoints, decisions);
  AppendSiteDecisions(DecisionKind::kRemove, kAllPoints, decisions);
  AppendSteps(davxar::kNeighbours, decisions);
  decisions.push_back(Decision::Pass());
  return decisions;
}

PlaneLayout Planes(const Davxar&) {
  return {{"own", "opponent", "empty", "own_hand", "opponent_hand", "remove"}, {kPoints}};
}

void WritePlanes(const Davxar& game, const Davxar::Position& position, float* out) {
  const int me = Index(position.state.to_move);
  const Bitboard own = position.pieces[me], opponent = position.pieces[1 - me];
  const auto pieces = static_cast<float>(game.pieces());
  out = WriteSitePlane(own, kPoints, out);
  out = WriteSitePlane(opponent, kPoints, out);
  out = WriteSitePlane(kAllPoints & ~(own | opponent), kPoints, out);
  out = WriteConstantPlane(position.hand[me] / pieces, kPoints, out);
  out = WriteConstantPlane(position.hand[1 - me] / pieces, kPoints, out);
  WriteConstantPlane(position.remove ? 1.0f : 0.0f, kPoints, out);
}

}  // namespace lud64
