#include "network/network.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

#if defined(__SSE2__)
#include <immintrin.h>
#endif

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

namespace internal {

#if defined(__x86_64__)
bool use_avx2 = [] {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") != 0;
}();
#else
bool use_avx2 = false;
#endif

}  // namespace internal

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
  network.ArrangeHiddenByPair();
  return network;
}

void QuantizedNetwork::Refresh(const NetworkInputs& inputs, Accumulator& accumulator) const {
  accumulator.sums = input_bias;
  ForEachInput(inputs, [&](int f) {
    for (int j = 0; j < kAccumulatorWidth; ++j) accumulator.sums[j] += input[f][j];
  });
}

namespace {

// The mover's score from the output layer's sum, as Evaluate and
// EvaluateDense finish.
Score ScoreOfLogit(int32_t logit) {
  const int64_t score =
      static_cast<int64_t>(logit) * static_cast<int64_t>(kLogisticScale) /
      (int64_t{QuantizedNetwork::kActivationOne} * QuantizedNetwork::kOutputWeightOne);
  return static_cast<Score>(std::clamp<int64_t>(score, -kMaxHeuristic, kMaxHeuristic));
}

}  // namespace

Score QuantizedNetwork::EvaluateDense(const Accumulator& mover, const Accumulator& other) const {
  std::array<int16_t, 2 * kAccumulatorWidth> activations;
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
  return ScoreOfLogit(logit);
}

void QuantizedNetwork::ArrangeHiddenByPair() {
  for (int p = 0; p < kActivationPairs; ++p) {
    for (int k = 0; k < kHiddenWidth; ++k) {
      for (int t = 0; t < 2; ++t) hidden_by_pair[p][2 * k + t] = hidden[k][2 * p + t];
    }
  }
}

#if defined(__SSE2__)
namespace {

// The kernels below keep their sums in vector registers. Their loops that
// load and store those sums carry `#pragma GCC unroll`: unrolled, they are not
// turned into a memcpy through the stack in 16-byte halves, on which the
// loads of whole vectors would wait (a store-forwarding stall each).
using PairColumns =
    std::array<std::array<int16_t, 2 * kHiddenWidth>, QuantizedNetwork::kActivationPairs>;
using InputColumns = std::array<std::array<int16_t, kAccumulatorWidth>, kNetworkInputs>;

// The hidden units' int32 sums, `biases` plus the columns of the pairs of
// activations whose bits `pairs` has, into `sums`: per pair and unit, one
// multiply-add of two 16-bit lanes (the activations 2p and 2p + 1, the low
// half first). (The biases are read where they lie: a copy just stored in
// other widths would stall the loads.)
void AddPairColumnsSse2(const int16_t* activations, uint64_t pairs, const PairColumns& columns,
                        const int32_t* biases, int32_t* sums) {
  constexpr int kVectors = kHiddenWidth / 4;
  __m128i unit_sums[kVectors];
#pragma GCC unroll 8
  for (int u = 0; u < kVectors; ++u) {
    unit_sums[u] = _mm_load_si128(reinterpret_cast<const __m128i*>(biases) + u);
  }
  for (; pairs != 0; pairs &= pairs - 1) {
    const int p = __builtin_ctzll(pairs);
    int32_t pair;
    std::memcpy(&pair, activations + 2 * p, sizeof(pair));
    const __m128i both = _mm_set1_epi32(pair);
    const __m128i* weights = reinterpret_cast<const __m128i*>(columns[p].data());
    for (int u = 0; u < kVectors; ++u) {
      unit_sums[u] = _mm_add_epi32(unit_sums[u], _mm_madd_epi16(both, _mm_load_si128(weights + u)));
    }
  }
#pragma GCC unroll 8
  for (int u = 0; u < kVectors; ++u) {
    _mm_store_si128(reinterpret_cast<__m128i*>(sums) + u, unit_sums[u]);
  }
}

#if defined(__x86_64__)
// The same with AVX2's 256-bit vectors: half the multiply-adds.
__attribute__((target("avx2"))) void AddPairColumnsAvx2(const int16_t* activations, uint64_t pairs,
                                                        const PairColumns& columns,
                                                        const int32_t* biases, int32_t* sums) {
  constexpr int kVectors = kHiddenWidth / 8;
  __m256i unit_sums[kVectors];
#pragma GCC unroll 8
  for (int u = 0; u < kVectors; ++u) {
    unit_sums[u] = _mm256_load_si256(reinterpret_cast<const __m256i*>(biases) + u);
  }
  for (; pairs != 0; pairs &= pairs - 1) {
    const int p = __builtin_ctzll(pairs);
    int32_t pair;
    std::memcpy(&pair, activations + 2 * p, sizeof(pair));
    const __m256i both = _mm256_set1_epi32(pair);
    const __m256i* weights = reinterpret_cast<const __m256i*>(columns[p].data());
    for (int u = 0; u < kVectors; ++u) {
      unit_sums[u] =
          _mm256_add_epi32(unit_sums[u], _mm256_madd_epi16(both, _mm256_load_si256(weights + u)));
    }
  }
#pragma GCC unroll 8
  for (int u = 0; u < kVectors; ++u) {
    _mm256_store_si256(reinterpret_cast<__m256i*>(sums) + u, unit_sums[u]);
  }
}

#endif

// Adds the columns of `added` to an accumulator's sums and subtracts those
// of `removed`, the sums kept in registers meanwhile (through memory, each
// column's store would force the next column's reload: the compiler cannot
// tell the sums from the weights). No lambda (ForEachInput): one would not
// inherit the AVX2 target.
void AddColumnsSse2(const InputColumns& columns, const NetworkInputs& added,
                    const NetworkInputs& removed, int16_t* sums) {
  constexpr int kVectors = kAccumulatorWidth / 8;
  __m128i vectors[kVectors];
#pragma GCC unroll 8
  for (int v = 0; v < kVectors; ++v) {
    vectors[v] = _mm_load_si128(reinterpret_cast<const __m128i*>(sums) + v);
  }
  for (int w = 0; w < kNetworkInputs / 64; ++w) {
    for (uint64_t bits = added.words[w]; bits != 0; bits &= bits - 1) {
      const auto* column =
          reinterpret_cast<const __m128i*>(columns[64 * w + __builtin_ctzll(bits)].data());
      for (int v = 0; v < kVectors; ++v) {
        vectors[v] = _mm_add_epi16(vectors[v], _mm_load_si128(column + v));
      }
    }
    for (uint64_t bits = removed.words[w]; bits != 0; bits &= bits - 1) {
      const auto* column =
          reinterpret_cast<const __m128i*>(columns[64 * w + __builtin_ctzll(bits)].data());
      for (int v = 0; v < kVectors; ++v) {
        vectors[v] = _mm_sub_epi16(vectors[v], _mm_load_si128(column + v));
      }
    }
  }
#pragma GCC unroll 8
  for (int v = 0; v < kVectors; ++v) {
    _mm_store_si128(reinterpret_cast<__m128i*>(sums) + v, vectors[v]);
  }
}

#if defined(__x86_64__)
// The same with AVX2: a column in two vectors.
__attribute__((target("avx2"))) void AddColumnsAvx2(const InputColumns& columns,
                                                    const NetworkInputs& added,
                                                    const NetworkInputs& removed, int16_t* sums) {
  constexpr int kVectors = kAccumulatorWidth / 16;
  __m256i vectors[kVectors];
#pragma GCC unroll 8
  for (int v = 0; v < kVectors; ++v) {
    vectors[v] = _mm256_load_si256(reinterpret_cast<const __m256i*>(sums) + v);
  }
  for (int w = 0; w < kNetworkInputs / 64; ++w) {
    for (uint64_t bits = added.words[w]; bits != 0; bits &= bits - 1) {
      const auto* column =
          reinterpret_cast<const __m256i*>(columns[64 * w + __builtin_ctzll(bits)].data());
      for (int v = 0; v < kVectors; ++v) {
        vectors[v] = _mm256_add_epi16(vectors[v], _mm256_load_si256(column + v));
      }
    }
    for (uint64_t bits = removed.words[w]; bits != 0; bits &= bits - 1) {
      const auto* column =
          reinterpret_cast<const __m256i*>(columns[64 * w + __builtin_ctzll(bits)].data());
      for (int v = 0; v < kVectors; ++v) {
        vectors[v] = _mm256_sub_epi16(vectors[v], _mm256_load_si256(column + v));
      }
    }
  }
#pragma GCC unroll 8
  for (int v = 0; v < kVectors; ++v) {
    _mm256_store_si256(reinterpret_cast<__m256i*>(sums) + v, vectors[v]);
  }
}
#endif

}  // namespace

void QuantizedNetwork::Update(const NetworkInputs& added, const NetworkInputs& removed,
                              Accumulator& accumulator) const {
#if defined(__x86_64__)
  if (internal::use_avx2) {
    AddColumnsAvx2(input, added, removed, accumulator.sums.data());
    return;
  }
#endif
  AddColumnsSse2(input, added, removed, accumulator.sums.data());
}

Score QuantizedNetwork::Evaluate(const Accumulator& mover, const Accumulator& other) const {
  // The same sums as EvaluateDense in another order (exact in int32: no sum
  // reaches 2^31, WithinQuantizedRanges), over the pairs of activations that
  // are not both 0: most clipped sums of a trained network are 0 (two thirds
  // in Davxar's middle games), and by pairs no unit needs a horizontal sum
  // nor a branch.
  constexpr int kLanes = 8;  // 16-bit lanes of a vector
  constexpr int kVectors = kAccumulatorWidth / kLanes;
  static_assert(kAccumulatorWidth % kLanes == 0 && kHiddenWidth % kLanes == 0);
  const __m128i zero = _mm_setzero_si128();
  const __m128i one = _mm_set1_epi16(kActivationOne);
  alignas(16) std::array<int16_t, 2 * kAccumulatorWidth> activations;
  static_assert(kActivationPairs == 64, "one bit a pair in zero_pairs");
  uint64_t zero_pairs = 0;  // bit p: activations 2p and 2p + 1 are both 0
  const Accumulator* sides[2] = {&mover, &other};
  for (int side = 0; side < 2; ++side) {
    for (int v = 0; v < kVectors; ++v) {
      const __m128i sums = _mm_load_si128(reinterpret_cast<const __m128i*>(&sides[side]->sums) + v);
      const __m128i clipped = _mm_min_epi16(_mm_max_epi16(sums, zero), one);
      const int at = side * kVectors + v;
      _mm_store_si128(reinterpret_cast<__m128i*>(activations.data()) + at, clipped);
      const int zero_mask = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(clipped, zero)));
      zero_pairs |= static_cast<uint64_t>(zero_mask) << (4 * at);
    }
  }
  alignas(32) std::array<int32_t, kHiddenWidth> unit_sums;
#if defined(__x86_64__)
  if (internal::use_avx2) {
    AddPairColumnsAvx2(activations.data(), ~zero_pairs, hidden_by_pair, hidden_bias.data(),
                       unit_sums.data());
  } else
#endif
  {
    AddPairColumnsSse2(activations.data(), ~zero_pairs, hidden_by_pair, hidden_bias.data(),
                       unit_sums.data());
  }
  // Each unit: its sum / kHiddenWeightOne clipped to [0, kActivationOne]. A
  // negative sum shifts to at most -1 and clips to 0 as the division's does;
  // packing saturates only values the clip takes to kActivationOne anyway.
  static_assert(kHiddenWeightOne == 1 << 10);
  const __m128i* sums = reinterpret_cast<const __m128i*>(unit_sums.data());
  __m128i products = zero;
  for (int u = 0; u < kHiddenWidth / 8; ++u) {
    const __m128i units = _mm_packs_epi32(_mm_srai_epi32(_mm_load_si128(sums + 2 * u), 10),
                                          _mm_srai_epi32(_mm_load_si128(sums + 2 * u + 1), 10));
    const __m128i clipped = _mm_min_epi16(_mm_max_epi16(units, zero), one);
    const __m128i weights = _mm_loadu_si128(reinterpret_cast<const __m128i*>(output.data()) + u);
    products = _mm_add_epi32(products, _mm_madd_epi16(clipped, weights));
  }
  products = _mm_add_epi32(products, _mm_shuffle_epi32(products, _MM_SHUFFLE(1, 0, 3, 2)));
  products = _mm_add_epi32(products, _mm_shuffle_epi32(products, _MM_SHUFFLE(2, 3, 0, 1)));
  return ScoreOfLogit(output_bias + _mm_cvtsi128_si32(products));
}
#else
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
  return EvaluateDense(mover, other);
}
#endif

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
