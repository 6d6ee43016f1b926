// Bitboards: a set of board sites as the bits of one uint64_t (bit i = site i).
#ifndef LUD64_ENGINE_BITBOARD_H_
#define LUD64_ENGINE_BITBOARD_H_

#include <bit>
#include <cstdint>
#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace lud64 {

using Bitboard = uint64_t;

constexpr Bitboard SquareBit(int site) { return Bitboard{1} << site; }
constexpr int PopCount(Bitboard b) { return std::popcount(b); }
constexpr int LowestSite(Bitboard b) { return std::countr_zero(b); }
constexpr bool Contains(Bitboard b, int site) { return (b >> site) & 1; }

// Removes and returns the lowest site of a non-empty bitboard.
constexpr int PopLowest(Bitboard& b) {
  const int site = std::countr_zero(b);
  b &= b - 1;
  return site;
}

namespace internal {

// Portable: byte counts, their prefix sums, then a table lookup in the byte.
int NthSitePortable(Bitboard b, int n);
// One BMI2 pdep; only on processors that have it.
int NthSiteBmi2(Bitboard b, int n);
// Whether NthSite uses pdep: BMI2 is present and its pdep fast (not the
// microcoded one of AMD before Zen 3).
bool FastPdep();
// FastPdep(), set before main by bitboard.cc's initializer (false until then:
// the portable select gives the same sites).
extern bool use_pdep;

}  // namespace internal

// Returns the n-th lowest set site (n < PopCount(b)). Random playouts pick n
// at random, so the choice is branch-free (a loop of n steps mispredicts its
// exit). Built with BMI2 (-march=native), one pdep; otherwise, on x86-64, one
// pdep written as assembly (which needs no BMI2 flag to compile) where the
// processor has a fast one, behind a branch that goes the same way every
// time: inline, so that the playout loops keep their values in registers
// rather than spilling them around a call. Else the portable select.
inline int NthSite(Bitboard b, int n) {
#if defined(__BMI2__)
  return std::countr_zero(_pdep_u64(Bitboard{1} << n, b));
#elif defined(__x86_64__)
  if (internal::use_pdep) [[likely]] {
    // pdep, then tzcnt (BMI1, which every BMI2 processor has) on a result
    // known not to be 0, without the check countr_zero would add for 0.
    uint64_t site;
    asm("pdep %2, %1, %0\n\ttzcnt %0, %0" : "=&r"(site) : "r"(Bitboard{1} << n), "rm"(b));
    return static_cast<int>(site);
  }
  return internal::NthSitePortable(b, n);
#else
  return internal::NthSitePortable(b, n);
#endif
}

// Whether Deposit is one pdep: built with BMI2, or on x86-64 where NthSite
// uses the processor's fast one. Elsewhere Deposit is a loop, and a caller
// that wants speed takes another way.
inline bool FastDeposit() {
#if defined(__BMI2__)
  return true;
#elif defined(__x86_64__)
  return internal::use_pdep;
#else
  return false;
#endif
}

// pdep: the low bits of `source` placed, lowest first, at the set bits of
// `mask`. Deposit(SquareBit(n), b) is the n-th lowest set bit of b, or 0 if b
// has n or fewer: a select whose result is a bitboard, not a site.
inline Bitboard Deposit(Bitboard source, Bitboard mask) {
#if defined(__BMI2__)
  return _pdep_u64(source, mask);
#elif defined(__x86_64__)
  if (internal::use_pdep) [[likely]] {
    uint64_t deposited;
    asm("pdep %2, %1, %0" : "=r"(deposited) : "r"(source), "rm"(mask));
    return deposited;
  }
#endif
  Bitboard deposited = 0;
  for (; mask != 0 && source != 0; mask &= mask - 1, source >>= 1)
    if (source & 1) deposited |= mask & -mask;
  return deposited;
}

// Iterates the sites of a bitboard, lowest first: `for (int s : Sites(b))`.
class Sites {
 public:
  class Iterator {
   public:
    constexpr explicit Iterator(Bitboard b) : rest_(b) {}
    constexpr int operator*() const { return std::countr_zero(rest_); }
    constexpr Iterator& operator++() {
      rest_ &= rest_ - 1;
      return *this;
    }
    constexpr bool operator!=(const Iterator& other) const { return rest_ != other.rest_; }

   private:
    Bitboard rest_;
  };
  constexpr explicit Sites(Bitboard b) : bits_(b) {}
  constexpr Iterator begin() const { return Iterator(bits_); }
  constexpr Iterator end() const { return Iterator(0); }

 private:
  Bitboard bits_;
};

}  // namespace lud64

#endif  // LUD64_ENGINE_BITBOARD_H_
