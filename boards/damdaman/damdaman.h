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
  static constexpr bool kTurnIsOneDecision = true;  // search/playout.h

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
  // draws (or a pass), found without building the sets and played at once
  // (search/playout.h's kernel); random_decision names it.
  inline PlayedDecision random_play(Position& position, Random& random) const;
  inline Decision random_decision(const Position& position, Random& random) const;
  bool mid_turn(const Position&) const { return false; }
  inline bool play(Position& position, Decision decision) const;
  Outcome rule_outcome(const Position& position, Player mover, bool) const {
    const Bitboard opponent = mover == Player::kP1 ? position.pieces[1] : position.pieces[0];
    return opponent == 0 ? WinFor(mover) : Outcome::kOngoing;
  }
  uint64_t hash(const Position& position) const;

  // Search: a static evaluation for the player to move (damdaman_eval.cc),
  // and whether a decision captures.
  Score evaluate(const Position& position) const;
  bool is_tactical(const Position& position, Decision decision) const;
  // The learned evaluation is network/games/game_networks.h's.

  // The opponent pieces that a step of `mover` to `to` captures; `own` already
  // includes the piece on `to`.
  static Bitboard Captures(int to, Bitboard own, Bitboard opponent) {
    // Custodial: a neighbour of `to` holding an opponent's piece with a mover's
    // piece beyond it, two steps from `to` in the same direction. Of the cells
    // next to `to`, only the one between is one step from such a piece, by
    // index too (2u + s = v for steps u, s, v among +-1 and +-7 only when s = -u
    // and v = u): the shifts need no masks against wrapping.
    const Bitboard beyond = own & kTwoStepsFrom[to];
    const Bitboard custodial =
        opponent & Grid::kNeighbours[to] &
        ((beyond << 1) | (beyond >> 1) | (beyond << Grid::kColumns) | (beyond >> Grid::kColumns));
    // A corner's opponent piece next to `to`, all its neighbours the mover's.
    const Bitboard corner = kCornersNextTo[to] & opponent;
    const bool enclosed = (kCornerNeighboursNextTo[to] & ~own) == 0;
    return custodial | (enclosed ? corner : 0);
  }

 private:
  // For each site, the cells two steps from it in a straight line, the
  // corners next to it, and those corners' neighbours.
  static constexpr std::array<Bitboard, Grid::kSites> kTwoStepsFrom = [] {
    std::array<Bitboard, Grid::kSites> table{};
    for (int s = 0; s < Grid::kSites; ++s)
      for (Direction d : kOrthogonal)
        if (const int next = Grid::Step(s, d); next >= 0 && Grid::Step(next, d) >= 0)
          table[s] |= SquareBit(Grid::Step(next, d));
    return table;
  }();
  static constexpr std::array<Bitboard, Grid::kSites> kCornersNextTo = [] {
    std::array<Bitboard, Grid::kSites> table{};
    for (int s = 0; s < Grid::kSites; ++s) table[s] = Grid::kNeighbours[s] & Grid::kCorners;
    return table;
  }();
  // For each site, the neighbours of the corner next to it (none: 0); a site
  // has at most one corner next to it on a board at least 4 wide.
  static constexpr std::array<Bitboard, Grid::kSites> kCornerNeighboursNextTo = [] {
    static_assert(Grid::kRows >= 4 && Grid::kColumns >= 4);
    std::array<Bitboard, Grid::kSites> table{};
    for (int s = 0; s < Grid::kSites; ++s)
      for (int corner : Sites(kCornersNextTo[s])) table[s] = Grid::kNeighbours[corner];
    return table;
  }();

  // `x < y ? below : otherwise` by a conditional move, where GCC would branch
  // on comparisons that go either way at random (the playout kernel's).
  static uint64_t BelowOr(int x, int y, uint64_t below, uint64_t otherwise) {
#if defined(__x86_64__)
    asm("cmpl %2, %1\n\tcmovl %3, %0" : "+r"(otherwise) : "r"(x), "r"(y), "r"(below) : "cc");
    return otherwise;
#else
    return x < y ? below : otherwise;
#endif
  }
};

// Inline: the playout loops call this at every decision.
PlayedDecision Damdaman::random_play(Position& position, Random& random) const {
  // The mover's and the opponent's pieces chosen by value, not by index, so
  // that the playout loop keeps the position in registers.
  const bool second = position.state.to_move == Player::kP2;
  Bitboard own = second ? position.pieces[1] : position.pieces[0];
  Bitboard opponent = second ? position.pieces[0] : position.pieces[1];
  // Off the board too: the shifts below bring nothing there.
  const Bitboard empty = ~(own | opponent);
  // The arrivals of steps north, east, south and west: decision_sets' order.
  const std::array<Bitboard, 4> arrivals = {
      Grid::Shift(own, kNorth) & empty, Grid::Shift(own, kEast) & empty,
      Grid::Shift(own, kSouth) & empty, Grid::Shift(own, kWest) & empty};
  const std::array<int, 4> counts = {PopCount(arrivals[0]), PopCount(arrivals[1]),
                                     PopCount(arrivals[2]), PopCount(arrivals[3])};
  const int through_north = counts[0];
  const int through_east = counts[0] + counts[1];
  const int through_south = through_east + counts[2];
  const int total = through_east + (counts[2] + counts[3]);  // two adds after the counts
  if (total == 0) return {true, false};                      // a forced pass changes nothing
  // Unsigned: the count goes to the multiply without a sign extension.
  const int n = static_cast<int>(random.Below(static_cast<unsigned>(total)));
  int to;
  if (FastDeposit()) [[likely]] {
    // The direction by selects on three comparisons, not an indexed load;
    // then the n-th arrival and, at the same rank, the piece that steps there
    // (a shift keeps the order): two pdeps side by side.
    const std::array<Bitboard, 4> movers = {arrivals[0] >> Grid::kColumns, arrivals[1] >> 1,
                                            arrivals[2] << Grid::kColumns, arrivals[3] << 1};
    const Bitboard chosen_arrivals =
        BelowOr(n, through_east, BelowOr(n, through_north, arrivals[0], arrivals[1]),
                BelowOr(n, through_south, arrivals[2], arrivals[3]));
    const Bitboard chosen_movers =
        BelowOr(n, through_east, BelowOr(n, through_north, movers[0], movers[1]),
                BelowOr(n, through_south, movers[2], movers[3]));
    const int chosen_before =
        static_cast<int>(BelowOr(n, through_east, BelowOr(n, through_north, 0, through_north),
                                 BelowOr(n, through_south, through_east, through_south)));
    const Bitboard source = SquareBit(n - chosen_before);
    const Bitboard target = Deposit(source, chosen_arrivals);
    own ^= target | Deposit(source, chosen_movers);
    to = LowestSite(target);
  } else {
    // The direction holding the n-th decision, by arithmetic (a chain of
    // branches on a random n mispredicts).
    const int d = (n >= through_north) + (n >= through_east) + (n >= through_south);
    const std::array<int, 4> before = {0, through_north, through_east, through_south};
    static constexpr std::array<int, 4> kStepOffset = {
        Grid::kIndexStep[kNorth], Grid::kIndexStep[kEast], Grid::kIndexStep[kSouth],
        Grid::kIndexStep[kWest]};
    to = NthSite(arrivals[d], n - before[d]);
    own ^= SquareBit(to - kStepOffset[d]) | SquareBit(to);
  }
  // Few steps capture (about 2 in 100 of a random game): a branch that
  // rarely mispredicts lets the next decision start before the captures
  // are known; the asm keeps the compiler from folding it into the AND.
  if (Bitboard captured = Captures(to, own, opponent); captured != 0) [[unlikely]] {
    asm("" : "+r"(captured));
    opponent &= ~captured;
  }
  position.pieces[0] = second ? opponent : own;
  position.pieces[1] = second ? own : opponent;
  return {false, false};
}

Decision Damdaman::random_decision(const Position& position, Random& random) const {
  Position after = position;
  if (random_play(after, random).whole_turn_pass) return Decision::Pass();
  const int me = Index(position.state.to_move);
  const Bitboard moved = position.pieces[me] ^ after.pieces[me];  // the step's two cells
  return Decision::Step(LowestSite(moved & position.pieces[me]),
                        LowestSite(moved & after.pieces[me]));
}

bool Damdaman::play(Position& position, Decision decision) const {
  if (decision.is_pass()) return false;
  const int me = Index(position.state.to_move);
  Bitboard& own = position.pieces[me];
  Bitboard& opponent = position.pieces[1 - me];
  own ^= SquareBit(decision.from) | SquareBit(decision.to);
  opponent &= ~Captures(decision.to, own, opponent);
  return false;
}

}  // namespace lud64

#endif  // LUD64_BOARDS_DAMDAMAN_DAMDAMAN_H_
