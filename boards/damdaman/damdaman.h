// Damdaman (Ludii 2): steps on a 7x7 board with custodial and corner captures.
// Rules: boards/damdaman/RULES.md.
#ifndef LUD64_BOARDS_DAMDAMAN_DAMDAMAN_H_
#define LUD64_BOARDS_DAMDAMAN_DAMDAMAN_H_

#include <array>
#include <string>

#include "engine/bitboard.h"
#include "engine/cell_grid.h"
#include "engine/decision.h"
#include "engine/decision_sets.h"
#include "engine/player.h"
#include "engine/score.h"
#include "engine/site_names.h"

namespace lud64 {

class Damdaman {
 public:
  using Grid = CellGrid<7, 7>;
  static constexpr int kPiecesPerSide = 24;

  struct Position {
    std::array<Bitboard, 2> pieces{};  // P1's, P2's
    TurnState state;
    friend bool operator==(const Position&, const Position&) = default;
  };

  // How `lud64 games` lists the game; it has no options. Its text: damdaman_text.h.
  static constexpr const char* kName = "damdaman";
  static constexpr const char* kTitle =
      "Damdaman (Ludii 2): steps on 7x7 with custodial and corner captures";
  static constexpr const char* kOptionsHelp = "";

  std::string name() const { return kName; }
  const SiteNames& site_names() const;
  Position start() const;

  void generate(const Position& position, DecisionList& list) const;
  // The same decisions as one set of arrival cells per direction.
  void decision_sets(const Position& position, DecisionSets& sets) const;
  bool mid_turn(const Position&) const { return false; }
  bool play(Position& position, Decision decision) const;
  Outcome own_end(const Position& position, Player mover, bool consecutive_passes) const;
  uint64_t hash(const Position& position) const;

  // Search: a static evaluation for the player to move (damdaman_eval.cc),
  // and whether a decision captures.
  Score evaluate(const Position& position) const;
  bool is_tactical(const Position& position, Decision decision) const;

  // The opponent pieces that a step of `mover` to `to` captures; `own` already
  // includes the piece on `to`.
  static Bitboard Captures(int to, Bitboard own, Bitboard opponent);
};

}  // namespace lud64

#endif  // LUD64_BOARDS_DAMDAMAN_DAMDAMAN_H_
