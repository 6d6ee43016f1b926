// The games lud64 knows, by name, with their options.
#ifndef LUD64_TOOLS_LUD64_GAME_REGISTRY_H_
#define LUD64_TOOLS_LUD64_GAME_REGISTRY_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tools/lud64/any_game.h"

namespace lud64 {

struct GameInfo {
  std::string name;
  std::string title;    // the Ludii ruleset
  std::string options;  // one line per option, or empty
};

const std::vector<GameInfo>& KnownGames();

// A game from its name with options, e.g. "davxar:lines=ludii,pieces=6".
absl::StatusOr<std::unique_ptr<AnyGame>> MakeGame(absl::string_view name);

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_GAME_REGISTRY_H_
