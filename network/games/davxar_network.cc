// The inputs of Davxar's learned evaluation, seen from one side:
//   0..31   the side's pieces, by point
//   32..63  the opponent's pieces
//   64..80  the side's hand, 0 to 16 (one of the seventeen)
//   81..97  the opponent's hand
//   98      the side is to move and removes (after its mill)
//   99      the opponent is to move and removes
#include "boards/davxar/davxar.h"
#include "network/embedded_networks.h"
#include "network/games/game_networks.h"
#include "network/incremental.h"

namespace lud64 {
namespace {

constexpr int kOwnPieces = 0;
constexpr int kOpponentPieces = davxar::kPoints;
constexpr int kOwnHand = 2 * davxar::kPoints;
constexpr int kOpponentHand = kOwnHand + Davxar::kMaxPieces + 1;
constexpr int kOwnRemoval = kOpponentHand + Davxar::kMaxPieces + 1;
constexpr int kOpponentRemoval = kOwnRemoval + 1;
static_assert(kOpponentRemoval + 1 == GameNetwork<Davxar>::kInputCount &&
              GameNetwork<Davxar>::kInputCount <= kNetworkInputs);

}  // namespace

NetworkInputs GameNetwork<Davxar>::Inputs(const Davxar&, const Davxar::Position& position,
                                          Player side) {
  const int own = Index(side);
  NetworkInputs inputs;
  static_assert(kOwnPieces == 0 && kOpponentPieces == 32);
  inputs.words[0] = position.pieces[own] | (position.pieces[1 - own] << kOpponentPieces);
  inputs.Set(kOwnHand + position.hand[own]);
  inputs.Set(kOpponentHand + position.hand[1 - own]);
  if (position.remove) inputs.Set(position.state.to_move == side ? kOwnRemoval : kOpponentRemoval);
  return inputs;
}

const std::shared_ptr<const QuantizedNetwork>& GameNetwork<Davxar>::BuiltIn(const Davxar& game) {
  static const std::shared_ptr<const QuantizedNetwork> historical = BuiltInNetwork("davxar");
  static const std::shared_ptr<const QuantizedNetwork> ludii = BuiltInNetwork("davxar:lines=ludii");
  return game.lines() == davxar::MillTest::kLudii ? ludii : historical;
}

const std::shared_ptr<const QuantizedNetwork>& GameNetwork<Davxar>::BuiltInWholeGame(
    const Davxar& game) {
  static const std::shared_ptr<const QuantizedNetwork> historical = BuiltInNetwork("davxar-whole");
  static const std::shared_ptr<const QuantizedNetwork> ludii =
      BuiltInNetwork("davxar-whole:lines=ludii");
  return game.lines() == davxar::MillTest::kLudii ? ludii : historical;
}

std::string GameNetwork<Davxar>::Family(const Davxar& game) {
  return game.lines() == davxar::MillTest::kLudii ? "davxar:lines=ludii" : "davxar";
}

std::string GameNetwork<Davxar>::WholeGameFamily(const Davxar& game) {
  return game.lines() == davxar::MillTest::kLudii ? "davxar-whole:lines=ludii" : "davxar-whole";
}

int GameNetwork<Davxar>::SidePieces(const Davxar::Position& position, int side) {
  return PopCount(position.pieces[side]) + position.hand[side];
}

Score GameNetwork<Davxar>::Evaluate(const Davxar& game, const Davxar::Position& position,
                                    bool whole_game,
                                    const std::shared_ptr<const QuantizedNetwork>& network) {
  return LearnedGameScore(game, position, whole_game, network);
}

}  // namespace lud64
