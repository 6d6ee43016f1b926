// What a tablebase stores: slices of positions keyed by piece counts, and the
// value of each position for the player to move, in turns.
#ifndef LUD64_TABLEBASE_SLICE_H_
#define LUD64_TABLEBASE_SLICE_H_

#include <algorithm>
#include <compare>
#include <cstdint>
#include <limits>
#include <string>

#include "absl/strings/str_cat.h"

namespace lud64::tablebase {

// A slice, from the point of view of the player to move: pieces on the board
// and in hand of each side, and whether a removal is pending (Davxar). Games
// without hands or removals leave those fields zero. The fields are what file
// names and headers store; what they mean to a build and a probe (the pieces
// a slice holds, the slices solved together, their order) is each game's
// adapter's (tb_game.h: Pieces, SolvedWith, SolvingRank).
struct SliceKey {
  uint8_t own = 0;
  uint8_t opponent = 0;
  uint8_t own_hand = 0;
  uint8_t opponent_hand = 0;
  bool remove = false;

  // The same counts seen by the other player (the removal flag dropped: it
  // belongs to the player to move).
  SliceKey Swapped() const { return {opponent, own, opponent_hand, own_hand, false}; }
  // clang-tidy 14 misreads a defaulted <=> as comparing to a literal 0.
  friend auto operator<=>(const SliceKey&,
                          const SliceKey&) = default;  // NOLINT(modernize-use-nullptr)
  // e.g. "3v2", "3v2+1/1", "3v2 remove".
  std::string Name() const {
    return absl::StrCat(
        own, "v", opponent,
        own_hand + opponent_hand > 0 ? absl::StrCat("+", own_hand, "/", opponent_hand) : "",
        remove ? " remove" : "");
  }
};

template <typename H>
H AbslHashValue(H h, const SliceKey& key) {
  return H::combine(std::move(h), key.own, key.opponent, key.own_hand, key.opponent_hand,
                    key.remove);
}

// A stored entry: 0 = draw, 2d - 1 = win in d turns, 2d = loss in d turns
// (d >= 1 for both: a table position is never over). 8 bits hold distances up
// to 127 turns, which covers small endgames; a slice with longer ones is
// stored with 16-bit entries, and its header says which.
using Entry = uint16_t;
inline constexpr Entry kDrawEntry = 0;
constexpr Entry WinEntry(int turns) { return static_cast<Entry>(2 * turns - 1); }
constexpr Entry LossEntry(int turns) { return static_cast<Entry>(2 * turns); }
constexpr bool IsWin(Entry e) { return e & 1; }
constexpr bool IsLoss(Entry e) { return e != 0 && !(e & 1); }
constexpr int EntryTurns(Entry e) { return (e + 1) / 2; }

enum class TbResult : uint8_t { kLoss, kDraw, kWin };

// The value of a position for the player to move, in the game without the
// turn limit; `turns` is 0 for a draw. Under the limit, a position at turn T
// won in d turns is won iff T + d <= kTurnLimit (the loser cannot do better than
// delay), else it is a draw.
struct TbValue {
  TbResult result = TbResult::kDraw;
  int turns = 0;
  friend bool operator==(const TbValue&, const TbValue&) = default;
};

// The value's result as lud64 reports it: +1 a win, 0 a draw, -1 a loss.
constexpr int ResultSign(const TbValue& v) {
  return v.result == TbResult::kWin ? 1 : v.result == TbResult::kLoss ? -1 : 0;
}

inline TbValue ValueOf(Entry e) {
  if (e == kDrawEntry) return {};
  return {IsWin(e) ? TbResult::kWin : TbResult::kLoss, EntryTurns(e)};
}
inline Entry EntryOf(const TbValue& v) {
  switch (v.result) {
    case TbResult::kWin:
      return WinEntry(v.turns);
    case TbResult::kLoss:
      return LossEntry(v.turns);
    case TbResult::kDraw:
      break;
  }
  return kDrawEntry;
}
// "win in 5", "loss in 3", "draw".
inline std::string ValueText(const TbValue& v) {
  switch (v.result) {
    case TbResult::kWin:
      return absl::StrCat("win in ", v.turns);
    case TbResult::kLoss:
      return absl::StrCat("loss in ", v.turns);
    case TbResult::kDraw:
      break;
  }
  return "draw";
}

// What a position's decisions into ends and into already-solved slices show,
// before its own component is solved: the fastest win, the slowest loss, and
// whether a decision draws. Serves the single-process and the MPI solver.
struct SolvedSuccessors {
  int best_win = std::numeric_limits<int>::max();  // turns; max: none found
  int longest_loss = 0;
  bool never_loss = false;

  bool has_win() const { return best_win != std::numeric_limits<int>::max(); }
  // A decision that wins at once (the opponent's last piece).
  void AddWin() { best_win = std::min(best_win, 1); }
  // A decision that ends in a draw (the all-pass draw).
  void AddDraw() { never_loss = true; }
  // A decision into a solved slice whose entry is `e`, for the player moving
  // there: the same player (a Davxar removal follows, no turn passes) or the
  // opponent one turn later.
  void AddEntry(Entry e, bool same_mover) {
    const int shift = same_mover ? 0 : 1;
    if (e == kDrawEntry) {
      never_loss = true;
    } else if (IsWin(e) == same_mover) {
      best_win = std::min(best_win, EntryTurns(e) + shift);
    } else {
      longest_loss = std::max(longest_loss, EntryTurns(e) + shift);
    }
  }
};

}  // namespace lud64::tablebase

#endif  // LUD64_TABLEBASE_SLICE_H_
