#include "engine/game_spec.h"

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/input_text.h"

namespace lud64 {

absl::StatusOr<GameSpec> ParseNameWithOptions(absl::string_view text, absl::string_view kind) {
  GameSpec spec;
  const size_t colon = text.find(':');
  spec.name = absl::AsciiStrToLower(text.substr(0, colon));
  if (spec.name.empty())
    return absl::InvalidArgumentError(absl::StrCat(kind, " ", Quoted(text), ": no name"));
  if (colon == absl::string_view::npos) return spec;
  for (absl::string_view option : absl::StrSplit(text.substr(colon + 1), ',')) {
    const size_t eq = option.find('=');
    if (option.empty() || eq == absl::string_view::npos || eq == 0 || eq + 1 == option.size()) {
      return absl::InvalidArgumentError(absl::StrCat(
          kind, " ", Quoted(text), ": option ", Quoted(option), " is not of the form name=value"));
    }
    std::string key = absl::AsciiStrToLower(option.substr(0, eq));
    for (const auto& [seen, value] : spec.options) {
      if (seen == key) {
        return absl::InvalidArgumentError(
            absl::StrCat(kind, " ", Quoted(text), ": option ", Quoted(key), " given twice"));
      }
    }
    spec.options.emplace_back(std::move(key), std::string(option.substr(eq + 1)));
  }
  return spec;
}

absl::Status ExpectNoOptions(const GameSpec& spec) {
  if (spec.options.empty()) return absl::OkStatus();
  return absl::InvalidArgumentError(absl::StrCat(spec.name, " has no options"));
}

absl::StatusOr<GameSpec> ParseGameSpec(absl::string_view text) {
  return ParseNameWithOptions(text, "game");
}

}  // namespace lud64
