// Davxar's options and rules: placement, movement, removal after a mill.
#include "boards/davxar/davxar.h"

#include <array>
#include <cstdint>

#include "boards/davxar/davxar_board.h"
#include "engine/zobrist.h"

namespace lud64 {
namespace {

using davxar::kAllPoints;
using davxar::kNeighbours;

// The Zobrist keys of the pieces (HashSites), XORed a byte of a bitboard at a
// time: four loads per side instead of a pass over its pieces, for the same
// value.
using ByteKeys = std::array<std::array<std::array<uint64_t, 256>, davxar::kPoints / 8>, 2>;
constexpr ByteKeys kPieceByteKeys = [] {
  ByteKeys keys{};
  for (int side = 0; side < 2; ++side)
    for (int byte = 0; byte < davxar::kPoints / 8; ++byte)
      for (int bits = 0; bits < 256; ++bits)
        for (int bit = 0; bit < 8; ++bit)
          if (bits & (1 << bit)) keys[side][byte][bits] ^= kZobrist.sites[side][8 * byte + bit];
  return keys;
}();

uint64_t HashSide(int side, Bitboard pieces) {
  uint64_t key = 0;
  for (int byte = 0; byte < davxar::kPoints / 8; ++byte)
    key ^= kPieceByteKeys[side][byte][(pieces >> (8 * byte)) & 0xff];
  return key;
}

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

// Every decision (decision_sets' in AppendTo's order, written straight into
// the list: the search generates at every node), or the tactical ones alone
// in the same order: a placement or step onto a mill candidate that closes a
// mill, and the removals.
template <bool kTacticalOnly>
inline void Davxar::Generate(const Position& position, DecisionList& list) const {
  const int me = Index(position.state.to_move);
  const Bitboard own = position.pieces[me];
  const Bitboard opponent = position.pieces[1 - me];
  if (position.remove) {
    for (int at : Sites(Removable(opponent))) list.push(Decision::Remove(at));
    return;
  }
  Bitboard targets = kAllPoints & ~(own | opponent);
  if constexpr (kTacticalOnly) {
    targets &= MillCandidates(own);
    if (targets == 0) return;
  }
  if (position.hand[me] > 0) {
    for (int to : Sites(targets)) {
      if (!kTacticalOnly || InMill(to, own | SquareBit(to))) list.push(Decision::Place(to));
    }
    return;
  }
  for (int from : Sites(own)) {
    for (int to : Sites(kNeighbours[from] & targets)) {
      if (!kTacticalOnly || InMill(to, own ^ SquareBit(from) ^ SquareBit(to))) {
        list.push(Decision::Step(from, to));
      }
    }
  }
}

void Davxar::generate(const Position& position, DecisionList& list) const {
  Generate<false>(position, list);
}

void Davxar::generate_tactical(const Position& position, DecisionList& list) const {
  Generate<true>(position, list);
}

uint64_t Davxar::hash(const Position& position) const {
  return HashSide(0, position.pieces[0]) ^ HashSide(1, position.pieces[1]) ^
         HashTurnState(position.state) ^ kZobrist.hand[0][position.hand[0]] ^
         kZobrist.hand[1][position.hand[1]] ^ (position.remove ? kZobrist.mid_turn : 0);
}

}  // namespace lud64
