// What the lud64 commands share: reporting an error as an exit code, checking
// flag ranges, and running a command on the game of --game.
#ifndef LUD64_TOOLS_LUD64_COMMAND_SUPPORT_H_
#define LUD64_TOOLS_LUD64_COMMAND_SUPPORT_H_

#include <initializer_list>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "tools/lud64/any_game.h"

namespace lud64 {

// Prints `status` on stderr; the exit code (130 for a Ctrl-C stop, else 1).
int Fail(const absl::Status& status);

// An error naming the flag unless low <= value <= high (NaN included).
template <class T>
absl::Status CheckRange(absl::string_view flag, T value, T low, T high,
                        absl::string_view unit = "") {
  if (value >= low && value <= high) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat("--", flag, "=", value, ": must be ", low, " to ", high, unit));
}

// The first error among `checks`, or OK.
absl::Status FirstError(std::initializer_list<absl::Status> checks);

// An error naming the first of `flags` set to other than its default, which
// only `applies_with` would use.
absl::Status RejectFlags(std::initializer_list<const char*> flags, absl::string_view applies_with);

// Runs a command on the game of --game; the exit code. Long work polls the
// stop request that Ctrl-C sets; quick commands keep Ctrl-C's default.
int RunOnGame(absl::FunctionRef<absl::Status(const AnyGame&)> command, bool long_work = true);

}  // namespace lud64

#endif  // LUD64_TOOLS_LUD64_COMMAND_SUPPORT_H_
