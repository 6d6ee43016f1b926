// What the generic tablebase code needs from a game (a "tablebase adapter",
// e.g. davxar::DavxarTb): slices, an index up to symmetry, and moves and
// unmoves between positions seen from the player to move.
//
// Positions handed to and from an adapter are the game's own Position type
// with P1 to move ("mover perspective"): pieces[0] are the mover's.
#ifndef LUD64_TABLEBASE_TB_GAME_H_
#define LUD64_TABLEBASE_TB_GAME_H_

#include <concepts>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "absl/status/statusor.h"
#include "tablebase/endgame_limit.h"
#include "tablebase/index/pair_index.h"
#include "tablebase/slice.h"

namespace lud64::tablebase {

// A position located in the tables: its slice and its index there.
struct SliceIndex {
  SliceKey key;
  uint64_t index = 0;
};

// One decision's result, as the solver sees it.
struct Successor {
  enum Kind : uint8_t {
    kWin,    // the decision ends the game, won by the mover
    kDraw,   // a forced pass answered by a forced pass: the all-pass draw
    kChild,  // a table position
  };
  Kind kind = kChild;
  bool same_mover = false;  // the turn goes on (a Davxar mill): no turn counted
  SliceIndex at;
};

template <class T>
concept TablebaseGame = requires(const T& tb, const typename T::Position& position,
                                 const SliceKey& key, const typename T::Game& game) {
  { tb.family() } -> std::convertible_to<std::string>;
  { tb.index() } -> std::same_as<const PairIndex&>;
  // Every slice a build for `game` needs, or the movement endgames `upto`
  // covers.
  { tb.Slices(game, EndgameLimit{}) } -> std::same_as<absl::StatusOr<std::vector<SliceKey>>>;
  // The mover-perspective position of a slice from its piece sets.
  { tb.Make(key, Bitboard{0}, Bitboard{0}) } -> std::same_as<typename T::Position>;
  // Where a position (either player to move) is stored; positions with P2 to
  // move are stored colour-swapped.
  { tb.Locate(position) } -> std::same_as<SliceIndex>;
  // Its slice alone, without indexing it: what a probe checks first, as an
  // index of a position far outside the tables may cost more than the probe.
  { tb.SliceOf(position) } -> std::same_as<SliceKey>;
  // What a slice's fields mean is the adapter's: the pieces its positions
  // hold, as Game::PieceCount counts them; the slices whose decisions lead
  // into one another and are solved together with it (itself among them,
  // whether or not a build has them); and a rank that orders those groups so
  // that each one's decisions lead only into itself or into groups of lower
  // rank.
  { tb.Pieces(key) } -> std::same_as<int>;
  { tb.SolvedWith(key) } -> std::same_as<std::vector<SliceKey>>;
  { tb.SolvingRank(key) } -> std::same_as<int>;
  // Whether the player to move has a decision of their own (not a forced pass).
  { tb.HasDecisions(position) } -> std::same_as<bool>;
  { tb.game() } -> std::convertible_to<const typename T::Game&>;
  // Also: ForEachSuccessor(position, f(const Successor&)) and
  // ForEachPredecessor(position, f(const SliceIndex&, bool same_mover)); the
  // latter lists the positions with a decision leading to `position` inside
  // the component being solved (steps, passes), not placements or removals.
};

// Whether a position of slice `key` can be reached in a game: the adapter's
// optional CanOccur, else every position can. The values of positions that
// cannot are not checked by `tb verify` and not kept by compressed files.
template <class Tb>
bool MayOccur(const Tb& tb, const SliceKey& key, Bitboard own, Bitboard opponent) {
  if constexpr (requires { tb.CanOccur(key, own, opponent); }) {
    return tb.CanOccur(key, own, opponent);
  } else {
    return true;
  }
}

// Whether the compressed files of slice `key` keep the distances of won
// positions: the adapter's optional KeepsWinDistances, else none do. A won
// position's distance is derived from its decisions (probe/derived_wins.h),
// which reads the stored losses of the opponent's positions and the wins of
// positions where the same player decides again (Davxar's removals): the
// slices of the latter must keep theirs, and derivation refuses otherwise.
template <class Tb>
bool KeepsWinDistances(const Tb& tb, const SliceKey& key) {
  if constexpr (requires { tb.KeepsWinDistances(key); }) {
    return tb.KeepsWinDistances(key);
  } else {
    return false;
  }
}

// Which adapter serves a game (Type; void: no tables): specialised for every
// game of the game list, and only there, in tablebase/games/game_tablebases.h,
// each as a TablebaseAdapterIs<adapter>. The primary template has no
// definition, so the answer cannot depend on which headers a file includes:
// a file that asks without including game_tablebases.h does not compile.
template <class G>
struct TablebaseFor;

template <class Tb>
struct TablebaseAdapterIs {
  using Type = Tb;
  static constexpr bool kSupported = !std::is_void_v<Tb>;
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_TB_GAME_H_
