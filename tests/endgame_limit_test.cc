// --upto's values: "N", "MvN" and 0, and which slices each covers.
#include "tablebase/endgame_limit.h"

#include "gtest/gtest.h"

namespace lud64::tablebase::endgame_limit_test {
namespace {

TEST(EndgameLimitTest, ParsesCountsAndPairs) {
  const auto four = ParseEndgameLimit("4", 16);
  ASSERT_TRUE(four.ok()) << four.status();
  EXPECT_EQ(four->larger, 4);
  EXPECT_EQ(four->smaller, 4);
  EXPECT_EQ(four->Text(), "4");
  const auto pair = ParseEndgameLimit("4v3", 16);
  ASSERT_TRUE(pair.ok()) << pair.status();
  EXPECT_EQ(pair->larger, 4);
  EXPECT_EQ(pair->smaller, 3);
  EXPECT_EQ(pair->Text(), "4v3");
  const auto whole = ParseEndgameLimit("0", 16);
  ASSERT_TRUE(whole.ok());
  EXPECT_TRUE(whole->whole_game());
}

TEST(EndgameLimitTest, RejectsWhatIsNotALimit) {
  for (const char* bad :
       {"", "v", "3v4", "4v0", "0v0", "17", "4v", "v3", "4v3v2", "-1", "x", "4 v3"}) {
    const auto limit = ParseEndgameLimit(bad, 16);
    EXPECT_FALSE(limit.ok()) << "'" << bad << "'";
    if (!limit.ok()) {
      EXPECT_NE(limit.status().message().find("expected N"), std::string::npos);
    }
  }
}

TEST(EndgameLimitTest, CoversEitherSideToMove) {
  const EndgameLimit limit{4, 3};
  EXPECT_TRUE(limit.Covers(4, 3));
  EXPECT_TRUE(limit.Covers(3, 4));
  EXPECT_TRUE(limit.Covers(1, 4));
  EXPECT_FALSE(limit.Covers(4, 4));
  EXPECT_FALSE(limit.Covers(5, 1));
  EXPECT_TRUE(EndgameLimit::Up(2).Covers(2, 2));
  EXPECT_FALSE(EndgameLimit::Up(2).Covers(3, 1));
}

}  // namespace
}  // namespace lud64::tablebase::endgame_limit_test
