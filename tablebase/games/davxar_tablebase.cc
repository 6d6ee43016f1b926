#include "tablebase/games/davxar_tablebase.h"

#include <random>

#include "absl/strings/str_cat.h"
#include "boards/davxar/davxar_text.h"
#include "engine/game_spec.h"

namespace lud64::davxar {
namespace {

using tablebase::SliceKey;

// Whether `permute` maps the pieces in mills of `own` onto those of its image.
template <class Game>
bool CommutesWithMills(const Game& game, const std::function<Bitboard(Bitboard)>& permute,
                       Bitboard own) {
  return permute(game.PiecesInMills(own)) == game.PiecesInMills(permute(own));
}

// Every set of up to `size` points (extending `set` with points above `from`).
template <class F>
bool AllSetsUpTo(int size, Bitboard set, int from, const F& check) {
  if (!check(set)) return false;
  if (size == 0) return true;
  for (int p = from; p < kPoints; ++p) {
    if (!AllSetsUpTo(size - 1, set | SquareBit(p), p + 1, check)) return false;
  }
  return true;
}

}  // namespace

tablebase::SiteSymmetry MakeDavxarSymmetry(MillTest lines) {
  const Davxar game(lines, Davxar::kDefaultPieces);
  return tablebase::SiteSymmetry(kNeighbours, [&game](const auto& permute) {
    auto check = [&](Bitboard own) { return CommutesWithMills(game, permute, own); };
    if (!AllSetsUpTo(5, 0, 0, check)) return false;
    std::mt19937_64 random(12345);
    for (int i = 0; i < 20000; ++i) {
      if (!check(random() & random() & kAllPoints) || !check(random() & kAllPoints)) return false;
    }
    return true;
  });
}

DavxarTb::DavxarTb(MillTest lines)
    : game_(lines, Davxar::kDefaultPieces),
      symmetry_(std::make_shared<tablebase::SiteSymmetry>(MakeDavxarSymmetry(lines))),
      index_(std::make_shared<tablebase::PairIndex>(symmetry_.get())) {}

absl::StatusOr<DavxarTb> DavxarTb::FromFamily(absl::string_view family) {
  absl::StatusOr<GameSpec> spec = ParseGameSpec(family);
  if (!spec.ok()) return spec.status();
  absl::StatusOr<Davxar> game = GameFromSpec<Davxar>(*spec);
  if (!game.ok()) return game.status();
  return ForGame(*game);
}

std::string DavxarTb::family() const {
  return game_.lines() == MillTest::kLudii ? "davxar:lines=ludii" : "davxar";
}

absl::StatusOr<std::vector<SliceKey>> DavxarTb::Slices(const Davxar& game,
                                                       const tablebase::EndgameLimit& upto) const {
  if (game.lines() != game_.lines()) {
    return absl::InvalidArgumentError(
        absl::StrCat("game ", game.name(), " does not use the tables of ", family()));
  }
  std::vector<SliceKey> slices;
  auto add = [&](int own, int opponent, int own_hand, int opponent_hand, bool remove) {
    // A mill needs three pieces; someone with nothing left has lost.
    if (remove && own < 3) return;
    if (own + own_hand == 0 || opponent + opponent_hand == 0) return;
    slices.push_back({static_cast<uint8_t>(own), static_cast<uint8_t>(opponent),
                      static_cast<uint8_t>(own_hand), static_cast<uint8_t>(opponent_hand), remove});
  };
  if (!upto.whole_game()) {
    if (upto.larger > Davxar::kMaxPieces) {
      return absl::InvalidArgumentError(
          absl::StrCat("upto ", upto.Text(), ": at most ", Davxar::kMaxPieces, " pieces a side"));
    }
    for (int own = 1; own <= upto.larger; ++own) {
      for (int opponent = 1; opponent <= upto.larger; ++opponent) {
        if (!upto.Covers(own, opponent)) continue;
        add(own, opponent, 0, 0, false);
        add(own, opponent, 0, 0, true);
      }
    }
    return slices;
  }
  // Hands empty in turn order: P1 places first, so the mover holds as many
  // pieces as the opponent or one more (P2); after placing, with a removal
  // pending, one fewer or as many.
  const int n = game.pieces();
  for (int own_hand = 0; own_hand <= n; ++own_hand) {
    for (int opponent_hand = 0; opponent_hand <= n; ++opponent_hand) {
      const int lead = own_hand - opponent_hand;
      for (int own = 0; own + own_hand <= n; ++own) {
        for (int opponent = 0; opponent + opponent_hand <= n; ++opponent) {
          if (lead == 0 || lead == 1) add(own, opponent, own_hand, opponent_hand, false);
          if (lead == 0 || lead == -1) add(own, opponent, own_hand, opponent_hand, true);
        }
      }
    }
  }
  return slices;
}

Davxar::Position DavxarTb::Make(const SliceKey& key, Bitboard own, Bitboard opponent) const {
  Position position;
  position.pieces = {own, opponent};
  position.hand = {key.own_hand, key.opponent_hand};
  position.remove = key.remove;
  return position;
}

tablebase::SliceIndex DavxarTb::Locate(const Position& position) const {
  const int me = Index(position.state.to_move);
  return LocateMover(position.pieces[me], position.pieces[1 - me], position.hand[me],
                     position.hand[1 - me], position.remove);
}

bool DavxarTb::HasDecisions(const Position& position) const {
  const int me = Index(position.state.to_move);
  if (position.remove) return game_.Removable(position.pieces[1 - me]) != 0;
  const Bitboard empty = kAllPoints & ~(position.pieces[0] | position.pieces[1]);
  if (position.hand[me] > 0) return empty != 0;
  for (int from : Sites(position.pieces[me])) {
    if (kNeighbours[from] & empty) return true;
  }
  return false;
}

}  // namespace lud64::davxar
