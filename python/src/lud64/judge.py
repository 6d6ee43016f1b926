"""Perfect play and engines as judges: lud64.accuracy and lud64.match.

  lud64.accuracy(policy, "davxar:pieces=4", tb="tables", positions=200, seed=1)
  lud64.match(policy, "alphabeta:depth=2", "davxar:pieces=4", games=20)

A policy is a Python callable from a lud64.SpielState to an action id, or an
engine spec ('random', 'alphabeta:depth=3', 'mcts:iterations=500'), read by
the command's parser (lud64.SpecAgent). Matches are the command's
(play/match.h), their statistics and SPRT the command's.
"""
import random as _random

from . import _core
from .spiel import load_game
from .teacher import tables as _tables


def _agent(agent, game):
    """A callable agent: `agent` itself, or an engine spec's lud64.SpecAgent (the
    command's parser: every option `lud64 match` takes, and its errors)."""
    if isinstance(agent, str):
        return _core.SpecAgent(game, agent)
    if callable(agent):
        return agent
    raise TypeError(f"agent: expected a callable or an engine spec (str), "
                    f"got {type(agent).__name__}")


def _critical_positions(game, tables, positions, seed):
    """Critical positions the tables hold (not lost for the player to move, and
    some action throws the value away), one per random game, as play/accuracy
    samples them; with each action's value."""
    rng = _random.Random(seed)
    found, seen = [], set()
    for _ in range(positions * 100):
        if len(found) == positions:
            break
        state = game.new_initial_state()
        candidates = []
        while not state.is_terminal():
            text = str(state)
            if text not in seen:
                try:
                    ranked = tables.rank(state.position())
                except ValueError:
                    ranked = None
                if ranked:
                    best = max(sign for _, sign, _ in ranked)
                    if best >= 0 and min(sign for _, sign, _ in ranked) < best:
                        candidates.append((state.clone(), ranked))
            state.apply_action(rng.choice(state.legal_actions()))
        if candidates:
            chosen = candidates[rng.randrange(len(candidates))]
            seen.add(str(chosen[0]))
            found.append(chosen)
    if len(found) < positions:
        raise ValueError(f"positions={positions}: the tables hold only {len(found)} critical "
                         f"positions of {game} in {positions * 100} random games")
    return found


def accuracy(policy, game, tb="", positions=100, seed=1):
    """How often `policy` throws away the exact value at critical positions
    (where the tables show a slip is possible), as `lud64 accuracy` measures
    engines: {'decisions', 'lost' (a win to a draw or loss, a draw to a loss),
    'slower' (a win kept, in more turns than the fastest), 'accuracy' (1 - lost /
    decisions), 'positions': [(position text, action, value kept, best value)]}."""
    if isinstance(positions, bool) or not isinstance(positions, int):
        raise TypeError(f"positions: expected an int, got {type(positions).__name__}")
    if positions < 1:
        raise ValueError(f"positions={positions}: must be 1 or more")
    spiel = game if hasattr(game, "new_initial_state") else load_game(game)
    choose = _agent(policy, spiel.game)
    tables = _tables(spiel.game, tb)
    lost = slower = 0
    records = []
    for state, ranked in _critical_positions(spiel, tables, positions, seed):
        values = {action: (sign, turns) for action, sign, turns in ranked}
        best_sign = max(sign for sign, _ in values.values())
        best_turns = min(t for s, t in values.values() if s == best_sign)
        action = choose(state.clone())
        if action not in values:
            raise ValueError(f"policy: illegal action {action!r} in {state}; legal: "
                             f"{sorted(values)}")
        sign, turns = values[action]
        lost += sign < best_sign
        slower += sign == best_sign == 1 and turns > best_turns
        records.append((str(state), action, (sign, turns), (best_sign, best_turns)))
    return {"decisions": len(records), "lost": lost, "slower": slower,
            "accuracy": 1 - lost / len(records), "positions": records}


def match(first, second, game="davxar", games=20, openings=None, balanced=0, seed=1,
          threads=1, sprt=None, alpha=0.05, beta=0.05, sprt_model="logistic",
          openings_file=None):
    """A match as `lud64 match` plays it (play/match.h): `first` against `second`
    in colour-swapped pairs of games, each pair from `openings` random actions
    (4 by default; balanced=P: none the solver decides within P plies; seeded)
    or from a book's line (openings_file), on `threads` threads. An agent is an
    engine spec ('alphabeta:depth=3', 'mcts:iterations=500', 'ugi:cmd=...',
    any the command takes) or a Python callable from a lud64.SpielState to an
    action id; an illegal action, or one out of range, forfeits its game. With
    sprt=(elo0, elo1) (alpha, beta, sprt_model 'logistic' or 'normalized') the
    match stops once the test accepts a hypothesis. An exception an agent
    raises stops the match and is raised.

    Returns the fields of `lud64 match --json` for `first`: 'wins', 'losses',
    'draws', 'score', 'elo', 'elo_low', 'elo_high' (per game), 'pentanomial'
    [LL, LD, DD+WL, WD, WW], 'pairs', 'pair_score', 'pair_elo', 'pair_elo_low',
    'pair_elo_high', 'nelo', 'nelo_error', 'los', 'forfeits_p1' (by `first`),
    'forfeits_p2', 'sprt' {'llr', 'lower', 'upper', 'result' 'H0', 'H1' or
    'continue', ...} (None where infinite: a score of 0 or 1), and 'records':
    per game {'first_as' 'P1'/'P2', 'result' 'P1'/'P2'/'draw', 'line' (as
    `lud64 replay` reads it), 'forfeit'}."""
    spiel = game if hasattr(game, "new_initial_state") else load_game(game)
    if openings is None:
        openings = 0 if openings_file is not None else 4
    if sprt is not None:
        if isinstance(sprt, (str, bytes)) or len(sprt) != 2:
            raise TypeError(f"sprt: expected (elo0, elo1), got {sprt!r}")
        sprt = (float(sprt[0]), float(sprt[1]))
    return _core._match(spiel.game, first, second, games, openings, balanced, openings_file,
                        seed, threads, sprt, alpha, beta, sprt_model)
