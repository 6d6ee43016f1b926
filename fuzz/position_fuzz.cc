// Position text of every game: reading never crashes; an accepted position
// prints to a text that reads back to the same text (parse -> print -> parse
// is identical); every legal decision of an accepted position can be played,
// and the position it leads to prints to a text that is accepted again.
#include <string>
#include <variant>

#include "absl/strings/str_cat.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "fuzz/fuzz_support.h"

namespace lud64::fuzz {
namespace {

template <class G>
void CheckPositionText(const G& game, absl::string_view text) {
  absl::StatusOr<typename G::Position> position = ParsePosition(game, text);
  if (!position.ok()) {
    FUZZ_CHECK(!position.status().message().empty(), std::string(text));
    return;
  }
  const std::string printed = FormatPosition(game, *position);
  CheckReadsBack(game, printed, text);
  FUZZ_CHECK(!Draw(game, *position).empty(), printed);

  DecisionList list;
  LegalDecisions(game, *position, list);
  for (const Decision decision : list) {
    const std::string name = FormatDecision(decision, game.site_names());
    absl::StatusOr<Decision> read = ParseDecision(name, game.site_names());
    FUZZ_CHECK(read.ok() && *read == decision, absl::StrCat(printed, ": decision ", name));
    typename G::Position next = *position;
    Apply(game, next, decision);
    CheckReadsBack(game, FormatPosition(game, next), absl::StrCat(printed, " then ", name));
  }
}

}  // namespace
}  // namespace lud64::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const lud64::fuzz::GameAndText input = lud64::fuzz::SplitInput(data, size);
  std::visit([&](const auto& g) { lud64::fuzz::CheckPositionText(g, input.text); }, input.game);
  return 0;
}
