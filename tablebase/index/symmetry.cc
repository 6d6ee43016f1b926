#include "tablebase/index/symmetry.h"

#include <algorithm>

namespace lud64::tablebase {
namespace {

// Extends a partial automorphism site by site in breadth-first order: each
// new site has an already placed neighbour, so its image is one of that
// image's neighbours, which keeps the search tiny.
class AutomorphismSearch {
 public:
  explicit AutomorphismSearch(std::span<const Bitboard> neighbours)
      : neighbours_(neighbours), n_(static_cast<int>(neighbours.size())) {
    std::vector<bool> seen(n_, false);
    for (int root = 0; root < n_; ++root) {
      if (seen[root]) continue;
      seen[root] = true;
      order_.push_back(root);
      for (size_t i = order_.size() - 1; i < order_.size(); ++i) {
        for (int next : Sites(neighbours_[order_[i]])) {
          if (!seen[next]) seen[next] = true, order_.push_back(next);
        }
      }
    }
    image_.assign(n_, -1);
    used_.assign(n_, false);
  }

  std::vector<Permutation> Run() {
    Extend(0);
    return found_;
  }

 private:
  bool Adjacent(int a, int b) const { return Contains(neighbours_[a], b); }

  void Extend(size_t depth) {
    if (depth == order_.size()) {
      found_.emplace_back(image_.begin(), image_.end());
      return;
    }
    const int site = order_[depth];
    for (int candidate = 0; candidate < n_; ++candidate) {
      if (used_[candidate] || PopCount(neighbours_[candidate]) != PopCount(neighbours_[site])) {
        continue;
      }
      bool fits = true;
      for (size_t i = 0; i < depth && fits; ++i) {
        const int placed = order_[i];
        fits = Adjacent(site, placed) == Adjacent(candidate, image_[placed]);
      }
      if (!fits) continue;
      image_[site] = candidate;
      used_[candidate] = true;
      Extend(depth + 1);
      used_[candidate] = false;
      image_[site] = -1;
    }
  }

  std::span<const Bitboard> neighbours_;
  int n_;
  std::vector<int> order_;
  std::vector<int> image_;
  std::vector<bool> used_;
  std::vector<Permutation> found_;
};

Bitboard Permute(const Permutation& p, Bitboard set) {
  Bitboard image = 0;
  for (int s : Sites(set)) image |= SquareBit(p[s]);
  return image;
}

}  // namespace

std::vector<Permutation> NeighbourAutomorphisms(std::span<const Bitboard> neighbours) {
  std::vector<Permutation> found = AutomorphismSearch(neighbours).Run();
  // The identity is the smallest. An explicit comparison: GCC 12 warns about
  // the memcmp the default one inlines to (-Wstringop-overread, a false alarm).
  std::sort(found.begin(), found.end(), [](const Permutation& a, const Permutation& b) {
    return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                        [](int x, int y) { return x < y; });
  });
  return found;
}

SiteSymmetry::SiteSymmetry(std::span<const Bitboard> neighbours, const KeepTest& keep)
    : sites_(static_cast<int>(neighbours.size())), bytes_((sites_ + 7) / 8) {
  for (const Permutation& p : NeighbourAutomorphisms(neighbours)) {
    if (keep([&p](Bitboard set) { return Permute(p, set); })) permutations_.push_back(p);
  }
  // More than 16 would not fit PairIndex's masks; no such board here, and
  // folding nothing is always correct.
  if (permutations_.size() > kMaxSymmetries) permutations_.resize(1);
  tables_.resize(permutations_.size());
  // FNV-1a over the permutations' bytes: the same group gives the same id.
  uint32_t hash = 2166136261u;
  for (size_t g = 0; g < permutations_.size(); ++g) {
    for (int byte = 0; byte < 8; ++byte) {
      for (int value = 0; value < 256; ++value) {
        const Bitboard set = (Bitboard(value) << (8 * byte)) &
                             ((sites_ == 64) ? ~Bitboard{0} : SquareBit(sites_) - 1);
        tables_[g][byte][value] = Permute(permutations_[g], set);
      }
    }
    for (uint8_t image : permutations_[g]) hash = (hash ^ image) * 16777619u;
  }
  scheme_id_ = hash;
}

std::pair<Bitboard, Bitboard> SiteSymmetry::Canonical(Bitboard own, Bitboard opponent) const {
  Bitboard best_own = own;
  Bitboard best_opponent = opponent;
  for (int g = 1; g < order(); ++g) {
    const Bitboard image = Apply(g, own);
    if (image < best_own) {
      best_own = image;
      best_opponent = Apply(g, opponent);
    } else if (image == best_own) {
      best_opponent = std::min(best_opponent, Apply(g, opponent));
    }
  }
  return {best_own, best_opponent};
}

bool SiteSymmetry::IsCanonicalPair(Bitboard own, Bitboard opponent) const {
  for (int g = 1; g < order(); ++g) {
    if (Apply(g, own) == own && Apply(g, opponent) < opponent) return false;
  }
  return true;
}

}  // namespace lud64::tablebase
