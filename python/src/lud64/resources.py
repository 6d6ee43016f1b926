"""What matches and judges start from, made from Python: opening books and
endgame tables, as `lud64 book` and `lud64 tb build` make them.

  lines = lud64.book("davxar", count=100, plies=8, seed=1, balanced=4)
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


def book(game, count, plies, seed=1, balanced=None):
    """An opening book as `lud64 book` writes it: `count` distinct openings of
    `plies` random decisions from the start, none that ends the game and, with
    balanced=P, none the solver decides within P plies; a list of lines of
    decisions ('E4 D4 ...'), which lud64.match(openings_file=...) and
    `lud64 match --openings-file` read from a file, one a line. The same seed,
    the same book."""
    return _core._book(_game(game), count, plies, seed, balanced)


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
