// Damdaman (Ludii 2): steps on a 7x7 board with custodial and corner captures.
// Rules: boards/damdaman/RULES.md.
#ifndef LUD64_BOARDS_DAMDAMAN_DAMDAMAN_H_
#define LUD64_BOARDS_DAMDAMAN_DAMDAMAN_H_

#include <array>
#include <bit>
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
    const CaptureMasks& masks = kCaptureMasks[to];
    // Custodial: a neighbour of `to` holding an opponent's piece with a mover's
    // piece beyond it, two steps from `to` in the same direction. Of the cells
    // next to `to`, only the one between is one step from such a piece, by
    // index too (2u + s = v for steps u, s, v among +-1 and +-7 only when s = -u
    // and v = u): the steps toward `to` need no masks against wrapping.
    const Bitboard beyond = own & masks.two_steps;
    const Bitboard custodial = opponent & masks.neighbours & StepsTowardArrival(beyond);
    // A corner's opponent piece next to `to`, all its neighbours the mover's:
    // `to` and the corner's other neighbour.
    const Bitboard corner = masks.corners & opponent;
    const bool enclosed = (own & masks.corner_closer) != 0;
    return custodial | (enclosed ? corner : 0);
  }

 private:
  // For each site: the cells two steps from it in a straight line, its
  // neighbours, the corner next to it and that corner's other neighbour
  // (none: 0; a site has at most one corner next to it on a board at least 4
  // wide, and a corner two neighbours).
  // One row a site, so that a capture test finds them at one address.
  struct CaptureMasks {
    Bitboard two_steps, neighbours, corners, corner_closer;
  };
  static constexpr std::array<CaptureMasks, Grid::kSites> kCaptureMasks = [] {
    static_assert(Grid::kRows >= 4 && Grid::kColumns >= 4);
    std::array<CaptureMasks, Grid::kSites> table{};
    for (int s = 0; s < Grid::kSites; ++s) {
      CaptureMasks& masks = table[s];
      for (Direction d : kOrthogonal)
        if (const int next = Grid::Step(s, d); next >= 0 && Grid::Step(next, d) >= 0)
          masks.two_steps |= SquareBit(Grid::Step(next, d));
      masks.neighbours = Grid::kNeighbours[s];
      masks.corners = Grid::kNeighbours[s] & Grid::kCorners;
      for (int corner : Sites(masks.corners))
        masks.corner_closer = Grid::kNeighbours[corner] & ~SquareBit(s);
    }
    return table;
  }();

  // `beyond`'s cells (two steps from one arrival) stepped by one cell and by one
  // row either way, as the OR of four shifts but in one multiply: b * (2^(C-1) +
  // 2^(C+1) + 1 + 2^2C), shifted back a row, for C columns. The terms' offsets
  // differ by 2, 6, 8 or 14, the cells of `beyond` by 4, 12, 16 or 28, so no
  // two terms share a bit and the sum carries nowhere: it is the OR.
  static Bitboard StepsTowardArrival(Bitboard beyond) {
    constexpr int kRow = Grid::kColumns;
    static_assert(kRow == 7 && Grid::kSites + 2 * kRow <= 64, "the offsets above are for 7x7");
    constexpr Bitboard kSteps =
        SquareBit(kRow - 1) | SquareBit(kRow + 1) | SquareBit(0) | SquareBit(2 * kRow);
    return (beyond * kSteps) >> kRow;
  }

  // A direction of the playout kernel's step: its arrivals, the left rotation
  // that takes each arrival to the piece that steps there, and the number of
  // steps in the directions before it; all in 64 bits, as the selects' cmovs
  // move them.
  struct DirectionChoice {
    Bitboard arrivals;
    uint64_t rotation, before;
  };
  // Back one step in `d`, as a left rotation of 64 bits: both cells are on
  // the board, so the rotation is a shift that needs no direction's sign.
  static constexpr uint64_t RotationBack(Direction d) { return (64 - Grid::kIndexStep[d]) & 63; }
  static uint64_t CountOf(Bitboard b) { return static_cast<uint64_t>(PopCount(b)); }
  // `x < y ? below : otherwise` by conditional moves on one comparison, where
  // GCC would branch on comparisons that go either way at random.
  static DirectionChoice BelowOr(uint64_t x, uint64_t y, DirectionChoice below,
                                 DirectionChoice otherwise) {
#if defined(__x86_64__)
    asm("cmpq %4, %3\n\tcmovb %5, %0\n\tcmovb %6, %1\n\tcmovb %7, %2"
        : "+r"(otherwise.arrivals), "+r"(otherwise.rotation), "+r"(otherwise.before)
        : "r"(x), "r"(y), "r"(below.arrivals), "r"(below.rotation), "r"(below.before)
        : "cc");
    return otherwise;
#else
    return x < y ? below : otherwise;
#endif
  }
};

// Inline: the playout loops call this at every decision.
PlayedDecision Damdaman::random_play(Position& position, Random& random) const {
  // The mover's and the opponent's pieces chosen by value, not by index, so
  // that the playout loop keeps the position in registers (and, the mover
  // being known there, search/playout.h's kTurnIsOneDecision, selects none).
  const bool second = position.state.to_move == Player::kP2;
  Bitboard own = second ? position.pieces[1] : position.pieces[0];
  Bitboard opponent = second ? position.pieces[0] : position.pieces[1];
  // The arrivals of steps north, east, south and west: decision_sets' order.
  // North and west are Grid::Shift's written with two masks where it has
  // three: the empty cells are on the board (north needs no mask of its
  // own), and west masks after the shift with east's mask.
  const Bitboard empty = (own | opponent) ^ Grid::kAll;
  const std::array<Bitboard, 4> arrivals = {
      (own << Grid::kColumns) & empty, Grid::Shift(own, kEast) & empty,
      Grid::Shift(own, kSouth) & empty, (own >> 1) & Grid::kNotLastColumn & empty};
  // The counts and ranks in 64 bits, as the selects and pdep use them: no
  // sign or zero extension between the popcounts, the multiply and the selects.
  const std::array<uint64_t, 4> counts = {CountOf(arrivals[0]), CountOf(arrivals[1]),
                                          CountOf(arrivals[2]), CountOf(arrivals[3])};
  const uint64_t through_north = counts[0];
  const uint64_t through_east = counts[0] + counts[1];
  const uint64_t through_south = through_east + counts[2];
  const uint64_t total = through_east + (counts[2] + counts[3]);  // two adds after the counts
  if (total == 0) return {true, false};                           // a forced pass changes nothing
  const uint64_t n = random.Below(static_cast<uint32_t>(total));
  // The direction holding the n-th decision (the pieces that step keep the
  // arrivals' order: a shift), by selects on three comparisons: a chain of
  // branches on a random n mispredicts, an indexed load would put the
  // arrivals in memory.
  const DirectionChoice chosen =
      BelowOr(n, through_east,
              BelowOr(n, through_north, {arrivals[0], RotationBack(kNorth), 0},
                      {arrivals[1], RotationBack(kEast), through_north}),
              BelowOr(n, through_south, {arrivals[2], RotationBack(kSouth), through_east},
                      {arrivals[3], RotationBack(kWest), through_south}));
  const uint64_t rank = n - chosen.before;
  const int rotation = static_cast<int>(chosen.rotation);
  int to;
  if (FastDeposit()) [[likely]] {
    // The n-th arrival and the piece that steps there (the n-th of the
    // arrivals rotated back): two pdeps side by side.
    const Bitboard source = Bitboard{1} << rank;
    const Bitboard target = Deposit(source, chosen.arrivals);
    own ^= target | Deposit(source, std::rotl(chosen.arrivals, rotation));
    if (target == 0) __builtin_unreachable();  // n < total: the n-th arrival is a cell
    to = LowestSite(target);
  } else {
    to = NthSite(chosen.arrivals, static_cast<int>(rank));
    own ^= SquareBit(to) | std::rotl(SquareBit(to), rotation);
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
