#include "absl/strings/str_cat.h"
#include "play/solve_analysis.h"

namespace lud64 {
namespace {

std::string Exact(Score s) {
  if (s == 0) return "a draw";
  return absl::StrCat(s > 0 ? "a win in " : "a loss in ", PliesToEnd(s));
}

}  // namespace

std::string BoundsText(Score lower, Score upper) {
  if (lower == upper) return absl::StrCat("exactly ", Exact(lower));
  std::string low = lower <= -kInfinity + 1 ? "unknown" : absl::StrCat("at least ", Exact(lower));
  if (lower < 0 && lower > -kProvenScore) low = "at least a loss";
  std::string high = absl::StrCat("at most ", Exact(upper));
  if (upper > 0 && upper < kProvenScore) high = "at most a win";
  return absl::StrCat(low, ", ", high);
}

}  // namespace lud64
