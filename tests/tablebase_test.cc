// The tables' symmetry groups and pair indexing, and probes of a small
// Damdaman set; the tests on the davxar:pieces=3 tables are in
// tablebase_long_test.cc.
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
#include "tablebase/games/damdaman_tablebase.h"
#include "tablebase/games/davxar_tablebase.h"
#include "tablebase/games/game_tablebases.h"
#include "tablebase/operations/tb_operations.h"
#include "tablebase/solve/component_ids.h"
#include "tests/scoped_temp_dir.h"
#include "tests/tablebase_test_support.h"

namespace lud64::tablebase::tablebase_test {
namespace {

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
