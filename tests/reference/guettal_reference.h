// A plain Guettal (shared/spec/guettal.md) for the differential checks: cells
// with their states, additions on empty cells of state 0, and the enclosure
// by Ludii's literal procedure (tests/guettal_ludii_oracle.h).
#ifndef LUD64_TESTS_REFERENCE_GUETTAL_REFERENCE_H_
#define LUD64_TESTS_REFERENCE_GUETTAL_REFERENCE_H_

#include <string>
#include <vector>

#include "tests/guettal_ludii_oracle.h"
#include "tests/reference/reference_turns.h"

namespace lud64::reference {

class GuettalReference {
 public:
  GuettalReference();
  // The legal decisions, sorted: "E2", ... or "pass"; none once over.
  std::vector<std::string> Decisions() const;
  void Play(const std::string& decision);
  std::string Text() const;
  const std::string& outcome() const { return turns_.outcome; }

 private:
  guettal::LudiiCells cells_;
  Turns turns_;
};

}  // namespace lud64::reference

#endif  // LUD64_TESTS_REFERENCE_GUETTAL_REFERENCE_H_
