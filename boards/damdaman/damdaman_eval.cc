// Damdaman's static evaluation, for the player to move:
//   100 per piece ahead in material,
//   + 4 per decision more than the opponent has (mobility),
//   - 30 per own corner piece next to an opponent's piece (one step from a
//     corner capture), + 30 per such opponent corner piece.
#include "boards/damdaman/damdaman.h"

namespace lud64 {
namespace {

using Grid = Damdaman::Grid;

int Mobility(Bitboard own, Bitboard empty) {
  int count = 0;
  for (Direction d : kOrthogonal) count += PopCount(Grid::Shift(own, d) & empty);
  return count;
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
  const Bitboard empty = Grid::kAll & ~(own | opponent);
  return 100 * (PopCount(own) - PopCount(opponent)) +
         4 * (Mobility(own, empty) - Mobility(opponent, empty)) -
         30 * (ExposedCorners(own, opponent) - ExposedCorners(opponent, own));
}

bool Damdaman::is_tactical(const Position& position, Decision decision) const {
  if (decision.kind != DecisionKind::kStep) return false;
  const int me = Index(position.state.to_move);
  const Bitboard own = position.pieces[me] ^ SquareBit(decision.from) ^ SquareBit(decision.to);
  return Captures(decision.to, own, position.pieces[1 - me]) != 0;
}

}  // namespace lud64
