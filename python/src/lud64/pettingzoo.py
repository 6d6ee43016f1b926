"""PettingZoo's AEC shape, without PettingZoo: lud64.pettingzoo.env("davxar").

  env = lud64.pettingzoo.env("davxar")
  env.reset(seed=42)
  for agent in env.agent_iter():
      observation, reward, termination, truncation, info = env.last()
      if termination or truncation:
          action = None
      else:
          mask = observation["action_mask"]           # int8 [num_actions]
          action = env.action_space(agent).sample(mask)
      env.step(action)

Agents are "player_0" (P1) and "player_1" (P2). Observations are dicts of
"observation" (float32 planes of Game.planes_shape, seen by the player to
move) and "action_mask" (int8, 1 for the legal actions of the observed agent,
zeros for the other). As in PettingZoo's classic games (the wrapper
TerminateIllegalWrapper), an illegal action ends the game for both agents
with -1 for the agent that made it and 0 for the other; once terminated, an
agent's only action is None. Davxar's removals are decisions of the same
agent: agent_selection then stays.
"""
import numpy as np

from . import _core
from .spiel import load_game

AGENTS = ["player_0", "player_1"]


class Discrete:
    """gymnasium.spaces.Discrete's face: n actions, sample(mask) draws a legal one."""

    def __init__(self, n, seed=None):
        self.n = n
        self.shape = ()
        self.dtype = np.dtype(np.int64)
        self._rng = np.random.default_rng(seed)

    def seed(self, seed=None):
        self._rng = np.random.default_rng(seed)

    def sample(self, mask=None):
        if mask is None:
            return int(self._rng.integers(self.n))
        legal = np.flatnonzero(mask)
        if len(legal) == 0:
            raise ValueError("mask: no action is allowed")
        return int(legal[self._rng.integers(len(legal))])

    def contains(self, x):
        return isinstance(x, (int, np.integer)) and not isinstance(x, bool) and 0 <= x < self.n

    __contains__ = contains

    def __repr__(self):
        return f"Discrete({self.n})"


class Box:
    """gymnasium.spaces.Box's face for the planes (0 to 1, float32)."""

    def __init__(self, shape, low=0.0, high=1.0, dtype=np.float32):
        self.shape = tuple(shape)
        self.low, self.high, self.dtype = low, high, np.dtype(dtype)

    def contains(self, x):
        x = np.asarray(x)
        return (x.shape == self.shape and x.dtype == self.dtype
                and bool(np.all(x >= self.low)) and bool(np.all(x <= self.high)))

    __contains__ = contains

    def __repr__(self):
        return f"Box({self.low}, {self.high}, {self.shape}, {self.dtype})"


class Dict:
    """gymnasium.spaces.Dict's face: {'observation': Box, 'action_mask': Box}."""

    def __init__(self, spaces):
        self.spaces = dict(spaces)

    def __getitem__(self, key):
        return self.spaces[key]

    def contains(self, x):
        return (isinstance(x, dict) and x.keys() == self.spaces.keys()
                and all(self.spaces[k].contains(v) for k, v in x.items()))

    __contains__ = contains

    def __repr__(self):
        return f"Dict({self.spaces})"


class AECEnv:
    """A lud64 game as a PettingZoo AECEnv (the attributes and methods of
    pettingzoo.AECEnv, with the classic games' handling of illegal actions)."""

    def __init__(self, game="davxar", render_mode=None):
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode={render_mode!r}: must be None, 'human' or 'ansi'")
        self.spiel_game = load_game(game)
        self.game = self.spiel_game.game
        self.render_mode = render_mode
        name = self.game.name.split(":")[0]
        self.metadata = {"render_modes": ["human", "ansi"], "name": f"{name}_v0",
                         "is_parallelizable": False}
        self.possible_agents = list(AGENTS)
        n = self.game.num_actions
        self._action_spaces = {a: Discrete(n) for a in AGENTS}
        self._observation_spaces = {
            a: Dict({"observation": Box(self.game.planes_shape),
                     "action_mask": Box((n,), 0, 1, np.int8)}) for a in AGENTS}
        self.state = None
        self.agents = []

    @property
    def unwrapped(self):
        return self

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    def observation_space(self, agent):
        return self._observation_spaces[self._check_agent(agent)]

    def action_space(self, agent):
        return self._action_spaces[self._check_agent(agent)]

    def _check_agent(self, agent):
        if agent not in AGENTS:
            raise ValueError(f"agent={agent!r}: must be one of {AGENTS}")
        return agent

    def reset(self, seed=None, options=None):
        """A new game from the start (options={'position': lud64.Position or text}
        starts elsewhere); `seed` seeds the action spaces' sample()."""
        if seed is not None:
            for i, agent in enumerate(AGENTS):
                self._action_spaces[agent].seed(None if seed is None else seed + i)
        position = (options or {}).get("position")
        self.state = self.spiel_game.new_initial_state(position)
        self.agents = list(AGENTS)
        self.rewards = {a: 0 for a in AGENTS}
        self._cumulative_rewards = {a: 0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[self.state.current_player()]
        self._update_end()

    def _require_reset(self):
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")

    def observe(self, agent):
        self._require_reset()
        self._check_agent(agent)
        planes = np.asarray(self.state.observation_tensor(), dtype=np.float32)
        planes = planes.reshape(self.game.planes_shape)
        mover = self.state.current_player()
        if mover == AGENTS.index(agent):
            mask = self.state.legal_actions_mask()
        else:
            mask = np.zeros(self.game.num_actions, dtype=np.int8)
        return {"observation": planes, "action_mask": mask}

    def last(self, observe=True):
        self._require_reset()
        agent = self.agent_selection
        observation = self.observe(agent) if observe else None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter=2**63):
        """The agent to act, until every agent is done (or max_iter steps)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def _update_end(self):
        if self.state.is_terminal():
            returns = self.state.returns()
            for i, agent in enumerate(AGENTS):
                self.rewards[agent] = returns[i]
                self.terminations[agent] = True
                self.infos[agent] = {"end_reason": self.state.position().end_reason}

    def _accumulate_rewards(self):
        for agent, reward in self.rewards.items():
            self._cumulative_rewards[agent] += reward

    def _was_dead_step(self, action):
        if action is not None:
            raise ValueError("when an agent is terminated or truncated, the only valid action "
                             f"is None, not {action!r}")
        agent = self.agent_selection
        for table in (self.terminations, self.truncations, self.rewards,
                      self._cumulative_rewards, self.infos):
            del table[agent]
        self.agents.remove(agent)
        if self.agents:
            self.agent_selection = self.agents[0]
        for a in self.rewards:
            self.rewards[a] = 0

    def step(self, action):
        """Plays `action` (an action id) for agent_selection; None for a finished agent."""
        self._require_reset()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        if action is None or isinstance(action, bool) or not hasattr(action, "__index__"):
            raise TypeError(f"action: expected an action id (int), got {type(action).__name__}")
        self._cumulative_rewards[agent] = 0
        for a in self.rewards:
            self.rewards[a] = 0
        action = action.__index__()
        if not 0 <= action < self.game.num_actions or \
                not self.state.legal_actions_mask()[action]:
            # PettingZoo's TerminateIllegalWrapper: the game ends, -1 for the offender.
            self.terminations = {a: True for a in self.agents}
            self.truncations = {a: True for a in self.agents}
            self.rewards[agent] = -1
            self.infos[agent] = {"illegal_action": action,
                                 "legal_actions": self.state.legal_actions()}
        else:
            self.state.apply_action(action)
            self._update_end()
            if not self.state.is_terminal():
                self.agent_selection = AGENTS[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        """The board as text ('ansi' returns it, 'human' prints it); None without a mode."""
        self._require_reset()
        if self.render_mode is None:
            return None
        text = self.state.position().draw()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self):
        pass

    def __str__(self):
        return self.metadata["name"]


def env(game="davxar", render_mode=None):
    """A PettingZoo AEC environment of `game` ('davxar', 'davxar:pieces=6', ...)."""
    return AECEnv(game, render_mode=render_mode)


raw_env = AECEnv
