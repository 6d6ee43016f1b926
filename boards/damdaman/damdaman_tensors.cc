#include "boards/damdaman/damdaman_tensors.h"

#include "engine/action_space.h"

namespace lud64 {

using Grid = Damdaman::Grid;

std::vector<Decision> ActionDecisions(const Damdaman&) {
  std::vector<Decision> decisions;
  AppendSteps(Grid::kNeighbours, decisions);
  decisions.push_back(Decision::Pass());
  return decisions;
}

PlaneLayout Planes(const Damdaman&) {
  return {{"own", "opponent", "empty"}, {Grid::kRows, Grid::kColumns}};
}

void WritePlanes(const Damdaman&, const Damdaman::Position& position, float* out) {
  const int me = Index(position.state.to_move);
  const Bitboard own = position.pieces[me], opponent = position.pieces[1 - me];
  out = WriteSitePlane(own, Grid::kSites, out);
  out = WriteSitePlane(opponent, Grid::kSites, out);
  WriteSitePlane(Grid::kAll & ~(own | opponent), Grid::kSites, out);
}

}  // namespace lud64
