// Damdaman (Ludii 2): steps on a 7x7 board with custodial and corner captures.
// Rules: boards/damdaman/RULES.md.
#ifndef LUD64_BOARDS_DAMDAMAN_DAMDAMAN_H_
#define LUD64_BOARDS_DAMDAMAN_DAMDAMAN_H_

#include <array>
#include <memory>
#include <string>

#include "engine/bitboard.h"
#include "engine/cell_grid.h"
#include "engine/decision.h"
#include "engine/decision_sets.h"
#include "engine/game.h"
#include "engine/player.h"
#include "engine/random.h"
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

  // Both sides' pieces: what endgame tables are sized by.
  static int PieceCount(const Position& p) { return PopCount(p.pieces[0] | p.pieces[1]); }

  std::string name() const { return kName; }
  const SiteNames& site_names() const;
  Position start() const;

  void generate(const Position& position, DecisionList& list) const;
  // The same decisions as one set of arrival cells per direction.
  void decision_sets(const Position& position, DecisionSets& sets) const;
  // Random playouts: the decision decision_sets(position).Nth(random.Below(count))
  // draws (or a pass), found without building the sets.
  inline Decision random_decision(const Position& position, Random& random) const;
  // The same decision played at once (search/playout.h's kernel).
  inline PlayedDecision random_play(Position& position, Random& random) const;
  bool mid_turn(const Position&) const { return false; }
  inline bool play(Position& position, Decision decision) const;
  Outcome rule_outcome(const Position& position, Player mover, bool) const {
    return position.pieces[Index(Opponent(mover))] == 0 ? WinFor(mover) : Outcome::kOngoing;
  }
  uint64_t hash(const Position& position) const;

  // Search: a static evaluation for the player to move (damdaman_eval.cc),
  // and whether a decision captures.
  Score evaluate(const Position& position) const;
  bool is_tactical(const Position& position, Decision decision) const;
  // The learned evaluation is network/games/game_networks.h's.

  // The opponent pieces that a step of `mover` to `to` captures; `own` already
  // includes the piece on `to`.
  static inline Bitboard Captures(int to, Bitboard own, Bitboard opponent);

 private:
  // random_decision's draw: the arrival (n-th site of `arrivals[direction]`),
  // or `to` -1 when the mover has no step.
  struct Draw {
    int direction;
    int to;
  };
  static inline Draw DrawStep(const Position& position, Random& random);
  static constexpr std::array<int, 4> kStepOffset = {
      Grid::kIndexStep[kNorth], Grid::kIndexStep[kEast], Grid::kIndexStep[kSouth],
      Grid::kIndexStep[kWest]};
  // A step from `from` to `to` and its captures, for the player to move.
  static void Step(Position& position, int from, int to) {
    const int me = Index(position.state.to_move);
    Bitboard& own = position.pieces[me];
    Bitboard& opponent = position.pieces[1 - me];
    own ^= SquareBit(from) | SquareBit(to);
    opponent &= ~Captures(to, own, opponent);
  }
};

// Inline: the playout and search loops call these at every decision.
Damdaman::Draw Damdaman::DrawStep(const Position& position, Random& random) {
  const int me = Index(position.state.to_move);
  const Bitboard own = position.pieces[me];
  const Bitboard empty = Grid::kAll & ~(own | position.pieces[1 - me]);
  // The arrivals of steps north, east, south and west: decision_sets' order.
  const Bitboard north = Grid::Shift(own, kNorth) & empty, east = Grid::Shift(own, kEast) & empty,
                 south = Grid::Shift(own, kSouth) & empty, west = Grid::Shift(own, kWest) & empty;
  const int through_north = PopCount(north);
  const int through_east = through_north + PopCount(east);
  const int through_south = through_east + PopCount(south);
  const int total = through_south + PopCount(west);
  if (total == 0) return {0, -1};
  const int n = static_cast<int>(random.Below(total));
  // The direction holding the n-th decision, by selects (a chain of branches
  // on a random n mispredicts).
  const bool past_north = n >= through_north, past_east = n >= through_east,
             past_south = n >= through_south;
  const Bitboard arrivals = past_south ? west : past_east ? south : past_north ? east : north;
  const int before = past_south   ? through_south
                     : past_east  ? through_east
                     : past_north ? through_north
                                  : 0;
  return {past_north + past_east + past_south, NthSite(arrivals, n - before)};
}

Decision Damdaman::random_decision(const Position& position, Random& random) const {
  const Draw draw = DrawStep(position, random);
  if (draw.to < 0) return Decision::Pass();
  return Decision::Step(draw.to - kStepOffset[draw.direction], draw.to);
}

PlayedDecision Damdaman::random_play(Position& position, Random& random) const {
  const Draw draw = DrawStep(position, random);
  if (draw.to < 0) return {true, false};
  Step(position, draw.to - kStepOffset[draw.direction], draw.to);
  return {false, false};
}

Bitboard Damdaman::Captures(int to, Bitboard own, Bitboard opponent) {
  // The cells two steps from a site in a straight line (N, E, S, W).
  static constexpr std::array<Bitboard, Grid::kSites> kTwoSteps = [] {
    std::array<Bitboard, Grid::kSites> table{};
    for (int s = 0; s < Grid::kSites; ++s)
      for (Direction d : kOrthogonal)
        if (const int next = Grid::Step(s, d); next >= 0 && Grid::Step(next, d) >= 0)
          table[s] |= SquareBit(Grid::Step(next, d));
    return table;
  }();
  // For each site, the corner cells next to it (a corner capture can only
  // follow a step onto a neighbour of the corner).
  static constexpr std::array<Bitboard, Grid::kSites> kCornersNextTo = [] {
    std::array<Bitboard, Grid::kSites> table{};
    for (int s = 0; s < Grid::kSites; ++s) table[s] = Grid::kNeighbours[s] & Grid::kCorners;
    return table;
  }();
  // Custodial: an opponent's piece next to `to` with a mover's piece beyond it
  // on the same line. The one cell next to both `to` and a cell two steps
  // from it in a straight line is the one between them.
  Bitboard captured = Grid::kNeighbours[to] & opponent & Grid::Neighbours(own & kTwoSteps[to]);
  for (int corner : Sites(kCornersNextTo[to] & opponent)) {
    if ((Grid::kNeighbours[corner] & ~own) == 0) captured |= SquareBit(corner);
  }
  return captured;
}

bool Damdaman::play(Position& position, Decision decision) const {
  if (!decision.is_pass()) Step(position, decision.from, decision.to);
  return false;
}

}  // namespace lud64

#endif  // LUD64_BOARDS_DAMDAMAN_DAMDAMAN_H_
