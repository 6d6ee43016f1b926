// Damdaman's static evaluation, for the player to move:
//   100 per piece ahead in material,
//   + 25 per capturing step the player has more than the opponent (threats:
//     without them, a side that has locked the other into passing shuffles
//     forever instead of making progress),
//   + 1 per decision more than the opponent has (mobility),
//   - 60 when the opponent cannot move (a lock): a side locked into passing
//     forever only leads to the turn-limit draw, so the locking side is
//     pushed to open the position and make progress (+ 60 when locked),
//   - 30 per own corner piece next to an opponent's piece (one step from a
//     corner capture), + 30 per such opponent corner piece.
#include "boards/damdaman/damdaman.h"

namespace lud64 {
namespace {

using Grid = Damdaman::Grid;

struct SideTerms {
  int mobility = 0;
  int threats = 0;  // steps that capture
};

SideTerms Terms(Bitboard own, Bitboard opponent) {
  const Bitboard empty = Grid::kAll & ~(own | opponent);
  SideTerms terms;
  for (Direction d : kOrthogonal) {
    const Bitboard arrivals = Grid::Shift(own, d) & empty;
    terms.mobility += PopCount(arrivals);
    for (int to : Sites(arrivals)) {
      const Bitboard after = own ^ SquareBit(to - Grid::kIndexStep[d]) ^ SquareBit(to);
      if (Damdaman::Captures(to, after, opponent)) ++terms.threats;
    }
  }
  return terms;
}

int ExposedCorners(Bitboard own, Bitboard opponent) {
  int count = 0;
  for (int corner : Sites(Grid::kCorners & own))
    if (Grid::kNeighbours[corner] & opponent) ++count;
  return count;
}

}  // namespace

Score Damdaman::evaluate(const Position& position) const {
  const int me = Index(position.state.to_move);
  const Bitboard own = position.pieces[me], opponent = position.pieces[1 - me];
  const SideTerms mine = Terms(own, opponent), theirs = Terms(opponent, own);
  return 100 * (PopCount(own) - PopCount(opponent)) + 25 * (mine.threats - theirs.threats) +
         (mine.mobility - theirs.mobility) - 60 * (theirs.mobility == 0) +
         60 * (mine.mobility == 0) -
         30 * (ExposedCorners(own, opponent) - ExposedCorners(opponent, own));
}

bool Damdaman::is_tactical(const Position& position, Decision decision) const {
  if (decision.kind != DecisionKind::kStep) return false;
  const int me = Index(position.state.to_move);
  const Bitboard own = position.pieces[me] ^ SquareBit(decision.from) ^ SquareBit(decision.to);
  return Captures(decision.to, own, position.pieces[1 - me]) != 0;
}

}  // namespace lud64
