// The learned evaluation: the integer network against its float reference,
// incremental accumulators against a refresh, weight files good and bad, the
// embedded networks, and training lowering its loss.
#include "network/network.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "boards/damdaman/damdaman.h"
#include "boards/davxar/davxar.h"
#include "engine/game.h"
#include "engine/random.h"
#include "gtest/gtest.h"
#include "network/embedded_networks.h"
#include "network/games/game_networks.h"
#include "network/incremental.h"
#include "network/network_file.h"
#include "network/training.h"
#include "search/playout.h"
#include "tests/scoped_temp_dir.h"
#include "tools/train/sample_file.h"

namespace lud64::network_test {
namespace {

NetworkInputs RandomInputs(std::mt19937_64& random, int count) {
  NetworkInputs inputs;
  for (int i = 0; i < count; ++i) inputs.Set(static_cast<int>(random() % kNetworkInputs));
  return inputs;
}

// Weights spread like trained ones: first-layer sums across the clipped
// range, hidden and output weights of a few tenths to a few units.
NetworkWeights RandomWeights(uint64_t seed) {
  std::mt19937_64 random(seed);
  auto uniform = [&](float limit) {
    return std::uniform_real_distribution<float>(-limit, limit)(random);
  };
  NetworkWeights w;
  for (auto& row : w.input) {
    for (float& x : row) x = uniform(0.3f);
  }
  for (float& x : w.input_bias) x = 0.5f + uniform(0.3f);
  for (auto& row : w.hidden) {
    for (float& x : row) x = uniform(0.4f);
  }
  for (float& x : w.hidden_bias) x = uniform(0.5f);
  for (float& x : w.output) x = uniform(3);
  w.output_bias = uniform(0.5f);
  return w;
}

// Samples whose target input 3 of the mover's view decides (set: a win, else a loss).
std::vector<TrainingSample> DecidedSamples(uint64_t seed, int count) {
  std::mt19937_64 random(seed);
  std::vector<TrainingSample> samples;
  for (int i = 0; i < count; ++i) {
    TrainingSample s{RandomInputs(random, 40), RandomInputs(random, 40), 0};
    s.target = (s.mover.words[0] >> 3 & 1) != 0 ? 0.95f : 0.05f;
    samples.push_back(s);
  }
  return samples;
}

TEST(NetworkTest, IntegerScoreFollowsTheFloatReference) {
  // Random weights of trained magnitudes, and weights trained a little.
  NetworkTrainer trainer(3);
  const std::vector<TrainingSample> samples = DecidedSamples(5, 2000);
  for (int step = 0; step < 200; ++step) {
    trainer.Step(std::span<const TrainingSample>(samples.data() + step % 20 * 100, 100), 0.01f);
  }
  // Rounding only: a few centi-pieces on scores of hundreds, the first layer's
  // 1/127 steps being most of it (more with the random weights, larger than
  // trained ones: the output weights multiply the steps).
  struct Case {
    NetworkWeights weights;
    double mean, largest;
  };
  for (const Case& c : {Case{RandomWeights(7), 12, 80}, Case{trainer.weights(), 3, 20}}) {
    const NetworkWeights& weights = c.weights;
    ASSERT_TRUE(WithinQuantizedRanges(QuantizedNetwork::From(weights)));
    const QuantizationError error = MeasureQuantization(weights, samples);
    EXPECT_LT(error.mean, c.mean);
    EXPECT_LT(error.largest, c.largest);
    double spread = 0;
    for (const TrainingSample& s : samples)
      spread += std::abs(ReferenceLogit(weights, s.mover, s.other));
    EXPECT_GT(kLogisticScale * spread / samples.size(), 100.0);  // not all near zero
  }
}

TEST(NetworkTest, QuantizingClipsToTheRepresentableRanges) {
  NetworkWeights weights = RandomWeights(3);
  weights.input[5][7] = 50;
  weights.hidden[2][9] = -50;
  weights.output_bias = 1000;
  const QuantizedNetwork network = QuantizedNetwork::From(weights);
  EXPECT_EQ(network.input[5][7], 2 * QuantizedNetwork::kActivationOne);
  EXPECT_EQ(network.hidden[2][9], -kMaxHiddenWeight * QuantizedNetwork::kHiddenWeightOne);
  EXPECT_EQ(network.output_bias, 1 << 24);
  EXPECT_TRUE(WithinQuantizedRanges(network));
}

// A side's pieces as a network's max_side_pieces counts them: in hand too.
template <class Position>
int SidePieces(const Position& position, int side) {
  if constexpr (requires { position.hand; }) {
    return PopCount(position.pieces[side]) + position.hand[side];
  } else {
    return PopCount(position.pieces[side]);
  }
}

// The score the learned evaluation must give, computed from scratch: the
// endgame network's where it judges, with `whole_game` the hand-written
// evaluation's plus the whole-game network's elsewhere (where the game has
// one), the hand-written evaluation's where neither judges.
template <class G>
Score ExpectedScore(const G& game, const typename G::Position& position, bool whole_game) {
  const Player mover = position.state.to_move;
  for (const QuantizedNetwork* network :
       {GameNetwork<G>::BuiltIn(game).get(),
        whole_game ? GameNetwork<G>::BuiltInWholeGame(game).get() : nullptr}) {
    if (network == nullptr) continue;
    const int limit = network->max_side_pieces;
    bool judges = true;
    for (int side = 0; side < 2; ++side) {
      judges = judges && (limit == 0 || SidePieces(position, side) <= limit);
    }
    if (judges) {
      const Score score =
          EvaluateFromScratch(*network, GameNetwork<G>::Inputs(game, position, mover),
                              GameNetwork<G>::Inputs(game, position, Opponent(mover)));
      // The whole-game network corrects the hand-written evaluation.
      if (network != GameNetwork<G>::BuiltIn(game).get()) {
        return std::clamp(game.evaluate(position) + score, -kMaxHeuristic, kMaxHeuristic);
      }
      return score;
    }
  }
  return game.evaluate(position);
}

// The evaluation a search sees after any line of decisions equals one
// computed from scratch, whichever positions the thread evaluated before and
// whichever networks judged them: each position with the endgame network
// alone and with both, back and forth, as two searches on one thread would.
template <class G>
void ExpectIncrementalScoresEqualAFreshEvaluation(const G& game, int plies) {
  ASSERT_NE(GameNetwork<G>::BuiltIn(game), nullptr) << game.name();
  Random random(5);
  int evaluated = 0, by_network = 0, by_whole_game = 0;
  for (int g = 0; g < 20; ++g) {
    typename G::Position position = game.start();
    typename G::Position previous = position;
    for (int ply = 0; ply < plies && !position.state.over(); ++ply) {
      for (const bool whole_game : {false, true}) {
        const Score expected = ExpectedScore(game, position, whole_game);
        ASSERT_EQ(GameNetwork<G>::Evaluate(game, position, whole_game, nullptr), expected)
            << game.name() << " game " << g;
        // Back and forth, as a search goes between siblings and a parent.
        ASSERT_EQ(GameNetwork<G>::Evaluate(game, previous, whole_game, nullptr),
                  ExpectedScore(game, previous, whole_game));
        by_network += expected != game.evaluate(position);
        by_whole_game += whole_game && expected != ExpectedScore(game, position, false);
      }
      previous = position;
      Apply(game, position, RandomDecision(game, position, random));
      ++evaluated;
    }
  }
  EXPECT_GT(evaluated, 1000);
  EXPECT_GT(by_network, 100) << game.name();
  // A whole-game network judges most positions of a game that starts
  // beyond the endgame network (Davxar's 12 pieces).
  if (GameNetwork<G>::BuiltInWholeGame(game) != nullptr &&
      SidePieces(game.start(), 0) > GameNetwork<G>::BuiltIn(game)->max_side_pieces) {
    EXPECT_GT(by_whole_game, 100) << game.name();
  }
}

TEST(NetworkTest, IncrementalScoresEqualAFreshEvaluation) {
  // Updates and evaluations with SSE2, and with AVX2 where the processor has it.
  const bool had_avx2 = internal::use_avx2;
  for (const bool avx2 : {false, __builtin_cpu_supports("avx2") != 0}) {
    internal::use_avx2 = avx2;
    for (const Davxar& game : {Davxar(), Davxar(davxar::MillTest::kLudii, 6),
                               Davxar(davxar::MillTest::kHistorical, 4)}) {
      ExpectIncrementalScoresEqualAFreshEvaluation(game, 300);
    }
    // Damdaman's network judges 3 pieces a side: random games reach them late.
    ExpectIncrementalScoresEqualAFreshEvaluation(Damdaman(), 5000);
  }
  internal::use_avx2 = had_avx2;
}

TEST(NetworkTest, DavxarInputsSeeTheBoardFromEachSide) {
  const Davxar game;
  Davxar::Position position = game.start();
  position.pieces = {0b101, 0b1000};
  position.hand = {3, 7};
  position.remove = true;  // P1 to move, removing
  const NetworkInputs p1 = GameNetwork<Davxar>::Inputs(game, position, Player::kP1);
  const NetworkInputs p2 = GameNetwork<Davxar>::Inputs(game, position, Player::kP2);
  EXPECT_EQ(p1.words[0], 0b101 | (uint64_t{0b1000} << 32));
  EXPECT_EQ(p2.words[0], 0b1000 | (uint64_t{0b101} << 32));
  // Hands at 64 + 3 and 81 + 7 for P1; the removal is P1's own (98), P2's opponent's (99).
  EXPECT_EQ(p1.words[1], (uint64_t{1} << 3) | (uint64_t{1} << (17 + 7)) | (uint64_t{1} << 34));
  EXPECT_EQ(p2.words[1], (uint64_t{1} << 7) | (uint64_t{1} << (17 + 3)) | (uint64_t{1} << 35));
}

TEST(NetworkTest, DamdamanInputsSeeTheBoardFromEachSide) {
  const Damdaman game;
  Damdaman::Position position = game.start();
  position.pieces = {(uint64_t{1} << 0) | (uint64_t{1} << 48),
                     (uint64_t{1} << 2) | (uint64_t{1} << 20)};
  const NetworkInputs p1 = GameNetwork<Damdaman>::Inputs(game, position, Player::kP1);
  const NetworkInputs p2 = GameNetwork<Damdaman>::Inputs(game, position, Player::kP2);
  // The side's cells at 0 to 48, the opponent's at 49 to 97, across two words.
  EXPECT_EQ(p1.words[0], (uint64_t{1} << 0) | (uint64_t{1} << 48) | (uint64_t{1} << 51));
  EXPECT_EQ(p1.words[1], uint64_t{1} << (49 + 20 - 64));
  EXPECT_EQ(p2.words[0], (uint64_t{1} << 2) | (uint64_t{1} << 20) | (uint64_t{1} << 49));
  EXPECT_EQ(p2.words[1], uint64_t{1} << (49 + 48 - 64));
}

NetworkFile SomeFile() {
  NetworkFile file{
      .family = "davxar", .origin = "a test", .network = QuantizedNetwork::From(RandomWeights(9))};
  file.network.max_side_pieces = 4;
  return file;
}

TEST(NetworkFileTest, RoundTripsThroughDisk) {
  const ScopedTempDir dir("network");
  const std::string path = dir.path() + "/net.lnet";
  const NetworkFile file = SomeFile();
  ASSERT_TRUE(WriteNetworkFile(path, file).ok());
  absl::StatusOr<NetworkFile> read = ReadNetworkFile(path);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->family, "davxar");
  EXPECT_EQ(read->origin, "a test");
  EXPECT_EQ(read->network.max_side_pieces, 4);
  EXPECT_EQ(read->network.input, file.network.input);
  EXPECT_EQ(read->network.hidden, file.network.hidden);
  EXPECT_EQ(read->network.output_bias, file.network.output_bias);
  EXPECT_EQ(ReadNetworkFile(dir.path() + "/none.lnet").status().message(),
            "network file " + dir.path() + "/none.lnet: cannot open it");
}

void ExpectError(const std::string& bytes, const std::string& message) {
  absl::StatusOr<NetworkFile> parsed = ParseNetworkFile(bytes, "net.lnet");
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.status().message(), "network file net.lnet: " + message);
}

TEST(NetworkFileTest, BadFilesAreNamedErrors) {
  const std::string good = SerializeNetworkFile(SomeFile());
  ASSERT_TRUE(ParseNetworkFile(good, "net.lnet").ok());

  ExpectError("LUD64SMP" + good.substr(8), "not a lud64 network file (no LUD64NET at its start)");
  std::string version = good;
  version[8] = 2;
  ExpectError(version, "format version 2; this build reads version 1");
  std::string layers = good;
  layers[16] = 32;  // the accumulator width
  ExpectError(layers, "layers 128x32x32; this build evaluates 128x64x32");
  ExpectError(good.substr(0, good.size() - 100), "truncated: " + std::to_string(good.size() - 100) +
                                                     " bytes, expected " +
                                                     std::to_string(good.size()));
  ExpectError(good + "x", "1 bytes after the checksum");
  std::string pieces = good;
  pieces[56] = 65;  // max_side_pieces, after the 32 bytes of the family
  ExpectError(pieces, "max_side_pieces 65 (at most 64)");
  for (size_t at : {size_t{70}, good.size() / 2, good.size() - 9}) {  // origin, weights, bias
    std::string flipped = good;
    flipped[at] ^= 0x10;
    ExpectError(flipped, "checksum mismatch: the file is corrupt");
  }
  // A well-formed file whose weights overflow the accumulators.
  NetworkFile wide = SomeFile();
  for (auto& row : wide.network.input) row[0] = 2000;
  ExpectError(SerializeNetworkFile(wide),
              "weights outside the ranges the integer network computes with");
}

TEST(NetworkFileTest, EmbeddedNetworksReadAndKnowTheirGames) {
  ASSERT_FALSE(EmbeddedNetworkFiles().empty());
  for (const EmbeddedFile& file : EmbeddedNetworkFiles()) {
    absl::StatusOr<NetworkFile> parsed = ParseNetworkFile(file.bytes, file.name);
    ASSERT_TRUE(parsed.ok()) << parsed.status();
    EXPECT_FALSE(parsed->origin.empty()) << file.name << ": the command that made it";
  }
  for (const char* family :
       {"davxar", "davxar:lines=ludii", "davxar-whole", "davxar-whole:lines=ludii", "damdaman"}) {
    absl::StatusOr<std::shared_ptr<const QuantizedNetwork>> network = EmbeddedNetwork(family);
    ASSERT_TRUE(network.ok());
    EXPECT_NE(*network, nullptr) << family;
  }
  EXPECT_EQ(*EmbeddedNetwork("guettal"), nullptr);
}

// A target the inputs decide: a few hundred steps bring the loss well down.
TEST(NetworkTrainingTest, StepsLowerTheLoss) {
  const std::vector<TrainingSample> samples = DecidedSamples(2, 4000);
  NetworkTrainer trainer(1);
  const TrainingFit before = MeasureFit(trainer.weights(), samples);
  for (int epoch = 0; epoch < 20; ++epoch) {
    for (size_t at = 0; at < samples.size(); at += 100) {
      trainer.Step(std::span<const TrainingSample>(samples.data() + at, 100), 0.01f);
    }
  }
  const TrainingFit after = MeasureFit(trainer.weights(), samples);
  // The least loss possible is the targets' own entropy, 0.199.
  EXPECT_GT(before.loss, 0.6);
  EXPECT_LT(after.loss, 0.25);
  EXPECT_GT(after.agreement, 0.97);
}

TEST(SampleFileTest, RoundTripsAndRejectsDamage) {
  const ScopedTempDir dir("samples");
  const std::string path = dir.path() + "/s.smp";
  std::mt19937_64 random(4);
  std::vector<TrainingSample> samples(50);
  for (TrainingSample& s : samples) {
    s = {RandomInputs(random, 10), RandomInputs(random, 10), static_cast<float>(random() % 3) / 2};
  }
  ASSERT_TRUE(WriteSamples(path, samples).ok());
  std::vector<TrainingSample> read;
  ASSERT_TRUE(ReadSamples(path, read).ok());
  ASSERT_EQ(read.size(), samples.size());
  for (size_t i = 0; i < read.size(); ++i) {
    EXPECT_EQ(read[i].mover, samples[i].mover);
    EXPECT_EQ(read[i].other, samples[i].other);
    EXPECT_EQ(read[i].target, samples[i].target);
  }
  // A flipped byte among the samples.
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  std::string flipped = bytes;
  flipped[900] ^= 0x10;
  std::ofstream(path, std::ios::binary | std::ios::trunc) << flipped;
  read.clear();
  EXPECT_EQ(ReadSamples(path, read).message(),
            "sample file " + path + ": checksum mismatch: the samples are corrupt");
  // Version 1, before the checksum: the same samples, still read.
  std::string version1 = bytes.substr(0, bytes.size() - 8);
  version1[8] = 1;
  std::ofstream(path, std::ios::binary | std::ios::trunc) << version1;
  read.clear();
  ASSERT_TRUE(ReadSamples(path, read).ok());
  ASSERT_EQ(read.size(), samples.size());
  EXPECT_EQ(read.back().mover, samples.back().mover);
  EXPECT_EQ(read.back().target, samples.back().target);
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 1);
  read.clear();
  const absl::Status truncated = ReadSamples(path, read);
  EXPECT_EQ(truncated.message(),
            "sample file " + path + ": 1827 bytes for 50 samples: truncated or corrupt");
}

}  // namespace
}  // namespace lud64::network_test
