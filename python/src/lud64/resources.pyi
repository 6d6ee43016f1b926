import os
from typing import List, Optional, Union

from ._core import Game
from .spiel import SpielGame

def book(game: Union[str, Game, SpielGame], count: int, plies: int, seed: int = ...,
         balanced: Optional[int] = ..., score_depth: Optional[int] = ...,
         max_score: Optional[int] = ..., min_score: Optional[int] = ...) -> List[str]: ...
def build_tables(game: Union[str, Game, SpielGame], directory: Union[str, os.PathLike[str]],
                 threads: int = ..., upto: str = ..., memory: Optional[int] = ...,
                 compress: bool = ..., progress: bool = ...) -> str: ...
