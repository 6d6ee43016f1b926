#include "engine/board_svg.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_replace.h"

namespace lud64 {
namespace {

constexpr double kUnit = 56;  // pixels per board unit
constexpr double kLeft = 36, kTop = 16, kRight = 16;
constexpr double kBelowBoard = 40;  // room for the column labels
constexpr double kLine = 24;        // height of a caption or hand line
constexpr double kHandSpacing = 18;

constexpr const char* kStyle =
    ".board{fill:#ecd9b0}.cell{fill:none;stroke:#6b4f2a;stroke-width:1.5}"
    ".line{stroke:#6b4f2a;stroke-width:2.5;stroke-linecap:round}.point{fill:#6b4f2a}"
    ".blocked{fill:#9a9186;stroke:#6b4f2a;stroke-width:1.5}.hatch{stroke:#5a5248;stroke-width:2}"
    ".p1{fill:#1f1f1f;stroke:#000;stroke-width:1.5}.p2{fill:#f7f7f2;stroke:#1f1f1f;stroke-width:1."
    "5}"
    ".last{fill:none;stroke:#e0531f;stroke-width:4}"
    ".last-from{fill:none;stroke:#e0531f;stroke-width:2.5;stroke-dasharray:5 4}"
    ".last-move{stroke:#e0531f;stroke-width:3;stroke-dasharray:6 5}"
    ".label,.caption{font-family:sans-serif;fill:#333}.label{font-size:15px}"
    ".caption{font-size:15px}";

std::string Escape(absl::string_view text) {
  return absl::StrReplaceAll(text, {{"&", "&amp;"}, {"<", "&lt;"}, {">", "&gt;"}});
}

std::string Caption(const TurnState& state) {
  if (!state.over()) {
    return absl::StrCat(state.to_move == Player::kP1 ? "P1 (dark)" : "P2 (light)",
                        " to move, turn ", state.turn);
  }
  const std::string result =
      state.outcome == Outcome::kDraw ? "draw" : absl::StrCat(OutcomeName(state.outcome), " wins");
  return absl::StrCat(result, " (", EndReasonName(state.end), "), turn ", state.turn);
}

class Canvas {
 public:
  explicit Canvas(const BoardGeometry& geometry) : geometry_(geometry) {}

  double X(double x) const { return kLeft + x * kUnit; }
  double Y(double y) const { return kTop + y * kUnit; }
  double SiteX(int site) const { return X(geometry_.sites[site].x); }
  double SiteY(int site) const { return Y(geometry_.sites[site].y); }
  double PieceRadius() const {
    return (geometry_.style == BoardGeometry::Style::kCells ? 0.36 : 0.3) * kUnit;
  }

  void Circle(double x, double y, double r, absl::string_view cls) {
    absl::StrAppendFormat(&svg_, "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"/>\n", cls,
                          x, y, r);
  }
  void Line(double x1, double y1, double x2, double y2, absl::string_view cls) {
    absl::StrAppendFormat(&svg_,
                          "<line class=\"%s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
                          cls, x1, y1, x2, y2);
  }
  void Rect(double x, double y, double w, double h, absl::string_view cls) {
    absl::StrAppendFormat(&svg_,
                          "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                          "height=\"%.1f\"/>\n",
                          cls, x, y, w, h);
  }
  void Text(double x, double y, absl::string_view anchor, absl::string_view cls,
            absl::string_view text) {
    absl::StrAppendFormat(&svg_,
                          "<text class=\"%s\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" "
                          "dominant-baseline=\"middle\">%s</text>\n",
                          cls, x, y, anchor, Escape(text));
  }
  std::string& svg() { return svg_; }

 private:
  const BoardGeometry& geometry_;
  std::string svg_;
};

void DrawBoard(const BoardGeometry& geometry, Bitboard blocked, Canvas& canvas) {
  canvas.Rect(canvas.X(0), canvas.Y(0), geometry.width * kUnit, geometry.height * kUnit, "board");
  const int sites = static_cast<int>(geometry.sites.size());
  if (geometry.style == BoardGeometry::Style::kCells) {
    for (int site = 0; site < sites; ++site) {
      const double x = canvas.SiteX(site) - kUnit / 2, y = canvas.SiteY(site) - kUnit / 2;
      if (!Contains(blocked, site)) {
        canvas.Rect(x, y, kUnit, kUnit, "cell");
        continue;
      }
      canvas.Rect(x, y, kUnit, kUnit, "blocked");
      canvas.Line(x + 8, y + 8, x + kUnit - 8, y + kUnit - 8, "hatch");
      canvas.Line(x + 8, y + kUnit - 8, x + kUnit - 8, y + 8, "hatch");
    }
  } else {
    for (const auto& [a, b] : geometry.lines) {
      canvas.Line(canvas.SiteX(a), canvas.SiteY(a), canvas.SiteX(b), canvas.SiteY(b), "line");
    }
    for (int site = 0; site < sites; ++site) {
      canvas.Circle(canvas.SiteX(site), canvas.SiteY(site), 5, "point");
    }
  }
  for (const auto& [at, text] : geometry.labels) {
    canvas.Text(canvas.X(at.x), canvas.Y(at.y), "middle", "label", text);
  }
}

void DrawLastDecision(Decision last, double radius, Canvas& canvas) {
  const double x = canvas.SiteX(last.to), y = canvas.SiteY(last.to);
  switch (last.kind) {
    case DecisionKind::kPass:
      return;
    case DecisionKind::kRemove:  // the point it emptied, crossed out
      canvas.Line(x - radius * 0.7, y - radius * 0.7, x + radius * 0.7, y + radius * 0.7, "last");
      canvas.Line(x - radius * 0.7, y + radius * 0.7, x + radius * 0.7, y - radius * 0.7, "last");
      return;
    case DecisionKind::kStep:
      canvas.Line(canvas.SiteX(last.from), canvas.SiteY(last.from), x, y, "last-move");
      canvas.Circle(canvas.SiteX(last.from), canvas.SiteY(last.from), radius, "last-from");
      break;
    case DecisionKind::kPlace:
      break;
  }
  canvas.Circle(x, y, radius + 5, "last");
}

}  // namespace

SvgPoint SvgSiteCentre(const BoardGeometry& geometry, int site) {
  const Canvas canvas(geometry);
  return {canvas.SiteX(site), canvas.SiteY(site)};
}

double SvgPieceRadius(const BoardGeometry& geometry) { return Canvas(geometry).PieceRadius(); }

std::array<double, 4> SvgBoardBox(const BoardGeometry& geometry) {
  return {kLeft, kTop, geometry.width * kUnit, geometry.height * kUnit};
}

BoardGeometry CellGridGeometry(int rows, int columns) {
  BoardGeometry geometry;
  geometry.style = BoardGeometry::Style::kCells;
  geometry.width = columns;
  geometry.height = rows;
  for (int site = 0; site < rows * columns; ++site) {
    const int row = site / columns, column = site % columns;
    geometry.sites.push_back({column + 0.5, rows - row - 0.5});
  }
  for (int column = 0; column < columns; ++column) {
    geometry.labels.push_back({{column + 0.5, rows + 0.3}, std::string(1, 'A' + column)});
  }
  for (int row = 0; row < rows; ++row) {
    geometry.labels.push_back({{-0.35, rows - row - 0.5}, absl::StrCat(row + 1)});
  }
  return geometry;
}

std::string WriteBoardSvg(const BoardGeometry& geometry, const BoardMarks& marks) {
  Canvas canvas(geometry);
  DrawBoard(geometry, marks.blocked, canvas);
  const double radius = canvas.PieceRadius();
  if (marks.last && marks.last->kind == DecisionKind::kStep) {
    DrawLastDecision(*marks.last, radius, canvas);  // under the piece that moved
  }
  const int sites = static_cast<int>(geometry.sites.size());
  for (int site = 0; site < sites; ++site) {
    for (int player = 0; player < 2; ++player) {
      if (Contains(marks.pieces[player], site)) {
        canvas.Circle(canvas.SiteX(site), canvas.SiteY(site), radius,
                      player == 0 ? "piece p1" : "piece p2");
      }
    }
  }
  if (marks.last && marks.last->kind != DecisionKind::kStep) {
    DrawLastDecision(*marks.last, radius, canvas);
  }

  double y = kTop + geometry.height * kUnit + kBelowBoard;
  const std::string caption = Caption(marks.state);
  canvas.Text(kLeft, y, "start", "caption", caption);
  int widest_hand = 0;
  if (marks.hands) {
    for (int player = 0; player < 2; ++player) {
      y += kLine;
      canvas.Text(kLeft, y, "start", "caption", absl::StrCat("P", player + 1, " in hand:"));
      const int count = (*marks.hands)[player];
      for (int i = 0; i < count; ++i) {
        canvas.Circle(kLeft + 100 + i * kHandSpacing, y, 7, player == 0 ? "hand p1" : "hand p2");
      }
      if (count == 0) canvas.Text(kLeft + 100, y, "start", "caption", "none");
      widest_hand = std::max(widest_hand, count);
    }
  }
  if (!marks.note.empty()) {
    y += kLine;
    canvas.Text(kLeft, y, "start", "caption", marks.note);
  }
  const double width = std::max(kLeft + geometry.width * kUnit + kRight,
                                kLeft + 100 + widest_hand * kHandSpacing + kRight);
  const double height = y + kLine / 2 + 4;
  return absl::StrCat(
      absl::StrFormat("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                      "viewBox=\"0 0 %.0f %.0f\">\n",
                      width, height, width, height),
      "<title>", Escape(caption), "</title>\n<style>", kStyle, "</style>\n",
      absl::StrFormat("<rect width=\"%.0f\" height=\"%.0f\" fill=\"#fff\"/>\n", width, height),
      canvas.svg(), "</svg>\n");
}

}  // namespace lud64
