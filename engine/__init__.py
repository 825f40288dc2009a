"""The built-in chess engine: board, move generation and search compiled with Numba. No Qt here.

Public API::

    from engine import Searcher, SearchLimit, SearchInfo, SearchResult, perft, warm_up
"""

from __future__ import annotations

from engine.api import IllegalMoveError, InvalidFenError, SearchInfo, SearchLimit, SearchResult
from engine.perft import perft
from engine.searcher import Searcher, warm_up

__all__ = [
    "IllegalMoveError", "InvalidFenError", "SearchInfo", "SearchLimit", "SearchResult",
    "Searcher", "perft", "warm_up",
]
