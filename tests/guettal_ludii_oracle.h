// A literal transcription of Ludii's ordered enclosure procedure for Guettal
// (lists, breadth-first order, the greedy chain walk; boards/guettal/RULES.md):
// the oracle that the bitboard enclosure (boards/guettal/enclosure.h) is
// tested against. Test code only.
#ifndef LUD64_TESTS_GUETTAL_LUDII_ORACLE_H_
#define LUD64_TESTS_GUETTAL_LUDII_ORACLE_H_

#include <array>
#include <cstdint>

#include "boards/guettal/enclosure.h"

namespace lud64::guettal {

// Ludii's board as cells: who holds each (0 empty, 1 P1, 2 P2) and its state
// (0, or the player who set it).
struct LudiiCells {
  std::array<int8_t, Grid::kSites> what{};
  std::array<int8_t, Grid::kSites> state{};
};

// `player` (1 or 2) adds a piece at `site`, then the resets, captures and
// markings follow, computed and applied step by step in Ludii's order.
void AddInLudiiOrder(LudiiCells& cells, int site, int player);

}  // namespace lud64::guettal

#endif  // LUD64_TESTS_GUETTAL_LUDII_ORACLE_H_
