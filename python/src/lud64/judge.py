"""Perfect play and engines as judges: lud64.accuracy and lud64.match.

  lud64.accuracy(policy, "davxar:pieces=4", tb="tables", positions=200, seed=1)
  lud64.match(policy, "alphabeta:depth=2", "davxar:pieces=4", games=20)

A policy is a Python callable from a lud64.SpielState to an action id, or an
engine spec ('random', 'alphabeta:depth=3', 'mcts:iterations=500'), read by
the command's parser. Matches and accuracy are the command's
(play/match.h, play/accuracy.h), with their statistics and SPRT.
"""
from . import _core
from .spiel import load_game


def accuracy(policy, game, tb="", positions=100, seed=1):
    """How often `policy` throws away the exact value at critical positions
    (where the tables show a slip is possible), measured as `lud64 accuracy`
    measures engines (play/accuracy.h: the same positions for the same seed):
    {'decisions', 'lost' (a win to a draw or loss, a draw to a loss), 'slower'
    (a win kept, in more turns than the fastest), 'accuracy' (1 - lost /
    decisions), 'positions': [(position text, action, value kept, best value)]
    with values as (sign, turns) under the turn limit, 'stopped' (Ctrl-C: the
    counts so far)}. An illegal action, or one out of range, is a ValueError."""
    if isinstance(positions, bool) or not isinstance(positions, int):
        raise TypeError(f"positions: expected an int, got {type(positions).__name__}")
    spiel = game if hasattr(game, "new_initial_state") else load_game(game)
    return _core._accuracy(spiel.game, policy, tb, positions, seed)


def match(first, second, game="davxar", games=20, openings=None, balanced=0, seed=1,
          threads=1, sprt=None, alpha=0.05, beta=0.05, sprt_model="logistic",
          openings_file=None):
    """A match as `lud64 match` plays it (play/match.h): `first` against `second`
    in colour-swapped pairs of games, each pair from `openings` random actions
    (by default as `lud64 match`: 4, or enough for 1000 distinct lines, as
    Damdaman's 8; balanced=P: none the solver decides within P plies; seeded)
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
        openings = 0 if openings_file is not None else _core._default_openings(spiel.game)
    if sprt is not None:
        if isinstance(sprt, (str, bytes)) or len(sprt) != 2:
            raise TypeError(f"sprt: expected (elo0, elo1), got {sprt!r}")
        sprt = (float(sprt[0]), float(sprt[1]))
    return _core._match(spiel.game, first, second, games, openings, balanced, openings_file,
                        seed, threads, sprt, alpha, beta, sprt_model)
