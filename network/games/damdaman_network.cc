// The inputs of Damdaman's learned evaluation, seen from one side:
//   0..48   the side's pieces, by cell
//   49..97  the opponent's pieces
#include "boards/damdaman/damdaman.h"
#include "network/embedded_networks.h"
#include "network/games/game_networks.h"
#include "network/incremental.h"

namespace lud64 {
namespace {

constexpr int kOpponentCells = Damdaman::Grid::kSites;
static_assert(GameNetwork<Damdaman>::kInputCount <= kNetworkInputs);
static_assert(kOpponentCells > 0 && kOpponentCells < 64, "the shifts of Inputs");

}  // namespace

NetworkInputs GameNetwork<Damdaman>::Inputs(const Damdaman&, const Damdaman::Position& position,
                                            Player side) {
  const int own = Index(side);
  NetworkInputs inputs;
  // The opponent's cells straddle the first two words.
  inputs.words[0] = position.pieces[own] | (position.pieces[1 - own] << kOpponentCells);
  inputs.words[1] = position.pieces[1 - own] >> (64 - kOpponentCells);
  return inputs;
}

const std::shared_ptr<const QuantizedNetwork>& GameNetwork<Damdaman>::BuiltIn(const Damdaman&) {
  static const std::shared_ptr<const QuantizedNetwork> embedded = BuiltInNetwork(Damdaman::kName);
  return embedded;
}

const std::shared_ptr<const QuantizedNetwork>& GameNetwork<Damdaman>::BuiltInWholeGame(
    const Damdaman&) {
  static const std::shared_ptr<const QuantizedNetwork> embedded = BuiltInNetwork("damdaman-whole");
  return embedded;
}

Score GameNetwork<Damdaman>::Evaluate(const Damdaman& game, const Damdaman::Position& position,
                                      bool whole_game,
                                      const std::shared_ptr<const QuantizedNetwork>& network) {
  return LearnedGameScore(game, position, whole_game, network);
}

}  // namespace lud64
