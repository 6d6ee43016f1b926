#include "tests/reference/davxar_reference.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace lud64::reference {
namespace {

using Points = std::vector<std::string>;

Points Split(const char* text) { return absl::StrSplit(text, ' ', absl::SkipEmpty()); }

// The page's table of points and their neighbours along drawn lines.
const std::map<std::string, Points>& Neighbours() {
  static const auto* table = [] {
    static const char* const kRows[] = {
        "A1 E1 B2 A5",          "E1 A1 I1 B2 E2 H2",    "I1 E1 H2 I5",
        "B2 A1 E1 E2 C3 A5 B5", "E2 E1 B2 H2 C3 E3 G3", "H2 E1 I1 E2 G3 H5 I5",
        "C3 B2 E2 E3 D4 B5 C5", "E3 E2 C3 G3 D4 E4 F4", "G3 E2 H2 E3 F4 G5 H5",
        "D4 C3 E3 E4 C5 D5",    "E4 E3 D4 F4",          "F4 E3 G3 E4 F5 G5",
        "A5 A1 B2 B5 B8 A9",    "B5 B2 C3 A5 C5 C7 B8", "C5 C3 D4 B5 D5 D6 C7",
        "D5 D4 C5 D6",          "F5 F4 G5 F6",          "G5 G3 F4 F5 H5 F6 G7",
        "H5 H2 G3 G5 I5 G7 H8", "I5 I1 H2 H5 H8 I9",    "D6 C5 D5 E6 C7 E7",
        "E6 D6 F6 E7",          "F6 F5 G5 E6 E7 G7",    "C7 B5 C5 D6 E7 B8 E8",
        "E7 D6 E6 F6 C7 G7 E8", "G7 G5 H5 F6 E7 E8 H8", "B8 A5 B5 C7 E8 A9 E9",
        "E8 C7 E7 G7 B8 H8 E9", "H8 H5 I5 G7 E8 E9 I9", "A9 A5 B8 E9",
        "E9 B8 E8 H8 A9 I9",    "I9 I5 H8 E9"};
    auto* made = new std::map<std::string, Points>;
    for (const char* row : kRows) {
      Points words = Split(row);
      (*made)[words[0]] = Points(words.begin() + 1, words.end());
    }
    return made;
  }();
  return *table;
}

// The rows of the board field, row 9 first, points left to right.
const char* const kBoardRows[] = {
    "A9 E9 I9", "B8 E8 H8", "C7 E7 G7", "D6 E6 F6", "A5 B5 C5 D5 F5 G5 H5 I5",
    "D4 E4 F4", "C3 E3 G3", "B2 E2 H2", "A1 E1 I1"};

// The 28 three-point lines: square sides, then diamond sides.
const char* const kThreeLines[] = {
    "A1 E1 I1", "I1 I5 I9", "A9 E9 I9", "A1 A5 A9", "B2 E2 H2", "H2 H5 H8", "B8 E8 H8",
    "B2 B5 B8", "C3 E3 G3", "G3 G5 G7", "C7 E7 G7", "C3 C5 C7", "D4 E4 F4", "F4 F5 F6",
    "D6 E6 F6", "D4 D5 D6", "A5 B8 E9", "E9 H8 I5", "I5 H2 E1", "E1 B2 A5", "B5 C7 E8",
    "E8 G7 H5", "H5 G3 E2", "E2 C3 B5", "C5 D6 E7", "E7 F6 G5", "G5 F4 E3", "E3 D4 C5"};
// The 8 four-point lines of the historical test.
const char* const kFourLines[] = {"E1 E2 E3 E4", "E6 E7 E8 E9", "A5 B5 C5 D5", "F5 G5 H5 I5",
                                  "A1 B2 C3 D4", "F6 G7 H8 I9", "I1 H2 G3 F4", "D6 C7 B8 A9"};
// The 36 four-point sets of the Ludii test: points | must not hold the same
// player | the piece must stand on ("all": any of the four).
const char* const kLudiiSets[] = {
    "A1 B2 C3 D4|F6|all",      "A1 B2 C3 G7|H8|C3 G7",    "A1 B2 H8 I9||B2 H8",
    "E1 E2 E3 E4|E6|all",      "E1 E2 E3 E7|E8|E3 E7",    "E1 E2 E8 E9||E2 E8",
    "I1 H2 G3 F4|D6|all",      "I1 H2 G3 C7|B8|G3 C7",    "I1 H2 B8 A9||H2 B8",
    "B2 C3 D4 F6|A1 G7|all",   "B2 C3 G7 H8|A1 I9|C3 G7", "E2 E3 E4 E6|E1 E7|all",
    "E2 E3 E7 E8|E1 E9|E3 E7", "H2 G3 F4 D6|I1 C7|all",   "H2 G3 C7 B8|I1 A9|G3 C7",
    "C3 D4 F6 G7|B2 H8|all",   "C3 G7 H8 I9|B2|C3 G7",    "E3 E4 E6 E7|E2 E8|all",
    "E3 E7 E8 E9|E2|E3 E7",    "G3 F4 D6 C7|H2 B8|all",   "G3 C7 B8 A9|H2|G3 C7",
    "D4 F6 G7 H8|C3 I9|all",   "E4 E6 E7 E8|E3 E9|all",   "F4 D6 C7 B8|G3 A9|all",
    "A5 B5 C5 D5|F5|all",      "A5 B5 C5 G5|H5|C5 G5",    "A5 B5 H5 I5||B5 H5",
    "B5 C5 D5 F5|A5 G5|all",   "B5 C5 G5 H5|A5 I5|C5 G5", "C5 D5 F5 G5|B5 H5|all",
    "C5 G5 H5 I5|B5|C5 G5",    "D5 F5 G5 H5|C5 I5|all",   "F5 G5 H5 I5|D5|all",
    "D6 C7 B8 A9|F4|all",      "E6 E7 E8 E9|E4|all",      "F6 G7 H8 I9|D4|all"};

bool Contains(const Points& points, const std::string& point) {
  return std::find(points.begin(), points.end(), point) != points.end();
}

}  // namespace

DavxarReference::DavxarReference(bool ludii_lines, int pieces)
    : ludii_lines_(ludii_lines), pieces_(pieces) {
  for (const auto& [point, unused] : Neighbours()) board_[point] = 0;
  hand_[1] = hand_[2] = pieces;
}

int DavxarReference::PiecesOf(int player) const {
  int count = hand_[player];
  for (const auto& [point, who] : board_) count += who == player;
  return count;
}

bool DavxarReference::InMill(const std::string& point, int player) const {
  const auto held = [&](const Points& points) {
    return std::all_of(points.begin(), points.end(),
                       [&](const std::string& p) { return board_.at(p) == player; });
  };
  for (const char* line : kThreeLines) {
    const Points points = Split(line);
    if (Contains(points, point) && held(points)) return true;
  }
  if (!ludii_lines_) {
    for (const char* line : kFourLines) {
      const Points points = Split(line);
      if (Contains(points, point) && held(points)) return true;
    }
    return false;
  }
  for (const char* set : kLudiiSets) {
    const std::vector<std::string> columns = absl::StrSplit(set, '|');
    const Points points = Split(columns[0].c_str()), apart = Split(columns[1].c_str());
    const Points on = columns[2] == "all" ? points : Split(columns[2].c_str());
    if (Contains(on, point) && held(points) &&
        std::none_of(apart.begin(), apart.end(),
                     [&](const std::string& p) { return board_.at(p) == player; })) {
      return true;
    }
  }
  return false;
}

std::vector<std::string> DavxarReference::Decisions() const {
  std::vector<std::string> decisions;
  if (turns_.over()) return decisions;
  const int me = turns_.to_move, opponent = 3 - me;
  for (const auto& [point, who] : board_) {
    if (remove_) {
      if (who == opponent && !InMill(point, opponent)) decisions.push_back("x" + point);
    } else if (hand_[me] > 0) {
      if (who == 0) decisions.push_back(point);
    } else if (who == me) {
      for (const std::string& next : Neighbours().at(point))
        if (board_.at(next) == 0) decisions.push_back(absl::StrCat(point, "-", next));
    }
  }
  if (decisions.empty()) decisions.push_back("pass");
  std::sort(decisions.begin(), decisions.end());
  return decisions;
}

void DavxarReference::Play(const std::string& decision) {
  const int me = turns_.to_move, opponent = 3 - me;
  bool again = false;
  if (decision == "pass") {
    // A pass in place of a removal is part of a turn that began with a move.
    const bool whole_turn = !remove_;
    remove_ = false;
    turns_.After(false, whole_turn, "");
    return;
  }
  if (decision[0] == 'x') {
    board_[decision.substr(1)] = 0;
    remove_ = false;
  } else {
    std::string to = decision;
    if (const size_t dash = decision.find('-'); dash != std::string::npos) {
      board_[decision.substr(0, dash)] = 0;
      to = decision.substr(dash + 1);
    } else {
      --hand_[me];
    }
    board_[to] = me;
    again = remove_ = InMill(to, me);
  }
  turns_.After(again, false, PiecesOf(opponent) == 0 ? WinnerName(me) : "");
}

std::string DavxarReference::Text() const {
  std::string board;
  for (const char* row : kBoardRows) {
    if (!board.empty()) board += '/';
    for (const std::string& point : Split(row)) board += ".xo"[board_.at(point)];
  }
  const bool full_hands = hand_[1] == pieces_ && hand_[2] == pieces_;
  return absl::StrCat(board, " ", turns_.Text(),
                      full_hands ? "" : absl::StrCat(" hand=", hand_[1], ",", hand_[2]),
                      remove_ ? " remove" : "");
}

}  // namespace lud64::reference
