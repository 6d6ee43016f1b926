#include "network/network.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace lud64 {
namespace {

// Biases beyond this (about 129 in float) would serve no trained network, and
// keep every sum of Evaluate within int32.
constexpr int32_t kMaxBias = 1 << 24;

template <class Int>
Int Rounded(double value, double limit) {
  return static_cast<Int>(std::lround(std::clamp(value, -limit, limit)));
}

}  // namespace

void RunFloatForward(const NetworkWeights& weights, const NetworkInputs& mover,
                     const NetworkInputs& other, FloatForward& forward) {
  const NetworkInputs* sides[2] = {&mover, &other};
  for (int side = 0; side < 2; ++side) {
    float* sums = forward.sums.data() + side * kAccumulatorWidth;
    std::copy(weights.input_bias.begin(), weights.input_bias.end(), sums);
    ForEachInput(*sides[side], [&](int f) {
      for (int j = 0; j < kAccumulatorWidth; ++j) sums[j] += weights.input[f][j];
    });
  }
  std::array<float, 2 * kAccumulatorWidth> activations;
  for (int i = 0; i < 2 * kAccumulatorWidth; ++i) {
    activations[i] = std::clamp(forward.sums[i], 0.0f, 1.0f);
  }
  forward.logit = weights.output_bias;
  for (int k = 0; k < kHiddenWidth; ++k) {
    float sum = weights.hidden_bias[k];
    for (int i = 0; i < 2 * kAccumulatorWidth; ++i) sum += weights.hidden[k][i] * activations[i];
    forward.hidden_sums[k] = sum;
    forward.hidden[k] = std::clamp(sum, 0.0f, 1.0f);
    forward.logit += weights.output[k] * forward.hidden[k];
  }
}

float ReferenceLogit(const NetworkWeights& weights, const NetworkInputs& mover,
                     const NetworkInputs& other) {
  FloatForward forward;
  RunFloatForward(weights, mover, other, forward);
  return forward.logit;
}

QuantizedNetwork QuantizedNetwork::From(const NetworkWeights& weights) {
  QuantizedNetwork network;
  constexpr double kInputLimit = kMaxInputWeight * kActivationOne;
  for (int f = 0; f < kNetworkInputs; ++f) {
    for (int j = 0; j < kAccumulatorWidth; ++j) {
      network.input[f][j] = Rounded<int16_t>(weights.input[f][j] * kActivationOne, kInputLimit);
    }
  }
  for (int j = 0; j < kAccumulatorWidth; ++j) {
    network.input_bias[j] = Rounded<int16_t>(weights.input_bias[j] * kActivationOne, kInputLimit);
  }
  for (int k = 0; k < kHiddenWidth; ++k) {
    for (int i = 0; i < 2 * kAccumulatorWidth; ++i) {
      network.hidden[k][i] = Rounded<int16_t>(weights.hidden[k][i] * kHiddenWeightOne,
                                              kMaxHiddenWeight * kHiddenWeightOne);
    }
    network.hidden_bias[k] = Rounded<int32_t>(
        double{weights.hidden_bias[k]} * kActivationOne * kHiddenWeightOne, kMaxBias);
    network.output[k] =
        Rounded<int16_t>(weights.output[k] * kOutputWeightOne, kMaxOutputWeight * kOutputWeightOne);
  }
  network.output_bias =
      Rounded<int32_t>(double{weights.output_bias} * kActivationOne * kOutputWeightOne, kMaxBias);
  return network;
}

void QuantizedNetwork::Refresh(const NetworkInputs& inputs, Accumulator& accumulator) const {
  accumulator.sums = input_bias;
  ForEachInput(inputs, [&](int f) {
    for (int j = 0; j < kAccumulatorWidth; ++j) accumulator.sums[j] += input[f][j];
  });
}

void QuantizedNetwork::Update(const NetworkInputs& added, const NetworkInputs& removed,
                              Accumulator& accumulator) const {
  ForEachInput(added, [&](int f) {
    for (int j = 0; j < kAccumulatorWidth; ++j) accumulator.sums[j] += input[f][j];
  });
  ForEachInput(removed, [&](int f) {
    for (int j = 0; j < kAccumulatorWidth; ++j) accumulator.sums[j] -= input[f][j];
  });
}

Score QuantizedNetwork::Evaluate(const Accumulator& mover, const Accumulator& other) const {
  // Plain loops over fixed widths: the compiler turns them into SIMD
  // (multiply-adds of 16-bit lanes) on every target, which is the portable path.
  alignas(64) std::array<int16_t, 2 * kAccumulatorWidth> activations;
  for (int j = 0; j < kAccumulatorWidth; ++j) {
    activations[j] = std::clamp<int16_t>(mover.sums[j], 0, kActivationOne);
    activations[kAccumulatorWidth + j] = std::clamp<int16_t>(other.sums[j], 0, kActivationOne);
  }
  int32_t logit = output_bias;
  for (int k = 0; k < kHiddenWidth; ++k) {
    int32_t sum = hidden_bias[k];
    for (int i = 0; i < 2 * kAccumulatorWidth; ++i) sum += hidden[k][i] * activations[i];
    // Negative sums clamp to 0 whichever way the division rounds them.
    logit += output[k] * std::clamp(sum / kHiddenWeightOne, 0, kActivationOne);
  }
  const int64_t score = static_cast<int64_t>(logit) * static_cast<int64_t>(kLogisticScale) /
                        (int64_t{kActivationOne} * kOutputWeightOne);
  return static_cast<Score>(std::clamp<int64_t>(score, -kMaxHeuristic, kMaxHeuristic));
}

bool WithinQuantizedRanges(const QuantizedNetwork& network) {
  constexpr int kInt16 = std::numeric_limits<int16_t>::max();
  for (int j = 0; j < kAccumulatorWidth; ++j) {
    // The largest sum any set of inputs reaches, in either direction.
    int64_t high = network.input_bias[j], low = network.input_bias[j];
    for (int f = 0; f < kNetworkInputs; ++f) {
      high += std::max<int64_t>(network.input[f][j], 0);
      low += std::min<int64_t>(network.input[f][j], 0);
    }
    if (high > kInt16 || low < -kInt16) return false;
  }
  for (const auto& row : network.hidden) {
    for (int16_t w : row) {
      if (std::abs(w) > kMaxHiddenWeight * QuantizedNetwork::kHiddenWeightOne) return false;
    }
  }
  for (int32_t bias : network.hidden_bias) {
    if (std::abs(bias) > kMaxBias) return false;
  }
  for (int16_t w : network.output) {
    if (std::abs(w) > kMaxOutputWeight * QuantizedNetwork::kOutputWeightOne) return false;
  }
  return std::abs(network.output_bias) <= kMaxBias;
}

}  // namespace lud64
