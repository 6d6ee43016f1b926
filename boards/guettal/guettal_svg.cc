// Guettal's board: 4 x 9 cells, blocked cells shaded and crossed.
#include "boards/guettal/guettal_text.h"

namespace lud64 {

const BoardGeometry& PictureGeometry(const Guettal&) {
  static const BoardGeometry* geometry =
      new BoardGeometry(CellGridGeometry(Guettal::Grid::kRows, Guettal::Grid::kColumns));
  return *geometry;
}

BoardMarks PictureMarks(const Guettal&, const Guettal::Position& position) {
  BoardMarks marks;
  marks.pieces = position.pieces;
  marks.blocked = position.blocked;
  marks.state = position.state;
  return marks;
}

}  // namespace lud64
