"""Perfect play and strong search as teachers: targets for learning.

  lud64.probe_actions(state, tb="tables")   # {action: ("win", 7), ...} from the tables
  lud64.mcts(state, iterations=2000)        # visit counts per action, a policy target
  lud64.alphabeta(state, depth=6, multipv=3)  # the 3 best actions' scores

`state` is a lud64.SpielState or a lud64.Position.
"""
from . import _core

_VALUES = {1: "win", 0: "draw", -1: "loss"}
_tables = {}


def _position(state):
    if isinstance(state, _core.SpielState):
        return state.position()
    if isinstance(state, _core.Position):
        return state
    raise TypeError(f"state: expected a lud64.SpielState or lud64.Position, "
                    f"got {type(state).__name__}")


def tables(game, tb=""):
    """The endgame tables of `game` in directory `tb` ('' the default), opened once."""
    if not isinstance(tb, str):
        raise TypeError(f"tb: expected a directory (str), got {type(tb).__name__}")
    key = (game.name, tb)
    if key not in _tables:
        _tables[key] = _core._TableRanking(game, tb)
    return _tables[key]


def probe_actions(state, tb=""):
    """{action id: (value, turns)} for every legal action, best first: value 'win',
    'draw' or 'loss' for the player making it, turns to the end with best play
    (0 for a draw), under the turn limit. Tables missing or not holding the
    position raise ValueError."""
    position = _position(state)
    ranked = tables(position.game, tb).rank(position)
    return {action: (_VALUES[sign], turns) for action, sign, turns in ranked}


def mcts(state, iterations=1000, time=0.0, threads=1, seed=1):
    """MCTS from `state` (the engine session's, with the game's evaluation):
    {'best', 'visits' {action: n}, 'policy' (visits / total, float list by action
    id), 'win_rates' {action: mean reward 0..1}, 'value' (-1..1 for the player to
    move, from the best action's win rate), 'iterations', 'seconds'}."""
    position = _position(state)
    result = _core._search(position, "mcts", iterations, 0, time, 1, threads, seed, 64)
    total = sum(result["visits"].values()) or 1
    policy = [0.0] * position.game.num_actions
    for action, visits in result["visits"].items():
        policy[action] = visits / total
    result["policy"] = policy
    result["value"] = 2 * result["win_rate"] - 1
    return result


def alphabeta(state, depth=0, time=0.0, multipv=1, hash=64, threads=1):
    """Alpha-beta from `state` (depth plies or time seconds; one second without
    either): {'best', 'lines': [{'action', 'score' ('cp 35', 'win in 5'), 'depth',
    'pv'}] the `multipv` best actions best first, each scored exactly, 'nodes',
    'depth', 'seconds'}. threads > 1: lazy SMP over one table (nodes count every
    thread's; results vary from run to run)."""
    position = _position(state)
    return _core._search(position, "alphabeta", 0, depth, time, multipv, threads, 1, hash)
