"""The built-in chess engine: board, move generation and search compiled with Numba. No Qt here.

Public API::

    from engine import Searcher, SearchLimit, SearchInfo, SearchResult, perft, warm_up
"""

from __future__ import annotations

from engine import _jit_cache

_jit_cache.configure()  # before any jitted module is imported

from engine.api import IllegalMoveError, InvalidFenError, SearchInfo, SearchLimit, SearchResult  # noqa: E402
from engine.perft import perft  # noqa: E402
from engine.searcher import Searcher  # noqa: E402
from engine.warmup import warm_up  # noqa: E402

__all__ = [
    "IllegalMoveError",
    "InvalidFenError",
    "SearchInfo",
    "SearchLimit",
    "SearchResult",
    "Searcher",
    "perft",
    "warm_up",
]
