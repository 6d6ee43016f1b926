#include "tools/common/plain_number.h"

#include <charconv>
#include <cmath>
#include <system_error>
#include <type_traits>

namespace lud64 {
namespace {

// std::from_chars reads no leading space or '+' and fails on overflow; the
// whole text must be read. Integers: digits only after an optional '-'.
template <class T>
bool ParseWhole(absl::string_view text, T* value) {
  if constexpr (std::is_integral_v<T>) {
    absl::string_view digits = text;
    if (std::is_signed_v<T> && !digits.empty() && digits.front() == '-') digits.remove_prefix(1);
    if (digits.empty() || digits.find_first_not_of("0123456789") != absl::string_view::npos) {
      return false;
    }
  }
  const char* end = text.data() + text.size();
  const std::from_chars_result result = std::from_chars(text.data(), end, *value);
  return result.ec == std::errc() && result.ptr == end;
}

}  // namespace

bool ParsePlainNumber(absl::string_view text, int* value) { return ParseWhole(text, value); }
bool ParsePlainNumber(absl::string_view text, int64_t* value) { return ParseWhole(text, value); }
bool ParsePlainNumber(absl::string_view text, uint64_t* value) { return ParseWhole(text, value); }

bool ParsePlainNumber(absl::string_view text, double* value) {
  return ParseWhole(text, value) && std::isfinite(*value);
}

}  // namespace lud64
