// A small evaluation network in the NNUE style: sparse binary inputs seen from
// each player's side, a first layer whose sums (the accumulators) change by a
// few columns when a decision changes a few inputs, then two small dense
// layers. Float weights (training, and the reference the integer network is
// checked against) and the quantized network the searches evaluate with.
//
//   a_p = clamp(b0 + sum of W0[f] over p's active inputs f, 0, 1)   p = mover, other
//   h   = clamp(b1 + W1 . [a_mover, a_other], 0, 1)
//   logit = b2 + w2 . h;  expected result for the mover = 1 / (1 + exp(-logit))
//   score = kLogisticScale * logit (centi-pieces, engine/score.h)
#ifndef LUD64_NETWORK_NETWORK_H_
#define LUD64_NETWORK_NETWORK_H_

#include <array>
#include <cstdint>

#include "engine/score.h"

namespace lud64 {

inline constexpr int kNetworkInputs = 128;    // input bits per side
inline constexpr int kAccumulatorWidth = 64;  // first-layer outputs per side
inline constexpr int kHiddenWidth = 32;

// The active inputs of one side's view: bit f of word f / 64.
struct NetworkInputs {
  std::array<uint64_t, kNetworkInputs / 64> words{};
  void Set(int input) { words[input / 64] |= uint64_t{1} << (input % 64); }
  friend bool operator==(const NetworkInputs&, const NetworkInputs&) = default;
};

// Calls f(input) for each active input of `inputs`.
template <class F>
void ForEachInput(const NetworkInputs& inputs, F&& f) {
  for (int w = 0; w < kNetworkInputs / 64; ++w) {
    for (uint64_t bits = inputs.words[w]; bits != 0; bits &= bits - 1) {
      f(w * 64 + __builtin_ctzll(bits));
    }
  }
}

// The float weights. The quantized network represents |W0|, |b0| <= kMaxInputWeight
// and |W1| <= kMaxHiddenWeight; training keeps them there.
struct NetworkWeights {
  std::array<std::array<float, kAccumulatorWidth>, kNetworkInputs> input{};
  std::array<float, kAccumulatorWidth> input_bias{};
  std::array<std::array<float, 2 * kAccumulatorWidth>, kHiddenWidth> hidden{};
  std::array<float, kHiddenWidth> hidden_bias{};
  std::array<float, kHiddenWidth> output{};
  float output_bias = 0;
};

inline constexpr float kMaxInputWeight = 2.0f;
inline constexpr float kMaxHiddenWeight = 31.0f;
inline constexpr float kMaxOutputWeight = 31.0f;

// The float network's forward pass, with what training's backward pass needs.
struct FloatForward {
  std::array<float, 2 * kAccumulatorWidth> sums;  // first layer, unclipped: mover's, other's
  std::array<float, kHiddenWidth> hidden_sums;    // unclipped
  std::array<float, kHiddenWidth> hidden;         // clipped
  float logit;
};
void RunFloatForward(const NetworkWeights& weights, const NetworkInputs& mover,
                     const NetworkInputs& other, FloatForward& forward);

// The float network's logit, the reference for the quantized one.
float ReferenceLogit(const NetworkWeights& weights, const NetworkInputs& mover,
                     const NetworkInputs& other);

// The integer network: accumulators in int16 with 1.0 as 127, hidden and
// output weights in int16 with 1.0 as 1024 (sums in int32). Its score differs
// from kLogisticScale * ReferenceLogit by rounding only (network_test.cc
// bounds it; the first layer's 1/127 steps are most of it).
class QuantizedNetwork {
 public:
  static constexpr int kActivationOne = 127;
  static constexpr int kHiddenWeightOne = 1024;
  static constexpr int kOutputWeightOne = 1024;

  struct Accumulator {
    alignas(64) std::array<int16_t, kAccumulatorWidth> sums;
  };

  // Rounds `weights`, clipped to the representable ranges.
  static QuantizedNetwork From(const NetworkWeights& weights);

  void Refresh(const NetworkInputs& inputs, Accumulator& accumulator) const;
  // Adds the columns of `added` inputs and subtracts those of `removed`.
  void Update(const NetworkInputs& added, const NetworkInputs& removed,
              Accumulator& accumulator) const;
  // The score for the mover, in centi-pieces, within +-kMaxHeuristic: on
  // SSE2, only the hidden-layer columns of nonzero activation pairs
  // (`hidden_by_pair`; most clipped sums are 0), else EvaluateDense.
  Score Evaluate(const Accumulator& mover, const Accumulator& other) const;
  // The same score by plain loops over every weight of `hidden`: the
  // reference Evaluate is tested against, and its path without SSE2.
  Score EvaluateDense(const Accumulator& mover, const Accumulator& other) const;
  // Fills `hidden_by_pair` from `hidden`; From and the weight-file reader
  // call it, and whatever changes `hidden` must call it again.
  void ArrangeHiddenByPair();

  // The positions the network was trained to judge: at most this many pieces
  // a side (on the board and in hand); 0: any. A game evaluates the others
  // with its hand-written evaluation.
  int max_side_pieces = 0;
  // Whether a game uses it beyond its endgame network, rather than as that
  // network: set when a weight file of the game's whole-game family is
  // loaded for it (play/weight_file.h); the file format does not hold it.
  bool whole_game = false;

  // The integer weights, as the weight file stores them (network_file.h).
  // (Aligned: a column a vector load, none split across cache lines.)
  alignas(64) std::array<std::array<int16_t, kAccumulatorWidth>, kNetworkInputs> input{};
  std::array<int16_t, kAccumulatorWidth> input_bias{};
  std::array<std::array<int16_t, 2 * kAccumulatorWidth>, kHiddenWidth> hidden{};
  alignas(32) std::array<int32_t, kHiddenWidth> hidden_bias{};  // (AVX2 loads it whole)
  std::array<int16_t, kHiddenWidth> output{};
  int32_t output_bias = 0;

  // `hidden` by pairs of activations, for one multiply-add of 16-bit lanes
  // per pair and unit: hidden_by_pair[p][2 * k + t] = hidden[k][2 * p + t].
  // Not in the weight file; ArrangeHiddenByPair derives it.
  static constexpr int kActivationPairs = 2 * kAccumulatorWidth / 2;
  alignas(64) std::array<std::array<int16_t, 2 * kHiddenWidth>, kActivationPairs> hidden_by_pair{};
};

namespace internal {
// Whether QuantizedNetwork's Evaluate and Update use AVX2 (256-bit vectors:
// half the multiply-adds of SSE2 in the hidden layer), set before main where the
// processor has it (the portable build targets x86-64-v2, without AVX2;
// false until then: both give the same sums). Tests set it to check each.
extern bool use_avx2;
}  // namespace internal

// Whether the weights keep every accumulator within int16 and every sum within
// int32, whatever inputs are active: what a file read from disk is checked for.
bool WithinQuantizedRanges(const QuantizedNetwork& network);

}  // namespace lud64

#endif  // LUD64_NETWORK_NETWORK_H_
