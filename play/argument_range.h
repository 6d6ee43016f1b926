// The one form of a range error in lud64's front-ends: the command's flags
// (`--plies=1001: must be 1 to 1000`) and the Python module's arguments
// (`plies=1001: must be 1 to 1000`) say it alike.
#ifndef LUD64_PLAY_ARGUMENT_RANGE_H_
#define LUD64_PLAY_ARGUMENT_RANGE_H_

#include <type_traits>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

namespace lud64 {

// An InvalidArgument error `name=value: must be low to high[unit]` unless
// low <= value <= high (NaN fails); `name` as the front-end writes it
// ("--plies", "plies"), `unit` with its leading space (" MiB").
template <class T>
absl::Status CheckArgumentRange(absl::string_view name, T value, std::type_identity_t<T> low,
                                std::type_identity_t<T> high, absl::string_view unit = "") {
  if (value >= low && value <= high) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat(name, "=", value, ": must be ", low, " to ", high, unit));
}

}  // namespace lud64

#endif  // LUD64_PLAY_ARGUMENT_RANGE_H_
