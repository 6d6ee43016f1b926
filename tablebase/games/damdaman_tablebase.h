// The Damdaman side of the endgame tablebases (tablebase/tb_game.h): a slice
// is (own pieces, opponent pieces) seen from the player to move; the symmetry
// is the grid's, kept only where it commutes with the captures.
#ifndef LUD64_TABLEBASE_GAMES_DAMDAMAN_TABLEBASE_H_
#define LUD64_TABLEBASE_GAMES_DAMDAMAN_TABLEBASE_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "boards/damdaman/damdaman.h"
#include "tablebase/index/pair_index.h"
#include "tablebase/index/symmetry.h"
#include "tablebase/tb_game.h"

namespace lud64::damdaman {

// The automorphisms of the orthogonal neighbour table that commute with
// Damdaman::Captures (checked on all small sets and on random ones).
tablebase::SiteSymmetry MakeDamdamanSymmetry();

class DamdamanTb {
 public:
  using Game = Damdaman;
  using Position = Damdaman::Position;
  using SliceKey = tablebase::SliceKey;
  using SliceIndex = tablebase::SliceIndex;
  using Successor = tablebase::Successor;
  using Grid = Damdaman::Grid;

  DamdamanTb();
  static absl::StatusOr<DamdamanTb> FromFamily(absl::string_view family);
  static DamdamanTb ForGame(const Damdaman&) { return DamdamanTb(); }

  std::string family() const { return "damdaman"; }
  const Damdaman& game() const { return game_; }
  const tablebase::PairIndex& index() const { return *index_; }
  const tablebase::SiteSymmetry& symmetry() const { return *symmetry_; }

  // Only movement endgames: `upto` must be given (the whole game, 24 a side,
  // is far out of reach).
  absl::StatusOr<std::vector<SliceKey>> Slices(const Damdaman& game,
                                               const tablebase::EndgameLimit& upto) const;
  Position Make(const SliceKey&, Bitboard own, Bitboard opponent) const {
    Position position;
    position.pieces = {own, opponent};
    return position;
  }
  SliceIndex Locate(const Position& position) const {
    const int me = Index(position.state.to_move);
    return LocateMover(position.pieces[me], position.pieces[1 - me]);
  }
  SliceKey SliceOf(const Position& position) const {
    const int me = Index(position.state.to_move);
    return KeyOf(position.pieces[me], position.pieces[1 - me]);
  }
  bool HasDecisions(const Position& position) const {
    const int me = Index(position.state.to_move);
    const Bitboard empty = Grid::kAll & ~(position.pieces[0] | position.pieces[1]);
    return (Grid::Neighbours(position.pieces[me]) & empty) != 0;
  }

  // Slices count the pieces on the board, and nothing else.
  int Pieces(const SliceKey& key) const { return key.own + key.opponent; }
  // Steps lead from a slice into its colour swap; captures into fewer pieces,
  // solved before (SolvingRank).
  std::vector<SliceKey> SolvedWith(const SliceKey& key) const { return {key, key.Swapped()}; }
  int SolvingRank(const SliceKey& key) const { return Pieces(key); }

  template <class F>
  void ForEachSuccessor(const Position& position, F&& f) const;
  template <class F>
  void ForEachPredecessor(const Position& position, F&& f) const;

 private:
  static SliceKey KeyOf(Bitboard own, Bitboard opponent) {
    return {static_cast<uint8_t>(PopCount(own)), static_cast<uint8_t>(PopCount(opponent)), 0, 0,
            false};
  }
  SliceIndex LocateMover(Bitboard own, Bitboard opponent) const {
    return {KeyOf(own, opponent), index_->Index(own, opponent)};
  }
  static Position Swapped(const Position& p) {
    Position s;
    s.pieces = {p.pieces[1], p.pieces[0]};
    return s;
  }

  Damdaman game_;
  std::shared_ptr<const tablebase::SiteSymmetry> symmetry_;
  std::shared_ptr<const tablebase::PairIndex> index_;
};

template <class F>
void DamdamanTb::ForEachSuccessor(const Position& position, F&& f) const {
  DecisionList list;
  game_.generate(position, list);
  if (list.empty()) {
    const Position next = Swapped(position);  // a forced pass
    if (!HasDecisions(next)) {
      f(Successor{Successor::kDraw, false, {}});
    } else {
      f(Successor{Successor::kChild, false, Locate(next)});
    }
    return;
  }
  // A step without a capture leaves the opponent's set, the next mover's, as
  // it is: its part of the index is looked up once.
  const tablebase::PairIndex::OwnFrame after_step = index_->FrameOf(position.pieces[1]);
  for (Decision decision : list) {
    Position next = position;
    game_.play(next, decision);
    if (next.pieces[1] == 0) {
      f(Successor{Successor::kWin, false, {}});
    } else if (next.pieces[1] == position.pieces[1]) {
      f(Successor{Successor::kChild,
                  false,
                  {KeyOf(next.pieces[1], next.pieces[0]), after_step.Index(next.pieces[0])}});
    } else {
      f(Successor{Successor::kChild, false, LocateMover(next.pieces[1], next.pieces[0])});
    }
  }
}

// Within a slice pair only non-capturing steps and forced passes lead here;
// a capturing step comes from a slice with one more piece.
template <class F>
void DamdamanTb::ForEachPredecessor(const Position& position, F&& f) const {
  const Bitboard own = position.pieces[0];
  const Bitboard opponent = position.pieces[1];
  const Bitboard empty = Grid::kAll & ~(own | opponent);
  // The unmoves keep the mover's set: its images are computed once.
  const SliceKey key = KeyOf(opponent, own);
  const tablebase::PairIndex::OpponentFrame before = index_->FrameOfOpponent(own, key.own);
  for (int to : Sites(opponent)) {
    if (Damdaman::Captures(to, opponent, own) != 0) continue;
    for (int from : Sites(Grid::kNeighbours[to] & empty)) {
      f(SliceIndex{key, before.Index(opponent ^ SquareBit(to) ^ SquareBit(from))}, false);
    }
  }
  if (HasDecisions(position)) {
    const Position previous = Swapped(position);
    if (!HasDecisions(previous)) f(Locate(previous), false);
  }
}

}  // namespace lud64::damdaman

#endif  // LUD64_TABLEBASE_GAMES_DAMDAMAN_TABLEBASE_H_
