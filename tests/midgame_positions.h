// Middle-game positions for tests and benchmarks: the positions of the reference file
// perft-midgame.txt (reached by prefixes of Ludii's random games).
#ifndef LUD64_TESTS_MIDGAME_POSITIONS_H_
#define LUD64_TESTS_MIDGAME_POSITIONS_H_

#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_split.h"
#include "engine/game.h"
#include "engine/notation.h"

namespace lud64 {

// The positions of every perft-midgame.txt line for `name` whose game is not
// over; empty if the file is missing.
template <Game G>
std::vector<typename G::Position> MidgamePositions(const G& game, const std::string& name) {
  std::vector<typename G::Position> positions;
  std::ifstream in(LUD64_DATA_DIR "/perft-midgame.txt");
  for (std::string line; std::getline(in, line);) {
    if (!absl::StartsWith(line, name + " ")) continue;
    const size_t prefix = line.find(" prefix=");
    if (prefix == std::string::npos) continue;
    typename G::Position position = game.start();
    for (absl::string_view text : absl::StrSplit(line.substr(prefix + 8), ' ', absl::SkipEmpty())) {
      absl::StatusOr<Decision> decision = ParseDecision(text, game.site_names());
      if (!decision.ok() || !IsLegal(game, position, *decision)) break;
      Apply(game, position, *decision);
    }
    if (!position.state.over()) positions.push_back(position);
  }
  return positions;
}

}  // namespace lud64

#endif  // LUD64_TESTS_MIDGAME_POSITIONS_H_
