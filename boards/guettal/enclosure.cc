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
  // Each cell's count of neighbours in `boundary`, saturated at two, as the
  // cells counting at least one and at least two: its west and east
  // neighbours, then the three cells above it and the three below, summed
  // along the rows once for both.
  const Bitboard west = Grid::Shift(boundary, kEast);  // the cells whose west neighbour is in it
  const Bitboard east = Grid::Shift(boundary, kWest);
  const Bitboard row_one = west | east, row_two = west & east;
  const Bitboard three_one = row_one | boundary, three_two = row_two | (row_one & boundary);
  const Bitboard above_one = Grid::Shift(three_one, kSouth);
  const Bitboard above_two = Grid::Shift(three_two, kSouth);
  const Bitboard below_one = Grid::Shift(three_one, kNorth);
  const Bitboard below_two = Grid::Shift(three_two, kNorth);
  const Bitboard one_or_more = row_one | above_one | below_one;
  const Bitboard two_or_more = row_two | above_two | below_two |
                               (row_one & (above_one | below_one)) | (above_one & below_one);
  if ((boundary & ~one_or_more) != 0) return true;
  const Bitboard ends = boundary & ~two_or_more;
  return PopCount(ends) > 2 || (PopCount(ends) == 2 && !Contains(ends, first));
}

// The first of `cells`, some of `site`'s orthogonal neighbours, in the order N,
// E, S, W. N (site + 9) and E (+1) lie above the site, S (-9) and W (-1)
// below it: the highest cell above it, or else the lowest.
int FirstInOrthogonalOrder(int site, Bitboard cells) {
  const Bitboard above = cells >> site;
  return above != 0 ? site + 63 - std::countl_zero(above) : LowestSite(cells);
}

// The walk itself, for a boundary that may pass (and has more than one cell).
bool WalkPasses(Bitboard boundary, int first) {
  // The walk removes the cell it leaves, so `unvisited` is Ludii's list
  // without the current cell; the test succeeds once it is empty.
  Bitboard unvisited = boundary & ~SquareBit(first);
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

// PassesChainTest, inlined into Enclosed: most boundaries fail the first test.
[[gnu::always_inline]] inline bool ChainTestPasses(Bitboard boundary, int first) {
  if (boundary == SquareBit(first)) return true;
  return !CannotPassChainTest(boundary, first) && WalkPasses(boundary, first);
}

}  // namespace

bool PassesChainTest(Bitboard boundary, int first) { return ChainTestPasses(boundary, first); }

Bitboard Enclosed(int added, Bitboard own) {
  const Bitboard targets = Grid::kAll & ~own;
  // The seeds (the added piece's neighbours that are targets) whose region is
  // not yet examined, each examined from the first of them in the order N, E,
  // S, W: that seed is the first cell of Ludii's region list, and its first
  // orthogonal neighbour holding an own piece the first of the boundary list.
  // There is one, since the added piece is next to the seed.
  Bitboard seeds = Grid::kNeighbours[added] & targets;
  Bitboard enclosed = 0;
  while (seeds != 0) {
    const int seed = FirstInOrthogonalOrder(added, seeds);
    const Bitboard region = FloodFill(SquareBit(seed), targets);
    seeds &= ~region;
    // Every neighbour of the region outside it holds an own piece.
    const Bitboard boundary = Grid::Neighbours(region) & own;
    if (ChainTestPasses(boundary, FirstInOrthogonalOrder(seed, Grid::kNeighbours[seed] & own)))
      enclosed |= region;
  }
  return enclosed;
}

}  // namespace lud64::guettal
