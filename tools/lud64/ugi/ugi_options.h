// The protocol's engine options (`setoption name <N> value <V>`), other than
// the game, as one table: the handshake's `option` lines and setoption's
// names, ranges and errors all read it.
#ifndef LUD64_TOOLS_LUD64_UGI_UGI_OPTIONS_H_
#define LUD64_TOOLS_LUD64_UGI_UGI_OPTIONS_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "tools/lud64/ugi/ugi_engine.h"

namespace lud64 {

// The handshake's `option name ...` lines of the table, the defaults taken
// from `settings`.
std::vector<std::string> UgiOptionLines(const UgiSettings& settings);

// Sets the option `name` (lower case) of `settings` from `value`; an error,
// starting "setoption <name>", for a value it does not take.
absl::Status SetUgiOption(absl::string_view name, absl::string_view value, UgiSettings& settings);

// Whether `name` (lower case) is an option of the table.
bool IsUgiOption(absl::string_view name);

// The table's option names, comma-separated, for errors.
std::string UgiOptionNames();

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_UGI_UGI_OPTIONS_H_
