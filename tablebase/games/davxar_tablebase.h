// The Davxar side of the endgame tablebases: slices, symmetry, successors and
// unmoves (tablebase/tb_game.h). A slice is (own and opponent pieces on the
// board, own and opponent hands, removal pending) seen from the player to
// move. Values do not depend on the `pieces` option, which only bounds the
// hands, so tables are shared by every `pieces` and keyed by `lines` alone:
// the family is "davxar" or "davxar:lines=ludii".
#ifndef LUD64_TABLEBASE_GAMES_DAVXAR_TABLEBASE_H_
#define LUD64_TABLEBASE_GAMES_DAVXAR_TABLEBASE_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "boards/davxar/davxar.h"
#include "boards/davxar/davxar_board.h"
#include "tablebase/index/pair_index.h"
#include "tablebase/index/symmetry.h"
#include "tablebase/tb_game.h"

namespace lud64::davxar {

// The automorphisms of the link table that commute with the mill test of
// `lines` (checked on every set of up to 5 points and on random sets).
tablebase::SiteSymmetry MakeDavxarSymmetry(MillTest lines);

class DavxarTb {
 public:
  using Game = Davxar;
  using Position = Davxar::Position;
  using SliceKey = tablebase::SliceKey;
  using SliceIndex = tablebase::SliceIndex;
  using Successor = tablebase::Successor;

  explicit DavxarTb(MillTest lines);
  // From a family name: "davxar" or "davxar:lines=ludii" (also accepts any
  // davxar game name; `pieces` is ignored).
  static absl::StatusOr<DavxarTb> FromFamily(absl::string_view family);
  static DavxarTb ForGame(const Davxar& game) { return DavxarTb(game.lines()); }

  std::string family() const;
  const Davxar& game() const { return game_; }
  const tablebase::PairIndex& index() const { return *index_; }
  const tablebase::SiteSymmetry& symmetry() const { return *symmetry_; }

  absl::StatusOr<std::vector<SliceKey>> Slices(const Davxar& game,
                                               const tablebase::EndgameLimit& upto) const;
  Position Make(const SliceKey& key, Bitboard own, Bitboard opponent) const;
  SliceIndex Locate(const Position& position) const;
  SliceKey SliceOf(const Position& position) const {
    const int me = Index(position.state.to_move);
    return KeyOf(position.pieces[me], position.pieces[1 - me], position.hand[me],
                 position.hand[1 - me], position.remove);
  }
  bool HasDecisions(const Position& position) const;
  // Pieces in hand count: placing one is a decision like a step.
  int Pieces(const SliceKey& key) const {
    return key.own + key.opponent + key.own_hand + key.opponent_hand;
  }
  // Steps and passes lead from a slice into its colour swap; a step that forms
  // a mill into the same counts with a removal pending.
  std::vector<SliceKey> SolvedWith(const SliceKey& key) const {
    std::vector<SliceKey> group;
    for (SliceKey member : {key, key.Swapped()}) {
      for (const bool remove : {false, true}) {
        member.remove = remove;
        group.push_back(member);
      }
    }
    return group;
  }
  // A removal lowers the pieces, a placement the pieces in hand: fewer pieces
  // first, then fewer in hand.
  int SolvingRank(const SliceKey& key) const {
    return Pieces(key) * 256 + key.own_hand + key.opponent_hand;
  }
  // A removal is pending only after a mill: positions of a removal slice
  // where the mover holds none are never reached, and their stored values
  // are "don't care" to the compressed files.
  bool CanOccur(const SliceKey& key, Bitboard own, Bitboard /*opponent*/) const {
    return !key.remove || game_.PiecesInMills(own) != 0;
  }
  // A step that forms a mill leaves the same player to remove: the
  // distances of the step's wins are derived from the removal slice's, which
  // keeps its own (a removal is never followed by the same player's decision).
  bool KeepsWinDistances(const SliceKey& key) const { return key.remove; }

  template <class F>
  void ForEachSuccessor(const Position& position, F&& f) const;
  template <class F>
  void ForEachPredecessor(const Position& position, F&& f) const;

 private:
  static SliceKey KeyOf(Bitboard own, Bitboard opponent, int own_hand, int opponent_hand,
                        bool remove) {
    return {static_cast<uint8_t>(PopCount(own)), static_cast<uint8_t>(PopCount(opponent)),
            static_cast<uint8_t>(own_hand), static_cast<uint8_t>(opponent_hand), remove};
  }
  SliceIndex LocateMover(Bitboard own, Bitboard opponent, int own_hand, int opponent_hand,
                         bool remove) const {
    return {KeyOf(own, opponent, own_hand, opponent_hand, remove), index_->Index(own, opponent)};
  }
  // The position seen by the other player, after the turn ended.
  static Position Swapped(const Position& p) {
    Position s;
    s.pieces = {p.pieces[1], p.pieces[0]};
    s.hand = {p.hand[1], p.hand[0]};
    return s;
  }

  Davxar game_;
  std::shared_ptr<const tablebase::SiteSymmetry> symmetry_;
  std::shared_ptr<const tablebase::PairIndex> index_;
};

template <class F>
void DavxarTb::ForEachSuccessor(const Position& position, F&& f) const {
  DecisionList list;
  game_.generate(position, list);
  if (list.empty()) {
    const Position next = Swapped(position);  // a removal pass or a forced pass
    if (!position.remove && !HasDecisions(next)) {
      f(Successor{Successor::kDraw, false, {}});  // both blocked: the all-pass draw
    } else {
      f(Successor{Successor::kChild, false, Locate(next)});
    }
    return;
  }
  // Steps and placements leave the opponent's set, the next mover's, as it
  // is: its part of the index is looked up once.
  const tablebase::PairIndex::OwnFrame after_turn = index_->FrameOf(position.pieces[1]);
  for (Decision decision : list) {
    Position next = position;
    const bool same_mover = game_.play(next, decision);
    if (next.pieces[1] == 0 && next.hand[1] == 0) {
      f(Successor{Successor::kWin, false, {}});
    } else if (same_mover) {
      f(Successor{Successor::kChild, true,
                  LocateMover(next.pieces[0], next.pieces[1], next.hand[0], next.hand[1], true)});
    } else if (next.pieces[1] == position.pieces[1]) {
      f(Successor{Successor::kChild,
                  false,
                  {KeyOf(next.pieces[1], next.pieces[0], next.hand[1], next.hand[0], false),
                   after_turn.Index(next.pieces[0])}});
    } else {
      f(Successor{Successor::kChild, false,
                  LocateMover(next.pieces[1], next.pieces[0], next.hand[1], next.hand[0], false)});
    }
  }
}

// The unmoves within a component: the opponent's step that formed no mill,
// the opponent's removal pass, the opponent's forced pass, and (removal
// pending) the mover's own step that formed a mill. Placements and removals
// come from other components, solved before.
template <class F>
void DavxarTb::ForEachPredecessor(const Position& position, F&& f) const {
  const Bitboard own = position.pieces[0];
  const Bitboard opponent = position.pieces[1];
  const int own_hand = position.hand[0];
  const int opponent_hand = position.hand[1];
  const Bitboard empty = kAllPoints & ~(own | opponent);
  const bool movement = own_hand == 0 && opponent_hand == 0;
  // A step's unmoves keep the other side's set: its images are computed once.
  if (position.remove) {
    if (!movement) return;
    const SliceKey key = KeyOf(own, opponent, 0, 0, false);
    const tablebase::PairIndex::OpponentFrame before = index_->FrameOfOpponent(opponent, key.own);
    for (int to : Sites(own)) {
      if (!game_.InMill(to, own)) continue;
      for (int from : Sites(kNeighbours[to] & empty)) {
        f(SliceIndex{key, before.Index(own ^ SquareBit(to) ^ SquareBit(from))}, true);
      }
    }
    return;
  }
  if (movement) {
    const SliceKey key = KeyOf(opponent, own, 0, 0, false);
    const tablebase::PairIndex::OpponentFrame before = index_->FrameOfOpponent(own, key.own);
    for (int to : Sites(opponent)) {
      if (game_.InMill(to, opponent)) continue;
      for (int from : Sites(kNeighbours[to] & empty)) {
        f(SliceIndex{key, before.Index(opponent ^ SquareBit(to) ^ SquareBit(from))}, false);
      }
    }
  }
  if (game_.Removable(own) == 0) {
    f(LocateMover(opponent, own, opponent_hand, own_hand, true), false);
  }
  if (HasDecisions(position)) {
    const Position previous = Swapped(position);
    if (!HasDecisions(previous)) f(Locate(previous), false);
  }
}

}  // namespace lud64::davxar

#endif  // LUD64_TABLEBASE_GAMES_DAVXAR_TABLEBASE_H_
