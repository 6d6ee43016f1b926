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
  if (net == nullptr) return evaluate(position);
  if (const int limit = net->max_side_pieces; limit > 0) {
    for (int side = 0; side < 2; ++side) {
      if (PopCount(position.pieces[side]) > limit) return evaluate(position);
    }
  }
  const Player mover = position.state.to_move;
  return EvaluateIncrementally(net, mover, network_inputs(position, mover),
                               network_inputs(position, Opponent(mover)));
}

}  // namespace lud64
