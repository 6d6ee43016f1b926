// Davxar Zirge (Type 2): a mill game on 32 points; placement, then movement
// along the lines, a removal after each mill. Rules: boards/davxar/RULES.md.
// Options: `pieces` (3..16, default 12) and `lines` (historical | ludii).
#ifndef LUD64_BOARDS_DAVXAR_DAVXAR_H_
#define LUD64_BOARDS_DAVXAR_DAVXAR_H_

#include <array>
#include <cstdint>
#include <string>

#include "boards/davxar/davxar_lines.h"
#include "engine/bitboard.h"
#include "engine/decision.h"
#include "engine/decision_sets.h"
#include "engine/player.h"
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
  bool mid_turn(const Position& position) const { return position.remove; }
  bool play(Position& position, Decision decision) const;
  Outcome own_end(const Position& position, Player mover, bool consecutive_passes) const;
  uint64_t hash(const Position& position) const;

  // Search: a static evaluation for the player to move (davxar_eval.cc), and
  // whether a decision is a removal or forms a mill.
  Score evaluate(const Position& position) const;
  bool is_tactical(const Position& position, Decision decision) const;

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

}  // namespace lud64

#endif  // LUD64_BOARDS_DAVXAR_DAVXAR_H_
