// Geometry of a rectangular board of cells, computed at compile time from its
// dimensions: site = row * columns + column, row 0 at the bottom.
#ifndef LUD64_ENGINE_CELL_GRID_H_
#define LUD64_ENGINE_CELL_GRID_H_

#include <array>

#include "engine/bitboard.h"

namespace lud64 {

// Compass directions. The order N, NE, E, SE, S, SW, W, NW is the order Ludii
// visits neighbours in; the orthogonal ones are the even entries.
enum Direction : int {
  kNorth,
  kNorthEast,
  kEast,
  kSouthEast,
  kSouth,
  kSouthWest,
  kWest,
  kNorthWest
};
inline constexpr std::array<Direction, 4> kOrthogonal = {kNorth, kEast, kSouth, kWest};
inline constexpr std::array<Direction, 8> kCompass = {kNorth, kNorthEast, kEast, kSouthEast,
                                                      kSouth, kSouthWest, kWest, kNorthWest};

template <int kRowCount, int kColumnCount>
struct CellGrid {
  static_assert(kRowCount * kColumnCount <= 64, "a cell grid must fit in one bitboard");
  static constexpr int kRows = kRowCount;
  static constexpr int kColumns = kColumnCount;
  static constexpr int kSites = kRows * kColumns;
  static constexpr Bitboard kAll = kSites == 64 ? ~Bitboard{0} : (Bitboard{1} << kSites) - 1;

  static constexpr Bitboard Column(int column) {
    Bitboard b = 0;
    for (int row = 0; row < kRows; ++row) b |= SquareBit(row * kColumns + column);
    return b;
  }
  static constexpr Bitboard kNotFirstColumn = kAll & ~Column(0);
  static constexpr Bitboard kNotLastColumn = kAll & ~Column(kColumns - 1);

  static constexpr int Row(int site) { return site / kColumns; }
  static constexpr int Col(int site) { return site % kColumns; }

  // One step in each direction: rows, columns, and how much a site's index
  // grows (for a step that stays on the board).
  static constexpr std::array<int, 8> kRowStep = {1, 1, 0, -1, -1, -1, 0, 1};
  static constexpr std::array<int, 8> kColumnStep = {0, 1, 1, 1, 0, -1, -1, -1};
  static constexpr std::array<int, 8> kIndexStep = [] {
    std::array<int, 8> steps{};
    for (Direction d : kCompass) steps[d] = kRowStep[d] * kColumns + kColumnStep[d];
    return steps;
  }();

  // The site one step from `site` in direction d, or -1 off the board.
  static constexpr int Step(int site, Direction d) {
    const int row = Row(site) + kRowStep[d];
    const int col = Col(site) + kColumnStep[d];
    if (row < 0 || row >= kRows || col < 0 || col >= kColumns) return -1;
    return row * kColumns + col;
  }

  // Every site of b moved one step in direction d; sites leaving the board vanish.
  static constexpr Bitboard Shift(Bitboard b, Direction d) {
    switch (d) {
      case kNorth:
        return (b << kColumns) & kAll;
      case kSouth:
        return b >> kColumns;
      case kEast:
        return (b & kNotLastColumn) << 1;
      case kWest:
        return (b & kNotFirstColumn) >> 1;
      case kNorthEast:
        return ((b & kNotLastColumn) << (kColumns + 1)) & kAll;
      case kNorthWest:
        return ((b & kNotFirstColumn) << (kColumns - 1)) & kAll;
      case kSouthEast:
        return (b & kNotLastColumn) >> (kColumns - 1);
      case kSouthWest:
        return (b & kNotFirstColumn) >> (kColumns + 1);
    }
    return 0;
  }

  // Orthogonal neighbours of every site.
  static constexpr std::array<Bitboard, kSites> kNeighbours = [] {
    std::array<Bitboard, kSites> table{};
    for (int s = 0; s < kSites; ++s)
      for (Direction d : kOrthogonal)
        if (Step(s, d) >= 0) table[s] |= SquareBit(Step(s, d));
    return table;
  }();

  // kRays[d][s]: every site beyond s in direction d, to the edge.
  static constexpr std::array<std::array<Bitboard, kSites>, 8> kRays = [] {
    std::array<std::array<Bitboard, kSites>, 8> table{};
    for (Direction d : kCompass)
      for (int s = 0; s < kSites; ++s)
        for (int t = Step(s, d); t >= 0; t = Step(t, d)) table[d][s] |= SquareBit(t);
    return table;
  }();

  static constexpr Bitboard kCorners =
      SquareBit(0) | SquareBit(kColumns - 1) | SquareBit(kSites - kColumns) | SquareBit(kSites - 1);

  // Orthogonal neighbours of all sites of b together.
  static constexpr Bitboard Neighbours(Bitboard b) {
    return Shift(b, kNorth) | Shift(b, kSouth) | Shift(b, kEast) | Shift(b, kWest);
  }
};

}  // namespace lud64

#endif  // LUD64_ENGINE_CELL_GRID_H_
