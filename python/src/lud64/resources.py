"""What matches and judges start from, made from Python: opening books and
endgame tables, as `lud64 book` and `lud64 tb build` make them.

  lines = lud64.book("davxar", count=100, plies=8, seed=1, balanced=4)
  even = lud64.book("davxar", count=20, plies=9, score_depth=5, max_score=50)
  lud64.build_tables("davxar:pieces=3", "tables", threads=2)
"""
from . import _core


def _game(game):
    if isinstance(game, str):
        return _core.Game(game)
    if isinstance(game, _core.Game):
        return game
    if hasattr(game, "new_initial_state") and isinstance(getattr(game, "game", None), _core.Game):
        return game.game  # lud64.load_game's
    raise TypeError(f"game: expected a game name or lud64.Game, got {type(game).__name__}")


def book(game, count, plies, seed=1, balanced=None, score_depth=None, max_score=None,
         min_score=None):
    """An opening book as `lud64 book` writes it: `count` distinct openings of
    `plies` random decisions from the start (count 1 to 1000000, plies 1 to
    1000), none that ends the game and, with balanced=P (0 to 20), none the
    solver decides within P plies; a list of lines of decisions ('E4 D4 ...'),
    which lud64.match(openings_file=...) and `lud64 match --openings-file`
    read from a file, one a line. The same seed, the same book.

    With score_depth=D (1 to 30) and max_score=CP (0 to 100000), only the
    openings whose alpha-beta score at depth D (one thread, the default
    evaluation: what lud64.bestmove(position, depth=D) reports) lies within
    min_score to max_score centi-pieces for either side (min_score: 0 to
    max_score, default 0): openings that favour neither colour by more, as
    `lud64 book --score-depth=D --max-score=CP --min-score=CP` keeps them.
    max_score and min_score need score_depth, which needs max_score; a bad
    value is a ValueError, a non-int a TypeError. Ctrl-C stops it
    (KeyboardInterrupt)."""
    return _core._book(_game(game), count, plies, seed, balanced, score_depth, max_score,
                       min_score)


def build_tables(game, directory, threads=1, upto="0", memory=None, compress=True,
                 progress=False):
    """Builds the endgame tables of `game` in `directory`, as `lud64 tb build`:
    every slice reachable from the start (upto='0'), or the movement endgames
    with at most N pieces a side (upto='N' or 'MvN'), on `threads` threads;
    memory: the solver's working memory in MiB (None: this machine's, 0: no
    bound); compress: end with compressed files; progress=True prints the
    build's progress on stderr. Complete files already there are kept.
    Returns the text `lud64 tb info` prints for the directory."""
    if not isinstance(directory, str):
        directory = str(directory) if hasattr(directory, "__fspath__") else directory
    if not isinstance(directory, str):
        raise TypeError(f"directory: expected a str or path, got {type(directory).__name__}")
    if not isinstance(upto, str):
        raise TypeError(f"upto: expected a str ('0', '3', '4v3'), got {type(upto).__name__}")
    for name, value in (("compress", compress), ("progress", progress)):
        if not isinstance(value, bool):
            raise TypeError(f"{name}: expected a bool, got {type(value).__name__}")
    return _core._build_tables(_game(game), directory, threads, upto, memory, compress, progress)
