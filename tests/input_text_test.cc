#include "engine/input_text.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace lud64::input_text_test {
namespace {

TEST(InputText, CountsCharactersAsAPersonDoes) {
  EXPECT_EQ(CharacterCount("xxxooo"), 6u);
  EXPECT_EQ(CharacterCount("xxx\xc3\xa9ooo"), 7u);  // é is two bytes
  EXPECT_EQ(CharacterCount("\xe2\x82\xac"), 1u);    // €
  EXPECT_EQ(CharacterCount("\xf0\x9f\x98\x80"), 1u);
  // Broken sequences count a character per byte.
  EXPECT_EQ(CharacterCount("\xc3"), 1u);
  EXPECT_EQ(CharacterCount("\xff\xfe"), 2u);
  EXPECT_EQ(CharacterCount("\xc0\xaf"), 2u);  // overlong '/'
  EXPECT_EQ(FirstCharacter("\xc3\xa9x"), "\xc3\xa9");
  EXPECT_EQ(FirstCharacter("\xc3x"), "\xc3");
}

TEST(InputText, EscapesControlCharactersAndBrokenUtf8) {
  EXPECT_EQ(Escaped(std::string("a\tb\nc\rd\x1b"
                                "e\0f\x7f",
                                12)),
            "a\\tb\\nc\\rd\\x1be\\x00f\\x7f");
  EXPECT_EQ(Escaped("caf\xc3\xa9 \xff"), "caf\xc3\xa9 \\xff");
  EXPECT_EQ(Escaped("back\\slash"), "back\\slash");  // escaping twice changes nothing
  EXPECT_EQ(Quoted("D4"), "'D4'");
}

TEST(InputText, CutsLongInput) {
  const std::string long_text(1'000'000, 'x');
  EXPECT_EQ(Quoted(long_text), absl::StrCat("'", std::string(40, 'x'), "... (1000000 bytes)'"));
  EXPECT_EQ(Escaped(std::string(40, 'x')), std::string(40, 'x'));  // exactly 40: whole
  EXPECT_EQ(Escaped("\xc3\xa9\xc3\xa9\xc3\xa9", 2), "\xc3\xa9\xc3\xa9... (6 bytes)");
}

}  // namespace
}  // namespace lud64::input_text_test
