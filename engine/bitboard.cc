// The n-th set site: a portable select and BMI2's pdep, chosen at startup.
#include "engine/bitboard.h"

#include <array>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace lud64::internal {
namespace {

// kSelectInByte[byte | rank << 8]: the position of the rank-th set bit of byte.
constexpr std::array<uint8_t, 256 * 8> kSelectInByte = [] {
  std::array<uint8_t, 256 * 8> table{};
  for (int byte = 0; byte < 256; ++byte) {
    int rank = 0;
    for (int bit = 0; bit < 8; ++bit)
      if ((byte >> bit) & 1) table[byte | rank++ << 8] = static_cast<uint8_t>(bit);
  }
  return table;
}();

}  // namespace

int NthSitePortable(Bitboard b, int n) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  constexpr uint64_t kHighs = 0x8080808080808080ULL;
  uint64_t counts = b - ((b >> 1) & 0x5555555555555555ULL);
  counts = (counts & 0x3333333333333333ULL) + ((counts >> 2) & 0x3333333333333333ULL);
  counts = (counts + (counts >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
  const uint64_t prefix = counts * kOnes;  // byte i: set bits in bytes 0..i
  // Bytes whose prefix is at most n lie wholly below the n-th set bit.
  const uint64_t below = ((static_cast<uint64_t>(n) * kOnes | kHighs) - prefix) & kHighs;
  const int shift = std::popcount(below) * 8;
  const int rank = n - static_cast<int>(((prefix << 8) >> shift) & 0xff);
  return shift + kSelectInByte[((b >> shift) & 0xff) | rank << 8];
}

#if defined(__x86_64__)
__attribute__((target("bmi2"))) int NthSiteBmi2(Bitboard b, int n) {
  return std::countr_zero(_pdep_u64(Bitboard{1} << n, b));
}

bool FastPdep() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("bmi2") && !__builtin_cpu_is("amdfam15h") &&
         !__builtin_cpu_is("amdfam17h");
}
#else
int NthSiteBmi2(Bitboard b, int n) { return NthSitePortable(b, n); }
bool FastPdep() { return false; }
#endif

bool use_pdep = FastPdep();

}  // namespace lud64::internal
