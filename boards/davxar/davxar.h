// Davxar Zirge (Type 2): a mill game on 32 points; placement, then movement
// along the lines, a removal after each mill. Rules: boards/davxar/RULES.md.
// Options: `pieces` (3..16, default 12) and `lines` (historical | ludii).
#ifndef LUD64_BOARDS_DAVXAR_DAVXAR_H_
#define LUD64_BOARDS_DAVXAR_DAVXAR_H_

#include <array>
#include <cstdint>
#include <memory>
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

  // Both sides' pieces, on the board and in hand: what endgame tables are sized by.
  static int PieceCount(const Position& p) {
    return PopCount(p.pieces[0] | p.pieces[1]) + p.hand[0] + p.hand[1];
  }

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
  Outcome rule_outcome(const Position& position, Player mover, bool) const {
    const int opponent = Index(Opponent(mover));
    return position.pieces[opponent] == 0 && position.hand[opponent] == 0 ? WinFor(mover)
                                                                          : Outcome::kOngoing;
  }
  uint64_t hash(const Position& position) const;

  // Search: a static evaluation for the player to move (davxar_eval.cc), and
  // whether a decision is a removal or forms a mill.
  Score evaluate(const Position& position) const;
  // Its terms (the header of davxar_eval.cc), for the player to move: each
  // counted for the mover and for the opponent apart (the mover is a tempo
  // ahead), but material and a pending removal, which are one difference; one
  // set of terms in the placement phase (a piece in either hand), the other in
  // the movement phase, the other set zero. The evaluation weighs them;
  // lud64-train's `terms` writes them out to fit the weights to game results.
  enum EvaluationTerm {
    kPieceTerm,
    kPendingRemovalTerm,
    kThreatTerm,  // the mover's; the opponent's is the next term, and so on
    kAlmostLineTerm = kThreatTerm + 2,
    kOpenLineTerm = kAlmostLineTerm + 2,
    kMoveTerm = kOpenLineTerm + 2,
    kBlockedPieceTerm = kMoveTerm + 2,
    kTermsPerPhase = kBlockedPieceTerm + 2,
    kEvaluationTermCount = 2 * kTermsPerPhase  // placement, then movement
  };
  static constexpr std::array<const char*, kEvaluationTermCount> kEvaluationTermNames = {
      "placement_piece",         "placement_pending_removal", "placement_own_threat",
      "placement_their_threat",  "placement_own_almost_line", "placement_their_almost_line",
      "placement_own_open_line", "placement_their_open_line", "placement_own_move",
      "placement_their_move",    "placement_own_blocked",     "placement_their_blocked",
      "movement_piece",          "movement_pending_removal",  "movement_own_threat",
      "movement_their_threat",   "movement_own_almost_line",  "movement_their_almost_line",
      "movement_own_open_line",  "movement_their_open_line",  "movement_own_move",
      "movement_their_move",     "movement_own_blocked",      "movement_their_blocked"};
  using EvaluationTerms = std::array<int, kEvaluationTermCount>;
  // The weights, from networks/davxar.weights (in the build, not read at run time).
  static const std::array<Score, kEvaluationTermCount> kEvaluationWeights;
  EvaluationTerms evaluation_terms(const Position& position) const;
  // The learned evaluation is network/games/game_networks.h's.
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
    // A step as well as a placement can complete only a line the mover
    // already holds but for the arrival point (the piece leaving is not on
    // it), so one pass over the lines spares the full test to most decisions
    // of either phase.
    test.candidates_ = position.remove ? 0 : MillCandidates(position.pieces[me]);
    return test;
  }
  // The points where a piece of `own`, placed or moved there, may form a mill.
  Bitboard MillCandidates(Bitboard own) const;
  // The tactical decisions of `position` alone (the removals, the placements
  // and steps forming a mill), in generate's order: what a quiescence search
  // looks at, without generating and testing the quiet ones.
  void generate_tactical(const Position& position, DecisionList& list) const;

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
  // The evaluation's terms of the position's phase (kTermsPerPhase of them,
  // from `terms` on, which must be zero); returns the phase's offset in
  // EvaluationTerms (0: placement, kTermsPerPhase: movement).
  int CountPhaseTerms(const Position& position, int* terms) const;
  // Calls `f` with this game's mill table (the two tables differ in type).
  template <class F>
  auto WithMills(F f) const -> decltype(f(davxar::kHistoricalMills)) {
    return lines_ == MillTest::kLudii ? f(davxar::kLudiiMills) : f(davxar::kHistoricalMills);
  }

  // generate (every decision) and generate_tactical (the tactical ones).
  // Inlined always, as the two were written out before.
  template <bool kTacticalOnly>
  [[gnu::always_inline]] inline void Generate(const Position& position, DecisionList& list) const;

  // The movement phase's decision: random_decision's, for a mover with at
  // most kSlots pieces.
  template <int kSlots>
  [[gnu::always_inline]] static inline Decision MovementDecision(Bitboard own, Bitboard empty,
                                                                 Random& random);

  MillTest lines_;
  int pieces_;
};

// kSlots fixed slots, one per piece lowest first, the ones past the last piece
// empty: the loop runs a constant number of times (unrolled, no branch), where
// a pass over the pieces mispredicts its exit on about every decision. Inlined
// always: called out of line, the random state goes through memory.
template <int kSlots>
inline Decision Davxar::MovementDecision(Bitboard own, Bitboard empty, Random& random) {
  static_assert(kSlots <= 16 && 6 * kSlots < 128);
  // A sentinel bit past the points: an empty slot's origin is kPoints, which
  // has no neighbours.
  constexpr Bitboard kSentinel = SquareBit(davxar::kPoints);
  static constexpr std::array<Bitboard, davxar::kPoints + 1> kLinked = [] {
    std::array<Bitboard, davxar::kPoints + 1> linked{};
    for (int p = 0; p < davxar::kPoints; ++p) linked[p] = davxar::kNeighbours[p];
    return linked;
  }();
  // Each slot's origin, targets and their count (one byte each).
  std::array<uint8_t, kSlots> origins;
  std::array<Bitboard, kSlots> piece_targets;
  std::array<uint64_t, 2> counts = {0, 0};
  int total = 0;
  Bitboard rest = own;
#pragma GCC unroll 16
  for (int slot = 0; slot < kSlots; ++slot) {
    const int from = std::countr_zero(rest | kSentinel);
    rest &= rest - 1;
    const Bitboard to = kLinked[from] & empty;
    origins[slot] = static_cast<uint8_t>(from);
    piece_targets[slot] = to;
    const int count = PopCount(to);
    counts[slot >> 3] |= static_cast<uint64_t>(count) << (8 * (slot & 7));
    total += count;
  }
  if (total == 0) return Decision::Pass();
  const int n = static_cast<int>(random.Below(total));
  // The piece holding the n-th decision: the number of pieces whose running
  // count is at most n, from byte-wise prefix sums (the empty slots' running
  // count is the total, above n).
  constexpr uint64_t kOnes = 0x0101010101010101ULL, kHighs = 0x8080808080808080ULL;
  const uint64_t low = counts[0] * kOnes;  // byte i: pieces 0..i
  const uint64_t high = counts[1] * kOnes + (low >> 56) * kOnes;
  const uint64_t ns = static_cast<uint64_t>(n) * kOnes | kHighs;
  const int index =
      PopCount((ns - low) & kHighs) + (kSlots > 8 ? PopCount((ns - high) & kHighs) : 0);
  // The decisions of the pieces before it (inclusive sums shifted by a piece).
  const uint64_t before_low = low << 8, before_high = (high << 8) | (low >> 56);
  const int before =
      static_cast<int>(((index < 8 ? before_low : before_high) >> (8 * (index & 7))) & 0xff);
  return Decision::Step(origins[index], NthSite(piece_targets[index], n - before));
}

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
      // A fixed number of slots, the mover's pieces rounded up to a multiple
      // of 3, so that the pass over them has no exit to mispredict (the
      // bucket changes only with a removal).
      const int mine = PopCount(own);
      if (mine <= 3) return MovementDecision<3>(own, empty, random);
      if (mine <= 6) return MovementDecision<6>(own, empty, random);
      if (mine <= 9) return MovementDecision<9>(own, empty, random);
      if (mine <= 12) return MovementDecision<12>(own, empty, random);
      return MovementDecision<kMaxPieces>(own, empty, random);
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
