"""lud64: exact and fast Guettal, Damdaman and Davxar Zirge for research.

  g = lud64.Game('davxar:pieces=6')      # lud64.games() lists the games
  p = g.start().play('E4')                # immutable positions
  p.legal(), p.legal_mask(), p.planes()   # decisions, and tensors for learning
  env = lud64.BatchEnv(g, 4096, seed=1)   # batched environments stepped in C++
  lud64.perft(p, 4), lud64.playouts(g, count=1000), lud64.bestmove(p, time=1)
  lud64.solve(p), lud64.probe(p, tb=dir)  # proofs and endgame tables

The shapes of the libraries researchers use, without them:
  game = lud64.load_game('davxar:pieces=6')   # OpenSpiel: game.new_initial_state()
  env = lud64.pettingzoo.env('davxar')         # PettingZoo AEC
  env = lud64.pgx.make('davxar')               # Pgx, batched: env.init(n, seed), env.step
Perfect play and search as teacher and judge: lud64.probe_actions, lud64.mcts,
lud64.alphabeta, lud64.accuracy, lud64.match; books and tables: lud64.book,
lud64.build_tables.

Long calls release the GIL and stop on Ctrl-C (KeyboardInterrupt).
"""
try:
    from . import _core
except ImportError as error:  # pragma: no cover - a broken install
    raise ImportError(
        f"lud64: the compiled core lud64._core does not load ({error}); it is built for the "
        "Python that ran `pip install`, with numpy (Debian: apt-get install python3-numpy)"
    ) from error

from ._core import *  # noqa: F401,F403  the classes and functions of the compiled core
from ._core import Game, Position, BatchEnv, SpielState  # noqa: F401
from ._version import __version__  # noqa: F401
from .spiel import TERMINAL, SpielGame, load_game  # noqa: F401
from . import pettingzoo, pgx  # noqa: F401,E402
from .teacher import probe_actions, mcts, alphabeta  # noqa: F401,E402
from .judge import accuracy, match  # noqa: F401,E402
from .resources import book, build_tables  # noqa: F401,E402
