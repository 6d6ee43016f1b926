#include "tools/train/network_family.h"

#include <set>
#include <string>
#include <type_traits>
#include <variant>

#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "boards/game_list.h"
#include "network/embedded_networks.h"
#include "network/games/game_networks.h"
#include "network/network_file.h"

namespace lud64 {

std::vector<std::string> NetworkFamilies() {
  std::set<std::string> families;
  for (const GameInfo& info : KnownGames()) {
    absl::StatusOr<AnyGame> game = MakeGame(info.name);
    if (!game.ok()) continue;
    std::visit(
        [&](const auto& g) {
          using G = std::decay_t<decltype(g)>;
          if constexpr (HasGameNetwork<G>) {
            families.insert(GameNetwork<G>::Family(g));
            families.insert(GameNetwork<G>::WholeGameFamily(g));
          }
        },
        *game);
  }
  for (const EmbeddedFile& file : EmbeddedNetworkFiles()) {
    absl::StatusOr<NetworkFile> parsed = ParseNetworkFile(file.bytes, file.name);
    if (parsed.ok()) families.insert(parsed->family);
  }
  return {families.begin(), families.end()};
}

// The game text is the family, less "-whole" for a whole-game family:
// "davxar:lines=ludii" makes the game whose network family
// (GameNetwork<G>::Family) it is, "davxar-whole:lines=ludii" the game whose
// whole-game family it is; "davxar:pieces=4" makes one whose family is
// "davxar", and is refused as lud64 would refuse its file.
absl::Status CheckNetworkFamily(const std::string& family) {
  std::string game_text = family;
  if (const size_t whole = game_text.find("-whole"); whole != std::string::npos) {
    game_text.erase(whole, 6);
  }
  bool known = false;
  if (absl::StatusOr<AnyGame> game = MakeGame(game_text); game.ok()) {
    known = std::visit(
        [&](const auto& g) {
          using G = std::decay_t<decltype(g)>;
          if constexpr (HasGameNetwork<G>) {
            return GameNetwork<G>::Family(g) == family ||
                   GameNetwork<G>::WholeGameFamily(g) == family;
          } else {
            return false;
          }
        },
        *game);
  }
  if (known) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat("--family=", family, ": expected one of ",
                                                 absl::StrJoin(NetworkFamilies(), ", ")));
}

}  // namespace lud64
