#include "tablebase/games/damdaman_tablebase.h"

#include <random>

#include "absl/strings/str_cat.h"

namespace lud64::damdaman {
namespace {

using Grid = Damdaman::Grid;

// Whether the captures of a step to `to` map onto the captures of the image step.
bool CommutesWithCaptures(const std::function<Bitboard(Bitboard)>& permute, int to, Bitboard own,
                          Bitboard opponent) {
  own |= SquareBit(to);
  opponent &= ~own;
  const Bitboard image_to = permute(SquareBit(to));
  return permute(Damdaman::Captures(to, own, opponent)) ==
         Damdaman::Captures(LowestSite(image_to), permute(own), permute(opponent));
}

}  // namespace

tablebase::SiteSymmetry MakeDamdamanSymmetry() {
  return tablebase::SiteSymmetry(Grid::kNeighbours, [](const auto& permute) {
    // Every placement of one own piece and one opponent piece around each
    // arrival site, then random boards.
    for (int to = 0; to < Grid::kSites; ++to) {
      for (int a = 0; a < Grid::kSites; ++a) {
        for (int b = 0; b < Grid::kSites; ++b) {
          if (!CommutesWithCaptures(permute, to, SquareBit(a), SquareBit(b))) return false;
        }
      }
    }
    std::mt19937_64 random(777);
    for (int i = 0; i < 50000; ++i) {
      const Bitboard own = random() & random() & Grid::kAll;
      const Bitboard opponent = random() & ~own & Grid::kAll;
      if (!CommutesWithCaptures(permute, static_cast<int>(random() % Grid::kSites), own,
                                opponent)) {
        return false;
      }
    }
    return true;
  });
}

DamdamanTb::DamdamanTb()
    : symmetry_(std::make_shared<tablebase::SiteSymmetry>(MakeDamdamanSymmetry())),
      index_(std::make_shared<tablebase::PairIndex>(symmetry_.get())) {}

absl::StatusOr<DamdamanTb> DamdamanTb::FromFamily(absl::string_view family) {
  if (family != "damdaman") {
    return absl::InvalidArgumentError(absl::StrCat("'", family, "' is not a damdaman family"));
  }
  return DamdamanTb();
}

absl::StatusOr<std::vector<tablebase::SliceKey>> DamdamanTb::Slices(
    const Damdaman&, const tablebase::EndgameLimit& upto) const {
  if (upto.whole_game() || upto.larger > Damdaman::kPiecesPerSide) {
    return absl::InvalidArgumentError(
        "damdaman tablebases cover movement endgames only: give upto (pieces a side, 1 to 24); "
        "the whole game (24 a side) is far out of reach");
  }
  std::vector<tablebase::SliceKey> slices;
  for (int own = 1; own <= upto.larger; ++own) {
    for (int opponent = 1; opponent <= upto.larger; ++opponent) {
      if (!upto.Covers(own, opponent)) continue;
      slices.push_back({static_cast<uint8_t>(own), static_cast<uint8_t>(opponent), 0, 0, false});
    }
  }
  return slices;
}

}  // namespace lud64::damdaman
