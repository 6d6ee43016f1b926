#include "boards/guettal/guettal.h"

#include "engine/zobrist.h"

namespace lud64 {
namespace {

using Grid = Guettal::Grid;

// The cells of `row` from column `first` to column `last`.
constexpr Bitboard RowSpan(int row, int first, int last) {
  Bitboard cells = 0;
  for (int column = first; column <= last; ++column)
    cells |= SquareBit(row * Grid::kColumns + column);
  return cells;
}

}  // namespace

const SiteNames& Guettal::site_names() const {
  static const SiteNames* names =
      new SiteNames(SiteNames::ForCellGrid(Grid::kRows, Grid::kColumns));
  return *names;
}

Guettal::Position Guettal::start() const {
  Position position;
  position.pieces[0] = RowSpan(0, 0, Grid::kColumns - 1) | RowSpan(1, 6, 8);  // A1..I1, G2..I2
  position.pieces[1] = RowSpan(2, 0, 2) | RowSpan(3, 0, Grid::kColumns - 1);  // A3..C3, A4..I4
  return position;
}

void Guettal::decision_sets(const Position& position, DecisionSets& sets) const {
  sets.clear();
  sets.push({OpenCells(position), DecisionKind::kPlace, 0, 0});
}

void Guettal::generate(const Position& position, DecisionList& list) const {
  for (int site : Sites(OpenCells(position))) list.push(Decision::Place(site));
}

Outcome Guettal::rule_outcome(const Position& position, Player, bool consecutive_passes) const {
  if (!consecutive_passes) return Outcome::kOngoing;
  const int p1 = PopCount(position.pieces[0]);
  const int p2 = PopCount(position.pieces[1]);
  return p1 > p2 ? Outcome::kP1Wins : p2 > p1 ? Outcome::kP2Wins : Outcome::kDraw;
}

uint64_t Guettal::hash(const Position& position) const {
  return HashPieces(position.pieces, position.blocked, position.state);
}

}  // namespace lud64
