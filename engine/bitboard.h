// Bitboards: a set of board sites as the bits of one uint64_t (bit i = site i).
#ifndef LUD64_ENGINE_BITBOARD_H_
#define LUD64_ENGINE_BITBOARD_H_

#include <bit>
#include <cstdint>

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

// Returns the n-th lowest set site (n < PopCount(b)).
constexpr int NthSite(Bitboard b, int n) {
  for (; n > 0; --n) b &= b - 1;
  return std::countr_zero(b);
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
