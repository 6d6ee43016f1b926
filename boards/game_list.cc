#include "boards/game_list.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "engine/game_spec.h"
#include "engine/input_text.h"

namespace lud64 {
namespace {

template <size_t... I>
std::vector<GameInfo> InfoOf(std::index_sequence<I...>) {
  return {GameInfo{std::variant_alternative_t<I, AnyGame>::kName,
                   std::variant_alternative_t<I, AnyGame>::kTitle,
                   std::variant_alternative_t<I, AnyGame>::kOptionsHelp}...};
}

// The alternative of AnyGame named spec.name, from index I on.
template <size_t I = 0>
absl::StatusOr<AnyGame> MakeAlternative(const GameSpec& spec, absl::string_view text) {
  if constexpr (I == std::variant_size_v<AnyGame>) {
    std::vector<std::string> known;
    for (const GameInfo& info : KnownGames()) known.push_back(info.name);
    return absl::InvalidArgumentError(absl::StrCat("unknown game ", Quoted(spec.name),
                                                   "; known games: ", absl::StrJoin(known, ", ")));
  } else {
    using G = std::variant_alternative_t<I, AnyGame>;
    if (spec.name != G::kName) return MakeAlternative<I + 1>(spec, text);
    absl::StatusOr<G> game = GameFromSpec<G>(spec);
    if (!game.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("game ", Quoted(text), ": ", game.status().message()));
    }
    return AnyGame(std::in_place_index<I>, *std::move(game));
  }
}

}  // namespace

std::vector<GameInfo> KnownGames() {
  std::vector<GameInfo> games = InfoOf(std::make_index_sequence<std::variant_size_v<AnyGame>>());
  std::sort(games.begin(), games.end(),
            [](const GameInfo& a, const GameInfo& b) { return a.name < b.name; });
  return games;
}

absl::StatusOr<AnyGame> MakeGame(absl::string_view text) {
  absl::StatusOr<GameSpec> spec = ParseGameSpec(text);
  if (!spec.ok()) return spec.status();
  return MakeAlternative(*spec, text);
}

std::string GameName(const AnyGame& game) {
  return std::visit([](const auto& g) { return g.name(); }, game);
}

}  // namespace lud64
