#include "tools/lud64/game_registry.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "boards/damdaman/damdaman.h"
#include "boards/davxar/davxar.h"
#include "boards/guettal/guettal.h"
#include "engine/game_spec.h"
#include "tools/lud64/game_adapter.h"

namespace lud64 {

const std::vector<GameInfo>& KnownGames() {
  static const auto* games = new std::vector<GameInfo>{
      {"damdaman", "Damdaman (Ludii 2): steps on 7x7 with custodial and corner captures", ""},
      {"davxar",
       "Davxar Zirge (Type 2): mill game on 32 points; placement, movement, removal after a mill",
       "  pieces=3..16 (default 12): pieces each player starts with in hand\n"
       "  lines=historical|ludii (default historical): mill test\n"},
      {"guettal", "Guettal (Ludii 15): additions on 4x9; enclosed regions are captured and blocked",
       ""},
  };
  return *games;
}

absl::StatusOr<std::unique_ptr<AnyGame>> MakeGame(absl::string_view name) {
  absl::StatusOr<GameSpec> spec = ParseGameSpec(name);
  if (!spec.ok()) return spec.status();
  if (spec->name == "damdaman") {
    if (!spec->options.empty()) {
      return absl::InvalidArgumentError(absl::StrCat("game '", name, "': damdaman has no options"));
    }
    return std::make_unique<GameAdapter<Damdaman>>(Damdaman());
  }
  if (spec->name == "guettal") {
    if (!spec->options.empty()) {
      return absl::InvalidArgumentError(absl::StrCat("game '", name, "': guettal has no options"));
    }
    return std::make_unique<GameAdapter<Guettal>>(Guettal());
  }
  if (spec->name == "davxar") {
    absl::StatusOr<Davxar> davxar = Davxar::FromSpec(*spec);
    if (!davxar.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("game '", name, "': ", davxar.status().message()));
    }
    return std::make_unique<GameAdapter<Davxar>>(*std::move(davxar));
  }
  std::vector<std::string> known;
  for (const GameInfo& info : KnownGames()) known.push_back(info.name);
  return absl::InvalidArgumentError(
      absl::StrCat("unknown game '", spec->name, "'; known games: ", absl::StrJoin(known, ", ")));
}

}  // namespace lud64
