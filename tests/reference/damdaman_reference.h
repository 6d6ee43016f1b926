// A plain Damdaman (shared/spec/damdaman.md) for the differential checks:
// a 7x7 array of cells, decisions and captures as the rules page words them,
// by site names. It shares nothing with boards/damdaman but the rules page.
#ifndef LUD64_TESTS_REFERENCE_DAMDAMAN_REFERENCE_H_
#define LUD64_TESTS_REFERENCE_DAMDAMAN_REFERENCE_H_

#include <array>
#include <string>
#include <vector>

#include "tests/reference/reference_turns.h"

namespace lud64::reference {

class DamdamanReference {
 public:
  DamdamanReference();
  // The legal decisions, sorted: "C4-D4", ..., or "pass"; none once over.
  std::vector<std::string> Decisions() const;
  // Plays a decision from Decisions().
  void Play(const std::string& decision);
  // The position text (conventions.md); the outcome.
  std::string Text() const;
  const std::string& outcome() const { return turns_.outcome; }

 private:
  // Who holds a cell: 0 empty, 1 x, 2 o; -1 off the board.
  int At(int column, int row) const;
  void Set(int column, int row, int who) { cells_[row * 7 + column] = who; }
  std::array<int, 49> cells_{};  // 0 empty, 1 x, 2 o
  Turns turns_;
};

}  // namespace lud64::reference

#endif  // LUD64_TESTS_REFERENCE_DAMDAMAN_REFERENCE_H_
