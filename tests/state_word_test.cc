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

namespace lud64::tablebase::state_word_test {
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

// Random words with values near the distances 0-20, some taken, some holes.
HugeArray<uint32_t> RandomWords(uint64_t size, uint32_t seed) {
  std::mt19937 random(seed);
  HugeArray<uint32_t> words(size);
  for (uint64_t i = 0; i < size; ++i) {
    if (random() % 4 != 0) continue;  // most words of a component are unresolved draws
    const int turns = static_cast<int>(random() % 21);
    const Entry value = random() % 2 ? WinEntry(std::max(turns, 1)) : LossEntry(turns);
    words[i] = W::Pack(value, static_cast<int>(random() % 2), static_cast<uint8_t>(random() % 8));
  }
  return words;
}

TEST(PendingPositionsTest, RebuiltFromTheWordsItFindsEachResolvedWordAtItsDistance) {
  // Three words of the block map and a partial block at the end.
  const uint64_t size = 3 * PendingPositions::kIdsPerWord + 37;
  HugeArray<uint32_t> words = RandomWords(size, 5);
  PendingPositions pending(words);
  pending.Rebuild();
  uint64_t taken = 0, resolved = 0;
  for (uint64_t i = 0; i < size; ++i) resolved += W::Pending(words[i]) ? 1 : 0;
  ASSERT_GT(resolved, 100U);
  for (int d = 0; d <= 20; ++d) {
    std::vector<uint64_t> expected, found;
    for (uint64_t i = 0; i < size; ++i) {
      if (W::ResolvedAt(words[i], d)) expected.push_back(i);
    }
    EXPECT_EQ(pending.CountedAt(d), expected.size()) << d;
    PendingPositions::Tally tally;
    pending.ForCandidates(PendingPositions::Source::kBlocks, d, 0, size, [&](uint64_t i) {
      Entry value;
      if (pending.Take(i, d, value, tally)) found.push_back(i);
    });
    EXPECT_EQ(found, expected) << d;
    taken += tally.taken;
  }
  EXPECT_EQ(taken, resolved);
  EXPECT_TRUE(pending.NothingPending());
}

TEST(PendingPositionsTest, AnUpdateResolvingAtTheRoundsDistanceIsTheNextRoundsCandidate) {
  HugeArray<uint32_t> words(2 * PendingPositions::kIdsPerWord);
  // Two predecessors left with one child each, reached by the same mover's
  // step (a Davxar mill): that child lost at 3 makes each a loss, at the
  // largest distance either has seen.
  const uint64_t now = 70, later = 5000;
  words[now] = W::Pack(LossEntry(3), 1, 0);
  words[later] = W::Pack(LossEntry(9), 1, 0);
  PendingPositions pending(words);
  PendingPositions::Tally tally;
  pending.Deliver(now, W::Update(now, LossEntry(3), /*same=*/true), 3, tally);
  pending.Deliver(later, W::Update(later, LossEntry(3), /*same=*/true), 3, tally);
  EXPECT_EQ(tally.marked, 1U);
  ASSERT_EQ(tally.later.size(), 10U);
  EXPECT_EQ(tally.later[9], 1U);
  uint64_t taken = 0;
  EXPECT_EQ(pending.EndRound({tally}, taken), 1U);
  EXPECT_EQ(pending.CountedAt(9), 1U);
  pending.NextRound();
  std::vector<uint64_t> found;
  pending.ForCandidates(PendingPositions::Source::kMarked, 3, 0, words.size(),
                        [&](uint64_t i) { found.push_back(i); });
  EXPECT_EQ(found, std::vector<uint64_t>{now});
  found.clear();
  pending.ForCandidates(PendingPositions::Source::kBlocks, 9, 0, words.size(), [&](uint64_t i) {
    if (W::ResolvedAt(words[i], 9)) found.push_back(i);
  });
  EXPECT_EQ(found, std::vector<uint64_t>{later});
}

}  // namespace
}  // namespace lud64::tablebase::state_word_test
