#include "boards/guettal/guettal_tensors.h"

#include "engine/action_space.h"

namespace lud64 {

using Grid = Guettal::Grid;

std::vector<Decision> ActionDecisions(const Guettal&) {
  std::vector<Decision> decisions;
  AppendSiteDecisions(DecisionKind::kPlace, Grid::kAll, decisions);
  decisions.push_back(Decision::Pass());
  return decisions;
}

PlaneLayout Planes(const Guettal&) {
  return {{"own", "opponent", "open", "blocked"}, {Grid::kRows, Grid::kColumns}};
}

void WritePlanes(const Guettal&, const Guettal::Position& position, float* out) {
  const int me = Index(position.state.to_move);
  const Bitboard own = position.pieces[me], opponent = position.pieces[1 - me];
  out = WriteSitePlane(own, Grid::kSites, out);
  out = WriteSitePlane(opponent, Grid::kSites, out);
  out = WriteSitePlane(Grid::kAll & ~(own | opponent | position.blocked), Grid::kSites, out);
  WriteSitePlane(position.blocked, Grid::kSites, out);
}

}  // namespace lud64
