"""Perfect play and engines as judges: lud64.accuracy and lud64.match.

  lud64.accuracy(policy, "davxar:pieces=4", tb="tables", positions=200, seed=1)
  lud64.match(policy, "alphabeta:depth=2", "davxar:pieces=4", games=20)

A policy is a Python callable from a lud64.SpielState to an action id, or an
engine spec ('random', 'alphabeta:depth=3', 'mcts:iterations=500').
"""
import math
import random as _random

from . import _core
from .spiel import load_game
from .teacher import tables as _tables

_VALUE_ORDER = {"loss": 0, "draw": 1, "win": 2}


def _agent(agent, game):
    if callable(agent):
        return agent
    if isinstance(agent, str):
        spec = agent
        kind, _, options = spec.partition(":")
        fields = dict(item.split("=", 1) for item in options.split(",") if item)
        if kind == "random":
            rng = _random.Random(int(fields.get("seed", 1)))
            return lambda state: rng.choice(state.legal_actions())
        if kind in ("alphabeta", "mcts"):
            def search(state):
                if kind == "mcts":
                    return _core._search(state.position(), "mcts",
                                         int(fields.get("iterations", 0)), 0,
                                         float(fields.get("time", 0)), 1,
                                         int(fields.get("threads", 1)),
                                         int(fields.get("seed", 1)), 64)["best"]
                return _core._search(state.position(), "alphabeta", 0,
                                     int(fields.get("depth", 0)), float(fields.get("time", 0)),
                                     1, 1, 1, int(fields.get("hash", 64)))["best"]
            return search
        raise ValueError(f"agent={spec!r}: an engine spec is random, alphabeta:... or mcts:...")
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


def _pentanomial_estimate(pairs):
    """Pentanomial counts [LL, LD, DD+WL, WD, WW] to (score, elo, elo interval, los)."""
    n = sum(pairs)
    if n == 0:
        return 0.5, 0.0, (0.0, 0.0), 0.5
    scores = [0, 0.25, 0.5, 0.75, 1]
    mean = sum(c * s for c, s in zip(pairs, scores)) / n
    var = sum(c * (s - mean) ** 2 for c, s in zip(pairs, scores)) / n

    def elo(score):
        score = min(max(score, 1e-9), 1 - 1e-9)
        return -400 * math.log10(1 / score - 1)
    half = 1.959964 * math.sqrt(var / n)
    los = 0.5 if var == 0 else 0.5 * (1 + math.erf((mean - 0.5) / math.sqrt(var / n) / math.sqrt(2)))
    return mean, elo(mean), (elo(mean - half), elo(mean + half)), los


def match(first, second, game="davxar", games=20, openings=4, seed=1, sprt=None):
    """Games between two agents (callables or engine specs) in colour-swapped pairs,
    each pair from `openings` random actions: {'wins', 'losses', 'draws' (for
    `first`), 'pentanomial' [LL, LD, DD+WL, WD, WW], 'score', 'elo', 'elo_interval'
    (None at a score of 0 or 1), 'los', and with sprt=(elo0, elo1[, alpha, beta]) 'llr', 'sprt' ('H0', 'H1' or
    'continue'), the match stopping at a bound}."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 2 or games % 2:
        raise ValueError(f"games={games!r}: must be an even int, 2 or more")
    spiel = game if hasattr(game, "new_initial_state") else load_game(game)
    agents = [_agent(first, spiel.game), _agent(second, spiel.game)]
    rng = _random.Random(seed)
    wins = losses = draws = 0
    pairs = [0] * 5
    llr, verdict = 0.0, "continue"
    for _ in range(games // 2):
        opening = spiel.new_initial_state()
        for _ in range(openings):
            if opening.is_terminal():
                break
            opening.apply_action(rng.choice(opening.legal_actions()))
        points = 0.0
        for first_player in (0, 1):
            state = opening.clone()
            while not state.is_terminal():
                mover = state.current_player()
                agent = agents[0] if mover == first_player else agents[1]
                state.apply_action(agent(state.clone()))
            result = state.returns()[first_player]
            wins += result > 0
            losses += result < 0
            draws += result == 0
            points += (result + 1) / 2
        pairs[int(points * 2)] += 1
        if sprt is not None:
            llr, verdict = _sprt(pairs, *sprt)
            if verdict != "continue":
                break
    score, elo, interval, los = _pentanomial_estimate(pairs)
    if score in (0.0, 1.0):  # no finite Elo: a bound, never a bare infinity
        elo, interval = None, None
    result = {"wins": wins, "losses": losses, "draws": draws, "pentanomial": pairs,
              "score": score, "elo": elo, "elo_interval": interval, "los": los}
    if sprt is not None:
        result.update(llr=llr, sprt=verdict)
    return result


def _sprt(pairs, elo0, elo1, alpha=0.05, beta=0.05):
    """The normal approximation of the pentanomial LLR (play/sprt.h), with the
    empty cells regularized by 0.001 of a pair as fishtest does."""
    counts = [c if c > 0 else 1e-3 for c in pairs]
    n = sum(counts)
    scores = [0, 0.25, 0.5, 0.75, 1]
    mean = sum(c * s for c, s in zip(counts, scores)) / n
    var = sum(c * (s - mean) ** 2 for c, s in zip(counts, scores)) / n
    s0, s1 = (1 / (1 + 10 ** (-e / 400)) for e in (elo0, elo1))
    llr = 0.0 if var == 0 else n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    return llr, "H1" if llr >= upper else "H0" if llr <= lower else "continue"
