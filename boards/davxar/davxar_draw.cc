// Davxar's board drawn for people: the points at their places on the squares,
// every link drawn between them, rows and columns labelled.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "boards/davxar/davxar_board.h"
#include "boards/davxar/davxar_text.h"

namespace lud64 {
namespace {

using davxar::kPoints;

// Text columns per board column, text lines per board row.
constexpr int kColumnWidth = 4;
constexpr int kRowHeight = 2;
constexpr int kWidth = 8 * kColumnWidth + 1;
constexpr int kHeight = 8 * kRowHeight + 1;

int TextColumn(int point) { return davxar::PointColumn(point) * kColumnWidth; }
int TextLine(int point) { return (8 - davxar::PointRow(point)) * kRowHeight; }

// Draws the link p-q between its ends: '-' and '|' along rows and columns,
// '/' and '\' for slanted links (one character per text line between).
void DrawLink(std::vector<std::string>& canvas, int p, int q) {
  const int x1 = TextColumn(p), y1 = TextLine(p), x2 = TextColumn(q), y2 = TextLine(q);
  if (y1 == y2) {
    for (int x = std::min(x1, x2) + 1; x < std::max(x1, x2); ++x) canvas[y1][x] = '-';
    return;
  }
  const char slant = x1 == x2 ? '|' : (x2 - x1) * (y2 - y1) < 0 ? '/' : '\\';
  for (int y = std::min(y1, y2) + 1; y < std::max(y1, y2); ++y) {
    const double x = x1 + static_cast<double>(x2 - x1) * (y - y1) / (y2 - y1);
    canvas[y][std::lround(x)] = slant;
  }
}

}  // namespace

std::string Draw(const Davxar&, const Davxar::Position& position) {
  std::vector<std::string> canvas(kHeight, std::string(kWidth, ' '));
  for (int p = 0; p < kPoints; ++p) {
    for (int q : Sites(davxar::kNeighbours[p] & ~(SquareBit(p + 1) - 1))) DrawLink(canvas, p, q);
  }
  for (int p = 0; p < kPoints; ++p) {
    canvas[TextLine(p)][TextColumn(p)] = Contains(position.pieces[0], p)   ? 'x'
                                         : Contains(position.pieces[1], p) ? 'o'
                                                                           : '.';
  }
  std::string picture;
  for (int line = 0; line < kHeight; ++line) {
    const bool on_row = line % kRowHeight == 0;
    absl::StrAppend(&picture, on_row ? std::to_string(9 - line / kRowHeight) : " ", "  ");
    std::string text = canvas[line];
    text.erase(text.find_last_not_of(' ') + 1);
    absl::StrAppend(&picture, text, "\n");
  }
  std::string letters(kWidth, ' ');
  for (int column = 0; column < 9; ++column) letters[column * kColumnWidth] = 'A' + column;
  letters.erase(letters.find_last_not_of(' ') + 1);
  absl::StrAppend(&picture, "   ", letters, "\n", "in hand: x ", position.hand[0], ", o ",
                  position.hand[1], position.remove ? "; a removal is pending" : "", "\n");
  return picture;
}

}  // namespace lud64
