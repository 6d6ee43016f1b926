// Davxar Zirge's mill lines (shared/spec/davxar.md, "Lines and mills"): the
// 36 historical lines, and Ludii's 28 three-point lines plus 36 four-point sets
// with their blocking points and pivots. Both tests are folded at compile time
// into one table per point, so a mill test is a few mask comparisons.
#ifndef LUD64_BOARDS_DAVXAR_DAVXAR_LINES_H_
#define LUD64_BOARDS_DAVXAR_DAVXAR_LINES_H_

#include <array>
#include <cstdint>

#include "boards/davxar/davxar_board.h"

namespace lud64::davxar {

// The sides of the four squares and of the three diamonds; both tests count
// them whole.
inline constexpr std::array<const char*, 28> kThreePointLines = {
    // Square sides, from the outer square in.
    "A1 E1 I1", "I1 I5 I9", "A9 E9 I9", "A1 A5 A9",  //
    "B2 E2 H2", "H2 H5 H8", "B8 E8 H8", "B2 B5 B8",  //
    "C3 E3 G3", "G3 G5 G7", "C7 E7 G7", "C3 C5 C7",  //
    "D4 E4 F4", "F4 F5 F6", "D6 E6 F6", "D4 D5 D6",  //
    // Diamond sides, from the outer diamond in.
    "A5 B8 E9", "E9 H8 I5", "I5 H2 E1", "E1 B2 A5",  //
    "B5 C7 E8", "E8 G7 H5", "H5 G3 E2", "E2 C3 B5",  //
    "C5 D6 E7", "E7 F6 G5", "G5 F4 E3", "E3 D4 C5",  //
};

// The historical test's four-point lines: the arms and the corner diagonals.
inline constexpr std::array<const char*, 8> kHistoricalFourPointLines = {
    "E1 E2 E3 E4", "E6 E7 E8 E9", "A5 B5 C5 D5", "F5 G5 H5 I5",
    "A1 B2 C3 D4", "F6 G7 H8 I9", "I1 H2 G3 F4", "D6 C7 B8 A9",
};

// One of Ludii's four-point sets: it forms a mill when its points hold the
// player's pieces, `must_not_hold` none of them, and the piece just placed or
// moved stands on `counts_on` ("all": any of the four).
struct FourPointSet {
  const char* points;
  const char* must_not_hold;
  const char* counts_on;
};

inline constexpr std::array<FourPointSet, 36> kLudiiFourPointSets = {{
    {"A1 B2 C3 D4", "F6", "all"},      {"A1 B2 C3 G7", "H8", "C3 G7"},
    {"A1 B2 H8 I9", "", "B2 H8"},      {"E1 E2 E3 E4", "E6", "all"},
    {"E1 E2 E3 E7", "E8", "E3 E7"},    {"E1 E2 E8 E9", "", "E2 E8"},
    {"I1 H2 G3 F4", "D6", "all"},      {"I1 H2 G3 C7", "B8", "G3 C7"},
    {"I1 H2 B8 A9", "", "H2 B8"},      {"B2 C3 D4 F6", "A1 G7", "all"},
    {"B2 C3 G7 H8", "A1 I9", "C3 G7"}, {"E2 E3 E4 E6", "E1 E7", "all"},
    {"E2 E3 E7 E8", "E1 E9", "E3 E7"}, {"H2 G3 F4 D6", "I1 C7", "all"},
    {"H2 G3 C7 B8", "I1 A9", "G3 C7"}, {"C3 D4 F6 G7", "B2 H8", "all"},
    {"C3 G7 H8 I9", "B2", "C3 G7"},    {"E3 E4 E6 E7", "E2 E8", "all"},
    {"E3 E7 E8 E9", "E2", "E3 E7"},    {"G3 F4 D6 C7", "H2 B8", "all"},
    {"G3 C7 B8 A9", "H2", "G3 C7"},    {"D4 F6 G7 H8", "C3 I9", "all"},
    {"E4 E6 E7 E8", "E3 E9", "all"},   {"F4 D6 C7 B8", "G3 A9", "all"},
    {"A5 B5 C5 D5", "F5", "all"},      {"A5 B5 C5 G5", "H5", "C5 G5"},
    {"A5 B5 H5 I5", "", "B5 H5"},      {"B5 C5 D5 F5", "A5 G5", "all"},
    {"B5 C5 G5 H5", "A5 I5", "C5 G5"}, {"C5 D5 F5 G5", "B5 H5", "all"},
    {"C5 G5 H5 I5", "B5", "C5 G5"},    {"D5 F5 G5 H5", "C5 I5", "all"},
    {"F5 G5 H5 I5", "D5", "all"},      {"D6 C7 B8 A9", "F4", "all"},
    {"E6 E7 E8 E9", "E4", "all"},      {"F6 G7 H8 I9", "D4", "all"},
}};

enum class MillTest : uint8_t { kHistorical, kLudii };

// A line as the mill test sees it: held by a player whose pieces `own` satisfy
// (own & span) == points, span being the points plus those that must not hold.
struct MillLine {
  Bitboard points = 0;
  Bitboard span = 0;
};

// Per point, the lines that count for a piece standing there.
inline constexpr int kMaxMillLinesPerPoint = 12;
struct MillTable {
  std::array<std::array<MillLine, kMaxMillLinesPerPoint>, kPoints> lines{};
  std::array<uint8_t, kPoints> count{};
};

namespace internal {

constexpr bool NamesEqual(const char* a, const char* b) {
  for (; *a != '\0' && *a == *b; ++a, ++b) {
  }
  return *a == *b;
}

// Adds a line for every point of `pivots`, checking its shape.
constexpr void AddLine(MillTable& table, Bitboard points, Bitboard must_not_hold, Bitboard pivots,
                       int size) {
  if (PopCount(points) != size || (points & must_not_hold) != 0 || (pivots & ~points) != 0)
    throw "malformed mill line";
  for (int p : Sites(pivots)) {
    if (table.count[p] == kMaxMillLinesPerPoint) throw "raise kMaxMillLinesPerPoint";
    table.lines[p][table.count[p]++] = {points, points | must_not_hold};
  }
}

// Historical lines are drawn: each point is linked to the next one.
constexpr int LinksWithin(Bitboard line) {
  int ends = 0;
  for (int p : Sites(line)) ends += PopCount(kNeighbours[p] & line);
  return ends / 2;
}

constexpr MillTable BuildMillTable(MillTest test) {
  MillTable table;
  int links_on_lines = 0;
  for (const char* line : kThreePointLines) {
    const Bitboard points = PointSet(line);
    links_on_lines += LinksWithin(points);
    AddLine(table, points, 0, points, 3);
  }
  if (test == MillTest::kHistorical) {
    for (const char* line : kHistoricalFourPointLines) {
      const Bitboard points = PointSet(line);
      links_on_lines += LinksWithin(points);
      AddLine(table, points, 0, points, 4);
    }
    // Every link lies on exactly one historical line.
    if (links_on_lines != kLinks) throw "historical lines do not cover the links";
  } else {
    for (const FourPointSet& set : kLudiiFourPointSets) {
      const Bitboard points = PointSet(set.points);
      const Bitboard pivots = NamesEqual(set.counts_on, "all") ? points : PointSet(set.counts_on);
      AddLine(table, points, PointSet(set.must_not_hold), pivots, 4);
    }
  }
  return table;
}

}  // namespace internal

inline constexpr MillTable kHistoricalMills = internal::BuildMillTable(MillTest::kHistorical);
inline constexpr MillTable kLudiiMills = internal::BuildMillTable(MillTest::kLudii);

// Whether the piece on `point`, of the player whose pieces are `own`, is in a
// mill: a piece just placed or moved there forms one, and a removal may not
// take it.
constexpr bool InMill(const MillTable& table, int point, Bitboard own) {
  const MillLine* line = table.lines[point].data();
  for (const MillLine* end = line + table.count[point]; line != end; ++line) {
    if ((own & line->span) == line->points) return true;
  }
  return false;
}

}  // namespace lud64::davxar

#endif  // LUD64_BOARDS_DAVXAR_DAVXAR_LINES_H_
