#include "boards/guettal/enclosure.h"

namespace lud64::guettal {
namespace {

// The eight neighbours of each cell, in the chain walk's order N, NE, ... NW
// (-1 off the board).
constexpr std::array<std::array<int8_t, 8>, Grid::kSites> kCompassSteps = [] {
  std::array<std::array<int8_t, 8>, Grid::kSites> table{};
  for (int s = 0; s < Grid::kSites; ++s)
    for (Direction d : kCompass) table[s][d] = static_cast<int8_t>(Grid::Step(s, d));
  return table;
}();

// The eight neighbours of each cell together.
constexpr std::array<Bitboard, Grid::kSites> kAround = [] {
  std::array<Bitboard, Grid::kSites> table{};
  for (int s = 0; s < Grid::kSites; ++s)
    for (Direction d : kCompass)
      if (Grid::Step(s, d) >= 0) table[s] |= SquareBit(Grid::Step(s, d));
  return table;
}();

// The first of `cell`'s eight neighbours, in the walk's order, that is in
// `candidates` (which holds at least one of them).
int FirstInCompassOrder(int cell, Bitboard candidates) {
  for (const int8_t next : kCompassSteps[cell])
    if (next >= 0 && Contains(candidates, next)) return next;
  return -1;  // unreachable: the caller checked kAround
}

// `cells` moved one step in each orthogonal direction (N, E, S, W), or in each
// of the eight (N, NE, ... NW). Written out so that every shift is a constant
// one: a loop over the directions compiles to a jump per shift.
std::array<Bitboard, 4> OrthogonalShifts(Bitboard cells) {
  return {Grid::Shift(cells, kNorth), Grid::Shift(cells, kEast), Grid::Shift(cells, kSouth),
          Grid::Shift(cells, kWest)};
}

std::array<Bitboard, 8> CompassShifts(Bitboard cells) {
  return {Grid::Shift(cells, kNorth), Grid::Shift(cells, kNorthEast),
          Grid::Shift(cells, kEast),  Grid::Shift(cells, kSouthEast),
          Grid::Shift(cells, kSouth), Grid::Shift(cells, kSouthWest),
          Grid::Shift(cells, kWest),  Grid::Shift(cells, kNorthWest)};
}

// Everything `from` (open cells) reaches along rows, or along columns,
// through `open`. Eastwards by an addition: a seed added to its run of open
// cells carries through the run and stops at its end; the last column takes no
// part in the sum, so no carry enters the next row, and the cell past a run's
// end is kept if open (the last column). Westwards, and along columns, by
// Kogge-Stone fills, doubling the run at each step (runs 1, 2, 4, ... below
// the line's length cover it); masking `open` with the column masks keeps runs
// from wrapping around into the next row.
Bitboard RowFill(Bitboard from, Bitboard open) {
  const Bitboard inner = open & Grid::kNotLastColumn;
  const Bitboard east = (((inner + (from & inner)) ^ inner) | from) & open;
  Bitboard west = from;
  Bitboard west_open = open & Grid::kNotLastColumn;  // enterable from the east
  for (int run = 1; run < Grid::kColumns; run *= 2) {
    west |= west_open & (west >> run);
    west_open &= west_open >> run;
  }
  return east | west;
}

Bitboard ColumnFill(Bitboard from, Bitboard open) {
  Bitboard north = from;
  Bitboard north_open = open;
  Bitboard south = from;
  Bitboard south_open = open;
  for (int run = 1; run < Grid::kRows; run *= 2) {
    const int shift = run * Grid::kColumns;
    north |= north_open & (north << shift);
    north_open &= north_open << shift;
    south |= south_open & (south >> shift);
    south_open &= south_open >> shift;
  }
  return north | south;
}

// The orthogonally connected region of `targets` that contains `seed`.
// Row and column fills alternate until one adds nothing: the region is then
// closed under both.
Bitboard FloodFill(Bitboard seed, Bitboard targets) {
  Bitboard region = RowFill(seed, targets);
  for (;;) {
    const Bitboard columns = ColumnFill(region, targets);
    if (columns == region) return region;
    region = RowFill(columns, targets);
    if (region == columns) return region;
  }
}

// Whether the chain test fails whatever the walk's order. The walk passes
// only by visiting every boundary cell once, each next to the one before (in
// the eight directions), from `first`. On such a path every cell has a
// neighbour in the boundary, and a cell with only one must be an end: at most
// two such cells, `first` one of them if there are two.
bool CannotPassChainTest(Bitboard boundary, int first) {
  Bitboard one_or_more = 0;  // cells with at least one neighbour in `boundary`
  Bitboard two_or_more = 0;
  for (const Bitboard next_to : CompassShifts(boundary)) {
    two_or_more |= one_or_more & next_to;
    one_or_more |= next_to;
  }
  if ((boundary & ~one_or_more) != 0) return true;
  const Bitboard ends = boundary & ~two_or_more;
  return PopCount(ends) > 2 || (PopCount(ends) == 2 && !Contains(ends, first));
}

// The first cell of Ludii's boundary list. The list starts with the
// neighbours (N, E, S, W) of the region's first cell, the seed, that are not in
// the region: the seed's first orthogonal neighbour holding an own piece. There
// is one, since the added piece is next to the seed.
int FirstBoundaryCell(Bitboard seed, Bitboard own) {
  for (const Bitboard next : OrthogonalShifts(seed))
    if ((next & own) != 0) return LowestSite(next & own);
  return -1;  // unreachable
}

}  // namespace

bool PassesChainTest(Bitboard boundary, int first) {
  // The walk removes the cell it leaves, so `unvisited` is Ludii's list
  // without the current cell; the test succeeds once it is empty.
  Bitboard unvisited = boundary & ~SquareBit(first);
  if (unvisited == 0) return true;
  if (CannotPassChainTest(boundary, first)) return false;
  int cell = first;
  while (unvisited != 0) {
    const Bitboard next = kAround[cell] & unvisited;
    if (next == 0) return false;
    // One candidate: no order to respect.
    cell = (next & (next - 1)) == 0 ? LowestSite(next) : FirstInCompassOrder(cell, next);
    unvisited &= ~SquareBit(cell);
  }
  return true;
}

Bitboard Enclosed(int added, Bitboard own) {
  const Bitboard targets = Grid::kAll & ~own;
  Bitboard examined = 0;
  Bitboard enclosed = 0;
  for (const Bitboard next : OrthogonalShifts(SquareBit(added))) {
    const Bitboard seed = next & targets & ~examined;
    if (seed == 0) continue;
    const Bitboard region = FloodFill(seed, targets);
    examined |= region;
    // Every neighbour of the region outside it holds an own piece.
    const Bitboard boundary = Grid::Neighbours(region) & own;
    if (PassesChainTest(boundary, FirstBoundaryCell(seed, own))) enclosed |= region;
  }
  return enclosed;
}

}  // namespace lud64::guettal
