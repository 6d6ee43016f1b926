#include "tests/reference/guettal_reference.h"

#include <algorithm>

namespace lud64::reference {
namespace {

constexpr int kColumns = 9, kRows = 4;

std::string Name(int site) {
  return std::string(1, static_cast<char>('A' + site % kColumns)) +
         std::to_string(site / kColumns + 1);
}

}  // namespace

GuettalReference::GuettalReference() {
  for (int site : {0, 1, 2, 3, 4, 5, 6, 7, 8, 15, 16, 17}) cells_.what[site] = 1;
  for (int site : {18, 19, 20, 27, 28, 29, 30, 31, 32, 33, 34, 35}) cells_.what[site] = 2;
}

std::vector<std::string> GuettalReference::Decisions() const {
  std::vector<std::string> decisions;
  if (turns_.over()) return decisions;
  for (int site = 0; site < kColumns * kRows; ++site)
    if (cells_.what[site] == 0 && cells_.state[site] == 0) decisions.push_back(Name(site));
  if (decisions.empty()) decisions.push_back("pass");
  std::sort(decisions.begin(), decisions.end());
  return decisions;
}

void GuettalReference::Play(const std::string& decision) {
  const int me = turns_.to_move;
  if (decision == "pass") {
    std::string game_rule_end;
    // Both players' last decisions forced passes: more pieces wins.
    if (turns_.ConsecutivePasses(true)) {
      const int x = static_cast<int>(std::count(cells_.what.begin(), cells_.what.end(), 1));
      const int o = static_cast<int>(std::count(cells_.what.begin(), cells_.what.end(), 2));
      game_rule_end = x > o ? "P1" : o > x ? "P2" : "draw";
    }
    turns_.After(false, true, game_rule_end);
    return;
  }
  const int site = (decision[1] - '1') * kColumns + (decision[0] - 'A');
  guettal::AddInLudiiOrder(cells_, site, me);
  turns_.After(false, false, "");
}

std::string GuettalReference::Text() const {
  std::string board;
  for (int row = kRows - 1; row >= 0; --row) {
    for (int column = 0; column < kColumns; ++column) {
      const int site = row * kColumns + column;
      board += cells_.what[site] != 0 ? ".xo"[cells_.what[site]] : cells_.state[site] ? '-' : '.';
    }
    if (row > 0) board += '/';
  }
  return board + " " + turns_.Text();
}

}  // namespace lud64::reference
