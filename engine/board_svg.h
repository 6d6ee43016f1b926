// Board pictures as SVG, for notebooks (`_repr_svg_`) and `lud64 show --svg`.
// Each game describes its board once as geometry (where its sites are, which
// lines join them, how its coordinates read: boards/<game>/<game>_svg.cc) and
// what a position puts on it (BoardMarks); the drawing itself is shared here.
#ifndef LUD64_ENGINE_BOARD_SVG_H_
#define LUD64_ENGINE_BOARD_SVG_H_

#include <array>
#include <concepts>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/bitboard.h"
#include "engine/decision.h"
#include "engine/player.h"

namespace lud64 {

// Board units: x to the right, y downwards; adjacent sites are about one unit apart.
struct SvgPoint {
  double x = 0, y = 0;
};

struct BoardGeometry {
  enum class Style {
    kCells,   // every site a square cell of one unit, pieces inside the cells
    kPoints,  // sites are points on drawn lines, pieces on the points
  };
  Style style = Style::kCells;
  double width = 0, height = 0;                          // the board's extent; sites lie inside
  std::vector<SvgPoint> sites;                           // the centre of each site
  std::vector<std::pair<int, int>> lines;                // kPoints: the board's lines, site to site
  std::vector<std::pair<SvgPoint, std::string>> labels;  // coordinates, outside the board
};

// A rows x columns grid of cells (site = row * columns + column, row 0 at the
// bottom), labelled with column letters below and row numbers on the left.
BoardGeometry CellGridGeometry(int rows, int columns);

// Where the picture (WriteBoardSvg) draws `site`, in its pixels, the radius
// of its pieces, and the board's box (left, top, width, height): for a page
// that draws on the picture, as the board server's does.
SvgPoint SvgSiteCentre(const BoardGeometry& geometry, int site);
double SvgPieceRadius(const BoardGeometry& geometry);
std::array<double, 4> SvgBoardBox(const BoardGeometry& geometry);

// What a position puts on the board.
struct BoardMarks {
  std::array<Bitboard, 2> pieces{};         // P1's (dark), P2's (light)
  Bitboard blocked = 0;                     // cells no piece may enter
  std::optional<std::array<int, 2>> hands;  // pieces still in hand, for games with hands
  std::string note;                         // a game-specific line, e.g. a pending removal
  TurnState state;                          // who moves, or how the game ended
  std::optional<Decision> last;             // highlighted when set
};

// The picture: board, pieces (one <circle class="piece p1|p2"> per piece),
// coordinates, blocked cells, hands and a caption; the title states the caption.
std::string WriteBoardSvg(const BoardGeometry& geometry, const BoardMarks& marks);

// A game with a picture: free functions found next to the game (declared in
// boards/<game>/<game>_text.h).
template <class G>
concept PicturedGame = requires(const G& game, const typename G::Position& position) {
  { PictureGeometry(game) } -> std::convertible_to<const BoardGeometry&>;
  { PictureMarks(game, position) } -> std::same_as<BoardMarks>;
};

// A position's picture, with `last` (the decision that led to it) highlighted.
template <PicturedGame G>
std::string SvgPicture(const G& game, const typename G::Position& position,
                       std::optional<Decision> last = std::nullopt) {
  BoardMarks marks = PictureMarks(game, position);
  marks.last = last;
  return WriteBoardSvg(PictureGeometry(game), marks);
}

}  // namespace lud64

#endif  // LUD64_ENGINE_BOARD_SVG_H_
