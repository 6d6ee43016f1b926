"""OpenSpiel's shape: lud64.load_game(name) and its states (pyspiel's names).

  game = lud64.load_game("davxar:pieces=6")
  state = game.new_initial_state()
  while not state.is_terminal():
      state.apply_action(random.choice(state.legal_actions()))
  state.returns()       # [P1's, P2's]: 1, -1 or 0

Players are 0 and 1; current_player() is lud64.TERMINAL (-4, as
pyspiel.PlayerId.TERMINAL) once the game is over. The state is
lud64.SpielState, compiled; this module adds what is not per decision.
"""
from types import SimpleNamespace

from . import _core

TERMINAL = -4


class SpielGame:
    """A game with OpenSpiel's methods, over a lud64.Game (the attribute `game`)."""

    def __init__(self, game):
        if not isinstance(game, _core.Game):
            raise TypeError(f"game: expected a lud64.Game, got {type(game).__name__}")
        self.game = game
        self._max_length = 2 * _core._turn_limit() if game.name.startswith("davxar") \
            else _core._turn_limit()

    def __repr__(self):
        return f"lud64.load_game({self.game.name!r})"

    def __str__(self):
        return self.game.name

    def __eq__(self, other):
        return isinstance(other, SpielGame) and other.game == self.game

    def __hash__(self):
        return hash(self.game)

    def __reduce__(self):
        return (load_game, (self.game.name,))

    def get_type(self):
        """The game's kind, with pyspiel.GameType's field names."""
        return SimpleNamespace(
            short_name=self.game.name.split(":")[0], long_name=self.game.title,
            dynamics="sequential", chance_mode="deterministic", information="perfect",
            utility="zero_sum", reward_model="terminal", min_num_players=2, max_num_players=2,
            provides_observation_tensor=True, provides_information_state_tensor=False)

    def num_distinct_actions(self):
        """The size of the fixed action space (Game.num_actions)."""
        return self.game.num_actions

    def num_players(self):
        return 2

    def min_utility(self):
        return -1.0

    def max_utility(self):
        return 1.0

    def utility_sum(self):
        return 0.0

    def max_game_length(self):
        """The most actions a game can last: the turn limit (2500), times 2 in Davxar,
        where a turn that closes a mill has a removal too."""
        return self._max_length

    def observation_tensor_shape(self):
        """The shape of a state's planes: Game.planes_shape, as a list."""
        return list(self.game.planes_shape)

    def observation_tensor_size(self):
        size = 1
        for extent in self.game.planes_shape:
            size *= extent
        return size

    def new_initial_state(self, position=None):
        """The start (or `position`: a lud64.Position of this game, or its text)."""
        if position is None:
            return _core.SpielState(self.game.start())
        if isinstance(position, str):
            return _core.SpielState(self.game.position(position))
        if not isinstance(position, _core.Position):
            raise TypeError(f"position: expected a lud64.Position or text, got "
                            f"{type(position).__name__}")
        if position.game != self.game:
            raise ValueError(f"position: a position of {position.game.name}, not {self.game.name}")
        return _core.SpielState(position)

    def deserialize_state(self, text):
        """The state that state.serialize() wrote."""
        if not isinstance(text, str):
            raise TypeError(f"text: expected a str, got {type(text).__name__}")
        lines = [line for line in text.splitlines() if line.strip()]
        start = None
        if lines and lines[0].startswith("fen "):
            start = lines.pop(0)[4:]
        state = self.new_initial_state(start)
        for number, line in enumerate(lines, 1):
            try:
                state.apply_action(int(line))
            except ValueError as error:
                raise ValueError(f"text: line {number}: {error}") from None
        return state


def load_game(name, params=None):
    """The game `name` ('davxar', 'davxar:pieces=6', 'damdaman', 'guettal'), with
    `params` (a dict, as pyspiel.load_game takes) added to its options."""
    if isinstance(name, _core.Game):
        game = name
    else:
        if not isinstance(name, str):
            raise TypeError(f"name: expected a str, got {type(name).__name__}")
        if params:
            if not isinstance(params, dict):
                raise TypeError(f"params: expected a dict, got {type(params).__name__}")
            options = ",".join(f"{key}={value}" for key, value in params.items())
            name = f"{name},{options}" if ":" in name else f"{name}:{options}"
        game = _core.Game(name)
    return SpielGame(game)


# What a state does beyond the per-decision methods of the compiled class.

def _get_game(self):
    """The SpielGame of this state."""
    return SpielGame(self._game)


def _clone(self):
    """An independent copy (history and all)."""
    return self._copy()


def _child(self, action):
    """A copy after `action`; this state is unchanged."""
    child = self._copy()
    child.apply_action(action)
    return child


def _rewards(self):
    """The rewards of the last action: the returns once it ended the game, else zeros."""
    return self.returns()


def _player_return(self, player):
    return self.returns()[_player(player)]


def _player(player):
    if isinstance(player, bool) or not hasattr(player, "__index__"):
        raise TypeError(f"player: expected 0 or 1, got {type(player).__name__}")
    if player.__index__() not in (0, 1):
        raise ValueError(f"player={player}: must be 0 or 1")
    return player.__index__()


def _action_to_string(self, *args):
    """The text of an action id ('E4-E3'): action_to_string([player,] action)."""
    if len(args) not in (1, 2):
        raise TypeError("action_to_string([player,] action): one or two arguments")
    return self._game.action_text(args[-1])


def _string_to_action(self, *args):
    """The action id of a decision's text: string_to_action([player,] text)."""
    if len(args) not in (1, 2):
        raise TypeError("string_to_action([player,] text): one or two arguments")
    if not isinstance(args[-1], str):
        raise TypeError(f"text: expected a str, got {type(args[-1]).__name__}")
    return self._game.action_id(args[-1])


def _serialize(self):
    """The history, an action id a line (after `fen <text>` when the state did not
    start at the game's start); SpielGame.deserialize_state reads it back."""
    lines = []
    start = self.initial_position()
    if start != self._game.start():
        lines.append(f"fen {start.text()}")
    lines.extend(str(action) for action in self.history())
    return "\n".join(lines) + "\n"


def _information_state_string(self, player=None):
    return str(self)


def _eq(self, other):
    if not isinstance(other, _core.SpielState):
        return NotImplemented
    return self.position() == other.position() and self.history() == other.history()


def _reduce(self):
    return (_restore, (self._game.name, self.serialize()))


def _restore(name, text):
    return load_game(name).deserialize_state(text)


for _name, _method in {
        "get_game": _get_game, "clone": _clone, "child": _child, "rewards": _rewards,
        "player_return": _player_return, "action_to_string": _action_to_string,
        "string_to_action": _string_to_action, "serialize": _serialize,
        "observation_string": _information_state_string,
        "information_state_string": _information_state_string,
        "is_chance_node": lambda self: False, "is_simultaneous_node": lambda self: False,
        "is_player_node": lambda self: not self.is_terminal(),
        "num_distinct_actions": lambda self: self._game.num_actions,
        "__copy__": _clone, "__deepcopy__": lambda self, memo: self._copy(),
        "__eq__": _eq, "__hash__": None, "__reduce__": _reduce,
        "__repr__": lambda self: f"<lud64.SpielState {self._game.name} '{self}'>"}.items():
    setattr(_core.SpielState, _name, _method)
