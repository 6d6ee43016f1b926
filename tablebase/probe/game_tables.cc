#include "tablebase/probe/game_tables.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace lud64::tablebase {

absl::Status NoTablebaseError(absl::string_view game_name) {
  if (absl::StartsWith(game_name, "guettal")) {
    return absl::InvalidArgumentError(
        "guettal has no tablebase: its enclosure rule depends on the order in which neighbours "
        "are visited, which the board's symmetries do not preserve, so positions cannot be "
        "folded or indexed safely");
  }
  return absl::InvalidArgumentError(absl::StrCat(game_name, " has no tablebase"));
}

}  // namespace lud64::tablebase
