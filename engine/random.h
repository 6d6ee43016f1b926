// Fast, seedable random numbers for playouts and hashing keys.
#ifndef LUD64_ENGINE_RANDOM_H_
#define LUD64_ENGINE_RANDOM_H_

#include <cstdint>

namespace lud64 {

// SplitMix64: a 64-bit mixer, used to seed generators and to derive constants.
constexpr uint64_t SplitMix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// xoshiro256++ (Blackman and Vigna): small state, fast, passes BigCrush.
class Random {
 public:
  explicit constexpr Random(uint64_t seed) {
    for (uint64_t& word : s_) word = SplitMix64(seed);
  }

  constexpr uint64_t Next() {
    const uint64_t result = Rotl(s_[0] + s_[3], 23) + s_[0];
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = Rotl(s_[3], 45);
    return result;
  }

  // Exactly uniform in [0, bound), bound > 0 (Lemire's multiply-and-reject).
  constexpr uint32_t Below(uint32_t bound) {
    uint64_t product = (Next() >> 32) * bound;
    auto low = static_cast<uint32_t>(product);
    if (low < bound) {
      const uint32_t threshold = static_cast<uint32_t>(-bound) % bound;
      while (low < threshold) {
        product = (Next() >> 32) * bound;
        low = static_cast<uint32_t>(product);
      }
    }
    return static_cast<uint32_t>(product >> 32);
  }

 private:
  static constexpr uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4] = {};
};

}  // namespace lud64

#endif  // LUD64_ENGINE_RANDOM_H_
