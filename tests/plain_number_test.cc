#include "tools/common/plain_number.h"

#include <cstdint>

#include "gtest/gtest.h"

namespace lud64 {
namespace {

TEST(PlainNumber, ReadsPlainDecimalOnly) {
  int i = 0;
  EXPECT_TRUE(ParsePlainNumber("42", &i));
  EXPECT_EQ(i, 42);
  EXPECT_TRUE(ParsePlainNumber("-7", &i));
  EXPECT_EQ(i, -7);
  for (const char* bad : {"", " 3", "3 ", "+3", "0x3", "3.0", "-", "2147483648", "1e3"})
    EXPECT_FALSE(ParsePlainNumber(bad, &i)) << bad;
  uint64_t u = 0;
  EXPECT_TRUE(ParsePlainNumber("18446744073709551615", &u));
  EXPECT_EQ(u, UINT64_MAX);
  for (const char* bad : {"-1", "18446744073709551616", "+1"})
    EXPECT_FALSE(ParsePlainNumber(bad, &u)) << bad;
  int64_t l = 0;
  EXPECT_TRUE(ParsePlainNumber("-9223372036854775808", &l));
  EXPECT_EQ(l, INT64_MIN);
  double d = 0;
  EXPECT_TRUE(ParsePlainNumber("0.25", &d));
  EXPECT_EQ(d, 0.25);
  EXPECT_TRUE(ParsePlainNumber("-1e-6", &d));
  for (const char* bad : {"nan", "inf", "-inf", " 1", "+1", "1e400", "", "0x1p3"})
    EXPECT_FALSE(ParsePlainNumber(bad, &d)) << bad;
}

}  // namespace
}  // namespace lud64
