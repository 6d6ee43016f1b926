// Davxar Zirge's board as data (boards/davxar/RULES.md): 32 points named as
// Ludii names them, with bit i of a bitboard = Ludii index i, and the 80 links
// pieces move along. Everything is computed at compile time from RULES.md's
// tables, written here by point name.
#ifndef LUD64_BOARDS_DAVXAR_DAVXAR_BOARD_H_
#define LUD64_BOARDS_DAVXAR_DAVXAR_BOARD_H_

#include <array>

#include "engine/bitboard.h"

namespace lud64::davxar {

inline constexpr int kPoints = 32;
inline constexpr Bitboard kAllPoints = (Bitboard{1} << kPoints) - 1;

// The point names in Ludii's index order: kPointNames[i] is bit i.
inline constexpr std::array<const char*, kPoints> kPointNames = {
    "D4", "E4", "F4", "D5", "F5", "D6", "E6", "F6",  // 0-7: inner square
    "C3", "E3", "G3", "C5", "G5", "C7", "E7", "G7",  // 8-15
    "B2", "E2", "H2", "B5", "H5", "B8", "E8", "H8",  // 16-23
    "A1", "E1", "I1", "A5", "I5", "A9", "E9", "I9",  // 24-31: outer square
};

// Column (0 = A) and row (0 = row 1) of a point, from its name.
constexpr int PointColumn(int point) { return kPointNames[point][0] - 'A'; }
constexpr int PointRow(int point) { return kPointNames[point][1] - '1'; }

// The index of the point named by the two characters at `name`.
constexpr int PointIndex(const char* name) {
  for (int i = 0; i < kPoints; ++i) {
    if (kPointNames[i][0] == name[0] && kPointNames[i][1] == name[1]) return i;
  }
  throw "unknown Davxar point name";  // a compile error in constant evaluation
}

// The points of a space-separated list of names, e.g. "A1 E1 I1".
constexpr Bitboard PointSet(const char* names) {
  Bitboard set = 0;
  for (const char* at = names; *at != '\0';) {
    if (*at == ' ') {
      ++at;
      continue;
    }
    const Bitboard bit = SquareBit(PointIndex(at));
    if (set & bit) throw "point named twice";
    set |= bit;
    at += 2;
  }
  return set;
}

// RULES.md's table of neighbours along drawn lines, one row per point.
struct PointLinks {
  const char* point;
  const char* neighbours;
};
inline constexpr std::array<PointLinks, kPoints> kLinkTable = {{
    {"A1", "E1 B2 A5"},          {"E1", "A1 I1 B2 E2 H2"},    {"I1", "E1 H2 I5"},
    {"B2", "A1 E1 E2 C3 A5 B5"}, {"E2", "E1 B2 H2 C3 E3 G3"}, {"H2", "E1 I1 E2 G3 H5 I5"},
    {"C3", "B2 E2 E3 D4 B5 C5"}, {"E3", "E2 C3 G3 D4 E4 F4"}, {"G3", "E2 H2 E3 F4 G5 H5"},
    {"D4", "C3 E3 E4 C5 D5"},    {"E4", "E3 D4 F4"},          {"F4", "E3 G3 E4 F5 G5"},
    {"A5", "A1 B2 B5 B8 A9"},    {"B5", "B2 C3 A5 C5 C7 B8"}, {"C5", "C3 D4 B5 D5 D6 C7"},
    {"D5", "D4 C5 D6"},          {"F5", "F4 G5 F6"},          {"G5", "G3 F4 F5 H5 F6 G7"},
    {"H5", "H2 G3 G5 I5 G7 H8"}, {"I5", "I1 H2 H5 H8 I9"},    {"D6", "C5 D5 E6 C7 E7"},
    {"E6", "D6 F6 E7"},          {"F6", "F5 G5 E6 E7 G7"},    {"C7", "B5 C5 D6 E7 B8 E8"},
    {"E7", "D6 E6 F6 C7 G7 E8"}, {"G7", "G5 H5 F6 E7 E8 H8"}, {"B8", "A5 B5 C7 E8 A9 E9"},
    {"E8", "C7 E7 G7 B8 H8 E9"}, {"H8", "H5 I5 G7 E8 E9 I9"}, {"A9", "A5 B8 E9"},
    {"E9", "B8 E8 H8 A9 I9"},    {"I9", "I5 H8 E9"},
}};

// kNeighbours[p]: the points linked to point p.
inline constexpr std::array<Bitboard, kPoints> kNeighbours = [] {
  std::array<Bitboard, kPoints> neighbours{};
  for (const PointLinks& row : kLinkTable) {
    const int point = PointIndex(row.point);
    if (neighbours[point] != 0) throw "point listed twice";
    neighbours[point] = PointSet(row.neighbours);
  }
  return neighbours;
}();

// Every link is listed from both ends, and there are 80 of them.
inline constexpr int kLinks = [] {
  int ends = 0;
  for (int p = 0; p < kPoints; ++p) {
    if (kNeighbours[p] == 0 || Contains(kNeighbours[p], p)) throw "bad neighbour row";
    for (int q : Sites(kNeighbours[p])) {
      if (!Contains(kNeighbours[q], p)) throw "link listed from one end only";
    }
    ends += PopCount(kNeighbours[p]);
  }
  return ends / 2;
}();
static_assert(kLinks == 80);

}  // namespace lud64::davxar

#endif  // LUD64_BOARDS_DAVXAR_DAVXAR_BOARD_H_
