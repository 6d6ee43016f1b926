from typing import Any, Callable, Dict, Optional, Tuple, Union

from ._core import Game, SpielState
from .spiel import SpielGame

_Agent = Union[str, Callable[[SpielState], int]]

def accuracy(policy: _Agent, game: Union[str, SpielGame], tb: str = ..., positions: int = ...,
             seed: int = ...) -> Dict[str, Any]: ...
def match(first: _Agent, second: _Agent, game: Union[str, SpielGame] = ..., games: int = ...,
          openings: Optional[int] = ..., balanced: int = ..., seed: int = ..., threads: int = ...,
          sprt: Optional[Tuple[float, float]] = ..., alpha: float = ..., beta: float = ...,
          sprt_model: str = ..., openings_file: Optional[str] = ...) -> Dict[str, Any]: ...
