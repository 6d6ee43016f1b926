// The integer network's vector paths (network/network.cc) against its plain
// loops: Evaluate's sparse hidden layer against EvaluateDense, with SSE2 and
// with AVX2 where the processor has it. (network_test.cc checks the updates
// of the accumulators along games, on both paths too.)
#include <cstdint>
#include <random>
#include <vector>

#include "gtest/gtest.h"
#include "network/embedded_networks.h"
#include "network/network.h"

namespace lud64::network_simd_test {
namespace {

// Accumulators whose clipped sums are 0 with probability `zeros`, else in
// [1, 127] or beyond it (clipped to 127).
QuantizedNetwork::Accumulator RandomAccumulator(std::mt19937_64& random, double zeros) {
  QuantizedNetwork::Accumulator accumulator;
  for (int16_t& sum : accumulator.sums) {
    sum = std::bernoulli_distribution(zeros)(random)
              ? static_cast<int16_t>(-static_cast<int>(random() % 300))
              : static_cast<int16_t>(1 + random() % 200);
  }
  return accumulator;
}

// Hidden and output weights anywhere in their ranges (`largest`: at their
// ends), hidden biases of either sign.
QuantizedNetwork RandomNetwork(std::mt19937_64& random, bool largest) {
  constexpr int kHiddenLimit = kMaxHiddenWeight * QuantizedNetwork::kHiddenWeightOne;
  constexpr int kOutputLimit = kMaxOutputWeight * QuantizedNetwork::kOutputWeightOne;
  auto weight = [&](int limit) {
    const int w = largest ? limit : static_cast<int>(random() % (2 * limit + 1)) - limit;
    return static_cast<int16_t>(largest && random() % 3 == 0 ? -w : w);
  };
  QuantizedNetwork network;
  for (auto& row : network.hidden) {
    for (int16_t& w : row) w = weight(kHiddenLimit / (largest ? 1 : 8));
  }
  for (int32_t& bias : network.hidden_bias) {
    bias = static_cast<int32_t>(random() % (1 << 22)) - (1 << 21);
  }
  for (int16_t& w : network.output) w = weight(kOutputLimit);
  network.output_bias = static_cast<int32_t>(random() % 100000) - 50000;
  network.ArrangeHiddenByPair();
  return network;
}

TEST(NetworkSimdTest, SparseHiddenLayerScoresEqualTheDenseOnes) {
  std::mt19937_64 random(11);
  std::vector<QuantizedNetwork> networks = {RandomNetwork(random, false),
                                            RandomNetwork(random, true)};
  for (const char* family : {"davxar", "davxar-whole", "davxar-whole:lines=ludii", "damdaman"}) {
    networks.push_back(*EmbeddedNetwork(family).value());
  }
  const bool had_avx2 = internal::use_avx2;
  const bool avx2_paths[] = {false, __builtin_cpu_supports("avx2") != 0};
  int distinct_scores = 0;
  for (const QuantizedNetwork& network : networks) {
    ASSERT_TRUE(WithinQuantizedRanges(network));
    Score last = 0;
    for (int i = 0; i < 400; ++i) {
      const double zeros = i % 4 / 3.0;  // none, a third, two thirds, all
      const QuantizedNetwork::Accumulator mover = RandomAccumulator(random, zeros);
      const QuantizedNetwork::Accumulator other = RandomAccumulator(random, 1 - zeros);
      const Score dense = network.EvaluateDense(mover, other);
      distinct_scores += dense != last;
      last = dense;
      for (const bool avx2 : avx2_paths) {
        internal::use_avx2 = avx2;
        ASSERT_EQ(network.Evaluate(mover, other), dense) << "avx2 " << avx2 << ", case " << i;
      }
    }
  }
  internal::use_avx2 = had_avx2;
  EXPECT_GT(distinct_scores, 1500);  // the cases are not all alike
}

}  // namespace
}  // namespace lud64::network_simd_test
