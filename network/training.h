// Training of a network's float weights: binary cross-entropy between the
// predicted result 1 / (1 + exp(-logit)) and a target result in [0, 1], by
// Adam over mini-batches. Used by tools/train; the weights it learns are
// quantized by QuantizedNetwork::From.
#ifndef LUD64_NETWORK_TRAINING_H_
#define LUD64_NETWORK_TRAINING_H_

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "network/network.h"

namespace lud64 {

// One training position: each side's view and the expected result for the
// mover; for a network that corrects another evaluation (a whole-game
// network, added to the hand-written one), that evaluation's logit, which
// the network's is added to (sample files do not hold it).
struct TrainingSample {
  NetworkInputs mover;
  NetworkInputs other;
  float target = 0.5f;
  float base_logit = 0;
};

// How well weights predict samples: the mean cross-entropy, and the share of
// samples whose predicted result falls in the target's third of [0, 1] (loss,
// draw, win).
struct TrainingFit {
  double loss = 0;
  double agreement = 0;
};

class NetworkTrainer {
 public:
  // Starts from small random weights drawn from `seed`.
  explicit NetworkTrainer(uint64_t seed);
  ~NetworkTrainer();

  // One Adam step on the mean gradient of `batch`; returns the batch's mean loss.
  double Step(std::span<const TrainingSample> batch, float learning_rate);

  const NetworkWeights& weights() const { return *weights_; }

 private:
  struct Moments;
  std::unique_ptr<NetworkWeights> weights_;
  std::unique_ptr<NetworkWeights> gradient_;
  std::unique_ptr<Moments> moments_;
  int64_t steps_ = 0;
};

TrainingFit MeasureFit(const NetworkWeights& weights, std::span<const TrainingSample> samples);

// How far the integer network's scores are from the float network's, in
// centi-pieces, over samples' views: the mean and the largest difference.
struct QuantizationError {
  double mean = 0;
  double largest = 0;
};
QuantizationError MeasureQuantization(const NetworkWeights& weights,
                                      std::span<const TrainingSample> samples);

}  // namespace lud64

#endif  // LUD64_NETWORK_TRAINING_H_
