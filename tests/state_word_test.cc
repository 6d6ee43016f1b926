// The solver's state word: which words a backward scan takes at a distance,
// one at a time and 64 at a time; and how the backward passes find them
// (PendingPositions).
#include "tablebase/solve/state_word.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "tablebase/slice.h"
#include "tablebase/solve/huge_array.h"
#include "tablebase/solve/pending_positions.h"

namespace lud64::tablebase {
namespace {

using W = StateWord;

TEST(StateWordTest, ResolvedMeansAWinOrAFinalLossNotYetTaken) {
  for (int d : {0, 1, 2, 7, 127, 128, 209, 1000}) {
    if (d > 0) {
      EXPECT_TRUE(W::ResolvedAt(W::Pack(WinEntry(d), 3, 0), d)) << d;
      EXPECT_TRUE(W::ResolvedAt(W::Pack(WinEntry(d), 0, W::kNeverLoss), d)) << d;
      EXPECT_FALSE(W::ResolvedAt(W::Pack(WinEntry(d), 3, W::kDone), d)) << d;
      EXPECT_FALSE(W::ResolvedAt(W::Pack(WinEntry(d + 1), 3, 0), d)) << d;
      EXPECT_FALSE(W::ResolvedAt(W::Pack(WinEntry(d), 3, 0), d - 1)) << d;
    }
    EXPECT_TRUE(W::ResolvedAt(W::Pack(LossEntry(d), 0, 0), d)) << d;
    EXPECT_FALSE(W::ResolvedAt(W::Pack(LossEntry(d), 1, 0), d)) << d;  // a child unresolved
    EXPECT_FALSE(W::ResolvedAt(W::Pack(LossEntry(d), 0, W::kNeverLoss), d)) << d;
    EXPECT_FALSE(W::ResolvedAt(W::Pack(LossEntry(d), 0, W::kDone), d)) << d;
    EXPECT_FALSE(W::ResolvedAt(W::Pack(LossEntry(d), 0, 0), d + 1)) << d;
  }
  // A hole is never resolved.
  EXPECT_FALSE(W::ResolvedAt(W::Pack(0, 0, W::kHole | W::kNeverLoss), 0));
}

TEST(StateWordTest, MaskOf64WordsAgreesWithEachWord) {
  std::mt19937 random(12);
  std::vector<uint32_t> words(64 * 64);
  for (int d = 0; d < 300; ++d) {
    for (uint32_t& word : words) {
      // Values near d, counts 0-2, random flags: most cases of each test.
      const int turns = std::max(0, d + static_cast<int>(random() % 5) - 2);
      const Entry value = random() % 2 ? WinEntry(std::max(turns, 1)) : LossEntry(turns);
      word = W::Pack(value, static_cast<int>(random() % 3), static_cast<uint8_t>(random() % 8));
    }
    int resolved = 0;
    for (size_t block = 0; block < words.size(); block += 64) {
      const uint64_t mask = W::ResolvedMask(&words[block], d);
      for (int k = 0; k < 64; ++k) {
        const bool one = W::ResolvedAt(words[block + k], d);
        ASSERT_EQ((mask >> k) & 1, one ? 1U : 0U) << "d " << d << " word " << words[block + k];
        resolved += one;
      }
    }
    EXPECT_GT(resolved, 0) << d;
  }
}

}  // namespace
}  // namespace lud64::tablebase
