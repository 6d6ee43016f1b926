// Davxar Zirge's mill lines (boards/davxar/RULES.md, "Lines and mills"): the
// 36 historical lines, and Ludii's 28 three-point lines plus 36 four-point sets
// with their blocking points and pivots. Both tests are folded at compile time
// into per-point tables and a list of all lines, so that a mill test, or the
// pieces in mills of a side, is a short run of mask comparisons.
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
// `pivots`: the points whose piece it puts in a mill.
struct MillLine {
  Bitboard points = 0;
  Bitboard span = 0;
  Bitboard pivots = 0;
};

// A line no player holds (no piece stands on bit 63), padding the tables below.
inline constexpr Bitboard kNeverHeld = Bitboard{1} << 63;

// Per point, the lines that count for a piece standing there, padded to a
// fixed even `kPerPoint`; and all the lines once (`kLines`, even), for the
// pieces in mills of a whole side. The tests below are branch-free runs of mask
// compares, two lines at a time.
template <int kPerPoint, int kLines>
struct MillTable {
  static_assert(kPerPoint % 2 == 0 && kLines % 2 == 0);
  static constexpr int kLinesPerPoint = kPerPoint;
  struct alignas(16) PointLines {
    std::array<Bitboard, kPerPoint> points;
    std::array<Bitboard, kPerPoint> span;
  };
  std::array<PointLines, kPoints> at{};
  std::array<uint8_t, kPoints> count{};  // real lines per point
  // credit: the points whose piece the line puts in a mill (points & pivots).
  alignas(16) std::array<Bitboard, kLines> points{};
  alignas(16) std::array<Bitboard, kLines> span{};
  alignas(16) std::array<Bitboard, kLines> credit{};
};

// The historical test has at most 4 lines per point, Ludii's at most 9 (padded
// to 10).
using HistoricalMillTable = MillTable<4, 36>;
using LudiiMillTable = MillTable<10, 28 + 36>;

namespace internal {

constexpr bool NamesEqual(const char* a, const char* b) {
  for (; *a != '\0' && *a == *b; ++a, ++b) {
  }
  return *a == *b;
}

// The lines of a test, checking their shapes.
template <int kLines>
struct LineList {
  std::array<MillLine, kLines> lines{};
  int size = 0;

  constexpr void Add(Bitboard points, Bitboard must_not_hold, Bitboard pivots, int size_expected) {
    if (PopCount(points) != size_expected || (points & must_not_hold) != 0 ||
        (pivots & ~points) != 0 || pivots == 0 || size == kLines)
      throw "malformed mill line";
    lines[size++] = {points, points | must_not_hold, pivots};
  }
};

// Historical lines are drawn: each point is linked to the next one.
constexpr int LinksWithin(Bitboard line) {
  int ends = 0;
  for (int p : Sites(line)) ends += PopCount(kNeighbours[p] & line);
  return ends / 2;
}

template <int kLines>
constexpr LineList<kLines> BuildLineList(MillTest test) {
  LineList<kLines> list;
  int links_on_lines = 0;
  for (const char* line : kThreePointLines) {
    const Bitboard points = PointSet(line);
    links_on_lines += LinksWithin(points);
    list.Add(points, 0, points, 3);
  }
  if (test == MillTest::kHistorical) {
    for (const char* line : kHistoricalFourPointLines) {
      const Bitboard points = PointSet(line);
      links_on_lines += LinksWithin(points);
      list.Add(points, 0, points, 4);
    }
    // Every link lies on exactly one historical line.
    if (links_on_lines != kLinks) throw "historical lines do not cover the links";
  } else {
    for (const FourPointSet& set : kLudiiFourPointSets) {
      const Bitboard points = PointSet(set.points);
      const Bitboard pivots = NamesEqual(set.counts_on, "all") ? points : PointSet(set.counts_on);
      list.Add(points, PointSet(set.must_not_hold), pivots, 4);
    }
  }
  if (list.size != kLines) throw "wrong number of lines";
  return list;
}

template <class Table, int kLines>
constexpr Table BuildMillTable(MillTest test) {
  const LineList<kLines> list = BuildLineList<kLines>(test);
  Table table;
  for (auto& point : table.at) {
    point.points.fill(kNeverHeld);
    point.span.fill(kNeverHeld);
  }
  for (int i = 0; i < kLines; ++i) {
    const MillLine& line = list.lines[i];
    table.points[i] = line.points;
    table.span[i] = line.span;
    table.credit[i] = line.pivots;
    for (int p : Sites(line.pivots)) {
      if (table.count[p] == Table::kLinesPerPoint) throw "raise the lines per point";
      table.at[p].points[table.count[p]] = line.points;
      table.at[p].span[table.count[p]++] = line.span;
    }
  }
  return table;
}

}  // namespace internal

inline constexpr HistoricalMillTable kHistoricalMills =
    internal::BuildMillTable<HistoricalMillTable, 36>(MillTest::kHistorical);
inline constexpr LudiiMillTable kLudiiMills =
    internal::BuildMillTable<LudiiMillTable, 28 + 36>(MillTest::kLudii);

namespace internal {

// Two bitboards, for the two-lines-at-a-time tests (SSE on x86-64).
typedef uint64_t BitboardPair __attribute__((vector_size(16)));

inline BitboardPair LoadPair(const Bitboard* at) {
  BitboardPair pair;
  __builtin_memcpy(&pair, at, sizeof(pair));
  return pair;
}

}  // namespace internal

// Whether the piece on `point`, of the player whose pieces are `own`, is in a
// mill: a piece just placed or moved there forms one, and a removal may not
// take it.
template <class Table>
inline bool InMill(const Table& table, int point, Bitboard own) {
  using internal::BitboardPair;
  const auto& lines = table.at[point];
  const BitboardPair owns = {own, own};
  BitboardPair held = {0, 0};
  for (int i = 0; i < Table::kLinesPerPoint; i += 2) {
    held |= (owns & internal::LoadPair(&lines.span[i])) == internal::LoadPair(&lines.points[i]);
  }
  return (held[0] | held[1]) != 0;
}

// The pieces of `own` that are in a mill.
template <class Table>
inline Bitboard PiecesInMills(const Table& table, Bitboard own) {
  using internal::BitboardPair;
  const BitboardPair owns = {own, own};
  BitboardPair in_mills = {0, 0};
  for (size_t i = 0; i < table.points.size(); i += 2) {
    const auto held =
        (owns & internal::LoadPair(&table.span[i])) == internal::LoadPair(&table.points[i]);
    in_mills |= reinterpret_cast<const BitboardPair&>(held) & internal::LoadPair(&table.credit[i]);
  }
  return in_mills[0] | in_mills[1];
}

}  // namespace lud64::davxar

#endif  // LUD64_BOARDS_DAVXAR_DAVXAR_LINES_H_
