// Guettal's enclosure memo (boards/guettal/enclosure_memo.h): every lookup
// gives what the enclosure computes, whether found or computed, among many
// keys that share slots, and with two threads sharing the memo.
#include <random>
#include <thread>
#include <vector>

#include "boards/guettal/enclosure.h"
#include "boards/guettal/enclosure_memo.h"
#include "gtest/gtest.h"

namespace lud64::guettal_enclosure_memo_test {
namespace {

using guettal::Grid;

struct Addition {
  int added;
  Bitboard own;  // `added` included
};

// Boards of every density, each with one of its own pieces as the addition.
std::vector<Addition> RandomAdditions(int count, uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<Addition> additions;
  while (static_cast<int>(additions.size()) < count) {
    Bitboard own = random() & Grid::kAll;
    for (int thin = static_cast<int>(random() % 3); thin > 0; --thin) own &= random();
    if (own == 0) continue;
    additions.push_back({NthSite(own, static_cast<int>(random() % PopCount(own))), own});
  }
  return additions;
}

// Four times as many keys as slots, each looked up three times: two rounds in
// which most slots were overwritten since, then at once again (found).
TEST(GuettalEnclosureMemo, MatchesTheEnclosureAmongCollidingKeys) {
  const std::vector<Addition> additions = RandomAdditions(1 << 18, 1);
  int enclosing = 0;
  for (int round = 0; round < 2; ++round) {
    for (const Addition& a : additions) {
      const Bitboard expected = guettal::Enclosed(a.added, a.own);
      ASSERT_EQ(guettal::EnclosureMemo::Enclosed(a.added, a.own), expected);
      ASSERT_EQ(guettal::EnclosureMemo::Enclosed(a.added, a.own), expected);
      if (round == 0 && expected != 0) ++enclosing;
    }
  }
  EXPECT_GT(enclosing, 1000);  // not only empty results
}

TEST(GuettalEnclosureMemo, TwoThreadsShareIt) {
  const std::vector<Addition> additions = RandomAdditions(1 << 16, 2);
  auto check = [&](size_t first, int* wrong) {
    // Each thread goes through all keys from its own point, overlapping.
    for (size_t i = 0; i < 2 * additions.size(); ++i) {
      const Addition& a = additions[(first + i) % additions.size()];
      if (guettal::EnclosureMemo::Enclosed(a.added, a.own) != guettal::Enclosed(a.added, a.own))
        ++*wrong;
    }
  };
  int wrong[2] = {0, 0};
  std::thread other(check, additions.size() / 2, &wrong[1]);
  check(0, &wrong[0]);
  other.join();
  EXPECT_EQ(wrong[0] + wrong[1], 0);
}

}  // namespace
}  // namespace lud64::guettal_enclosure_memo_test
