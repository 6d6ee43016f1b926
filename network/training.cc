#include "network/training.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <span>
#include <type_traits>

#include "network/incremental.h"

namespace lud64 {
namespace {

// NetworkWeights is arrays of floats and one float: Adam treats it as one flat
// vector of parameters.
constexpr size_t kParameters = sizeof(NetworkWeights) / sizeof(float);
static_assert(std::is_standard_layout_v<NetworkWeights> &&
              sizeof(NetworkWeights) == kParameters * sizeof(float));

std::span<float> Flat(NetworkWeights& weights) {
  return {reinterpret_cast<float*>(&weights), kParameters};
}

float Sigmoid(float x) { return 1 / (1 + std::exp(-x)); }

double CrossEntropy(float logit, float target) {
  // log(1 + exp(-x)) computed without overflow for large |x|.
  const double x = logit;
  const double softplus_minus = x > 0 ? std::log1p(std::exp(-x)) : -x + std::log1p(std::exp(x));
  return softplus_minus + (1 - target) * x;
}

int Third(float result) { return result < 1.0f / 3 ? 0 : result > 2.0f / 3 ? 2 : 1; }

bool Open(float sum) { return sum > 0 && sum < 1; }

}  // namespace

struct NetworkTrainer::Moments {
  std::vector<float> first = std::vector<float>(kParameters);
  std::vector<float> second = std::vector<float>(kParameters);
};

NetworkTrainer::NetworkTrainer(uint64_t seed)
    : weights_(std::make_unique<NetworkWeights>()),
      gradient_(std::make_unique<NetworkWeights>()),
      moments_(std::make_unique<Moments>()) {
  std::mt19937_64 random(seed);
  auto uniform = [&](float limit) {
    return std::uniform_real_distribution<float>(-limit, limit)(random);
  };
  // About twenty inputs are active in a view: first-layer sums start near
  // 0.5 with a spread of about 0.25, inside the clipped range.
  for (auto& row : weights_->input) {
    for (float& w : row) w = uniform(0.1f);
  }
  weights_->input_bias.fill(0.5f);
  for (auto& row : weights_->hidden) {
    for (float& w : row) w = uniform(1 / std::sqrt(2.0f * kAccumulatorWidth));
  }
  weights_->hidden_bias.fill(0.1f);
  for (float& w : weights_->output) w = uniform(1 / std::sqrt(float{kHiddenWidth}));
}

NetworkTrainer::~NetworkTrainer() = default;

double NetworkTrainer::Step(std::span<const TrainingSample> batch, float learning_rate) {
  if (batch.empty()) return 0;
  NetworkWeights& w = *weights_;
  NetworkWeights& g = *gradient_;
  g = NetworkWeights{};
  double loss = 0;
  FloatForward f;
  const float scale = 1.0f / static_cast<float>(batch.size());
  for (const TrainingSample& sample : batch) {
    RunFloatForward(w, sample.mover, sample.other, f);
    const float logit = f.logit + sample.base_logit;
    loss += CrossEntropy(logit, sample.target);
    const float d_logit = (Sigmoid(logit) - sample.target) * scale;
    g.output_bias += d_logit;
    std::array<float, kHiddenWidth> d_sum;
    for (int k = 0; k < kHiddenWidth; ++k) {
      g.output[k] += d_logit * f.hidden[k];
      d_sum[k] = Open(f.hidden_sums[k]) ? d_logit * w.output[k] : 0;
      g.hidden_bias[k] += d_sum[k];
    }
    std::array<float, 2 * kAccumulatorWidth> d_activation{};
    for (int k = 0; k < kHiddenWidth; ++k) {
      if (d_sum[k] == 0) continue;
      for (int i = 0; i < 2 * kAccumulatorWidth; ++i) {
        g.hidden[k][i] += d_sum[k] * std::clamp(f.sums[i], 0.0f, 1.0f);
        d_activation[i] += d_sum[k] * w.hidden[k][i];
      }
    }
    for (int i = 0; i < 2 * kAccumulatorWidth; ++i) {
      if (!Open(f.sums[i])) d_activation[i] = 0;
    }
    const NetworkInputs* sides[2] = {&sample.mover, &sample.other};
    for (int side = 0; side < 2; ++side) {
      const float* d = d_activation.data() + side * kAccumulatorWidth;
      for (int j = 0; j < kAccumulatorWidth; ++j) g.input_bias[j] += d[j];
      ForEachInput(*sides[side], [&](int input) {
        for (int j = 0; j < kAccumulatorWidth; ++j) g.input[input][j] += d[j];
      });
    }
  }

  // Adam, with the usual constants.
  constexpr float kBeta1 = 0.9f, kBeta2 = 0.999f, kEpsilon = 1e-8f;
  ++steps_;
  const float correction1 = 1 - std::pow(kBeta1, static_cast<float>(steps_));
  const float correction2 = 1 - std::pow(kBeta2, static_cast<float>(steps_));
  std::span<float> parameters = Flat(w);
  std::span<float> gradients = Flat(g);
  for (size_t i = 0; i < kParameters; ++i) {
    float& m = moments_->first[i];
    float& v = moments_->second[i];
    m = kBeta1 * m + (1 - kBeta1) * gradients[i];
    v = kBeta2 * v + (1 - kBeta2) * gradients[i] * gradients[i];
    parameters[i] -= learning_rate * (m / correction1) / (std::sqrt(v / correction2) + kEpsilon);
  }
  // Back inside what the integer network represents.
  for (auto& row : w.input) {
    for (float& x : row) x = std::clamp(x, -kMaxInputWeight, kMaxInputWeight);
  }
  for (float& x : w.input_bias) x = std::clamp(x, -kMaxInputWeight, kMaxInputWeight);
  for (auto& row : w.hidden) {
    for (float& x : row) x = std::clamp(x, -kMaxHiddenWeight, kMaxHiddenWeight);
  }
  for (float& x : w.output) x = std::clamp(x, -kMaxOutputWeight, kMaxOutputWeight);
  return loss / static_cast<double>(batch.size());
}

TrainingFit MeasureFit(const NetworkWeights& weights, std::span<const TrainingSample> samples) {
  TrainingFit fit;
  if (samples.empty()) return fit;
  FloatForward f;
  int64_t agreeing = 0;
  for (const TrainingSample& sample : samples) {
    RunFloatForward(weights, sample.mover, sample.other, f);
    const float logit = f.logit + sample.base_logit;
    fit.loss += CrossEntropy(logit, sample.target);
    agreeing += Third(Sigmoid(logit)) == Third(sample.target);
  }
  fit.loss /= static_cast<double>(samples.size());
  fit.agreement = static_cast<double>(agreeing) / static_cast<double>(samples.size());
  return fit;
}

QuantizationError MeasureQuantization(const NetworkWeights& weights,
                                      std::span<const TrainingSample> samples) {
  QuantizationError error;
  if (samples.empty()) return error;
  const QuantizedNetwork network = QuantizedNetwork::From(weights);
  for (const TrainingSample& s : samples) {
    const double difference = std::abs(EvaluateFromScratch(network, s.mover, s.other) -
                                       kLogisticScale * ReferenceLogit(weights, s.mover, s.other));
    error.mean += difference;
    error.largest = std::max(error.largest, difference);
  }
  error.mean /= static_cast<double>(samples.size());
  return error;
}

}  // namespace lud64
