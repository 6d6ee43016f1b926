// A game named with its options: `<game>` or `<game>:<option>=<value>,...`
// (engine/RULES.md, "Game names and options").
#ifndef LUD64_ENGINE_GAME_SPEC_H_
#define LUD64_ENGINE_GAME_SPEC_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace lud64 {

struct GameSpec {
  std::string name;
  std::vector<std::pair<std::string, std::string>> options;  // in the order given
};

// Splits a game name into the game and its options; rejects empty or repeated
// options and options without '='. Which options exist is the game's business.
absl::StatusOr<GameSpec> ParseGameSpec(absl::string_view text);

// OK for a spec without options; else "<name> has no options", for the games
// that have none.
absl::Status ExpectNoOptions(const GameSpec& spec);

// The game G named by `spec` (its name already matched). A game without
// options needs nothing more; a game with options specializes this next to its
// text functions.
template <class G>
absl::StatusOr<G> GameFromSpec(const GameSpec& spec) {
  if (absl::Status status = ExpectNoOptions(spec); !status.ok()) return status;
  return G();
}

// The same syntax for anything else named with options (a match engine,
// `mcts:time=0.1`); errors begin with `<kind> '<text>': `.
absl::StatusOr<GameSpec> ParseNameWithOptions(absl::string_view text, absl::string_view kind);

}  // namespace lud64

#endif  // LUD64_ENGINE_GAME_SPEC_H_
