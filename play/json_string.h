// Strings in the JSON the commands print (--json): text that may come from
// the command line (an engine specification) is escaped, so that the output
// stays valid JSON whatever was typed.
#ifndef LUD64_PLAY_JSON_STRING_H_
#define LUD64_PLAY_JSON_STRING_H_

#include <string>

#include "absl/strings/string_view.h"

namespace lud64 {

// `text` as a JSON string, quotes included (RFC 8259: '"', '\' and control
// characters escaped; other bytes as they are).
std::string JsonString(absl::string_view text);

}  // namespace lud64

#endif  // LUD64_PLAY_JSON_STRING_H_
