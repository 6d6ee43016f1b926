// Davxar's options and rules: placement, movement, removal after a mill.
#include "boards/davxar/davxar.h"

#include "boards/davxar/davxar_board.h"
#include "engine/zobrist.h"

namespace lud64 {
namespace {

using davxar::kAllPoints;
using davxar::kNeighbours;

}  // namespace

Davxar::Davxar(MillTest lines, int pieces) : lines_(lines), pieces_(pieces) {}

const SiteNames& Davxar::site_names() const {
  static const SiteNames* names = new SiteNames(
      std::vector<std::string>(davxar::kPointNames.begin(), davxar::kPointNames.end()));
  return *names;
}

Davxar::Position Davxar::start() const {
  Position position;
  position.hand = {static_cast<uint8_t>(pieces_), static_cast<uint8_t>(pieces_)};
  return position;
}

void Davxar::decision_sets(const Position& position, DecisionSets& sets) const {
  const int me = Index(position.state.to_move);
  const Bitboard own = position.pieces[me];
  const Bitboard opponent = position.pieces[1 - me];
  sets.clear();
  if (position.remove) {
    sets.push({Removable(opponent), DecisionKind::kRemove, 0, 0});
    return;
  }
  const Bitboard empty = kAllPoints & ~(own | opponent);
  if (position.hand[me] > 0) {
    sets.push({empty, DecisionKind::kPlace, 0, 0});
    return;
  }
  // One set per piece. The offset is unused with a fixed origin: set to
  // `from`, it is stored with it; a constant makes GCC split the loop in two.
  for (int from : Sites(own)) {
    const auto origin = static_cast<int8_t>(from);
    sets.push({kNeighbours[from] & empty, DecisionKind::kStep, origin, origin});
  }
}

void Davxar::generate(const Position& position, DecisionList& list) const {
  DecisionSets sets;
  decision_sets(position, sets);
  sets.AppendTo(list);
}

uint64_t Davxar::hash(const Position& position) const {
  return HashPieces(position.pieces, 0, position.state) ^ kZobrist.hand[0][position.hand[0]] ^
         kZobrist.hand[1][position.hand[1]] ^ (position.remove ? kZobrist.mid_turn : 0);
}

}  // namespace lud64
