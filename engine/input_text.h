// Text a person typed, as error messages show it: counted in characters as a
// person counts them (UTF-8 code points, not bytes), and echoed back cut to a
// readable length with control characters and broken UTF-8 escaped, so that a
// huge or hostile token gives a short, harmless message.
#ifndef LUD64_ENGINE_INPUT_TEXT_H_
#define LUD64_ENGINE_INPUT_TEXT_H_

#include <cstddef>
#include <string>

#include "absl/strings/string_view.h"

namespace lud64 {

// How many characters `text` has: UTF-8 code points, each byte that is not
// part of a well-formed sequence counting as one.
size_t CharacterCount(absl::string_view text);

// The first character of `text` (one byte when it does not start a
// well-formed UTF-8 sequence); "" for "".
absl::string_view FirstCharacter(absl::string_view text);

// `text` with control characters, DEL and bytes outside well-formed UTF-8
// written as escapes (\t, \n, \r, \xNN), and cut after `max_characters`
// characters with "..." and the full length in bytes. A backslash stays as it
// is, so that escaping escaped text changes nothing.
std::string Escaped(absl::string_view text, size_t max_characters = 40);

// Escaped(text) between single quotes: how messages echo input.
std::string Quoted(absl::string_view text);

}  // namespace lud64

#endif  // LUD64_ENGINE_INPUT_TEXT_H_
