// What search needs of a game beyond the rules: a static evaluation, and
// optionally which decisions are tactical (captures, mills, removals), for
// move ordering and quiescence.
#ifndef LUD64_SEARCH_SEARCHABLE_GAME_H_
#define LUD64_SEARCH_SEARCHABLE_GAME_H_

#include "engine/game.h"
#include "engine/score.h"

namespace lud64 {

template <class G>
concept SearchableGame = Game<G> && requires(const G& game, const typename G::Position& p) {
  // For the player to move, within +-kMaxHeuristic.
  { game.evaluate(p) } -> std::same_as<Score>;
};

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

}  // namespace lud64

#endif  // LUD64_SEARCH_SEARCHABLE_GAME_H_
