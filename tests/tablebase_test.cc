// Davxar tables built for the whole game with 3 pieces: symmetry, the
// recurrence on every position, games played out by the tables, the start.
#include <bit>
#include <memory>
#include <random>
#include <sstream>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_format.h"
#include "boards/damdaman/damdaman_text.h"
#include "boards/davxar/davxar_text.h"
#include "engine/position_text.h"
#include "gtest/gtest.h"
#include "play/probe_json.h"
#include "search/solver.h"
#include "tablebase/games/damdaman_tablebase.h"
#include "tablebase/games/davxar_tablebase.h"
#include "tablebase/games/game_tablebases.h"
#include "tablebase/operations/tb_operations.h"
#include "tablebase/solve/component_ids.h"
#include "tests/scoped_temp_dir.h"
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

TEST(TablebaseSymmetryTest, DavxarGroupIsComputedFromTheBoard) {
  EXPECT_EQ(NeighbourAutomorphisms(davxar::kNeighbours).size(), 16u);
  for (MillTest lines : {MillTest::kHistorical, MillTest::kLudii}) {
    const SiteSymmetry symmetry = davxar::MakeDavxarSymmetry(lines);
    ASSERT_EQ(symmetry.order(), 8);
    const Davxar game(lines, 12);
    const auto& perms = symmetry.permutations();
    for (int s = 0; s < davxar::kPoints; ++s) EXPECT_EQ(perms[0][s], s);  // identity first
    std::mt19937_64 random(1);
    for (int g = 0; g < symmetry.order(); ++g) {
      for (int h = 0; h < symmetry.order(); ++h) {  // closed under composition
        Permutation gh(davxar::kPoints);
        for (int s = 0; s < davxar::kPoints; ++s) gh[s] = perms[g][perms[h][s]];
        EXPECT_NE(std::find(perms.begin(), perms.end(), gh), perms.end());
      }
      for (int s = 0; s < davxar::kPoints; ++s) {  // links map to links
        Bitboard image = 0;
        for (int t : Sites(davxar::kNeighbours[s])) image |= SquareBit(perms[g][t]);
        EXPECT_EQ(image, davxar::kNeighbours[perms[g][s]]);
      }
      for (int i = 0; i < 2000; ++i) {  // mills map to mills
        const Bitboard own = random() & random() & davxar::kAllPoints;
        EXPECT_EQ(symmetry.Apply(g, game.PiecesInMills(own)),
                  game.PiecesInMills(symmetry.Apply(g, own)));
      }
    }
  }
}

TEST(TablebaseSymmetryTest, DamdamanGroupIsTheSquaresEight) {
  EXPECT_EQ(NeighbourAutomorphisms(Damdaman::Grid::kNeighbours).size(), 8u);
  const SiteSymmetry symmetry = damdaman::MakeDamdamanSymmetry();
  ASSERT_EQ(symmetry.order(), 8);
  // The centre stays; the corners map to corners.
  for (int g = 0; g < 8; ++g) {
    EXPECT_EQ(symmetry.permutations()[g][24], 24);
    EXPECT_EQ(symmetry.Apply(g, Damdaman::Grid::kCorners), Damdaman::Grid::kCorners);
  }
}

// PairAt unranks small opponent sets through a table and larger ones by
// bisection: both must give the colex unranking over the own set's free sites.
TEST(PairIndexTest, PairAtUnranksTheOpponentOverTheFreeSites) {
  const SiteSymmetry davxar_symmetry = davxar::MakeDavxarSymmetry(MillTest::kHistorical);
  const SiteSymmetry damdaman_symmetry = damdaman::MakeDamdamanSymmetry();
  std::mt19937_64 random(7);
  for (const SiteSymmetry* symmetry : {&davxar_symmetry, &damdaman_symmetry}) {
    const PairIndex index(symmetry);
    const Bitboard all = SquareBit(symmetry->sites()) - 1;
    for (int own_count = 0; own_count <= 4; ++own_count) {
      for (int opponent_count = 0; opponent_count <= 8; ++opponent_count) {
        const uint64_t size = index.Size(own_count, opponent_count);
        const uint64_t per_own = Binomial(symmetry->sites() - own_count, opponent_count);
        for (int i = 0; i < 300; ++i) {
          const uint64_t at = i < 2 ? i * (size - 1) : random() % size;
          Bitboard own, opponent;
          index.PairAt(own_count, opponent_count, at, own, opponent);
          ASSERT_EQ(own, index.OwnSets(own_count)[at / per_own]);
          ASSERT_EQ(opponent, ColexUnrank(all & ~own, opponent_count, at % per_own))
              << own_count << "v" << opponent_count << " at " << at;
        }
      }
    }
  }
}

// Unmoves index through a frame of the fixed opponent set: the same indices
// as Index, for own sets whose stabiliser is trivial or not (those with a
// symmetry of their own, where several maps canonicalise the set).
TEST(PairIndexTest, OpponentFrameIndexesAsIndex) {
  const SiteSymmetry davxar_symmetry = davxar::MakeDavxarSymmetry(MillTest::kLudii);
  const SiteSymmetry damdaman_symmetry = damdaman::MakeDamdamanSymmetry();
  std::mt19937_64 random(11);
  for (const SiteSymmetry* symmetry : {&davxar_symmetry, &damdaman_symmetry}) {
    const PairIndex index(symmetry);
    const Bitboard all = SquareBit(symmetry->sites()) - 1;
    for (int own_count = 1; own_count <= 4; ++own_count) {
      for (int opponent_count = 0; opponent_count <= 4; ++opponent_count) {
        const uint64_t free_sets = Binomial(symmetry->sites() - own_count, opponent_count);
        int symmetric = 0;
        for (int i = 0; i < 400; ++i) {
          // Half the own sets are a set's orbit closure under one map, so
          // that many have a non-trivial stabiliser.
          Bitboard own =
              ColexUnrank(all, own_count, random() % Binomial(symmetry->sites(), own_count));
          if (i % 2 == 1 && own_count % 2 == 0) {
            const int g = static_cast<int>(random() % symmetry->order());
            const Bitboard half = ColexUnrank(own, own_count / 2, 0);
            if ((symmetry->Apply(g, half) & half) == 0) own = half | symmetry->Apply(g, half);
          }
          const Bitboard opponent = ColexUnrank(all & ~own, opponent_count, random() % free_sets);
          const PairIndex::OpponentFrame frame = index.FrameOfOpponent(opponent, own_count);
          ASSERT_EQ(frame.Index(own), index.Index(own, opponent))
              << own_count << "v" << opponent_count << " own " << own << " opponent " << opponent;
          const uint32_t forms = index.OwnForms(own_count)[ColexRankAll(own)].symmetries;
          symmetric += std::popcount(forms) > 1;
        }
        if (own_count % 2 == 0) {
          EXPECT_GT(symmetric, 0) << own_count << "v" << opponent_count;
        }
      }
    }
  }
}

// A pass decodes its ids through a Decoder that keeps the run of ids sharing
// a slice and an own set: every id as Decode gives it, in increasing order,
// across runs and slices, and after going back.
TEST(PairIndexTest, DecoderDecodesAsDecode) {
  const DavxarTb tb(MillTest::kHistorical);
  const ComponentIds<DavxarTb> ids(
      tb, {{2, 3, 0, 0, false}, {3, 2, 0, 0, false}, {3, 2, 0, 0, true}, {2, 2, 1, 0, false}});
  ComponentIds<DavxarTb>::Decoder decoder(ids);
  std::mt19937_64 random(5);
  uint64_t id = 0;
  for (int i = 0; i < 200000; ++i) {
    ASSERT_EQ(decoder(id), ids.Decode(id)) << "id " << id;
    // Mostly small steps (runs), some long ones, now and then back.
    const uint64_t step = i % 97 == 0 ? random() % ids.size() : 1 + random() % 40;
    id = i % 1009 == 0 ? random() % ids.size() : (id + step) % ids.size();
  }
  for (int slice = 0; slice < ids.slices(); ++slice) {
    for (const uint64_t at : {ids.begin(slice), ids.end(slice) - 1}) {
      ASSERT_EQ(decoder(at), ids.Decode(at)) << "slice " << slice << " id " << at;
    }
  }
}

// The forward pass walks slices with a cursor instead of unranking each index:
// every step must give what Unrank gives, holes included, from any start.
TEST(PairIndexTest, CursorStepsThroughUnrankOrder) {
  const SiteSymmetry davxar_symmetry = davxar::MakeDavxarSymmetry(MillTest::kLudii);
  const SiteSymmetry damdaman_symmetry = damdaman::MakeDamdamanSymmetry();
  for (const SiteSymmetry* symmetry : {&davxar_symmetry, &damdaman_symmetry}) {
    const PairIndex index(symmetry);
    for (const auto& [own_count, opponent_count] :
         std::vector<std::pair<int, int>>{{0, 2}, {1, 0}, {1, 3}, {2, 2}, {3, 1}, {4, 2}}) {
      const uint64_t size = index.Size(own_count, opponent_count);
      if (size > 3'000'000) continue;
      int holes = 0;
      for (const uint64_t start : {uint64_t{0}, size / 3, size - 1}) {
        PairCursor cursor(index, own_count, opponent_count, start);
        for (uint64_t i = start; i < size; ++i) {
          Bitboard own, opponent;
          const bool canonical = index.Unrank(own_count, opponent_count, i, own, opponent);
          ASSERT_EQ(cursor.own(), own) << own_count << "v" << opponent_count << " at " << i;
          ASSERT_EQ(cursor.opponent(), opponent)
              << own_count << "v" << opponent_count << " at " << i;
          ASSERT_EQ(cursor.canonical(), canonical)
              << own_count << "v" << opponent_count << " at " << i;
          holes += !canonical;
          if (i + 1 < size) cursor.Next();
        }
      }
      if (own_count >= 2) {
        EXPECT_GT(holes, 0) << own_count << "v" << opponent_count;
      }
    }
  }
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

// A probe's JSON, and a position outside the tables, on a set that takes a
// second to build: Damdaman up to 2 v 2.
TEST(TablebaseTest, ProbeFormatsAndOutOfSliceErrors) {
  const Damdaman game;
  const ScopedTempDir dir("tb_probe_json");
  std::ostringstream log;
  ASSERT_TRUE(BuildTablebases(game, {.dir = dir.path(), .upto = EndgameLimit::Up(2)}, log).ok());
  const absl::StatusOr<Tablebase<damdaman::DamdamanTb>> base =
      Tablebase<damdaman::DamdamanTb>::Open(damdaman::DamdamanTb(), dir.path());
  ASSERT_TRUE(base.ok()) << base.status();
  const Damdaman::Position position =
      ParsePosition(game, "xx...../......./......./......./......./......./.....oo x").value();
  const TbProbeResult result = ProbeOpen(*base, position).value();
  DecisionList legal;
  LegalDecisions(game, position, legal);
  EXPECT_EQ(result.decisions.size(), static_cast<size_t>(legal.size()));
  const std::string json = ProbeJson(game, position.state.turn, result);
  EXPECT_TRUE(absl::StartsWith(
      json, absl::StrFormat(R"({"value": "%s", "turns": %d, "plies": )",
                            ResultName(result.under_limit.result), result.under_limit.turns)))
      << json;
  EXPECT_TRUE(absl::StrContains(json, R"("best": )")) << json;
  EXPECT_TRUE(absl::StrContains(json, R"("family": "damdaman"})")) << json;
  // The start, 24 v 24, is not in an up-to-2 build.
  const absl::StatusOr<TbValue> missing = base->Probe(game.start());
  EXPECT_TRUE(absl::IsNotFound(missing.status())) << missing.status();
  EXPECT_TRUE(absl::StrContains(missing.status().message(), "24v24")) << missing.status();
}

}  // namespace
}  // namespace lud64::tablebase::tablebase_test
