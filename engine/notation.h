// Decision notation (engine/RULES.md): `E4`, `D3-D4`, `xE3`, `pass`.
#ifndef LUD64_ENGINE_NOTATION_H_
#define LUD64_ENGINE_NOTATION_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/decision.h"
#include "engine/site_names.h"

namespace lud64 {

std::string FormatDecision(Decision d, const SiteNames& names);

// Reads the notation of a decision. Only the text is checked here; whether the
// decision is legal is the position's business.
absl::StatusOr<Decision> ParseDecision(absl::string_view text, const SiteNames& names);

}  // namespace lud64

#endif  // LUD64_ENGINE_NOTATION_H_
