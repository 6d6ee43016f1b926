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
#include "network/incremental.h"
#include "network/network.h"

namespace lud64 {

template <class G>
struct GameNetwork;

// A game with a learned evaluation.
template <class G>
concept HasGameNetwork = GameNetwork<G>::kHasNetwork;

// Davxar (network/games/davxar_network.cc): the endgame network judges
// positions with at most 4 pieces a side, on the board and in hand; the
// whole-game network the others.
template <>
struct GameNetwork<Davxar> {
  static constexpr bool kHasNetwork = true;
  static constexpr int kInputCount = 100;
  // The inputs of `side`'s view of a position.
  static NetworkInputs Inputs(const Davxar& game, const Davxar::Position& position, Player side);
  // The embedded endgame network of the game's line set (nullptr: none).
  static const std::shared_ptr<const QuantizedNetwork>& BuiltIn(const Davxar& game);
  // The embedded whole-game network of the game's line set (nullptr: none).
  static const std::shared_ptr<const QuantizedNetwork>& BuiltInWholeGame(const Davxar& game);
  // The families of the networks that judge the game: "davxar" or
  // "davxar:lines=ludii" (the pieces do not change the inputs), and for the
  // whole game "davxar-whole" or "davxar-whole:lines=ludii".
  static std::string Family(const Davxar& game);
  static std::string WholeGameFamily(const Davxar& game);
  // A side's pieces, on the board and in hand (the tables the endgame
  // network learned from hold both), against a network's max_side_pieces.
  static int SidePieces(const Davxar::Position& position, int side);
  // The score for the player to move (LearnedGameScore below).
  static Score Evaluate(const Davxar& game, const Davxar::Position& position, bool whole_game,
                        const std::shared_ptr<const QuantizedNetwork>& network);
};

// Damdaman (network/games/damdaman_network.cc): the endgame network judges
// positions with at most 3 pieces a side; a whole-game network (family
// "damdaman-whole") the others, when one is built in or given.
template <>
struct GameNetwork<Damdaman> {
  static constexpr bool kHasNetwork = true;
  static constexpr int kInputCount = 2 * Damdaman::Grid::kSites;
  static NetworkInputs Inputs(const Damdaman& game, const Damdaman::Position& position,
                              Player side);
  static const std::shared_ptr<const QuantizedNetwork>& BuiltIn(const Damdaman& game);
  static const std::shared_ptr<const QuantizedNetwork>& BuiltInWholeGame(const Damdaman& game);
  static std::string Family(const Damdaman&) { return Damdaman::kName; }
  static std::string WholeGameFamily(const Damdaman&) { return "damdaman-whole"; }
  static int SidePieces(const Damdaman::Position& position, int side) {
    return PopCount(position.pieces[side]);
  }
  static Score Evaluate(const Damdaman& game, const Damdaman::Position& position, bool whole_game,
                        const std::shared_ptr<const QuantizedNetwork>& network);
};

// A game's learned score for the player to move: the endgame network where
// it judges, else with `whole_game` the whole-game network, else the game's
// hand-written evaluation. `network`, a user's weight file (null: none),
// takes the place of the built-in network of its kind (`whole_game` set in
// it: the whole-game one).
template <HasGameNetwork G>
Score LearnedGameScore(const G& game, const typename G::Position& position, bool whole_game,
                       const std::shared_ptr<const QuantizedNetwork>& network) {
  static const std::shared_ptr<const QuantizedNetwork> kNone;
  const bool user_whole = network != nullptr && network->whole_game;
  const std::shared_ptr<const QuantizedNetwork>& endgame =
      network != nullptr && !user_whole ? network : GameNetwork<G>::BuiltIn(game);
  const std::shared_ptr<const QuantizedNetwork>& whole =
      !whole_game  ? kNone
      : user_whole ? network
                   : GameNetwork<G>::BuiltInWholeGame(game);
  return LearnedScore(
      endgame, whole, position.state.to_move,
      [&](int side) { return GameNetwork<G>::SidePieces(position, side); },
      [&](Player player) { return GameNetwork<G>::Inputs(game, position, player); },
      [&] { return game.evaluate(position); });
}

// Guettal: the hand-written evaluation alone.
template <>
struct GameNetwork<Guettal> {
  static constexpr bool kHasNetwork = false;
};

}  // namespace lud64

#endif  // LUD64_NETWORK_GAMES_GAME_NETWORKS_H_
