// Game names with options: reading never crashes; an accepted spec prints
// (name:key=value,...) to a text that reads back to the same spec; an
// accepted game's canonical name reads back to a game with the same name and
// the same start position.
#include <string>
#include <variant>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "boards/game_list.h"
#include "engine/game_spec.h"
#include "engine/position_text.h"
#include "fuzz/fuzz_support.h"

namespace lud64::fuzz {
namespace {

std::string PrintSpec(const GameSpec& spec) {
  if (spec.options.empty()) return spec.name;
  return absl::StrCat(spec.name, ":", absl::StrJoin(spec.options, ",", absl::PairFormatter("=")));
}

std::string StartText(const AnyGame& game) {
  return std::visit([](const auto& g) { return FormatPosition(g, g.start()); }, game);
}

void CheckGameSpec(absl::string_view text) {
  if (absl::StatusOr<GameSpec> spec = ParseGameSpec(text); spec.ok()) {
    const std::string printed = PrintSpec(*spec);
    absl::StatusOr<GameSpec> again = ParseGameSpec(printed);
    FUZZ_CHECK(again.ok() && again->name == spec->name && again->options == spec->options,
               absl::StrCat("'", text, "' prints as '", printed, "', which reads differently"));
  } else {
    FUZZ_CHECK(!spec.status().message().empty(), std::string(text));
  }
  absl::StatusOr<AnyGame> game = MakeGame(text);
  if (!game.ok()) {
    FUZZ_CHECK(!game.status().message().empty(), std::string(text));
    return;
  }
  const std::string name = GameName(*game);
  absl::StatusOr<AnyGame> again = MakeGame(name);
  FUZZ_CHECK(again.ok(), absl::StrCat("'", text, "' is named '", name, "', which is rejected"));
  FUZZ_CHECK(GameName(*again) == name && again->index() == game->index() &&
                 StartText(*again) == StartText(*game),
             absl::StrCat("'", text, "' is named '", name, "', which reads as another game"));
}

}  // namespace
}  // namespace lud64::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  lud64::fuzz::CheckGameSpec(absl::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
