// What search needs of a game beyond the rules: a static evaluation, and
// optionally which decisions are tactical (captures, mills, removals), for
// move ordering and quiescence.
#ifndef LUD64_SEARCH_SEARCHABLE_GAME_H_
#define LUD64_SEARCH_SEARCHABLE_GAME_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "absl/strings/string_view.h"
#include "engine/game.h"
#include "engine/named_values.h"
#include "engine/score.h"
#include "network/games/game_networks.h"
#include "network/network.h"
#include "search/search_settings.h"  // IWYU pragma: export (Evaluation)

namespace lud64 {

template <class G>
concept SearchableGame = Game<G> && requires(const G& game, const typename G::Position& p) {
  // For the player to move, within +-kMaxHeuristic.
  { game.evaluate(p) } -> std::same_as<Score>;
};

// The static evaluation `evaluation` asks for. A learned one is the game's
// networks' (GameNetwork<G>, network/games/game_networks.h: the score for the
// player to move, the endgame network's where it judges the position, else
// the hand-written evaluation's, with kWholeGame corrected by the whole-game
// network's), with `network` (a user's weight file of a family the game
// names) in place of the built-in network of its kind; a game without a
// network has its hand-written evaluation alone.
template <SearchableGame G>
Score Evaluate(const G& game, const typename G::Position& p, Evaluation evaluation,
               const std::shared_ptr<const QuantizedNetwork>& network = nullptr) {
  if constexpr (HasGameNetwork<G>) {
    if (evaluation != Evaluation::kClassic) {
      return GameNetwork<G>::Evaluate(game, p, evaluation == Evaluation::kWholeGame, network);
    }
  }
  return game.evaluate(p);
}

template <class G>
concept HasTacticalDecisions = Game<G> &&
    requires(const G& game, const typename G::Position& p, Decision d) {
  { game.is_tactical(p, d) } -> std::same_as<bool>;
};

template <Game G>
bool IsTactical(const G& game, const typename G::Position& p, Decision d) {
  if constexpr (HasTacticalDecisions<G>) {
    return game.is_tactical(p, d);
  } else {
    return false;
  }
}

// Optionally, a game tests the decisions of one position with a test made
// once for the position (`game.tactical_test(p)`, called with each decision),
// which shares work among them: Davxar finds once the few points where a
// mill can form.
template <class G>
concept HasTacticalTest = HasTacticalDecisions<G> &&
    requires(const G& game, const typename G::Position& p, Decision d) {
  { game.tactical_test(p)(d) } -> std::same_as<bool>;
};

// The test of whether each decision of `p` is tactical; `p` must outlive it.
template <Game G>
auto TacticalTest(const G& game, const typename G::Position& p) {
  if constexpr (HasTacticalTest<G>) {
    return game.tactical_test(p);
  } else {
    return [&game, &p](Decision d) { return IsTactical(game, p, d); };
  }
}

}  // namespace lud64

#endif  // LUD64_SEARCH_SEARCHABLE_GAME_H_
