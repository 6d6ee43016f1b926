// Damdaman's board: 7 x 7 cells.
#include "boards/damdaman/damdaman_text.h"

namespace lud64 {

const BoardGeometry& PictureGeometry(const Damdaman&) {
  static const BoardGeometry* geometry =
      new BoardGeometry(CellGridGeometry(Damdaman::Grid::kRows, Damdaman::Grid::kColumns));
  return *geometry;
}

BoardMarks PictureMarks(const Damdaman&, const Damdaman::Position& position) {
  BoardMarks marks;
  marks.pieces = position.pieces;
  marks.state = position.state;
  return marks;
}

}  // namespace lud64
