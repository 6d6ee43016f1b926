// Guettal's enclosure rule (boards/guettal/RULES.md, "What follows an addition"): each
// orthogonally connected region of cells next to the added piece that do not
// hold the mover's pieces is captured and blocked when its boundary passes
// Ludii's greedy chain test.
//
// Two implementations with the same results: Enclosed() on bitboards, used in
// play, and AddInLudiiOrder(), a literal transcription of Ludii's ordered
// procedure (lists, breadth-first order) that serves as the oracle in tests.
#ifndef LUD64_BOARDS_GUETTAL_ENCLOSURE_H_
#define LUD64_BOARDS_GUETTAL_ENCLOSURE_H_

#include <array>
#include <cstdint>

#include "engine/bitboard.h"
#include "engine/cell_grid.h"

namespace lud64 {

using GuettalGrid = CellGrid<4, 9>;

// The cells that an addition at `added` encloses: the union of the regions
// whose boundary passes the chain test. `own` holds the mover's pieces,
// `added` included. Nothing else matters: a region's cells are the cells that
// are not the mover's, whatever they hold.
Bitboard Enclosed(int added, Bitboard own);

// Ludii's chain test on a boundary given as a set and its first cell in
// Ludii's boundary list (the list order matters only through that cell).
bool PassesChainTest(Bitboard boundary, int first);

// Ludii's board as cells: who holds each (0 empty, 1 P1, 2 P2) and its state
// (0, or the player who set it).
struct LudiiCells {
  std::array<int8_t, GuettalGrid::kSites> what{};
  std::array<int8_t, GuettalGrid::kSites> state{};
};

// The oracle: `player` (1 or 2) adds a piece at `site`, then the resets,
// captures and markings follow, computed and applied step by step in Ludii's
// order with the lists boards/guettal/RULES.md describes.
void AddInLudiiOrder(LudiiCells& cells, int site, int player);

}  // namespace lud64

#endif  // LUD64_BOARDS_GUETTAL_ENCLOSURE_H_
