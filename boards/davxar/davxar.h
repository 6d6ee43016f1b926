// Davxar Zirge (Type 2): a mill game on 32 points; placement, then movement
// along the lines, a removal after each mill. Rules: boards/davxar/RULES.md.
// Options: `pieces` (3..16, default 12) and `lines` (historical | ludii).
#ifndef LUD64_BOARDS_DAVXAR_DAVXAR_H_
#define LUD64_BOARDS_DAVXAR_DAVXAR_H_

#include <array>
#include <cstdint>
#include <string>

#include "boards/davxar/davxar_board.h"
#include "boards/davxar/davxar_lines.h"
#include "engine/bitboard.h"
#include "engine/decision.h"
#include "engine/decision_sets.h"
#include "engine/player.h"
#include "engine/random.h"
#include "engine/score.h"
#include "engine/site_names.h"

namespace lud64 {

class Davxar {
 public:
  using MillTest = davxar::MillTest;
  static constexpr int kMinPieces = 3;
  static constexpr int kMaxPieces = 16;
  static constexpr int kDefaultPieces = 12;

  struct Position {
    std::array<Bitboard, 2> pieces{};  // P1's, P2's; bit i = Ludii index i
    std::array<uint8_t, 2> hand{};     // pieces not yet placed
    bool remove = false;               // the player to move formed a mill and removes
    TurnState state;
    friend bool operator==(const Position&, const Position&) = default;
  };

  // How `lud64 games` lists the game and its options; its text, and the game
  // from its name with options: davxar_text.h.
  static constexpr const char* kName = "davxar";
  static constexpr const char* kTitle =
      "Davxar Zirge (Type 2): mill game on 32 points; placement, movement, removal after a mill";
  static constexpr const char* kOptionsHelp =
      "  pieces=3..16 (default 12): pieces each player starts with in hand\n"
      "  lines=historical|ludii (default historical): mill test\n";

  // The default game: historical lines, 12 pieces each.
  Davxar() : Davxar(MillTest::kHistorical, kDefaultPieces) {}
  // `pieces` must be in [kMinPieces, kMaxPieces]; GameFromSpec<Davxar>
  // (davxar_text.h) checks it.
  Davxar(MillTest lines, int pieces);

  // Canonical: only non-default options, `lines` first.
  std::string name() const;
  int pieces() const { return pieces_; }
  MillTest lines() const { return lines_; }
  const SiteNames& site_names() const;
  Position start() const;

  void generate(const Position& position, DecisionList& list) const;
  // The same decisions as sets of targets: the empty points (placement), the
  // removable opponent pieces (removal), or one set per own piece (movement).
  void decision_sets(const Position& position, DecisionSets& sets) const;
  // Random playouts: the decision decision_sets(position).Nth(random.Below(count))
  // draws (or a pass), found without building the sets.
  inline Decision random_decision(const Position& position, Random& random) const;
  bool mid_turn(const Position& position) const { return position.remove; }
  inline bool play(Position& position, Decision decision) const;
  Outcome own_end(const Position& position, Player mover, bool) const {
    const int opponent = Index(Opponent(mover));
    return position.pieces[opponent] == 0 && position.hand[opponent] == 0 ? WinFor(mover)
                                                                          : Outcome::kOngoing;
  }
  uint64_t hash(const Position& position) const;

  // Search: a static evaluation for the player to move (davxar_eval.cc), and
  // whether a decision is a removal or forms a mill.
  Score evaluate(const Position& position) const;
  bool is_tactical(const Position& position, Decision decision) const;
  // is_tactical for all the decisions of a position: a placement or a step
  // can form a mill only on the missing point of a line the mover holds but
  // for that point, which this finds once for the position.
  class TacticalTest {
   public:
    bool operator()(Decision decision) const {
      if (decision.kind == DecisionKind::kRemove) return true;
      if (decision.kind == DecisionKind::kPass || !Contains(candidates_, decision.to)) return false;
      return game_->is_tactical(*position_, decision);
    }

   private:
    friend class Davxar;
    const Davxar* game_;
    const Position* position_;
    Bitboard candidates_;
  };
  TacticalTest tactical_test(const Position& position) const {
    const int me = Index(position.state.to_move);
    TacticalTest test;
    test.game_ = this;
    test.position_ = &position;
    // The pass over the lines pays for itself against the dozens of
    // placements of the placement phase, not against the few steps of the
    // movement phase: there every decision takes the full test.
    test.candidates_ =
        position.hand[me] > 0 ? MillCandidates(position.pieces[me]) : davxar::kAllPoints;
    return test;
  }
  // The points where a piece of `own`, placed or moved there, may form a mill.
  Bitboard MillCandidates(Bitboard own) const;

  // Whether the piece of `own` on `point` is in a mill under this game's test.
  bool InMill(int point, Bitboard own) const {
    return WithMills([&](const auto& mills) { return davxar::InMill(mills, point, own); });
  }
  // The pieces of `own` that are in a mill.
  Bitboard PiecesInMills(Bitboard own) const {
    return WithMills([&](const auto& mills) { return davxar::PiecesInMills(mills, own); });
  }
  // The pieces of `opponent` a removal may take: those in no mill (if none, the
  // removal is a forced pass).
  Bitboard Removable(Bitboard opponent) const { return opponent & ~PiecesInMills(opponent); }

 private:
  // Calls `f` with this game's mill table (the two tables differ in type).
  template <class F>
  auto WithMills(F f) const -> decltype(f(davxar::kHistoricalMills)) {
    return lines_ == MillTest::kLudii ? f(davxar::kLudiiMills) : f(davxar::kHistoricalMills);
  }

  MillTest lines_;
  int pieces_;
};

// Inline: the playout and search loops call these at every decision.
Decision Davxar::random_decision(const Position& position, Random& random) const {
  const int me = Index(position.state.to_move);
  const Bitboard own = position.pieces[me];
  const Bitboard opponent = position.pieces[1 - me];
  Bitboard targets;
  if (position.remove) {
    targets = Removable(opponent);
  } else {
    const Bitboard empty = davxar::kAllPoints & ~(own | opponent);
    if (position.hand[me] > 0) {
      targets = empty;
    } else {
      // Movement: each piece's origin, targets and their count (one byte
      // each, zero past the last piece), in the order of decision_sets.
      std::array<uint8_t, kMaxPieces> origins;
      std::array<Bitboard, kMaxPieces> piece_targets;
      std::array<uint64_t, 2> counts = {0, 0};
      int pieces = 0, total = 0;
      for (int from : Sites(own)) {
        const Bitboard to = davxar::kNeighbours[from] & empty;
        origins[pieces] = static_cast<uint8_t>(from);
        piece_targets[pieces] = to;
        counts[pieces >> 3] |= static_cast<uint64_t>(PopCount(to)) << (8 * (pieces & 7));
        total += PopCount(to);
        ++pieces;
      }
      static_assert(kMaxPieces <= 16 && 6 * kMaxPieces < 128);
      if (total == 0) return Decision::Pass();
      const int n = static_cast<int>(random.Below(total));
      // The piece holding the n-th decision: the number of pieces whose
      // running count is at most n, from byte-wise prefix sums (no loop whose
      // exit at a random piece would mispredict).
      constexpr uint64_t kOnes = 0x0101010101010101ULL, kHighs = 0x8080808080808080ULL;
      const uint64_t low = counts[0] * kOnes;  // byte i: pieces 0..i
      const uint64_t high = counts[1] * kOnes + (low >> 56) * kOnes;
      const uint64_t ns = static_cast<uint64_t>(n) * kOnes | kHighs;
      const int index = PopCount((ns - low) & kHighs) + PopCount((ns - high) & kHighs);
      // The decisions of the pieces before it (inclusive sums shifted by a piece).
      const uint64_t before_low = low << 8, before_high = (high << 8) | (low >> 56);
      const int before =
          static_cast<int>(((index < 8 ? before_low : before_high) >> (8 * (index & 7))) & 0xff);
      return Decision::Step(origins[index], NthSite(piece_targets[index], n - before));
    }
  }
  if (targets == 0) return Decision::Pass();
  const int n = static_cast<int>(random.Below(PopCount(targets)));
  return {position.remove ? DecisionKind::kRemove : DecisionKind::kPlace, 0,
          static_cast<uint8_t>(NthSite(targets, n))};
}

bool Davxar::play(Position& position, Decision decision) const {
  const int me = Index(position.state.to_move);
  Bitboard& own = position.pieces[me];
  switch (decision.kind) {
    case DecisionKind::kPass:  // a forced pass ends the turn, removal or not
      position.remove = false;
      return false;
    case DecisionKind::kRemove:  // never forms a mill
      position.pieces[1 - me] &= ~SquareBit(decision.to);
      position.remove = false;
      return false;
    case DecisionKind::kPlace:
      own |= SquareBit(decision.to);
      --position.hand[me];
      break;
    case DecisionKind::kStep:
      own ^= SquareBit(decision.from) | SquareBit(decision.to);
      break;
  }
  position.remove = InMill(decision.to, own);
  return position.remove;
}

}  // namespace lud64

#endif  // LUD64_BOARDS_DAVXAR_DAVXAR_H_
