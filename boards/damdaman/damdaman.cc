#include "boards/damdaman/damdaman.h"

#include "engine/zobrist.h"

namespace lud64 {
namespace {

using Grid = Damdaman::Grid;

}  // namespace

const SiteNames& Damdaman::site_names() const {
  static const SiteNames* names =
      new SiteNames(SiteNames::ForCellGrid(Grid::kRows, Grid::kColumns));
  return *names;
}

Damdaman::Position Damdaman::start() const {
  Position position;
  const int centre = Grid::kSites / 2;
  position.pieces[0] = SquareBit(centre) - 1;
  position.pieces[1] = Grid::kAll & ~((SquareBit(centre) << 1) - 1);
  return position;
}

void Damdaman::decision_sets(const Position& position, DecisionSets& sets) const {
  const int me = Index(position.state.to_move);
  const Bitboard own = position.pieces[me];
  const Bitboard empty = Grid::kAll & ~(own | position.pieces[1 - me]);
  sets.clear();
  for (Direction d : kOrthogonal) {
    sets.push({Grid::Shift(own, d) & empty, DecisionKind::kStep, -1,
               static_cast<int8_t>(Grid::kIndexStep[d])});
  }
}

void Damdaman::generate(const Position& position, DecisionList& list) const {
  DecisionSets sets;
  decision_sets(position, sets);
  sets.AppendTo(list);
}

uint64_t Damdaman::hash(const Position& position) const {
  return HashPieces(position.pieces, 0, position.state);
}

}  // namespace lud64
