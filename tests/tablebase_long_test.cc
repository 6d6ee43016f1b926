// Davxar tables built for the whole game with 3 pieces (the fixture
// pieces3_tables): symmetry, the recurrence on every position, games played
// out by the tables, the start against the solver.
#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "boards/davxar/davxar_text.h"
#include "engine/position_text.h"
#include "gtest/gtest.h"
#include "play/search_instances.h"
#include "search/solver.h"
#include "tablebase/games/davxar_tablebase.h"
#include "tablebase/operations/tb_operations.h"
#include "tests/tablebase_test_support.h"

namespace lud64::tablebase::tablebase_test {
namespace {

// A random position of a random built slice, P1 or P2 to move.
Davxar::Position RandomPosition(const Tablebase<DavxarTb>& base, std::mt19937_64& random) {
  std::vector<SliceKey> keys;
  for (const auto& [key, slice] : base.tables().all()) keys.push_back(key);
  std::sort(keys.begin(), keys.end());
  SliceKey key;
  Bitboard own, opponent;
  do {  // a position that can occur in a game (removals follow mills)
    key = keys[random() % keys.size()];
    const uint64_t index = random() % base.tb().index().Size(key.own, key.opponent);
    base.tb().index().Unrank(key.own, key.opponent, index, own, opponent);
  } while (!MayOccur(base.tb(), key, own, opponent));
  Davxar::Position p = base.tb().Make(key, own, opponent);
  if (random() & 1) {  // the same position with P2 to move
    std::swap(p.pieces[0], p.pieces[1]);
    std::swap(p.hand[0], p.hand[1]);
    p.state.to_move = Player::kP2;
  }
  return p;
}

TEST(TablebaseSymmetryLong, ImagesAndColourSwapsProbeEqual) {
  const Tablebase<DavxarTb>& base = Pieces3(MillTest::kHistorical);
  const SiteSymmetry& symmetry = base.tb().symmetry();
  std::mt19937_64 random(2);
  for (int i = 0; i < 3000; ++i) {
    const Davxar::Position p = RandomPosition(base, random);
    const absl::StatusOr<TbValue> value = base.Probe(p);
    ASSERT_TRUE(value.ok()) << value.status();
    for (int g = 0; g < symmetry.order(); ++g) {
      Davxar::Position image = p;
      for (Bitboard& side : image.pieces) side = symmetry.Apply(g, side);
      EXPECT_EQ(base.Probe(image).value(), *value) << FormatPosition(base.tb().game(), p);
    }
  }
}

// Every position of the small slices, every 5th of the large ones, read
// from the compressed files decoded at open (the probes of the other tests
// read them block by block).
TEST(TablebaseLong, EveryValueFollowsFromItsSuccessors) {
  for (MillTest lines : {MillTest::kHistorical, MillTest::kLudii}) {
    const absl::StatusOr<Tablebase<DavxarTb>> decoded = Tablebase<DavxarTb>::Open(
        DavxarTb(lines), Pieces3Build(lines).dir(), FileCheck::kHeader, SliceAccess::kEntries);
    ASSERT_TRUE(decoded.ok()) << decoded.status();
    const Tablebase<DavxarTb>& base = *decoded;
    uint64_t positions = 0, mismatches = 0;
    for (const auto& [key, slice] : base.tables().all()) {
      const uint64_t stride = slice->size() > 500'000 ? 5 : 1;
      for (uint64_t index = 0; index < slice->size(); index += stride) {
        Bitboard own, opponent;
        if (!base.tb().index().Unrank(key.own, key.opponent, index, own, opponent) ||
            !MayOccur(base.tb(), key, own, opponent)) {
          continue;
        }
        const auto p = base.tb().Make(key, own, opponent);
        const TbValue stored = ValueOf(slice->Read(index).value());
        const TbValue derived = ValueFromSuccessors(base.tb(), base.tables(), p).value();
        ++positions;
        if (stored != derived && ++mismatches < 5) {
          ADD_FAILURE() << FormatPosition(base.tb().game(), p) << ": stored " << ValueText(stored)
                        << ", from successors " << ValueText(derived);
        }
      }
    }
    EXPECT_EQ(mismatches, 0u);
    EXPECT_GT(positions, 1'000'000u);
  }
}

TEST(TablebaseLong, OptimalPlayEndsAsStated) {
  for (MillTest lines : {MillTest::kHistorical, MillTest::kLudii}) {
    const Tablebase<DavxarTb>& base = Pieces3(lines);
    const Davxar game(lines, 3);
    std::mt19937_64 random(3);
    int decisive = 0;
    for (int i = 0; i < 400; ++i) {
      Davxar::Position p = RandomPosition(base, random);
      const TbValue value = base.Probe(p).value();
      const Player mover = p.state.to_move;
      const std::string start = FormatPosition(game, p);
      // Draws: 60 turns of optimal play stay drawn.
      const int turns = value.result == TbResult::kDraw ? 60 : value.turns;
      decisive += value.result != TbResult::kDraw;
      while (!p.state.over() && p.state.turn < turns) {
        Apply(game, p, base.Rank(p).value().front().decision);
      }
      if (value.result == TbResult::kDraw) {
        EXPECT_FALSE(p.state.over()) << start;
        EXPECT_EQ(base.Probe(p).value().result, TbResult::kDraw) << start;
      } else {
        EXPECT_TRUE(p.state.over()) << start << " " << ValueText(value);
        EXPECT_EQ(p.state.outcome, WinFor(value.result == TbResult::kWin ? mover : Opponent(mover)))
            << start;
        EXPECT_EQ(p.state.turn, value.turns) << start;
      }
    }
    EXPECT_GT(decisive, 50);
  }
}

// The start: a draw with either mill test. The alpha-beta solver, which shares
// no code with the tables, cannot prove a result there, and agrees with every
// short win or loss the tables report.
TEST(TablebaseLong, Pieces3StartAgreesWithTheSolver) {
  for (MillTest lines : {MillTest::kHistorical, MillTest::kLudii}) {
    const Tablebase<DavxarTb>& base = Pieces3(lines);
    const Davxar game(lines, 3);
    EXPECT_EQ(base.Probe(game.start()).value(), TbValue{});
    const std::vector<RankedDecision> ranked = base.Rank(game.start()).value();
    for (const RankedDecision& d : ranked) {
      EXPECT_EQ(d.value, TbValue{});
    }
    Solver<Davxar> solver(game, 16);
    const SolveReport start = solver.Solve(game.start(), {.depth = 8});
    EXPECT_FALSE(start.proven && start.lower != 0);
    std::mt19937_64 random(4);
    int checked = 0;
    for (int i = 0; i < 4000 && checked < 40; ++i) {
      const Davxar::Position p = RandomPosition(base, random);
      const TbValue value = base.Probe(p).value();
      if (value.result == TbResult::kDraw || value.turns > 2) continue;
      ++checked;
      Solver<Davxar> short_solver(game, 4);
      const SolveReport report = short_solver.Solve(p, {.depth = 8});
      ASSERT_TRUE(report.proven) << FormatPosition(game, p);
      EXPECT_EQ(report.lower > 0, value.result == TbResult::kWin) << FormatPosition(game, p);
    }
    EXPECT_GE(checked, 20);
  }
}

}  // namespace
}  // namespace lud64::tablebase::tablebase_test
