// Help text that several front-ends print (a command's help, a Python
// docstring), laid out for a terminal.
#ifndef LUD64_PLAY_HELP_TEXT_H_
#define LUD64_PLAY_HELP_TEXT_H_

#include <string>

#include "absl/strings/string_view.h"

namespace lud64 {

// `text`'s words in lines of at most `width` characters (a longer word has a
// line of its own), each line starting with `indent` and ending in '\n'.
std::string WrappedText(absl::string_view text, int width, absl::string_view indent);

}  // namespace lud64

#endif  // LUD64_PLAY_HELP_TEXT_H_
