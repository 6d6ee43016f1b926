// Uniform random playouts: both players choose uniformly among the legal
// decisions (forced passes and same-turn decisions included) until the game
// ends, as Ludii's random playouts do.
#ifndef LUD64_SEARCH_PLAYOUT_H_
#define LUD64_SEARCH_PLAYOUT_H_

#include <cassert>

#include "engine/decision_sets.h"
#include "engine/game.h"
#include "engine/random.h"

namespace lud64 {

// A game with decision sets (HasDecisionSets, engine/game.h) may also draw the decision the sets
// would give, from the same random number, without building them (a playout kernel).
template <class G>
concept HasRandomDecision = HasDecisionSets<G> &&
    requires(const G& game, const typename G::Position& p, Random& random) {
  { game.random_decision(p, random) } -> std::same_as<Decision>;
};

// A game may also play that decision straight on the board, drawn from the
// same random number (`random_play`, the same as `play(p, random_decision(p,
// random))`): a playout kernel that neither encodes nor decodes a Decision.
template <class G>
concept HasRandomPlay = HasRandomDecision<G> &&
    requires(const G& game, typename G::Position& p, Random& random) {
  { game.random_play(p, random) } -> std::same_as<PlayedDecision>;
};

// A uniformly chosen legal decision of an unfinished position.
template <Game G>
Decision RandomDecision(const G& game, const typename G::Position& position, Random& random) {
  if constexpr (HasRandomDecision<G>) {
    return game.random_decision(position, random);
  } else if constexpr (HasDecisionSets<G>) {
    DecisionSets sets;
    game.decision_sets(position, sets);
    const int count = sets.count();
    return count == 0 ? Decision::Pass() : sets.Nth(static_cast<int>(random.Below(count)));
  } else {
    DecisionList list;
    LegalDecisions(game, position, list);
    return list[static_cast<int>(random.Below(list.size()))];
  }
}

// Plays a uniformly chosen legal decision of an unfinished position: the same
// as Apply(game, position, RandomDecision(game, position, random)). Inlined
// always: it is the body of the playout loops.
template <Game G>
[[gnu::always_inline]] inline void ApplyRandomDecision(const G& game,
                                                       typename G::Position& position,
                                                       Random& random) {
  if constexpr (HasRandomPlay<G>) {
    const Player mover = position.state.to_move;
    FinishDecision(game, position, mover, game.random_play(position, random));
  } else {
    Apply(game, position, RandomDecision(game, position, random));
  }
}

struct PlayoutResult {
  Outcome outcome = Outcome::kOngoing;
  EndReason end = EndReason::kNone;
  int plies = 0;  // decisions played
};

// A game whose every decision ends the turn (no removal after a mill, no
// second step) may say so with `static constexpr bool kTurnIsOneDecision =
// true`: its playouts then run two decisions an iteration, the mover of each
// known to the compiler, so that the kernel selects nothing by the mover.
template <class G>
concept TurnIsOneDecision = Game<G> && requires {
  requires G::kTurnIsOneDecision;
};

// ApplyRandomDecision where `mover` is known to be to move: the compiler may
// take it as a constant (checked by assert in builds without NDEBUG).
template <Game G>
[[gnu::always_inline]] inline void ApplyRandomDecisionOf(Player mover, const G& game,
                                                         typename G::Position& position,
                                                         Random& random) {
#ifdef NDEBUG
  if (position.state.to_move != mover) __builtin_unreachable();
#else
  assert(position.state.to_move == mover);
#endif
  ApplyRandomDecision(game, position, random);
}

// Plays `position` out at random to the end of the game.
template <Game G>
PlayoutResult RandomPlayout(const G& game, typename G::Position position, Random& stream) {
  // A copy, so that the generator's state stays in registers.
  Random random = stream;
  int plies = 0;
  if constexpr (TurnIsOneDecision<G>) {
    if (!position.state.over() && position.state.to_move == Player::kP2) {
      ApplyRandomDecisionOf(Player::kP2, game, position, random);
      ++plies;
    }
    while (!position.state.over()) {
      ApplyRandomDecisionOf(Player::kP1, game, position, random);
      ++plies;
      if (position.state.over()) break;
      ApplyRandomDecisionOf(Player::kP2, game, position, random);
      ++plies;
    }
  } else {
    while (!position.state.over()) {
      ApplyRandomDecision(game, position, random);
      ++plies;
    }
  }
  stream = random;
  return {position.state.outcome, position.state.end, plies};
}

}  // namespace lud64

#endif  // LUD64_SEARCH_PLAYOUT_H_
