// Guettal's static evaluation, for the player to move:
//   100 per piece ahead,
//   + 3 per blocked cell to the side ahead in pieces (blocked cells freeze the
//     board until the next addition, which favours whoever leads).
#include "boards/guettal/guettal.h"

namespace lud64 {

Score Guettal::evaluate(const Position& position) const {
  const int me = Index(position.state.to_move);
  const int lead = PopCount(position.pieces[me]) - PopCount(position.pieces[1 - me]);
  const int sign = (lead > 0) - (lead < 0);
  return 100 * lead + 3 * sign * PopCount(position.blocked);
}

bool Guettal::is_tactical(const Position& position, Decision decision) const {
  if (decision.kind != DecisionKind::kPlace) return false;
  const int me = Index(position.state.to_move);
  return (guettal::Enclosed(decision.to, position.pieces[me] | SquareBit(decision.to)) &
          position.pieces[1 - me]) != 0;
}

}  // namespace lud64
