// Samples from generate's files (tools/train/generated_samples.h): targets
// that blend the result and the score (the tables' value where given), whole
// games held out, nested shares, the endgame network's positions left out,
// a block cut short ignored and a bad line refused naming it.
#include "tools/train/generated_samples.h"

#include <cmath>
#include <fstream>
#include <string>
#include <tuple>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "boards/davxar/davxar.h"
#include "engine/game.h"
#include "engine/position_text.h"
#include "gtest/gtest.h"
#include "tests/scoped_temp_dir.h"

namespace lud64::generated_samples_test {
namespace {

TEST(GeneratedSamples, TargetsBlendTheResultAndTheScore) {
  EXPECT_FLOAT_EQ(GeneratedTarget(0, 1, "-", 0.5), 0.75f);
  EXPECT_FLOAT_EQ(GeneratedTarget(150, 0, "-", 0), static_cast<float>(1 / (1 + std::exp(-1.0))));
  EXPECT_FLOAT_EQ(GeneratedTarget(-150, 1, "-", 1), 1.0f);
  // A proven score is a certain result.
  EXPECT_FLOAT_EQ(GeneratedTarget(WinIn(5), 0, "-", 0.25), 0.75f);
  EXPECT_FLOAT_EQ(GeneratedTarget(LossIn(5), 1, "-", 0.25), 0.25f);
  // The tables' value wins over both: a win in 32 turns 0.875, a draw 0.5.
  EXPECT_FLOAT_EQ(GeneratedTarget(-300, 0, "w32", 0.5), 0.875f);
  EXPECT_FLOAT_EQ(GeneratedTarget(300, 1, "d", 0.5), 0.5f);
  EXPECT_FLOAT_EQ(GeneratedTarget(300, 1, "l0", 0.5), 0.0f);
}

// A generate file of `games` games of two positions each: the start and the
// position after one decision, the game won by P1 (a 12-piece game, or with
// `pieces` another, named `name`).
std::string WriteFile(const ScopedTempDir& dir, int games, const std::string& name = "davxar",
                      const std::string& tail = "", int pieces = Davxar::kDefaultPieces) {
  const Davxar game(davxar::MillTest::kHistorical, pieces);
  Davxar::Position next = game.start();
  DecisionList decisions;
  LegalDecisions(game, next, decisions);
  Apply(game, next, decisions[0]);
  const std::string path = absl::StrCat(dir.path(), "/g.gen");
  std::ofstream out(path);
  out << "# lud64-train generate --game=davxar\n";
  for (int i = 0; i < games; ++i) {
    out << "game " << i << " " << name << " 1-0 30 2\n"
        << "50 1 - " << FormatPosition(game, game.start()) << "\n"
        << "-50 0 - " << FormatPosition(game, next) << "\n";
  }
  out << tail;
  return path;
}

TEST(GeneratedSamples, GamesAreHeldOutWholeAndSharesNest) {
  const ScopedTempDir dir("generated");
  const std::string path = WriteFile(dir, 400);
  ASSERT_TRUE(IsGeneratedFile(path));
  GeneratedSamples all;
  ASSERT_TRUE(ReadGeneratedSamples(path, {.blend = 0.5, .validation = 0.25}, all).ok());
  EXPECT_EQ(all.games, 400);
  EXPECT_EQ(all.training.size() + all.validation.size(), 800);
  // Whole games: both positions of a held-out game, about a quarter.
  EXPECT_EQ(all.validation.size() % 2, 0);
  EXPECT_GT(all.validation.size(), 120);
  EXPECT_LT(all.validation.size(), 280);
  ASSERT_EQ(all.validation_results.size(), all.validation.size());
  for (size_t i = 0; i < all.validation.size(); i += 2) {
    // P1 moves first and won: the results 1 then 0, the blends beside them.
    EXPECT_EQ(all.validation_results[i].target, 1);
    EXPECT_EQ(all.validation_results[i + 1].target, 0);
    EXPECT_GT(all.validation[i].target, 0.75f);
    EXPECT_LT(all.validation[i + 1].target, 0.25f);
  }
  GeneratedSamples half;
  ASSERT_TRUE(
      ReadGeneratedSamples(path, {.blend = 0.5, .validation = 0.25, .share = 0.5}, half).ok());
  EXPECT_EQ(half.validation.size(), all.validation.size());
  EXPECT_GT(half.training.size(), all.training.size() / 4);
  EXPECT_LT(half.training.size(), all.training.size() * 3 / 4);
}

TEST(GeneratedSamples, PositionsTheEndgameNetworkJudgesAreLeftOut) {
  const ScopedTempDir dir("generated");
  for (const auto& [name, pieces, kept] :
       {std::tuple{"davxar", 12, 20}, {"davxar:pieces=4", 4, 0}}) {
    GeneratedSamples samples;
    const absl::Status read = ReadGeneratedSamples(
        WriteFile(dir, 10, name, "", pieces), {.validation = 0.001, .whole_game = true}, samples);
    ASSERT_TRUE(read.ok()) << read;
    EXPECT_EQ(samples.training.size() + samples.validation.size(), kept) << name;
    EXPECT_EQ(samples.left_out, 20 - kept) << name;
  }
  // The positions kept carry the hand-written evaluation's logit, which the
  // network corrects.
  GeneratedSamples samples;
  ASSERT_TRUE(
      ReadGeneratedSamples(WriteFile(dir, 1), {.validation = 0.001, .whole_game = true}, samples)
          .ok());
  ASSERT_EQ(samples.training.size(), 2);
  const Davxar game;
  DecisionList decisions;
  Davxar::Position next = game.start();
  LegalDecisions(game, next, decisions);
  Apply(game, next, decisions[0]);
  EXPECT_FLOAT_EQ(samples.training[0].base_logit, game.evaluate(game.start()) / kLogisticScale);
  EXPECT_FLOAT_EQ(samples.training[1].base_logit, game.evaluate(next) / kLogisticScale);
  EXPECT_NE(samples.training[1].base_logit, 0);
}

TEST(GeneratedSamples, ABlockCutShortIsIgnoredAndABadLineRefused) {
  const ScopedTempDir dir("generated");
  GeneratedSamples cut;
  ASSERT_TRUE(
      ReadGeneratedSamples(WriteFile(dir, 3, "davxar", "game 3 davxar 1-0 30 2\n50 1 - "), {}, cut)
          .ok());
  EXPECT_EQ(cut.games, 3);
  GeneratedSamples bad;
  const std::string path = WriteFile(dir, 2, "davxar", "game 2 davxar 1-0 30 1\n50 2 - x\n");
  const absl::Status status = ReadGeneratedSamples(path, {}, bad);
  EXPECT_TRUE(absl::IsInvalidArgument(status));
  EXPECT_EQ(status.message(),
            absl::StrCat("generate file ", path,
                         ": line 9: expected a line `<score> <result> <table> <position>`"));
  const std::string unknown = WriteFile(dir, 1, "chess");
  EXPECT_TRUE(absl::StrContains(ReadGeneratedSamples(unknown, {}, bad).message(), "line 4"));
}

}  // namespace
}  // namespace lud64::generated_samples_test
