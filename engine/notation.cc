#include "engine/notation.h"

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engine/input_text.h"

namespace lud64 {
namespace {

absl::StatusOr<int> ParseSite(absl::string_view name, absl::string_view decision,
                              const SiteNames& names) {
  const int site = names.Find(std::string_view(name.data(), name.size()));
  if (site < 0) {
    return absl::InvalidArgumentError(absl::StrCat("decision ", Quoted(decision), ": ",
                                                   Quoted(name), " is not a site of this board"));
  }
  return site;
}

}  // namespace

std::string FormatDecision(Decision d, const SiteNames& names) {
  switch (d.kind) {
    case DecisionKind::kPass:
      return "pass";
    case DecisionKind::kPlace:
      return names[d.to];
    case DecisionKind::kStep:
      return absl::StrCat(names[d.from], "-", names[d.to]);
    case DecisionKind::kRemove:
      return absl::StrCat("x", names[d.to]);
  }
  return "?";
}

absl::StatusOr<Decision> ParseDecision(absl::string_view text, const SiteNames& names) {
  if (text.empty()) return absl::InvalidArgumentError("empty decision");
  if (absl::EqualsIgnoreCase(text, "pass")) return Decision::Pass();
  if (const size_t dash = text.find('-'); dash != absl::string_view::npos) {
    absl::StatusOr<int> from = ParseSite(text.substr(0, dash), text, names);
    if (!from.ok()) return from.status();
    absl::StatusOr<int> to = ParseSite(text.substr(dash + 1), text, names);
    if (!to.ok()) return to.status();
    return Decision::Step(*from, *to);
  }
  if (text.size() > 1 && absl::ascii_tolower(text[0]) == 'x') {
    absl::StatusOr<int> at = ParseSite(text.substr(1), text, names);
    if (!at.ok()) return at.status();
    return Decision::Remove(*at);
  }
  absl::StatusOr<int> to = ParseSite(text, text, names);
  if (!to.ok()) return to.status();
  return Decision::Place(*to);
}

}  // namespace lud64
