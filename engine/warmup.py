"""Compile (or load from Numba's on-disk cache) every jitted function a search uses, once.

The application and ``python -m engine`` call :func:`warm_up` from a background
thread at start-up; :meth:`engine.searcher.Searcher.search` calls it too, so the
first real search never pays the compile inside its time budget.
"""

from __future__ import annotations

import threading

from engine.api import SearchLimit

_warm_lock = threading.Lock()
_warm_done = False

WARM_UP_FEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
WARM_UP_SEARCHES: tuple[tuple[tuple[str, ...], SearchLimit], ...] = (
    # Ending in a capturable en-passant square: the position set-up calls
    # ep_capturable from Python, a separate entry point.
    (("e1g1", "h3g2", "a2a4"), SearchLimit(depth=2)),
    (("e1c1", "e8g8"), SearchLimit(nodes=2000)),  # replayed history (push_uci)
    ((), SearchLimit(movetime_ms=5)),  # the timer and the stop flag
)
"""Searches run by warm_up: each limit shape a real search takes (all tiny)."""


def warm_up() -> None:
    """Compile (or load from the on-disk cache) every jitted function a search uses.

    Idempotent and thread-safe; call it from a background thread at start-up so
    the first real search does not pay the compile time (perft, a developer
    tool, compiles on first use). tests/engine/test_warm_up.py checks that no
    search shape compiles anything afterwards.
    """
    global _warm_done
    if _warm_done:
        return
    from engine.searcher import Searcher  # here, not at the top: the searcher calls warm_up itself

    with _warm_lock:
        if _warm_done:
            return
        searcher = Searcher(hash_mb=1)
        _warm_done = True  # the searches below must not recurse into warm_up
        try:
            for moves, limit in WARM_UP_SEARCHES:
                searcher._search(WARM_UP_FEN, moves, limit, None)
        except BaseException:
            _warm_done = False
            raise
