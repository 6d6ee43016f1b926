// Davxar's static evaluation, for the player to move: a weighted sum of
// these terms (Davxar::EvaluationTerm), counted for each side:
//   pieces, on the board or in hand (material, the mover's minus the
//     opponent's);
//   whether the player to move is about to remove a piece (the `remove` step
//     after a mill, with a removable piece);
//   threats: lines the side holds but for one empty point on which a piece
//     of its would complete it (a pivot, under Ludii's test), and which the
//     side can fill next: from its hand, or in the movement phase with a
//     piece next to that point and not on the line;
//   other almost-complete lines (all but one point held, the last empty and
//     a pivot, but no piece ready to fill it);
//   open lines: at least one of the side's pieces, none of the opponent's,
//     and none of the side's on the points that must not hold;
//   in the movement phase (the side's hand empty): its moves (mobility) and
//     its pieces that cannot move (blocked).
// The weights (networks/davxar.weights), one set for the placement phase
// (a piece in either hand) and one for the movement phase, are fitted to the
// results of self-play games (tools/train/README.md, "The hand-written
// evaluation's weights"). A side whose hand is empty while the other's is not
// counts its moves and blocked pieces in the placement set: that lasts a
// decision or two a game, so those weights rest on few positions.
// Lines are the game's mill lines (historical, or Ludii's with their blocking
// points and pivots).
#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>
#include <tuple>

#include "boards/davxar/davxar.h"
#include "davxar/evaluation_weights.h"  // generated from networks/davxar.weights

namespace lud64 {
namespace {

// The file's terms are the evaluation's, in its order.
constexpr bool SameNames(const auto& a, const auto& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] != std::string_view(b[i])) return false;
  }
  return true;
}
static_assert(SameNames(evaluation_weights::davxar::kNames, Davxar::kEvaluationTermNames),
              "networks/davxar.weights: its terms are not Davxar::kEvaluationTermNames");

using davxar::kAllPoints;
using davxar::kNeighbours;

struct Side {
  Bitboard own;
  Bitboard opponent;
  int hand;
};

// The lines of a mill table as masks over line numbers (bit i: line i), per
// point: the lines whose points include it, and those it blocks (a point
// that must not hold the side's piece). A side's pieces then count their
// pieces on every line at once, in bit-sliced counters, instead of one
// branchy test per line.
struct LineMasks {
  std::array<uint64_t, davxar::kPoints> on{};
  std::array<uint64_t, davxar::kPoints> blocks{};
  uint64_t four_points = 0;  // the lines of four points (the others have three)
};

template <class Table>
constexpr LineMasks MakeLineMasks(const Table& mills) {
  static_assert(std::tuple_size_v<decltype(mills.points)> <= 64);
  LineMasks masks;
  for (size_t i = 0; i < mills.points.size(); ++i) {
    const uint64_t line = uint64_t{1} << i;
    for (int p : Sites(mills.points[i])) masks.on[p] |= line;
    for (int p : Sites(mills.span[i] & ~mills.points[i])) masks.blocks[p] |= line;
    if (PopCount(mills.points[i]) == 4) {
      masks.four_points |= line;
    } else if (PopCount(mills.points[i]) != 3) {
      throw "a line of three or four points";
    }
  }
  return masks;
}

constexpr LineMasks kHistoricalLineMasks = MakeLineMasks(davxar::kHistoricalMills);
constexpr LineMasks kLudiiLineMasks = MakeLineMasks(davxar::kLudiiMills);
const LineMasks& MasksOf(const davxar::HistoricalMillTable&) { return kHistoricalLineMasks; }
const LineMasks& MasksOf(const davxar::LudiiMillTable&) { return kLudiiLineMasks; }

// What a side's pieces make of the lines: the lines holding at least one,
// those holding exactly two and exactly three, and those they block; with
// kMobility, also the moves to `empty` points and the pieces without one.
struct LineCounts {
  uint64_t held = 0;
  uint64_t two = 0;
  uint64_t three = 0;
  uint64_t blocked = 0;
  int moves = 0;
  int blocked_pieces = 0;
};

// One pass over the side's pieces for the lines and the mobility.
template <bool kMobility>
LineCounts CountLines(const LineMasks& masks, Bitboard own, Bitboard empty = 0) {
  uint64_t ones = 0, twos = 0, fours = 0, blocked = 0;  // bit-sliced counts, 0 to 4
  int moves = 0, blocked_pieces = 0;
  for (int p : Sites(own)) {
    const uint64_t on = masks.on[p];
    const uint64_t carry = ones & on;
    ones ^= on;
    fours |= twos & carry;
    twos ^= carry;
    blocked |= masks.blocks[p];
    if constexpr (kMobility) {
      const int here = PopCount(kNeighbours[p] & empty);
      moves += here;
      blocked_pieces += here == 0;
    }
  }
  return {ones | twos | fours, ~ones & twos & ~fours, ones & twos & ~fours, blocked, moves,
          blocked_pieces};
}

// The line terms of one side, whose pieces count `mine`, the opponent's
// `theirs`, counted in `terms` (the phase's, from the side's own term on).
template <class Table>
void AddLineTerms(const Table& mills, const LineMasks& masks, const Side& side,
                  const LineCounts& mine, const LineCounts& theirs, int* terms) {
  // Open: some of the side's pieces, none of the opponent's, no blocking piece.
  const uint64_t open = mine.held & ~theirs.held & ~mine.blocked;
  const uint64_t almost =
      open & ((masks.four_points & mine.three) | (~masks.four_points & mine.two));
  terms[Davxar::kOpenLineTerm] += PopCount(open & ~almost);
  for (int i : Sites(almost)) {
    // The missing point is empty: the opponent holds no point of the line.
    const Bitboard missing = mills.points[i] & ~side.own;
    if ((missing & mills.credit[i]) == 0) continue;
    const int at = LowestSite(missing);
    const bool ready = side.hand > 0 || (kNeighbours[at] & side.own & ~mills.points[i]) != 0;
    ++terms[ready ? Davxar::kThreatTerm : Davxar::kAlmostLineTerm];
  }
}

// Mobility and blocked pieces of one side in the movement phase.
void AddMovementTerms(const Side& side, const LineCounts& lines, int* terms) {
  if (side.hand > 0) return;
  terms[Davxar::kMoveTerm] += lines.moves;
  terms[Davxar::kBlockedPieceTerm] += lines.blocked_pieces;
}

}  // namespace

int Davxar::CountPhaseTerms(const Position& position, int* terms) const {
  const int me = Index(position.state.to_move);
  const Side mine{position.pieces[me], position.pieces[1 - me], position.hand[me]};
  const Side theirs{position.pieces[1 - me], position.pieces[me], position.hand[1 - me]};
  int* const their_terms = terms + 1;  // each side's term is followed by the opponent's
  terms[kPieceTerm] = PopCount(mine.own) + mine.hand - PopCount(theirs.own) - theirs.hand;
  terms[kPendingRemovalTerm] = position.remove && Removable(theirs.own) != 0;
  const Bitboard empty = kAllPoints & ~(mine.own | theirs.own);
  WithMills([&](const auto& mills) {
    const LineMasks& masks = MasksOf(mills);
    const LineCounts my_lines = CountLines<true>(masks, mine.own, empty);
    const LineCounts their_lines = CountLines<true>(masks, theirs.own, empty);
    AddLineTerms(mills, masks, mine, my_lines, their_lines, terms);
    AddLineTerms(mills, masks, theirs, their_lines, my_lines, their_terms);
    AddMovementTerms(mine, my_lines, terms);
    AddMovementTerms(theirs, their_lines, their_terms);
  });
  return mine.hand > 0 || theirs.hand > 0 ? 0 : kTermsPerPhase;
}

const std::array<Score, Davxar::kEvaluationTermCount> Davxar::kEvaluationWeights =
    evaluation_weights::davxar::kWeights;

Davxar::EvaluationTerms Davxar::evaluation_terms(const Position& position) const {
  EvaluationTerms all{};
  std::array<int, kTermsPerPhase> phase{};
  const int offset = CountPhaseTerms(position, phase.data());
  std::copy(phase.begin(), phase.end(), all.begin() + offset);
  return all;
}

Score Davxar::evaluate(const Position& position) const {
  std::array<int, kTermsPerPhase> terms{};
  const int offset = CountPhaseTerms(position, terms.data());
  Score score = 0;
  for (int i = 0; i < kTermsPerPhase; ++i) {
    score += evaluation_weights::davxar::kWeights[offset + i] * terms[i];
  }
  return score;
}

Bitboard Davxar::MillCandidates(Bitboard own) const {
  // A placement or step forming a mill on `to` leaves the mover's pieces on
  // all the points of one of its lines but `to` (where none stands yet).
  return WithMills([&](const auto& mills) {
    const LineMasks& masks = MasksOf(mills);
    const LineCounts lines = CountLines<false>(masks, own);
    Bitboard candidates = 0;
    for (int i : Sites((masks.four_points & lines.three) | (~masks.four_points & lines.two)))
      candidates |= mills.points[i] & mills.credit[i] & ~own;
    return candidates;
  });
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
