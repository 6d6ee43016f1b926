#include "tablebase/endgame_limit.h"

#include <vector>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace lud64::tablebase {

std::string EndgameLimit::Text() const {
  if (whole_game()) return "";
  return larger == smaller ? absl::StrCat(larger) : absl::StrCat(larger, "v", smaller);
}

absl::StatusOr<EndgameLimit> ParseEndgameLimit(absl::string_view text, int max_pieces) {
  const std::vector<absl::string_view> parts = absl::StrSplit(text, 'v');
  int counts[2] = {0, 0};
  // Digits and one 'v' only: SimpleAtoi alone would take " 4" or "+4".
  bool ok = text.find_first_not_of("0123456789v") == absl::string_view::npos && !parts.empty() &&
            parts.size() <= 2;
  for (size_t i = 0; ok && i < parts.size(); ++i) {
    ok = absl::SimpleAtoi(parts[i], &counts[i]) && counts[i] >= 0 && counts[i] <= max_pieces;
  }
  if (ok && parts.size() == 1) counts[1] = counts[0];
  ok = ok && counts[1] <= counts[0] && (counts[0] == 0 || counts[1] >= 1) &&
       (parts.size() == 1 || counts[0] >= 1);
  if (!ok) {
    return absl::InvalidArgumentError(absl::StrCat(
        "upto '", text, "': expected N (at most N pieces a side) or MvN (at most M on ",
        "one side and N on the other, N <= M), with pieces 1 to ", max_pieces,
        ", or 0 for the whole game"));
  }
  return EndgameLimit{counts[0], counts[1]};
}

}  // namespace lud64::tablebase
