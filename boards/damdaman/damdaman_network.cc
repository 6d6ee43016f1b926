// The inputs of Damdaman's learned evaluation, seen from one side:
//   0..48   the side's pieces, by cell
//   49..97  the opponent's pieces
#include "boards/damdaman/damdaman.h"
#include "network/embedded_networks.h"
#include "network/incremental.h"

namespace lud64 {
namespace {

constexpr int kOpponentPieces = Damdaman::Grid::kSites;
static_assert(Damdaman::kNetworkInputCount <= kNetworkInputs);
static_assert(kOpponentPieces > 0 && kOpponentPieces < 64, "the shifts of network_inputs");

}  // namespace

NetworkInputs Damdaman::network_inputs(const Position& position, Player side) const {
  const int own = Index(side);
  NetworkInputs inputs;
  // The opponent's cells straddle the first two words.
  inputs.words[0] = position.pieces[own] | (position.pieces[1 - own] << kOpponentPieces);
  inputs.words[1] = position.pieces[1 - own] >> (64 - kOpponentPieces);
  return inputs;
}

const std::shared_ptr<const QuantizedNetwork>& Damdaman::network() const {
  static const std::shared_ptr<const QuantizedNetwork> embedded = BuiltInNetwork(kName);
  return embedded;
}

Score Damdaman::learned_evaluate(const Position& position) const {
  return learned_evaluate(position, network());
}

Score Damdaman::learned_evaluate(const Position& position,
                                 const std::shared_ptr<const QuantizedNetwork>& net) const {
  return LearnedScore(
      net, position.state.to_move, [&](int side) { return PopCount(position.pieces[side]); },
      [&](Player player) { return network_inputs(position, player); },
      [&] { return evaluate(position); });
}

}  // namespace lud64
