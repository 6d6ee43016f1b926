// The --name=value flags of a lud64-train subcommand: each one the
// subcommand knows, given once, numbers written plainly and within range.
#ifndef LUD64_TOOLS_TRAIN_FLAGS_H_
#define LUD64_TOOLS_TRAIN_FLAGS_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "tools/common/plain_number.h"

namespace lud64 {

class Flags {
 public:
  // The flags of argv[first] on; errors name the argument or the flag.
  static absl::StatusOr<Flags> Parse(int argc, char** argv, int first,
                                     const std::vector<std::string>& known);

  bool Has(const std::string& name) const { return values_.contains(name); }
  std::string Text(const std::string& name, const std::string& fallback = "") const;
  absl::StatusOr<std::string> Required(const std::string& name) const;

  // The value of --name, `fallback` when it is absent; an error unless it is
  // a number from `low` to `high`.
  template <class T>
  absl::StatusOr<T> Number(const std::string& name, T fallback, T low, T high) const {
    const auto it = values_.find(name);
    if (it == values_.end()) return fallback;
    T value;
    // Written so that NaN, which compares false with everything, fails.
    if (!ParsePlainNumber(it->second, &value) || !(value >= low && value <= high)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--", name, "=", it->second, ": expected a number from ", low, " to ", high));
    }
    return value;
  }

 private:
  std::map<std::string, std::string> values_;
};

}  // namespace lud64

#endif  // LUD64_TOOLS_TRAIN_FLAGS_H_
