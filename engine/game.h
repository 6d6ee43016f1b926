// The compile-time interface every game implements, and the rules shared by
// all games (engine/RULES.md): forced passes, the end checks in their order,
// the all-pass draw and the turn limit. Search code is written against
// LegalDecisions / Apply below and instantiated per game.
#ifndef LUD64_ENGINE_GAME_H_
#define LUD64_ENGINE_GAME_H_

#include <concepts>
#include <cstdint>
#include <string>

#include "engine/decision.h"
#include "engine/decision_sets.h"
#include "engine/player.h"
#include "engine/site_names.h"

namespace lud64 {

// A game G is a value holding its variant options; G::Position is a plain
// value type with a public `TurnState state` that only the shared rules write.
// The rules only: the position text is a separate concept (NotatedGame,
// position_text.h), so that rules and search code need no text parsing.
template <class G>
concept Game = requires(const G& game, const typename G::Position& position,
                        typename G::Position& mutable_position, Decision decision,
                        DecisionList& list, Player player) {
  { position.state } -> std::convertible_to<TurnState>;
  { game.name() } -> std::convertible_to<std::string>;
  { game.site_names() } -> std::convertible_to<const SiteNames&>;
  { game.start() } -> std::same_as<typename G::Position>;
  // Appends the player to move's decisions, forced pass excluded.
  game.generate(position, list);
  // Whether the player to move is in the middle of a turn (Davxar's removal).
  { game.mid_turn(position) } -> std::same_as<bool>;
  // Plays a decision on the board (pass included); true when the same player
  // decides again in the same turn.
  { game.play(mutable_position, decision) } -> std::same_as<bool>;
  // The outcome the game's own end rule gives after `player` made a decision
  // (kOngoing: none); `consecutive_passes`: that decision and the opponent's
  // previous turn were both forced passes.
  { game.rule_outcome(position, player, true) } -> std::same_as<Outcome>;
  { game.hash(position) } -> std::same_as<uint64_t>;
};

// The legal decisions of a position: the game's own, or a forced pass when it
// has none; nothing once the game is over.
template <Game G>
void LegalDecisions(const G& game, const typename G::Position& position, DecisionList& list) {
  list.clear();
  if (position.state.over()) return;
  game.generate(position, list);
  if (list.empty()) list.push(Decision::Pass());
}

// What the end checks need to know of a decision once it is on the board.
struct PlayedDecision {
  bool whole_turn_pass;  // a forced pass of a whole turn (not a removal's)
  bool same_turn;        // the mover decides again in the same turn (game.play's result)
};

// The end checks of engine/RULES.md after `mover`'s decision is on the board:
// the turn passes on (unless the mover decides again), then the game's own
// rule, the all-pass draw and the turn limit. Apply's second half, shared with
// the games' playout kernels (search/playout.h), which play without a Decision.
// Inlined always, so that Apply stays one body where the search and playouts
// inline it.
template <Game G>
[[gnu::always_inline]] inline void FinishDecision(const G& game, typename G::Position& position,
                                                  Player mover, PlayedDecision played) {
  TurnState& state = position.state;
  const bool consecutive_passes = played.whole_turn_pass && state.passed;
  if (!played.same_turn) {
    state.to_move = Opponent(mover);
    ++state.turn;
    state.passed = played.whole_turn_pass;
  }
  if (const Outcome own = game.rule_outcome(position, mover, consecutive_passes);
      own != Outcome::kOngoing) {
    state.outcome = own;
    state.end = EndReason::kOwnRule;
  } else if (consecutive_passes) {
    state.outcome = Outcome::kDraw;
    state.end = EndReason::kAllPass;
  } else if (state.turn >= kTurnLimit) {
    state.outcome = Outcome::kDraw;
    state.end = EndReason::kTurnLimit;
  }
}

// Plays a legal decision and applies the end checks of engine/RULES.md.
template <Game G>
void Apply(const G& game, typename G::Position& position, Decision decision) {
  const Player mover = position.state.to_move;
  const bool whole_turn_pass = decision.is_pass() && !game.mid_turn(position);
  const bool same_turn = game.play(position, decision);
  FinishDecision(game, position, mover, {whole_turn_pass, same_turn});
}

// A game may offer its decisions as sets of targets (engine/decision_sets.h):
// cheaper than building the list, for a uniform choice or a legality test.
template <class G>
concept HasDecisionSets = Game<G> &&
    requires(const G& game, const typename G::Position& p, DecisionSets& sets) {
  game.decision_sets(p, sets);
};

// Whether `decision` is legal in `position`: read from the decision sets
// where the game has them (a forced pass is legal when they are empty),
// without listing every decision.
template <Game G>
bool IsLegal(const G& game, const typename G::Position& position, Decision decision) {
  if constexpr (HasDecisionSets<G>) {
    if (position.state.over()) return false;
    DecisionSets sets;
    game.decision_sets(position, sets);
    if (sets.count() == 0) return decision.is_pass();
    for (int i = 0; i < sets.size(); ++i) {
      const DecisionSet& set = sets[i];
      if (set.kind == decision.kind && Contains(set.targets, decision.to) &&
          set.At(decision.to) == decision) {
        return true;
      }
    }
    return false;
  } else {
    DecisionList list;
    LegalDecisions(game, position, list);
    return list.contains(decision);
  }
}

}  // namespace lud64

#endif  // LUD64_ENGINE_GAME_H_
