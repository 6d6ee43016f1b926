// Davxar's board as the players draw it: the points at their places on the
// nested squares and diamonds, each drawn line a link pieces move along.
#include "absl/strings/str_cat.h"
#include "boards/davxar/davxar_board.h"
#include "boards/davxar/davxar_text.h"

namespace lud64 {

const BoardGeometry& PictureGeometry(const Davxar&) {
  static const BoardGeometry* geometry = [] {
    auto* g = new BoardGeometry;
    g->style = BoardGeometry::Style::kPoints;
    g->width = g->height = 9;
    for (int p = 0; p < davxar::kPoints; ++p) {
      g->sites.push_back({davxar::PointColumn(p) + 0.5, 8 - davxar::PointRow(p) + 0.5});
    }
    for (int p = 0; p < davxar::kPoints; ++p) {
      for (int q : Sites(davxar::kNeighbours[p])) {
        if (q > p) g->lines.emplace_back(p, q);
      }
    }
    for (int i = 0; i < 9; ++i) {
      g->labels.push_back({{i + 0.5, 9.3}, std::string(1, 'A' + i)});
      g->labels.push_back({{-0.35, 8.5 - i}, absl::StrCat(i + 1)});
    }
    return g;
  }();
  return *geometry;
}

BoardMarks PictureMarks(const Davxar&, const Davxar::Position& position) {
  BoardMarks marks;
  marks.pieces = position.pieces;
  marks.hands = std::array<int, 2>{position.hand[0], position.hand[1]};
  if (position.remove) marks.note = "a removal is pending";
  marks.state = position.state;
  return marks;
}

}  // namespace lud64
