// Guettal (Ludii 15): players add pieces on a 4x9 board; a region closed off
// by the added piece and its neighbours is captured and blocked until the next
// addition. Rules: boards/guettal/RULES.md; the enclosure itself: enclosure.h.
#ifndef LUD64_BOARDS_GUETTAL_GUETTAL_H_
#define LUD64_BOARDS_GUETTAL_GUETTAL_H_

#include <array>
#include <cstdint>
#include <string>

#include "boards/guettal/enclosure.h"
#include "boards/guettal/enclosure_memo.h"
#include "engine/bitboard.h"
#include "engine/decision.h"
#include "engine/decision_sets.h"
#include "engine/game.h"
#include "engine/player.h"
#include "engine/random.h"
#include "engine/score.h"
#include "engine/site_names.h"

namespace lud64 {

class Guettal {
 public:
  using Grid = guettal::Grid;
  static constexpr bool kTurnIsOneDecision = true;  // search/playout.h

  struct Position {
    std::array<Bitboard, 2> pieces{};  // P1's, P2's
    Bitboard blocked = 0;              // empty cells with a non-zero state
    TurnState state;
    friend bool operator==(const Position&, const Position&) = default;
  };

  // How `lud64 games` lists the game; it has no options. Its text: guettal_text.h.
  static constexpr const char* kName = "guettal";
  static constexpr const char* kTitle =
      "Guettal (Ludii 15): additions on 4x9; enclosed regions are captured and blocked";
  static constexpr const char* kOptionsHelp = "";

  // The cells a piece may be added to, the same for both players.
  static Bitboard OpenCells(const Position& position) {
    return Grid::kAll & ~(position.pieces[0] | position.pieces[1] | position.blocked);
  }

  std::string name() const { return kName; }
  const SiteNames& site_names() const;
  Position start() const;

  void generate(const Position& position, DecisionList& list) const;
  // The same decisions as one set of target cells (for random playouts).
  void decision_sets(const Position& position, DecisionSets& sets) const;
  // Random playouts: the decision decision_sets(position).Nth(random.Below(count))
  // draws (or a pass), inline, without building the set.
  Decision random_decision(const Position& position, Random& random) const {
    const int site = DrawSite(position, random);
    return site < 0 ? Decision::Pass() : Decision::Place(site);
  }
  // The same decision played at once (search/playout.h's kernel).
  PlayedDecision random_play(Position& position, Random& random) const {
    const int site = DrawSite(position, random);
    if (site < 0) return {true, false};  // a forced pass changes nothing
    Add(position, site);
    return {false, false};
  }
  bool mid_turn(const Position&) const { return false; }
  bool play(Position& position, Decision decision) const {
    // A forced pass leaves the board, blocked cells included, as it is.
    if (!decision.is_pass()) Add(position, decision.to);
    return false;
  }
  Outcome rule_outcome(const Position& position, Player mover, bool consecutive_passes) const;
  uint64_t hash(const Position& position) const;

  // Search: a static evaluation for the player to move (guettal_eval.cc),
  // and whether an addition captures.
  Score evaluate(const Position& position) const;
  bool is_tactical(const Position& position, Decision decision) const;

 private:
  // random_decision's draw: an open cell, or -1 (a forced pass) when none.
  static int DrawSite(const Position& position, Random& random) {
    const Bitboard open = OpenCells(position);
    if (open == 0) return -1;
    return NthSite(open, static_cast<int>(random.Below(PopCount(open))));
  }
  // An addition at `site` by the player to move, with its captures and blocks.
  static void Add(Position& position, int site) {
    const int me = Index(position.state.to_move);
    position.pieces[me] |= SquareBit(site);
    // The previous blocks are reset; the enclosed regions lose their opponent
    // pieces and become the new blocks.
    const Bitboard enclosed = guettal::EnclosureMemo::Enclosed(site, position.pieces[me]);
    position.pieces[1 - me] &= ~enclosed;
    position.blocked = enclosed;
  }
};

}  // namespace lud64

#endif  // LUD64_BOARDS_GUETTAL_GUETTAL_H_
