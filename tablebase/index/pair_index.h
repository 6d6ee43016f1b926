// Numbering of the positions of a slice: an own set of m pieces and an
// opponent set of n pieces on the same board, up to symmetry.
//
// index = rank(canonical own set among the sorted canonical own sets of size
// m) * C(sites - m, n) + colex rank of the opponent set among the sites the
// own set leaves free. Own sets with a non-trivial stabiliser leave some
// opponent sets whose image under the stabiliser is smaller: those indices are
// "holes" (IsCanonicalPair is false); the builder fills them with the value of
// their canonical image so that any index can be read.
#ifndef LUD64_TABLEBASE_INDEX_PAIR_INDEX_H_
#define LUD64_TABLEBASE_INDEX_PAIR_INDEX_H_

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cassert>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "engine/bitboard.h"
#include "tablebase/index/symmetry.h"

namespace lud64::tablebase {

namespace internal {
// C(n, k) for n, k <= 64; 0 when k > n.
struct BinomialTable {
  uint64_t c[65][65] = {};
  constexpr BinomialTable() {
    for (int n = 0; n <= 64; ++n) {
      c[n][0] = 1;
      for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + c[n - 1][k];
    }
  }
};
inline constexpr BinomialTable kBinomials;
}  // namespace internal

// C(n, k) for n, k <= 64 (0 when k > n).
inline uint64_t Binomial(int n, int k) {
  if (k < 0 || n < 0 || k > n) return 0;
  return internal::kBinomials.c[n][k];
}

// The colex rank of `subset` (a subset of `universe`) among the subsets of
// `universe` of the same size, counting sites by their order in `universe`.
// Inline: every successor and predecessor of a build ranks two sets.
inline uint64_t ColexRank(Bitboard universe, Bitboard subset) {
  uint64_t rank = 0;
  for (int i = 1; subset != 0; subset &= subset - 1, ++i) {
    // The sites of `universe` below this one: its position there.
    rank += internal::kBinomials.c[PopCount(universe & ((subset & -subset) - 1))][i];
  }
  return rank;
}
// The same over every site (the universe of all 64): a site is its own position.
inline uint64_t ColexRankAll(Bitboard subset) {
  uint64_t rank = 0;
  for (int i = 1; subset != 0; subset &= subset - 1, ++i) {
    rank += internal::kBinomials.c[std::countr_zero(subset)][i];
  }
  return rank;
}
// The inverse: the subset of `universe` with `size` sites and that rank.
Bitboard ColexUnrank(Bitboard universe, int size, uint64_t rank);

class PairIndex {
 public:
  explicit PairIndex(const SiteSymmetry* symmetry);

  const SiteSymmetry& symmetry() const { return *symmetry_; }
  uint64_t Size(int own_count, int opponent_count) const;
  // The index of a pair already in canonical form (SiteSymmetry::Canonical).
  uint64_t IndexCanonical(Bitboard own, Bitboard opponent) const;
  // Per own set (by its colex rank among all sets of its size): the rank of
  // its canonical form in OwnSets and the symmetries mapping it there.
  struct OwnForm {
    uint32_t rank;
    uint16_t symmetries;  // bit g: permutation g maps the set to its canonical form
  };
  // The indices of the pairs with one own set: its canonical form, rank and
  // the symmetries taking it there, looked up once. A position's steps all
  // lead to pairs whose own set is its opponent's, which does not move.
  class OwnFrame {
   public:
    uint64_t Index(Bitboard opponent) const {
      Bitboard best = opponent;
      // Bit 0, the identity, alone: the own set is canonical already.
      if (symmetries_ != 1) {
        best = ~Bitboard{0};
        for (uint32_t gs = symmetries_; gs != 0; gs &= gs - 1) {
          best = std::min(best, symmetry_->Apply(std::countr_zero(gs), opponent));
        }
      }
      return rank_ * internal::kBinomials.c[free_count_][PopCount(opponent)] +
             ColexRank(free_, best);
    }

   private:
    friend class PairIndex;
    const SiteSymmetry* symmetry_;
    uint64_t rank_;
    Bitboard free_;  // the sites the canonical own set leaves free
    int free_count_;
    uint32_t symmetries_;
  };
  // Inline, as Index: a build indexes every successor and predecessor.
  OwnFrame FrameOf(Bitboard own) const {
    const int count = PopCount(own);
    const OwnForm form = Forms(count)[ColexRankAll(own)];
    OwnFrame frame;
    frame.symmetry_ = symmetry_;
    frame.rank_ = form.rank;
    frame.free_ = all_ & ~Sets(count)[form.rank];
    frame.free_count_ = symmetry_->sites() - count;
    frame.symmetries_ = form.symmetries;
    return frame;
  }
  // The indices of the pairs with one opponent set and own sets of one size:
  // the opponent set's image under every symmetry, computed once. A step's
  // unmoves lead to pairs whose opponent set is the side that did not move
  // (the position's mover's for the opponent's steps, the opponent's for a
  // Davxar mill step) and whose own sets differ by the unmoved piece.
  class OpponentFrame {
   public:
    uint64_t Index(Bitboard own) const {
      assert(PopCount(own) == own_count_);
      const OwnForm form = forms_[ColexRankAll(own)];
      // g = 0 is the identity: a canonical own set takes the opponent set as it is.
      Bitboard best = ~Bitboard{0};
      for (uint32_t gs = form.symmetries; gs != 0; gs &= gs - 1) {
        best = std::min(best, images_[std::countr_zero(gs)]);
      }
      return form.rank * per_own_ + ColexRank(all_ & ~sets_[form.rank], best);
    }

   private:
    friend class PairIndex;
    const OwnForm* forms_;
    const Bitboard* sets_;
    Bitboard all_;
    uint64_t per_own_;  // the number of opponent sets per own set
    int own_count_;
    std::array<Bitboard, SiteSymmetry::kMaxSymmetries> images_{};
  };
  // Inline, as FrameOf: every unmove of a backward pass is indexed here.
  OpponentFrame FrameOfOpponent(Bitboard opponent, int own_count) const {
    OpponentFrame frame;
    frame.forms_ = Forms(own_count);
    frame.sets_ = Sets(own_count);
    frame.all_ = all_;
    frame.per_own_ = PairsPerOwnSet(own_count, PopCount(opponent));
    frame.own_count_ = own_count;
    for (int g = 0; g < symmetry_->order(); ++g) frame.images_[g] = symmetry_->Apply(g, opponent);
    return frame;
  }
  // The index of any pair: canonicalised first, through a table over every
  // own set of its size (the symmetries taking it to its canonical form),
  // which spares applying every symmetry to the own set.
  uint64_t Index(Bitboard own, Bitboard opponent) const { return FrameOf(own).Index(opponent); }
  // The pair at `index`; false when it is a hole (the pair is still set).
  bool Unrank(int own_count, int opponent_count, uint64_t index, Bitboard& own,
              Bitboard& opponent) const;
  // The same without the hole test, for callers that know the answer.
  void PairAt(int own_count, int opponent_count, uint64_t index, Bitboard& own,
              Bitboard& opponent) const;
  // The number of opponent sets per own set in a slice.
  uint64_t PairsPerOwnSet(int own_count, int opponent_count) const {
    return internal::kBinomials.c[symmetry_->sites() - own_count][opponent_count];
  }
  // PairAt in two steps, for callers that decode runs of indices sharing an
  // own set: the own set of rank `rank` (index / PairsPerOwnSet), then the
  // opponent set of rank `rank` among those it leaves free (index modulo it).
  Bitboard OwnSetAt(int own_count, uint64_t rank) const { return Sets(own_count)[rank]; }
  Bitboard OpponentSetAt(Bitboard own, int opponent_count, uint64_t rank) const {
    return UnrankFree(own, opponent_count, rank);
  }
  // The sorted canonical own sets of a size (built on first use, thread-safe).
  const std::vector<Bitboard>& OwnSets(int count) const;
  // The OwnForm of every own set of a size (built on first use, thread-safe).
  const std::vector<OwnForm>& OwnForms(int count) const;

 private:
  friend class PairCursor;
  // OwnForms(count).data() and OwnSets(count).data(), without the lock once built.
  const OwnForm* Forms(int count) const {
    const std::vector<OwnForm>* forms = forms_[count].load(std::memory_order_acquire);
    return (forms != nullptr ? *forms : OwnForms(count)).data();
  }
  const Bitboard* Sets(int count) const {
    const std::vector<Bitboard>* sets = lists_[count].load(std::memory_order_acquire);
    return (sets != nullptr ? *sets : OwnSets(count)).data();
  }

  // ColexUnrank over the free sites of `own`, through subsets_ when it holds
  // the size.
  Bitboard UnrankFree(Bitboard own, int size, uint64_t rank) const;

  const SiteSymmetry* symmetry_;
  Bitboard all_;
  // Per size (where there are at most kMaxTabled subsets of the sites): the
  // subsets of positions 0.. in colex order, i.e. the colex unranking as a
  // table. A backward pass unranks every position it resolves, and a table
  // spares the bisection per piece.
  static constexpr uint64_t kMaxTabled = uint64_t{1} << 16;
  std::vector<std::vector<uint32_t>> subsets_;
  mutable std::mutex mutex_;
  mutable std::array<std::atomic<const std::vector<Bitboard>*>, 65> lists_{};
  mutable std::vector<std::unique_ptr<std::vector<Bitboard>>> owned_;
  mutable std::array<std::atomic<const std::vector<OwnForm>*>, 65> forms_{};
  mutable std::vector<std::unique_ptr<std::vector<OwnForm>>> owned_forms_;
};

// Walks the pairs of one slice in index order, as a forward pass reads them:
// the opponent set steps to the next subset of the free sites in colex order
// (increasing as a number) with a masked add, where Unrank pays an unrank
// per index, and the own set's stabiliser is looked up once per own set.
class PairCursor {
 public:
  // At `index` of the slice (own_count, opponent_count); index < Size.
  PairCursor(const PairIndex& index, int own_count, int opponent_count, uint64_t at);

  Bitboard own() const { return own_; }
  Bitboard opponent() const { return opponent_; }
  // False for a hole (as Unrank's result).
  bool canonical() const {
    for (uint32_t gs = stabiliser_; gs != 0; gs &= gs - 1) {
      if (symmetry_->Apply(std::countr_zero(gs), opponent_) < opponent_) return false;
    }
    return true;
  }
  // To the next index; not past the slice's last one.
  void Next() {
    if (opponent_ != 0) {
      // Adding the lowest bit with the non-free sites set carries through them
      // into the next free site; a carry out of bit 63 means the last subset.
      const Bitboard low = opponent_ & -opponent_;
      const Bitboard filled = opponent_ | ~free_;
      const Bitboard sum = filled + low;
      if (sum >= filled) {
        const Bitboard next = sum & free_;
        // The run of pieces the carry cleared, but one, returns to the lowest free sites.
        opponent_ = next | LowestSites(free_, opponent_count_ - PopCount(next));
        return;
      }
    }
    SetOwn(own_rank_ + 1);
  }

 private:
  // The `count` lowest sites of `set`.
  static Bitboard LowestSites(Bitboard set, int count) {
    Bitboard sites = 0;
    for (; count > 0; --count) {
      sites |= set & -set;
      set &= set - 1;
    }
    return sites;
  }
  void SetOwn(uint64_t rank);

  const SiteSymmetry* symmetry_;
  const std::vector<Bitboard>* own_sets_;
  const std::vector<PairIndex::OwnForm>* forms_;
  Bitboard all_;
  int opponent_count_;
  uint64_t own_rank_ = 0;
  Bitboard own_ = 0;
  Bitboard free_ = 0;
  Bitboard opponent_ = 0;
  uint32_t stabiliser_ = 0;  // the own set's symmetries other than the identity
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_INDEX_PAIR_INDEX_H_
