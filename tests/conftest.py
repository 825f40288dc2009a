"""Test configuration shared by the whole suite.

Qt must run headless in tests, so the platform is chosen here, before any test
module (or pytest-qt) imports PySide6.
"""

from __future__ import annotations

import os
import threading

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Keep the user's real settings and autosaves out of the tests.
os.environ.setdefault("CHESSGUI_TEST_MODE", "1")


def _use_this_checkouts_resources() -> None:
    """Make ``chessgui.resources`` this checkout's ``resources/`` folder.

    An editable install maps ``chessgui.resources`` to the folder of the checkout it was
    made from; a second work tree sharing that environment would otherwise test the
    other checkout's data files (books, opening names) against its own code.
    """
    import importlib.util
    import sys
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "resources"
    if "chessgui.resources" in sys.modules or not (folder / "__init__.py").is_file():
        return
    spec = importlib.util.spec_from_file_location(
        "chessgui.resources", folder / "__init__.py", submodule_search_locations=[str(folder)]
    )
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    sys.modules["chessgui.resources"] = module
    spec.loader.exec_module(module)


_use_this_checkouts_resources()


# ---------------------------------------------------------------------- shared fakes
class FakeSearcher:
    """A stand-in for ``engine.Searcher``: plays the first legal move; ``blocking`` searches run until stop()."""

    def __init__(self, blocking: bool = False) -> None:
        self.blocking = blocking
        self._stop = threading.Event()
        self.searches: list[tuple[str, tuple[str, ...], object]] = []
        self.started = threading.Event()
        self.new_games = 0

    def new_game(self) -> None:
        self.new_games += 1

    def search(self, fen: str, moves: tuple[str, ...] = (), limit: object = None, on_info: object = None) -> object:
        from chessgui.game.players import GoRequest
        from engine.api import SearchInfo, SearchLimit, SearchResult

        limit = limit if limit is not None else SearchLimit()
        self._stop.clear()
        self.searches.append((fen, tuple(moves), limit))
        board = GoRequest(0, fen, tuple(moves)).board()
        move = next(iter(board.legal_moves), None)
        pv = (move.uci(),) if move else ()
        for depth in range(1, (limit.depth or 3) + 1):
            if on_info is not None:
                on_info(SearchInfo(depth, depth, 10 * depth, None, 100 * depth, 1000, depth, 0, pv))
        self.started.set()
        if self.blocking:
            self._stop.wait(30)  # released by stop(); the bound only keeps a broken test finite
        return SearchResult(move.uci() if move else None, None, None)

    def stop(self) -> None:
        self._stop.set()

    def set_strength(self, elo: int | None) -> None:
        self.strength = elo  # the level the next search plays at (None = full strength)


@pytest.fixture
def fake_searcher() -> type[FakeSearcher]:
    """The :class:`FakeSearcher` class: call it for a searcher, subclass it for a broken one."""
    return FakeSearcher
