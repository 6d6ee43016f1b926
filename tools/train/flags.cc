#include "tools/train/flags.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <system_error>

#include "absl/strings/ascii.h"
#include "absl/strings/str_join.h"

namespace lud64 {
namespace {

// std::from_chars reads no leading space or '+'; the whole text must be read.
template <class T>
bool ParseWhole(absl::string_view text, T* value) {
  const char* end = text.data() + text.size();
  const std::from_chars_result result = std::from_chars(text.data(), end, *value);
  return result.ec == std::errc() && result.ptr == end;
}

bool PlainDigits(absl::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), absl::ascii_isdigit);
}

}  // namespace

bool ParsePlainNumber(absl::string_view text, int* value) {
  return PlainDigits(text) && ParseWhole(text, value);
}

bool ParsePlainNumber(absl::string_view text, uint64_t* value) {
  return PlainDigits(text) && ParseWhole(text, value);
}

bool ParsePlainNumber(absl::string_view text, double* value) {
  return ParseWhole(text, value) && std::isfinite(*value);
}

absl::StatusOr<Flags> Flags::Parse(int argc, char** argv, int first,
                                   const std::vector<std::string>& known) {
  Flags flags;
  for (int i = first; i < argc; ++i) {
    const std::string arg = argv[i];
    const size_t eq = arg.find('=');
    if (arg.rfind("--", 0) != 0 || eq == std::string::npos) {
      return absl::InvalidArgumentError(
          absl::StrCat("argument '", arg, "': expected --name=value"));
    }
    const std::string name = arg.substr(2, eq - 2);
    if (std::find(known.begin(), known.end(), name) == known.end()) {
      return absl::InvalidArgumentError(
          absl::StrCat("unknown flag --", name, " (known: --", absl::StrJoin(known, ", --"), ")"));
    }
    // A repeat is more likely a slip than a wish for the last value (as lud64).
    if (!flags.values_.emplace(name, arg.substr(eq + 1)).second) {
      return absl::InvalidArgumentError(absl::StrCat("--", name, " given twice"));
    }
  }
  return flags;
}

std::string Flags::Text(const std::string& name, const std::string& fallback) const {
  const auto it = values_.find(name);
  return it == values_.end() ? fallback : it->second;
}

absl::StatusOr<std::string> Flags::Required(const std::string& name) const {
  const auto it = values_.find(name);
  if (it == values_.end()) return absl::InvalidArgumentError("--" + name + " is required");
  return it->second;
}

}  // namespace lud64
