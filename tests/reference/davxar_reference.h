// A plain Davxar Zirge (shared/spec/davxar.md) for the differential checks:
// points by name, the links, lines and four-point sets copied from the rules
// page's tables, placements, moves, mills and removals as the page words
// them. It shares nothing with boards/davxar but the rules page.
#ifndef LUD64_TESTS_REFERENCE_DAVXAR_REFERENCE_H_
#define LUD64_TESTS_REFERENCE_DAVXAR_REFERENCE_H_

#include <map>
#include <string>
#include <vector>

#include "tests/reference/reference_turns.h"

namespace lud64::reference {

class DavxarReference {
 public:
  // `ludii_lines`: the `lines=ludii` mill test; else the historical one.
  DavxarReference(bool ludii_lines, int pieces);
  // The legal decisions, sorted: "E4", "D3-D4", "xE3" or "pass"; none once over.
  std::vector<std::string> Decisions() const;
  // Plays a decision from Decisions().
  void Play(const std::string& decision);
  // The position text (conventions.md and the page's position fields).
  std::string Text() const;
  const std::string& outcome() const { return turns_.outcome; }

 private:
  // Whether `player`'s piece on `point` completes a mill (the piece just
  // placed or moved, or a removal target, davxar.md).
  bool InMill(const std::string& point, int player) const;
  int PiecesOf(int player) const;

  bool ludii_lines_;
  int pieces_;
  std::map<std::string, int> board_;  // every point: 0 empty, 1 x, 2 o
  int hand_[3] = {0, 0, 0};           // by player, 1 and 2
  bool remove_ = false;               // the player to move has just formed a mill
  Turns turns_;
};

}  // namespace lud64::reference

#endif  // LUD64_TESTS_REFERENCE_DAVXAR_REFERENCE_H_
