#include "tests/reference/damdaman_reference.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace lud64::reference {
namespace {

constexpr int kSteps[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};  // N, E, S, W

std::string Name(int column, int row) {
  return absl::StrCat(std::string(1, static_cast<char>('A' + column)), row + 1);
}

bool IsCorner(int column, int row) {
  return (column == 0 || column == 6) && (row == 0 || row == 6);
}

}  // namespace

DamdamanReference::DamdamanReference() {
  for (int site = 0; site < 24; ++site) cells_[site] = 1;
  for (int site = 25; site < 49; ++site) cells_[site] = 2;
}

int DamdamanReference::At(int column, int row) const {
  if (column < 0 || column > 6 || row < 0 || row > 6) return -1;
  return cells_[row * 7 + column];
}

std::vector<std::string> DamdamanReference::Decisions() const {
  std::vector<std::string> decisions;
  if (turns_.over()) return decisions;
  for (int row = 0; row < 7; ++row) {
    for (int column = 0; column < 7; ++column) {
      if (At(column, row) != turns_.to_move) continue;
      for (const auto& [dc, dr] : kSteps) {
        if (At(column + dc, row + dr) == 0) {
          decisions.push_back(Name(column, row) + "-" + Name(column + dc, row + dr));
        }
      }
    }
  }
  if (decisions.empty()) decisions.push_back("pass");
  std::sort(decisions.begin(), decisions.end());
  return decisions;
}

void DamdamanReference::Play(const std::string& decision) {
  const int me = turns_.to_move, opponent = 3 - me;
  if (decision == "pass") {
    turns_.After(false, true, "");
    return;
  }
  const size_t dash = decision.find('-');
  const int from_column = decision[0] - 'A', from_row = std::stoi(decision.substr(1, dash - 1)) - 1;
  const int tc = decision[dash + 1] - 'A', tr = std::stoi(decision.substr(dash + 2)) - 1;
  Set(from_column, from_row, 0);
  Set(tc, tr, me);
  // Both rules read the board right after the move; captures apply together.
  std::vector<std::pair<int, int>> captured;
  for (const auto& [dc, dr] : kSteps) {
    // Custodial: t+d the opponent's, t+2d mine (the edge never counts).
    if (At(tc + dc, tr + dr) == opponent && At(tc + 2 * dc, tr + 2 * dr) == me) {
      captured.push_back({tc + dc, tr + dr});
    }
    // Corner: a neighbour c of t that is a corner, the opponent's, and each
    // of whose neighbours on the board is t or mine.
    const int cc = tc + dc, cr = tr + dr;
    if (At(cc, cr) == opponent && IsCorner(cc, cr)) {
      bool held = true;
      for (const auto& [ec, er] : kSteps) {
        const int what = At(cc + ec, cr + er);
        if (what < 0 || (cc + ec == tc && cr + er == tr)) continue;
        held = held && what == me;
      }
      if (held) captured.push_back({cc, cr});
    }
  }
  for (const auto& [column, row] : captured) Set(column, row, 0);
  const bool opponent_left = std::count(cells_.begin(), cells_.end(), opponent) > 0;
  turns_.After(false, false, opponent_left ? "" : WinnerName(me));
}

std::string DamdamanReference::Text() const {
  std::string board;
  for (int row = 6; row >= 0; --row) {
    for (int column = 0; column < 7; ++column) board += ".xo"[At(column, row)];
    if (row > 0) board += '/';
  }
  return board + " " + turns_.Text();
}

}  // namespace lud64::reference
