// Weight files of learned evaluations (play/weight_file.h): a file of the
// built-in network searches as it and another differs, no path means the
// built-in one, bad files and games are refused naming the file, and engine
// specifications load theirs when the player is made.
#include "play/weight_file.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "boards/davxar/davxar.h"
#include "boards/guettal/guettal.h"
#include "gtest/gtest.h"
#include "network/embedded_networks.h"
#include "network/network_file.h"
#include "play/engine_spec.h"
#include "play/players.h"
#include "play/search_instances.h"
#include "search/alphabeta.h"
#include "search/transposition_table.h"
#include "tests/file_bytes.h"
#include "tests/scoped_temp_dir.h"

namespace lud64::weight_file_test {
namespace {

// The built-in Davxar network of `family`, as a weight file in `dir`; with
// `output_bias` moved by `shift` when it is not 0.
std::string DavxarWeightFile(const ScopedTempDir& dir, const std::string& name, int shift = 0,
                             const std::string& family = "davxar") {
  for (const EmbeddedFile& embedded : EmbeddedNetworkFiles()) {
    absl::StatusOr<NetworkFile> file = ParseNetworkFile(embedded.bytes, embedded.name);
    if (!file.ok() || file->family != family) continue;
    file->network.output_bias += shift;
    std::string path = absl::StrCat(dir.path(), "/", name);
    EXPECT_TRUE(WriteNetworkFile(path, *file).ok());
    return path;
  }
  ADD_FAILURE() << "no embedded network of " << family;
  return "";
}

// The score line of a fixed-depth search of a 4-piece start, which the
// network judges, with `network` (null: the built-in one).
std::string DepthFourScore(const std::shared_ptr<const QuantizedNetwork>& network) {
  const Davxar game(davxar::MillTest::kHistorical, 4);
  TranspositionTable table(4);
  AlphaBeta<Davxar> search(game, &table, {.network = network});
  const SearchReport report = search.Search(game.start(), {.depth = 4});
  return absl::StrCat(ScoreText(report.score), " nodes ", report.nodes);
}

TEST(WeightFile, AFileOfTheBuiltInNetworkSearchesAsItAndAnotherFileDiffers) {
  const ScopedTempDir dir("weights");
  absl::StatusOr<std::shared_ptr<const QuantizedNetwork>> same =
      LoadWeightFile(Davxar(davxar::MillTest::kHistorical, 4), DavxarWeightFile(dir, "same.lnet"));
  ASSERT_TRUE(same.ok()) << same.status();
  EXPECT_EQ(DepthFourScore(*same), DepthFourScore(nullptr));
  absl::StatusOr<std::shared_ptr<const QuantizedNetwork>> shifted = LoadWeightFile(
      Davxar(davxar::MillTest::kHistorical, 4), DavxarWeightFile(dir, "other.lnet", 4000));
  ASSERT_TRUE(shifted.ok()) << shifted.status();
  EXPECT_NE(DepthFourScore(*shifted), DepthFourScore(nullptr));
}

// The same for the 12-piece start, which the whole-game network judges.
std::string WholeGameScore(const std::shared_ptr<const QuantizedNetwork>& network) {
  const Davxar game;
  TranspositionTable table(4);
  AlphaBeta<Davxar> search(game, &table,
                           {.evaluation = Evaluation::kWholeGame, .network = network});
  const SearchReport report = search.Search(game.start(), {.depth = 3});
  return absl::StrCat(ScoreText(report.score), " nodes ", report.nodes);
}

TEST(WeightFile, AWholeGameFileTakesTheWholeGameNetworksPlace) {
  const ScopedTempDir dir("weights");
  absl::StatusOr<std::shared_ptr<const QuantizedNetwork>> same =
      LoadWeightFile(Davxar(), DavxarWeightFile(dir, "same.lnet", 0, "davxar-whole"));
  ASSERT_TRUE(same.ok()) << same.status();
  EXPECT_TRUE((*same)->whole_game);
  EXPECT_EQ(WholeGameScore(*same), WholeGameScore(nullptr));
  absl::StatusOr<std::shared_ptr<const QuantizedNetwork>> shifted =
      LoadWeightFile(Davxar(), DavxarWeightFile(dir, "other.lnet", 4000, "davxar-whole"));
  ASSERT_TRUE(shifted.ok()) << shifted.status();
  EXPECT_NE(WholeGameScore(*shifted), WholeGameScore(nullptr));
  // The endgame network's file does not judge the start.
  absl::StatusOr<std::shared_ptr<const QuantizedNetwork>> endgame =
      LoadWeightFile(Davxar(), DavxarWeightFile(dir, "endgame.lnet", 4000));
  ASSERT_TRUE(endgame.ok()) << endgame.status();
  EXPECT_FALSE((*endgame)->whole_game);
  EXPECT_EQ(WholeGameScore(*endgame), WholeGameScore(nullptr));
}

TEST(WeightFile, NoPathIsTheBuiltInNetworkForEveryGame) {
  const absl::StatusOr<std::shared_ptr<const QuantizedNetwork>> davxar =
      LoadWeightFile(Davxar(davxar::MillTest::kHistorical, 4), "");
  ASSERT_TRUE(davxar.ok()) << davxar.status();
  EXPECT_EQ(*davxar, nullptr);
  const absl::StatusOr<std::shared_ptr<const QuantizedNetwork>> guettal =
      LoadWeightFile(Guettal(), "");
  ASSERT_TRUE(guettal.ok()) << guettal.status();
  EXPECT_EQ(*guettal, nullptr);
}

TEST(WeightFile, BadFilesAndGamesAreRefusedNamingTheFile) {
  const ScopedTempDir dir("weights");
  const std::string good = DavxarWeightFile(dir, "davxar.lnet");
  const std::string missing = absl::StrCat(dir.path(), "/missing.lnet");
  const std::string corrupt = absl::StrCat(dir.path(), "/corrupt.lnet");
  {
    std::string bytes = ReadBytes(good);
    bytes[bytes.size() / 2] ^= 1;
    WriteBytes(corrupt, bytes);
  }
  const std::vector<std::pair<absl::StatusOr<std::shared_ptr<const QuantizedNetwork>>,
                              std::pair<std::string, std::string>>>
      cases = {
          {LoadWeightFile(Davxar(davxar::MillTest::kHistorical, 4), missing),
           {missing, "cannot open"}},
          {LoadWeightFile(Davxar(davxar::MillTest::kHistorical, 4), corrupt),
           {corrupt, "checksum"}},
          {LoadWeightFile(Davxar(davxar::MillTest::kLudii, 4), good),
           {good, "a network of davxar, not of davxar:lines=ludii or davxar-whole:lines=ludii"}},
          {LoadWeightFile(Guettal(), good), {good, "guettal has no learned evaluation"}},
          {LoadWeightFile(Davxar(davxar::MillTest::kHistorical, 4), dir.path()),
           {dir.path(), "not a regular file"}},
      };
  for (const auto& [loaded, expected] : cases) {
    ASSERT_FALSE(loaded.ok()) << expected.first;
    EXPECT_TRUE(absl::IsInvalidArgument(loaded.status())) << loaded.status();
    EXPECT_TRUE(absl::StrContains(loaded.status().message(), expected.first)) << loaded.status();
    EXPECT_TRUE(absl::StrContains(loaded.status().message(), expected.second)) << loaded.status();
  }
}

TEST(WeightFile, EngineSpecsLoadTheirFileWhenThePlayerIsMade) {
  const ScopedTempDir dir("weights");
  const std::string good = DavxarWeightFile(dir, "davxar.lnet");
  const Davxar game(davxar::MillTest::kHistorical, 4);
  for (const char* engine : {"alphabeta", "mcts"}) {
    absl::StatusOr<EngineSpec> spec =
        ParseEngineSpec(absl::StrCat(engine, ":time=0.01,evalfile=", good));
    ASSERT_TRUE(spec.ok()) << spec.status();
    EXPECT_EQ(spec->options.evalfile, good);
    EXPECT_TRUE(MakePlayer(game, *spec).ok()) << engine;
    spec->options.evalfile = absl::StrCat(dir.path(), "/none.lnet");
    const absl::Status refused = MakePlayer(game, *spec).status();
    EXPECT_TRUE(absl::StrContains(refused.message(), "none.lnet: cannot open")) << refused;
  }
  EXPECT_FALSE(ParseEngineSpec(absl::StrCat("random:evalfile=", good)).ok());
  EXPECT_FALSE(ParseEngineSpec("alphabeta:evalfile=").ok());
}

}  // namespace
}  // namespace lud64::weight_file_test
