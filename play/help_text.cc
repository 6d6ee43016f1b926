#include "play/help_text.h"

#include <string>

#include "absl/strings/str_split.h"

namespace lud64 {

std::string WrappedText(absl::string_view text, int width, absl::string_view indent) {
  std::string wrapped;
  std::string line(indent);
  for (absl::string_view word : absl::StrSplit(text, ' ', absl::SkipEmpty())) {
    if (line.size() > indent.size()) {  // not the line's first word
      if (line.size() + 1 + word.size() > static_cast<size_t>(width)) {
        wrapped += line + "\n";
        line = std::string(indent);
      } else {
        line += ' ';
      }
    }
    line.append(word.data(), word.size());
  }
  if (line.size() > indent.size()) wrapped += line + "\n";
  return wrapped;
}

}  // namespace lud64
