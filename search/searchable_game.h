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
#include "search/search_settings.h"  // IWYU pragma: export (Evaluation)

namespace lud64 {

class QuantizedNetwork;

template <class G>
concept SearchableGame = Game<G> && requires(const G& game, const typename G::Position& p) {
  // For the player to move, within +-kMaxHeuristic.
  { game.evaluate(p) } -> std::same_as<Score>;
};

// A game with a learned evaluation (network/): the score for the player to
// move, its network's where the network judges the position, its
// hand-written evaluation's elsewhere (or in a variant without a network).
template <class G>
concept HasLearnedEvaluation = requires(const G& game, const typename G::Position& p) {
  { game.learned_evaluate(p) } -> std::same_as<Score>;
};

// A game whose learned evaluation also takes a network other than its own
// (a user's weight file), of the family it names.
template <class G>
concept TakesNetwork = requires(const G& game, const typename G::Position& p,
                                const std::shared_ptr<const QuantizedNetwork>& network) {
  { game.learned_evaluate(p, network) } -> std::same_as<Score>;
  { game.network_family() } -> std::convertible_to<std::string>;
};

// The static evaluation `evaluation` asks for; a learned one with `network`
// when it is given and the game takes one, else with the game's own.
template <SearchableGame G>
Score Evaluate(const G& game, const typename G::Position& p, Evaluation evaluation,
               const std::shared_ptr<const QuantizedNetwork>& network = nullptr) {
  if constexpr (HasLearnedEvaluation<G>) {
    if (evaluation == Evaluation::kLearned) {
      if constexpr (TakesNetwork<G>) {
        if (network != nullptr) return game.learned_evaluate(p, network);
      }
      return game.learned_evaluate(p);
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
