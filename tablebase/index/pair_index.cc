#include "tablebase/index/pair_index.h"

#include <algorithm>
#include <bit>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace lud64::tablebase {
using internal::kBinomials;

Bitboard ColexUnrank(Bitboard universe, int size, uint64_t rank) {
  Bitboard subset = 0;
  int limit = PopCount(universe);
  for (int i = size; i >= 1; --i) {
    // The largest position c < limit with C(c, i) <= rank, by bisection:
    // C(c, i) grows with c.
    int low = i - 1, high = limit - 1;  // C(i - 1, i) = 0 <= rank
    while (low < high) {
      const int mid = (low + high + 1) / 2;
      if (kBinomials.c[mid][i] <= rank) {
        low = mid;
      } else {
        high = mid - 1;
      }
    }
    rank -= kBinomials.c[low][i];
    subset |= SquareBit(NthSite(universe, low));
    limit = low;
  }
  return subset;
}

PairIndex::PairIndex(const SiteSymmetry* symmetry)
    : symmetry_(symmetry),
      all_(symmetry->sites() == 64 ? ~Bitboard{0} : SquareBit(symmetry->sites()) - 1) {
  const int sites = symmetry->sites();
  if (sites > 32) return;  // positions as 32-bit masks
  for (int size = 0; size <= sites && Binomial(sites, size) <= kMaxTabled; ++size) {
    std::vector<uint32_t>& table = subsets_.emplace_back();
    table.reserve(Binomial(sites, size));
    // Colex order is numeric order (Gosper's hack), and a colex rank names
    // the same subset of positions whatever the universe's size.
    if (size == 0) {
      table.push_back(0);
      continue;
    }
    for (uint64_t set = (uint64_t{1} << size) - 1; set < (uint64_t{1} << sites);) {
      table.push_back(static_cast<uint32_t>(set));
      const uint64_t low = set & -set;
      const uint64_t ripple = set + low;
      set = ripple | (((set ^ ripple) >> 2) / low);
    }
  }
}

Bitboard PairIndex::UnrankFree(Bitboard own, int size, uint64_t rank) const {
  const Bitboard free = all_ & ~own;
  if (static_cast<size_t>(size) >= subsets_.size()) return ColexUnrank(free, size, rank);
  // The positions deposited into the free sites.
  const Bitboard positions = subsets_[size][rank];
#if defined(__BMI2__)
  return _pdep_u64(positions, free);  // built for this processor, as NthSite
#else
  // A zero goes in at each own site, lowest first, so that the sites below it
  // are already where they end up: a fixed number of steps, where finding
  // each position's site branched on the own sites below it.
  Bitboard subset = positions;
  for (Bitboard sites = own & all_; sites != 0; sites &= sites - 1) {
    const Bitboard below = (sites & -sites) - 1;
    subset = (subset & below) | ((subset & ~below) << 1);
  }
  return subset;
#endif
}

const std::vector<Bitboard>& PairIndex::OwnSets(int count) const {
  if (const auto* list = lists_[count].load(std::memory_order_acquire)) return *list;
  std::lock_guard<std::mutex> lock(mutex_);
  if (const auto* list = lists_[count].load(std::memory_order_acquire)) return *list;
  auto list = std::make_unique<std::vector<Bitboard>>();
  const int sites = symmetry_->sites();
  // Every subset of `count` sites, in increasing numeric order (Gosper's hack).
  if (count == 0) {
    list->push_back(0);
  } else if (count <= sites) {
    const Bitboard all = sites == 64 ? ~Bitboard{0} : SquareBit(sites) - 1;
    for (Bitboard set = SquareBit(count) - 1; set != 0 && (set & ~all) == 0;) {
      bool canonical = true;
      for (int g = 1; g < symmetry_->order() && canonical; ++g) {
        canonical = symmetry_->Apply(g, set) >= set;
      }
      if (canonical) list->push_back(set);
      const Bitboard low = set & -set;
      const Bitboard ripple = set + low;
      if (ripple == 0) break;
      set = ripple | (((set ^ ripple) >> 2) / low);
    }
  }
  const std::vector<Bitboard>* result = list.get();
  owned_.push_back(std::move(list));
  lists_[count].store(result, std::memory_order_release);
  return *result;
}

const std::vector<PairIndex::OwnForm>& PairIndex::OwnForms(int count) const {
  if (const auto* forms = forms_[count].load(std::memory_order_acquire)) return *forms;
  const std::vector<Bitboard>& sets = OwnSets(count);  // before the lock: it takes it too
  std::lock_guard<std::mutex> lock(mutex_);
  if (const auto* forms = forms_[count].load(std::memory_order_acquire)) return *forms;
  const int sites = symmetry_->sites();
  const Bitboard all = sites == 64 ? ~Bitboard{0} : SquareBit(sites) - 1;
  auto forms = std::make_unique<std::vector<OwnForm>>(Binomial(sites, count));
  for (uint64_t raw = 0; raw < forms->size(); ++raw) {
    const Bitboard set = ColexUnrank(all, count, raw);
    Bitboard best = set;
    for (int g = 1; g < symmetry_->order(); ++g) best = std::min(best, symmetry_->Apply(g, set));
    OwnForm form{
        static_cast<uint32_t>(std::lower_bound(sets.begin(), sets.end(), best) - sets.begin()), 0};
    for (int g = 0; g < symmetry_->order(); ++g) {
      if (symmetry_->Apply(g, set) == best) form.symmetries |= 1u << g;
    }
    (*forms)[raw] = form;
  }
  const std::vector<OwnForm>* result = forms.get();
  owned_forms_.push_back(std::move(forms));
  forms_[count].store(result, std::memory_order_release);
  return *result;
}

uint64_t PairIndex::Size(int own_count, int opponent_count) const {
  return OwnSets(own_count).size() * Binomial(symmetry_->sites() - own_count, opponent_count);
}

uint64_t PairIndex::IndexCanonical(Bitboard own, Bitboard opponent) const {
  const std::vector<Bitboard>& sets = OwnSets(PopCount(own));
  const uint64_t rank = std::lower_bound(sets.begin(), sets.end(), own) - sets.begin();
  const Bitboard free = all_ & ~own;
  return rank * Binomial(PopCount(free), PopCount(opponent)) + ColexRank(free, opponent);
}

bool PairIndex::Unrank(int own_count, int opponent_count, uint64_t index, Bitboard& own,
                       Bitboard& opponent) const {
  PairAt(own_count, opponent_count, index, own, opponent);
  // A hole: a symmetry fixing the own set (other than the identity, bit 0)
  // makes the opponent set smaller.
  const OwnForm form = Forms(own_count)[ColexRankAll(own)];
  for (uint32_t gs = form.symmetries & ~1u; gs != 0; gs &= gs - 1) {
    if (symmetry_->Apply(std::countr_zero(gs), opponent) < opponent) return false;
  }
  return true;
}

void PairIndex::PairAt(int own_count, int opponent_count, uint64_t index, Bitboard& own,
                       Bitboard& opponent) const {
  const uint64_t per_own = PairsPerOwnSet(own_count, opponent_count);
  own = OwnSetAt(own_count, index / per_own);
  opponent = OpponentSetAt(own, opponent_count, index % per_own);
}

PairCursor::PairCursor(const PairIndex& index, int own_count, int opponent_count, uint64_t at)
    : symmetry_(index.symmetry_),
      own_sets_(&index.OwnSets(own_count)),
      forms_(&index.OwnForms(own_count)),
      all_(symmetry_->sites() == 64 ? ~Bitboard{0} : SquareBit(symmetry_->sites()) - 1),
      opponent_count_(opponent_count) {
  const uint64_t per_own = Binomial(symmetry_->sites() - own_count, opponent_count);
  SetOwn(at / per_own);
  opponent_ = ColexUnrank(free_, opponent_count, at % per_own);
}

void PairCursor::SetOwn(uint64_t rank) {
  own_rank_ = rank;
  own_ = (*own_sets_)[rank];
  free_ = all_ & ~own_;
  stabiliser_ = (*forms_)[ColexRankAll(own_)].symmetries & ~1u;
  // The first subset in colex order: the lowest free sites.
  opponent_ = LowestSites(free_, opponent_count_);
}

}  // namespace lud64::tablebase
