#include "engine/input_text.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace lud64 {
namespace {

// The length of the well-formed UTF-8 sequence at text[i], or 0 when the
// bytes there are not one (overlong forms and surrogates included).
size_t SequenceLength(absl::string_view text, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) return 1;
  size_t length;
  unsigned char low = 0x80, high = 0xbf;  // the range of the second byte
  if (lead >= 0xc2 && lead <= 0xdf) {
    length = 2;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    length = 3;
    if (lead == 0xe0) low = 0xa0;
    if (lead == 0xed) high = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    length = 4;
    if (lead == 0xf0) low = 0x90;
    if (lead == 0xf4) high = 0x8f;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  if (byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (size_t k = 2; k < length; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xbf) return 0;
  return length;
}

}  // namespace

size_t CharacterCount(absl::string_view text) {
  size_t count = 0;
  for (size_t i = 0; i < text.size(); ++count) i += std::max<size_t>(1, SequenceLength(text, i));
  return count;
}

absl::string_view FirstCharacter(absl::string_view text) {
  if (text.empty()) return text;
  return text.substr(0, std::max<size_t>(1, SequenceLength(text, 0)));
}

std::string Escaped(absl::string_view text, size_t max_characters) {
  std::string out;
  size_t i = 0;
  for (size_t characters = 0; i < text.size() && characters < max_characters; ++characters) {
    const size_t length = SequenceLength(text, i);
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (length > 1) {
      out.append(text.data() + i, length);
      i += length;
      continue;
    }
    ++i;
    switch (c) {
      case '\t':
        out += "\\t";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        if (length == 0 || c < 0x20 || c == 0x7f) {
          absl::StrAppendFormat(&out, "\\x%02x", c);
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  if (i < text.size()) absl::StrAppend(&out, "... (", text.size(), " bytes)");
  return out;
}

std::string Quoted(absl::string_view text) { return absl::StrCat("'", Escaped(text), "'"); }

}  // namespace lud64
