// Which learned evaluation judges each game, listed once: GameNetwork<G> for
// every game of the list (boards/game_list.h). A game with a network supplies
// the inputs of a position seen from one side, the network built into lud64
// for it, the family of the weight files it loads, and the score for the
// player to move (the network's where it judges, the game's hand-written
// evaluation's elsewhere); Guettal has none. The searches ask for it through
// Evaluate(game, position, Evaluation::kLearned) (search/searchable_game.h).
//
// The primary template has no definition and every specialisation is in this
// header, so the answer cannot depend on which headers a file includes: a
// game missing here does not compile where it is asked for.
#ifndef LUD64_NETWORK_GAMES_GAME_NETWORKS_H_
#define LUD64_NETWORK_GAMES_GAME_NETWORKS_H_

#include <memory>
#include <string>

#include "boards/damdaman/damdaman.h"
#include "boards/davxar/davxar.h"
#include "boards/guettal/guettal.h"
#include "engine/player.h"
#include "engine/score.h"
#include "network/network.h"

namespace lud64 {

template <class G>
struct GameNetwork;

// A game with a learned evaluation.
template <class G>
concept HasGameNetwork = GameNetwork<G>::kHasNetwork;

// Davxar (network/games/davxar_network.cc): judges positions with at most 4
// pieces a side, on the board and in hand.
template <>
struct GameNetwork<Davxar> {
  static constexpr bool kHasNetwork = true;
  static constexpr int kInputCount = 100;
  // The inputs of `side`'s view of a position.
  static NetworkInputs Inputs(const Davxar& game, const Davxar::Position& position, Player side);
  // The embedded network of the game's line set (nullptr: none).
  static const std::shared_ptr<const QuantizedNetwork>& BuiltIn(const Davxar& game);
  // The family of the networks that judge the game: "davxar" or
  // "davxar:lines=ludii" (the pieces do not change the inputs).
  static std::string Family(const Davxar& game);
  // The score for the player to move: the network's (BuiltIn's, or
  // `network`, of Family()), or the hand-written evaluation's without a
  // network or beyond its max_side_pieces.
  static Score Evaluate(const Davxar& game, const Davxar::Position& position);
  static Score Evaluate(const Davxar& game, const Davxar::Position& position,
                        const std::shared_ptr<const QuantizedNetwork>& network);
};

// Damdaman (network/games/damdaman_network.cc): judges positions with at
// most 3 pieces a side.
template <>
struct GameNetwork<Damdaman> {
  static constexpr bool kHasNetwork = true;
  static constexpr int kInputCount = 2 * Damdaman::Grid::kSites;
  static NetworkInputs Inputs(const Damdaman& game, const Damdaman::Position& position,
                              Player side);
  static const std::shared_ptr<const QuantizedNetwork>& BuiltIn(const Damdaman& game);
  static std::string Family(const Damdaman&) { return Damdaman::kName; }
  static Score Evaluate(const Damdaman& game, const Damdaman::Position& position);
  static Score Evaluate(const Damdaman& game, const Damdaman::Position& position,
                        const std::shared_ptr<const QuantizedNetwork>& network);
};

// Guettal: the hand-written evaluation alone.
template <>
struct GameNetwork<Guettal> {
  static constexpr bool kHasNetwork = false;
};

}  // namespace lud64

#endif  // LUD64_NETWORK_GAMES_GAME_NETWORKS_H_
