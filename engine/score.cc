#include "engine/score.h"

#include "absl/strings/str_cat.h"

namespace lud64 {

std::string ScoreText(Score s) {
  if (s >= kProvenScore) return absl::StrCat("win in ", PliesToEnd(s));
  if (s <= -kProvenScore) return absl::StrCat("loss in ", PliesToEnd(s));
  return absl::StrCat("cp ", s);
}

}  // namespace lud64
