// The engine core: bitboards, grid geometry, random numbers, game names.
#include <map>

#include "engine/bitboard.h"
#include "engine/cell_grid.h"
#include "engine/game_spec.h"
#include "engine/random.h"
#include "engine/zobrist.h"
#include "gtest/gtest.h"

namespace lud64::engine_test {
namespace {

TEST(Bitboard, IteratesSitesLowestFirst) {
  std::vector<int> sites;
  for (int s : Sites(SquareBit(3) | SquareBit(17) | SquareBit(63))) sites.push_back(s);
  EXPECT_EQ(sites, (std::vector<int>{3, 17, 63}));
  Bitboard b = SquareBit(5) | SquareBit(9);
  EXPECT_EQ(PopLowest(b), 5);
  EXPECT_EQ(b, SquareBit(9));
  EXPECT_EQ(NthSite(SquareBit(2) | SquareBit(40) | SquareBit(41), 2), 41);
}

// Every n of random bitboards of every density: the portable select, pdep
// (where the processor has it) and NthSite agree with counting bits one by one.
TEST(Bitboard, NthSiteImplementationsAgree) {
  Random random(11);
  int checked = 0;
  for (int round = 0; round < 3000; ++round) {
    Bitboard b = random.Next();
    for (int thin = round % 4; thin > 0; --thin) b &= random.Next();  // sparser boards too
    if (round == 0) b = ~Bitboard{0};
    int n = 0;
    for (int site = 0; site < 64; ++site) {
      if (!Contains(b, site)) continue;
      ASSERT_EQ(internal::NthSitePortable(b, n), site) << std::hex << b << " n " << std::dec << n;
      ASSERT_EQ(NthSite(b, n), site) << std::hex << b << " n " << std::dec << n;
      if (internal::FastPdep()) {
        ASSERT_EQ(internal::NthSiteBmi2(b, n), site);
      }
      ++n, ++checked;
    }
  }
  EXPECT_GT(checked, 40000);
}

// Deposit(SquareBit(n), b) is the n-th set bit of b, or 0 past the last: by
// pdep where the processor has a fast one and by the loop where it has not
// (the flag turned off for the second pass).
TEST(Bitboard, DepositSelectsTheNthBitOrNothing) {
  const bool had_pdep = internal::use_pdep;
  for (const bool with_pdep : {had_pdep, false}) {
    internal::use_pdep = with_pdep;
    Random random(12);
    for (int round = 0; round < 2000; ++round) {
      Bitboard b = random.Next();
      for (int thin = round % 4; thin > 0; --thin) b &= random.Next();
      for (int n = 0; n < 64; ++n) {
        const Bitboard expected = n < PopCount(b) ? SquareBit(NthSite(b, n)) : 0;
        ASSERT_EQ(Deposit(SquareBit(n), b), expected)
            << std::hex << b << " n " << std::dec << n << " pdep " << with_pdep;
      }
      ASSERT_EQ(Deposit(0, b), 0u);
    }
    EXPECT_EQ(Deposit(0b101, 0b11100), 0b10100u);  // several bits, as pdep places them
  }
  internal::use_pdep = had_pdep;
}

using Grid7 = CellGrid<7, 7>;
using Grid49 = CellGrid<4, 9>;

TEST(CellGrid, ShiftsDropSitesLeavingTheBoard) {
  EXPECT_EQ(Grid7::Shift(SquareBit(6), kEast), 0u);    // G1 has no east
  EXPECT_EQ(Grid7::Shift(SquareBit(7), kWest), 0u);    // A2 has no west
  EXPECT_EQ(Grid7::Shift(SquareBit(45), kNorth), 0u);  // D7 has no north
  EXPECT_EQ(Grid7::Shift(SquareBit(3), kSouth), 0u);
  EXPECT_EQ(Grid7::Shift(SquareBit(24), kNorthEast), SquareBit(32));
  EXPECT_EQ(Grid49::Shift(SquareBit(8), kNorthEast), 0u);  // I1 has no NE
  EXPECT_EQ(Grid49::Shift(SquareBit(9), kSouthWest), 0u);  // A2 has no SW
}

TEST(CellGrid, ShiftAgreesWithStepEverywhere) {
  for (Direction d : kCompass) {
    for (int s = 0; s < Grid49::kSites; ++s) {
      const int t = Grid49::Step(s, d);
      EXPECT_EQ(Grid49::Shift(SquareBit(s), d), t < 0 ? 0 : SquareBit(t)) << s << " dir " << d;
    }
  }
}

TEST(CellGrid, NeighboursRaysAndCorners) {
  EXPECT_EQ(Grid7::kNeighbours[0], SquareBit(1) | SquareBit(7));
  EXPECT_EQ(PopCount(Grid7::kNeighbours[24]), 4);
  EXPECT_EQ(Grid7::kRays[kEast][3], SquareBit(4) | SquareBit(5) | SquareBit(6));
  EXPECT_EQ(Grid7::kCorners, SquareBit(0) | SquareBit(6) | SquareBit(42) | SquareBit(48));
  EXPECT_EQ(PopCount(Grid49::kAll), 36);
}

TEST(Random, SameSeedSameSequence) {
  Random a(42), b(42), c(43);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.Next(), b.Next());
  EXPECT_NE(Random(42).Next(), c.Next());
}

// Chi-square test of Below(n) for a bound that is not a power of two.
TEST(Random, BelowIsUniform) {
  constexpr int kBound = 7, kDraws = 700000;
  std::array<int, kBound> counts{};
  Random random(1);
  for (int i = 0; i < kDraws; ++i) {
    const uint32_t v = random.Below(kBound);
    ASSERT_LT(v, static_cast<uint32_t>(kBound));
    ++counts[v];
  }
  double chi2 = 0;
  const double expected = static_cast<double>(kDraws) / kBound;
  for (int n : counts) chi2 += (n - expected) * (n - expected) / expected;
  EXPECT_LT(chi2, 22.46);  // p = 0.001 at 6 degrees of freedom
}

TEST(Zobrist, KeysAreDistinct) {
  std::map<uint64_t, int> seen;
  for (const auto& table : kZobrist.sites)
    for (uint64_t key : table) EXPECT_EQ(seen[key]++, 0);
  EXPECT_NE(kZobrist.p2_to_move, 0u);
}

TEST(GameSpec, ReadsNameAndOptions) {
  absl::StatusOr<GameSpec> spec = ParseGameSpec("Davxar:lines=ludii,pieces=6");
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ(spec->name, "davxar");
  ASSERT_EQ(spec->options.size(), 2u);
  EXPECT_EQ(spec->options[1], (std::pair<std::string, std::string>{"pieces", "6"}));
  EXPECT_TRUE(ParseGameSpec("guettal")->options.empty());
}

TEST(GameSpec, RejectsMalformedOptions) {
  for (const char* bad :
       {"", ":pieces=3", "davxar:", "davxar:pieces", "davxar:=3",
        "davxar:pieces=", "davxar:pieces=3,,lines=ludii", "davxar:pieces=3,pieces=4"}) {
    EXPECT_FALSE(ParseGameSpec(bad).ok()) << bad;
  }
}

}  // namespace
}  // namespace lud64::engine_test
