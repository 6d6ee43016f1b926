// Guettal's enclosure rule (boards/guettal/RULES.md, "What follows an addition"): each
// orthogonally connected region of cells next to the added piece that do not
// hold the mover's pieces is captured and blocked when its boundary passes
// Ludii's greedy chain test.
// Computed on bitboards; tests/guettal_ludii_oracle.h transcribes Ludii's
// ordered procedure literally and serves as the oracle in tests.
#ifndef LUD64_BOARDS_GUETTAL_ENCLOSURE_H_
#define LUD64_BOARDS_GUETTAL_ENCLOSURE_H_

#include "engine/bitboard.h"
#include "engine/cell_grid.h"

namespace lud64::guettal {

using Grid = CellGrid<4, 9>;

// The cells that an addition at `added` encloses: the union of the regions
// whose boundary passes the chain test. `own` holds the mover's pieces,
// `added` included. Nothing else matters: a region's cells are the cells that
// are not the mover's, whatever they hold.
Bitboard Enclosed(int added, Bitboard own);

// Ludii's chain test on a boundary given as a set and its first cell in
// Ludii's boundary list (the list order matters only through that cell).
bool PassesChainTest(Bitboard boundary, int first);

}  // namespace lud64::guettal

#endif  // LUD64_BOARDS_GUETTAL_ENCLOSURE_H_
