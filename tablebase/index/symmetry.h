// The symmetries a tablebase index folds: the permutations of a board's sites
// that preserve its neighbour table (so steps map to steps) and that the caller
// confirms also commute with the game's other rules (mills, captures). The
// group is searched, not typed in, so a change to a board's tables cannot
// silently leave a wrong symmetry behind.
#ifndef LUD64_TABLEBASE_INDEX_SYMMETRY_H_
#define LUD64_TABLEBASE_INDEX_SYMMETRY_H_

#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <utility>
#include <vector>

#include "engine/bitboard.h"

namespace lud64::tablebase {

// A permutation of sites: image[s] is where site s goes.
using Permutation = std::vector<uint8_t>;

// Every permutation of the `neighbours.size()` sites that maps the neighbour
// relation onto itself (graph automorphisms), identity first.
std::vector<Permutation> NeighbourAutomorphisms(std::span<const Bitboard> neighbours);

class SiteSymmetry {
 public:
  // `keep(permute)` says whether a candidate automorphism commutes with the
  // game's rules; `permute` maps a bitboard through the candidate.
  using KeepTest = std::function<bool(const std::function<Bitboard(Bitboard)>& permute)>;

  // At most kMaxSymmetries are kept (PairIndex stores them as a bit mask).
  static constexpr int kMaxSymmetries = 16;
  SiteSymmetry(std::span<const Bitboard> neighbours, const KeepTest& keep);

  int order() const { return static_cast<int>(permutations_.size()); }
  int sites() const { return sites_; }
  const std::vector<Permutation>& permutations() const { return permutations_; }
  // A stable id of the group (a hash of its permutations), stored in files so
  // that tables built with another symmetry are rejected.
  uint32_t scheme_id() const { return scheme_id_; }

  // The image of a set under permutation g (byte lookup tables).
  Bitboard Apply(int g, Bitboard set) const {
    // Unrolled for boards of up to 32 sites (the bytes above them are 0,
    // whose images are empty), the other four bytes only for larger boards.
    const auto& tables = tables_[g];
    Bitboard image = tables[0][set & 0xFF] | tables[1][(set >> 8) & 0xFF] |
                     tables[2][(set >> 16) & 0xFF] | tables[3][(set >> 24) & 0xFF];
    if (bytes_ > 4) {
      image |= tables[4][(set >> 32) & 0xFF] | tables[5][(set >> 40) & 0xFF] |
               tables[6][(set >> 48) & 0xFF] | tables[7][(set >> 56) & 0xFF];
    }
    return image;
  }

  // The canonical image of (own, opponent): the g minimising g(own), ties
  // broken by the smallest g(opponent).
  std::pair<Bitboard, Bitboard> Canonical(Bitboard own, Bitboard opponent) const;
  // Whether (own, opponent) is its own canonical image; `own` must already be
  // canonical on its own.
  bool IsCanonicalPair(Bitboard own, Bitboard opponent) const;

 private:
  int sites_;
  int bytes_;
  std::vector<Permutation> permutations_;
  std::vector<std::array<std::array<Bitboard, 256>, 8>> tables_;
  uint32_t scheme_id_ = 0;
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_INDEX_SYMMETRY_H_
