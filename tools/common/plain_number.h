// Numbers a person typed on a command line, read strictly: plain decimal
// digits (a leading '-' for a signed type), the whole text, within the type's
// range. Parsers that also take " 3", "+3" or "0x3" let a slip through as a
// value.
#ifndef LUD64_TOOLS_COMMON_PLAIN_NUMBER_H_
#define LUD64_TOOLS_COMMON_PLAIN_NUMBER_H_

#include <cstdint>

#include "absl/strings/string_view.h"

namespace lud64 {

// False unless `text` is such a number; then `*value` holds it.
bool ParsePlainNumber(absl::string_view text, int* value);
bool ParsePlainNumber(absl::string_view text, int64_t* value);
bool ParsePlainNumber(absl::string_view text, uint64_t* value);
// A decimal number, finite (no NaN, no infinity), no space or '+'.
bool ParsePlainNumber(absl::string_view text, double* value);

}  // namespace lud64

#endif  // LUD64_TOOLS_COMMON_PLAIN_NUMBER_H_
