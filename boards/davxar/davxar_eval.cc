// Davxar's static evaluation, for the player to move (the same terms for each
// side, own minus opponent's):
//   100 per piece, on the board or in hand (material);
//   + 90 when the player to move is about to remove a piece (the `remove`
//     step after a mill, with a removable piece);
//   + 25 per threat: a line the side holds but for one empty point on which a
//     piece of its would complete it (a pivot, under Ludii's test), and which
//     the side can fill next: from its hand, or in the movement phase with a
//     piece next to that point and not on the line;
//   + 8 per other almost-complete line (all but one point held, the last
//     empty and a pivot, but no piece ready to fill it);
//   + 2 per open line: at least one of the side's pieces, none of the
//     opponent's, and none of the side's on the points that must not hold;
//   in the movement phase (the side's hand empty):
//   + 3 per move the side has (mobility),
//   - 12 per piece of the side that cannot move (blocked).
// Lines are the game's mill lines (historical, or Ludii's with their blocking
// points and pivots).
#include "boards/davxar/davxar.h"

namespace lud64 {
namespace {

using davxar::kAllPoints;
using davxar::kNeighbours;

constexpr Score kPiece = 100;
constexpr Score kPendingRemoval = 90;
constexpr Score kThreat = 25;
constexpr Score kAlmostLine = 8;
constexpr Score kOpenLine = 2;
constexpr Score kMove = 3;
constexpr Score kBlockedPiece = 12;

struct Side {
  Bitboard own;
  Bitboard opponent;
  int hand;
};

// The line terms of one side.
template <class Table>
Score LineTerms(const Table& mills, const Side& side) {
  const Bitboard empty = kAllPoints & ~(side.own | side.opponent);
  Score score = 0;
  for (size_t i = 0; i < mills.points.size(); ++i) {
    const Bitboard points = mills.points[i];
    const Bitboard held = side.own & points;
    if ((side.own & mills.span[i] & ~points) != 0 || (side.opponent & points) != 0 || held == 0)
      continue;
    const Bitboard missing = points & ~held;
    if (PopCount(missing) != 1) {
      score += kOpenLine;
      continue;
    }
    if ((missing & empty & mills.credit[i]) == 0) continue;
    const int at = LowestSite(missing);
    const bool ready = side.hand > 0 || (kNeighbours[at] & side.own & ~points) != 0;
    score += ready ? kThreat : kAlmostLine;
  }
  return score;
}

// Mobility and blocked pieces of one side in the movement phase.
Score MovementTerms(const Side& side) {
  if (side.hand > 0) return 0;
  const Bitboard empty = kAllPoints & ~(side.own | side.opponent);
  int moves = 0, blocked = 0;
  for (int point : Sites(side.own)) {
    const int here = PopCount(kNeighbours[point] & empty);
    moves += here;
    blocked += here == 0;
  }
  return kMove * moves - kBlockedPiece * blocked;
}

}  // namespace

Score Davxar::evaluate(const Position& position) const {
  const int me = Index(position.state.to_move);
  const Side mine{position.pieces[me], position.pieces[1 - me], position.hand[me]};
  const Side theirs{position.pieces[1 - me], position.pieces[me], position.hand[1 - me]};
  Score score = kPiece * (PopCount(mine.own) + mine.hand - PopCount(theirs.own) - theirs.hand);
  if (position.remove && Removable(theirs.own) != 0) score += kPendingRemoval;
  score += WithMills(
      [&](const auto& mills) { return LineTerms(mills, mine) - LineTerms(mills, theirs); });
  return score + MovementTerms(mine) - MovementTerms(theirs);
}

bool Davxar::is_tactical(const Position& position, Decision decision) const {
  switch (decision.kind) {
    case DecisionKind::kRemove:
      return true;
    case DecisionKind::kPlace:
      return InMill(decision.to,
                    position.pieces[Index(position.state.to_move)] | SquareBit(decision.to));
    case DecisionKind::kStep:
      return InMill(decision.to, position.pieces[Index(position.state.to_move)] ^
                                     SquareBit(decision.from) ^ SquareBit(decision.to));
    case DecisionKind::kPass:
      break;
  }
  return false;
}

}  // namespace lud64
