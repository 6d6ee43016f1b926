#include "tools/train/flags.h"

#include <algorithm>

#include "absl/strings/str_join.h"

namespace lud64 {

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
