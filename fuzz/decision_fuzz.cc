// Decision text of every game: reading never crashes; an accepted decision
// prints to a text that reads back to the same decision and the same text;
// played from the start when legal, it leads to a position whose text is
// accepted.
#include <string>
#include <variant>

#include "absl/strings/str_cat.h"
#include "engine/notation.h"
#include "engine/position_text.h"
#include "fuzz/fuzz_support.h"

namespace lud64::fuzz {
namespace {

template <class G>
void CheckDecisionText(const G& game, absl::string_view text) {
  const SiteNames& names = game.site_names();
  absl::StatusOr<Decision> decision = ParseDecision(text, names);
  if (!decision.ok()) {
    FUZZ_CHECK(!decision.status().message().empty(), std::string(text));
    return;
  }
  FUZZ_CHECK(decision->is_pass() || decision->to < names.size(), std::string(text));
  FUZZ_CHECK(decision->kind != DecisionKind::kStep || decision->from < names.size(),
             std::string(text));
  const std::string printed = FormatDecision(*decision, names);
  absl::StatusOr<Decision> again = ParseDecision(printed, names);
  FUZZ_CHECK(again.ok() && *again == *decision,
             absl::StrCat(game.name(), ": '", text, "' prints as '", printed,
                          "', which reads differently"));
  FUZZ_CHECK(FormatDecision(*again, names) == printed, printed);
  // A legal decision from the start leads to a position whose text is accepted.
  if (IsLegal(game, game.start(), *decision)) {
    typename G::Position next = game.start();
    Apply(game, next, *decision);
    CheckReadsBack(game, FormatPosition(game, next), printed);
  }
}

}  // namespace
}  // namespace lud64::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const lud64::fuzz::GameAndText input = lud64::fuzz::SplitInput(data, size);
  std::visit([&](const auto& g) { lud64::fuzz::CheckDecisionText(g, input.text); }, input.game);
  return 0;
}
