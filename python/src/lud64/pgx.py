"""Pgx's shape, batched on the CPU: lud64.pgx.make("davxar").

  env = lud64.pgx.make("davxar")                  # auto_reset=False, max_steps=0
  state = env.init(4096, seed=0)                  # a State of numpy arrays, n first
  while not (state.terminated | state.truncated).all():
      actions = lud64.pgx.random_actions(state, seed=1)
      state = env.step(state, actions)            # a new State; the old is unchanged

A State has Pgx's fields: current_player (int32 [n], 0 or 1),
observation (float32 [n, *Game.planes_shape], seen by the player to move),
rewards (float32 [n, 2]: P1's and P2's, +1 a win, -1 a loss, for the step
that ended a game), terminated, truncated (bool [n]: the game's end, or
max_steps decisions without one), legal_action_mask (bool [n, num_actions]),
step_count (int32 [n]). As in Pgx, a finished environment stays as it is
(zero rewards) and an illegal action ends its game with -1 for the player
who played it and +1 for the other. With auto_reset=True a game that ends
restarts in the same step, and the state's final_observation holds the
observation of the position it ended in (zeros elsewhere), while
terminated, truncated and rewards still report that end. init(...,
positions=[...]) starts environment i at positions[i % len] (lud64.Position
or text), where auto-reset restarts it too. Steps run in C++ without the
GIL, on `threads` threads; the arrays are fresh numpy arrays, which
torch.from_numpy shares without a copy.
"""
import numpy as np

from . import _core

_FIELDS = ("current_player", "observation", "rewards", "terminated", "truncated",
           "legal_action_mask", "step_count", "final_observation")


class State:
    """The environments' state, Pgx's field names (arrays with n rows)."""

    __slots__ = _FIELDS + ("_batch",)

    def __init__(self, fields):
        for name in _FIELDS:
            setattr(self, name, fields.get(name))
        self._batch = fields["_batch"]

    def __len__(self):
        return len(self._batch)

    def position(self, i):
        """The position of environment i, as a lud64.Position."""
        return self._batch.position(i)

    def __repr__(self):
        n = len(self)
        return (f"<lud64.pgx.State n={n} terminated={int(self.terminated.sum())} "
                f"truncated={int(self.truncated.sum())}>")


class Env:
    """A lud64 game in Pgx's shape (pgx.Env's names), n environments per state."""

    def __init__(self, game, auto_reset=False, max_steps=0, threads=0,
                 illegal_action_penalty=-1.0):
        if isinstance(game, str):
            game = _core.Game(game)
        if not isinstance(game, _core.Game):
            raise TypeError(f"game: expected a game name or lud64.Game, got {type(game).__name__}")
        if not isinstance(auto_reset, bool):
            raise TypeError(f"auto_reset: expected a bool, got {type(auto_reset).__name__}")
        if isinstance(max_steps, bool) or not isinstance(max_steps, (int, np.integer)):
            raise TypeError(f"max_steps: expected an int, got {type(max_steps).__name__}")
        if max_steps < 0:
            raise ValueError(f"max_steps={max_steps}: must be 0 (none) or more")
        self.game = game
        self.auto_reset = auto_reset
        self.max_steps = int(max_steps)
        self.illegal_action_penalty = float(illegal_action_penalty)
        self._runner = _core._PgxRunner(game, threads)

    @property
    def id(self):
        return self.game.name

    @property
    def version(self):
        from ._version import __version__
        return __version__

    @property
    def num_players(self):
        return 2

    @property
    def num_actions(self):
        return self.game.num_actions

    @property
    def observation_shape(self):
        return tuple(self.game.planes_shape)

    @property
    def threads(self):
        return self._runner.threads

    def init(self, n, seed=0, positions=None):
        """n environments at the start (or at `positions`, cycled). The games have no
        chance: `seed` is accepted for Pgx's signature and changes nothing."""
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
            raise TypeError(f"seed: expected an int, got {type(seed).__name__}")
        starts = []
        for i, p in enumerate(positions or []):
            if isinstance(p, str):
                p = self.game.position(p)
            if not isinstance(p, _core.Position):
                raise TypeError(f"positions[{i}]: expected a lud64.Position or text, "
                                f"got {type(p).__name__}")
            starts.append(p)
        if positions is not None and not starts:
            raise ValueError("positions: empty")
        return State(self._runner.init(n, starts, self.auto_reset))

    def step(self, state, actions):
        """The state after actions[i] (int array [n]) in each environment."""
        if not isinstance(state, State):
            raise TypeError(f"state: expected a lud64.pgx.State, got {type(state).__name__}")
        return State(self._runner.step(state._batch, actions, self.auto_reset, self.max_steps,
                                       self.illegal_action_penalty))


def make(game="davxar", auto_reset=False, max_steps=0, threads=0):
    """The environment of `game` ('davxar', 'davxar:pieces=6', 'damdaman', 'guettal')."""
    return Env(game, auto_reset=auto_reset, max_steps=max_steps, threads=threads)


def random_actions(state, seed=0):
    """int32 [n]: a uniform legal action per environment (0 where there is none,
    as in a finished environment), drawn in C++ from `seed` and each row."""
    actions = _core._random_legal(state.legal_action_mask, seed)
    actions[actions < 0] = 0
    return actions
