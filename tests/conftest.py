"""Test configuration shared by the whole suite.

Qt must run headless in tests, so the platform is chosen here, before any test
module (or pytest-qt) imports PySide6.
"""

from __future__ import annotations

import os
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Keep the user's real settings and autosaves out of the tests.
os.environ.setdefault("CHESSGUI_TEST_MODE", "1")

if TYPE_CHECKING:
    import chess.pgn
    from PySide6.QtWidgets import QWidget

    from chessgui.engines.players import BuiltinEnginePlayer
    from chessgui.main_window import MainWindow
    from chessgui.storage.settings import PlayerSettings
    from chessgui.views.board.board_widget import BoardWidget


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


class FakeTime:
    """A monotonic time source the test moves by hand (``now``, or :meth:`advance`): no sleeping, no wall clock."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def fake_time() -> FakeTime:
    """A :class:`FakeTime` for a clock's ``time_source``."""
    return FakeTime()


def _scripted_player_class() -> type:
    # Built on first use: chessgui imports PySide6, which must wait for the environment set above.
    from chessgui.game.players import GoRequest, Player

    class ScriptedPlayer(Player):
        """A computer stand-in: remembers requests (and stops); the test answers them by hand."""

        def __init__(self, name: str = "Engine") -> None:
            super().__init__(name)
            self.requests: list[GoRequest] = []
            self.stopped = 0

        def is_human(self) -> bool:
            return False

        def go(self, request: GoRequest) -> None:
            self.requests.append(request)

        def stop(self) -> None:
            self.stopped += 1

        def answer(self, uci: str, request: GoRequest | None = None) -> None:
            """Answer ``request`` (the latest one by default) with ``uci``."""
            request = request or self.requests[-1]
            self.move_made.emit(request.request_id, uci)

    return ScriptedPlayer


@pytest.fixture(scope="session")
def scripted_player() -> type:
    """The ScriptedPlayer class: ``scripted_player(name)`` is a computer player the test answers by hand."""
    return _scripted_player_class()


class Players(list):
    """The players a test makes (append them); every one is shut down when the test ends."""

    def builtin(self, settings: PlayerSettings, searcher: object) -> BuiltinEnginePlayer:
        """A built-in engine player that searches with ``searcher`` (a FakeSearcher) and skips the warm-up compile."""
        from chessgui.engines.builtin_worker import EngineWorker, _WarmUp
        from chessgui.engines.players import BuiltinEnginePlayer

        worker = EngineWorker(searcher_factory=lambda hash_mb: searcher, warm_up=lambda: None, warm_up_state=_WarmUp())
        player = BuiltinEnginePlayer(settings, worker=worker)
        self.append(player)
        return player


@pytest.fixture
def players() -> Iterator[Players]:
    """A :class:`Players` list: the test's players, shut down at its end."""
    made = Players()
    yield made
    for player in made:
        player.shutdown()


def _uci_until_bestmove(*commands: str, timeout_s: float = 120) -> tuple[object, list[str]]:
    from engine.uci import UciEngine

    lines: list[str] = []
    answered = threading.Event()

    def write(line: str) -> None:
        lines.append(line)
        if line.startswith("bestmove"):
            answered.set()

    uci = UciEngine(write=write)
    for command in commands:
        uci.handle(command)
    assert answered.wait(timeout_s), "the engine never answered with bestmove"
    return uci, lines


@pytest.fixture
def uci_until_bestmove() -> Callable[..., tuple[object, list[str]]]:
    """``uci_until_bestmove(*commands)``: the engine's UciEngine fed ``commands`` (the last a ``go`` that ends by
    itself) and every line it wrote, once it has written its bestmove; the engine is still open."""
    return _uci_until_bestmove


FAKE_UCI_ENGINE = textwrap.dedent(
    '''
    """A tiny UCI engine for tests: plays the first legal move; argv[1] picks a misbehaviour."""
    import sys
    import chess

    MODE = sys.argv[1] if len(sys.argv) > 1 else "good"

    def say(line):
        sys.stdout.write(line + "\\n")
        sys.stdout.flush()

    if MODE == "exit":
        sys.exit(3)
    board = chess.Board()
    games = 0
    READY = False
    for raw in sys.stdin:
        line = raw.strip()
        if MODE == "garbage":
            say("hello there! %$#@ this is not UCI")
            continue
        if line == "uci":
            say("id name FakeEngine " + MODE)
            say("option name Skill Level type spin default 20 min 0 max 20")
            say("option name Style type combo default Normal var Normal var Wild")
            say("uciok")
        elif line == "isready":
            if MODE == "slow_ready" and not READY:  # still loading: answers late, and leaves a mark that it did
                import time
                time.sleep(float(sys.argv[3]) if len(sys.argv) > 3 else 0.3)
                open(sys.argv[2], "w").close()
                READY = True
            say("readyok")
        elif line == "ucinewgame":
            games += 1
        elif line.startswith("setoption name Skill Level value"):
            say("info string skill " + line.rsplit(" ", 1)[1])
        elif line.startswith("position"):
            tokens = line.split()
            if tokens[1] == "startpos":
                board, rest = chess.Board(), tokens[2:]
            else:
                board, rest = chess.Board(" ".join(tokens[2:8])), tokens[8:]
            for uci in rest[1:]:
                board.push_uci(uci)
        elif line.startswith("go"):
            if MODE == "crash" or (MODE == "crash_second" and board.fullmove_number > 1):
                sys.exit(1)
            if MODE == "hang":
                continue
            move = next(iter(board.legal_moves))
            say(f"info depth 1 seldepth 2 score cp 12 nodes 20 nps 20000 time 1 pv {move.uci()}")
            if MODE == "badmove":
                say("bestmove e9z1")
            elif MODE == "illegal":
                say("bestmove a1a8")
            else:
                say(f"bestmove {move.uci()}")
        elif line == "stop" and MODE == "hang":
            pass
        elif line == "quit":
            break
    '''
)


@pytest.fixture
def fake_engine(tmp_path: Path):
    script = tmp_path / "fake_uci.py"
    script.write_text(FAKE_UCI_ENGINE)

    def command(mode: str = "good") -> str:
        return f"{sys.executable} {script} {mode}"

    return command


# ---------------------------------------------------------------------- the window and games
@pytest.fixture
def window(qtbot) -> Iterator[MainWindow]:
    """A shown MainWindow; its analysis and review threads are stopped when the test ends."""
    from chessgui.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    yield window
    window.analysis.shutdown()
    window.review.shutdown()


def _play_moves(window: MainWindow, *sans: str) -> None:
    for san in sans:
        window.board_widget.move_requested.emit(window.navigator.shown_board().parse_san(san))


@pytest.fixture
def play_moves() -> Callable[..., None]:
    """``play_moves(window, "e4", "e5")``: play SAN moves on the window's board from the shown position."""
    return _play_moves


def _pgn_game(pgn: str) -> chess.pgn.Game:
    import io

    import chess.pgn

    game = chess.pgn.read_game(io.StringIO(pgn))
    assert game is not None
    return game


@pytest.fixture
def pgn_game() -> Callable[[str], chess.pgn.Game]:
    """``pgn_game(text)``: the first game of a PGN text (which must hold one)."""
    return _pgn_game


# ---------------------------------------------------------------------- shown widgets
@pytest.fixture
def show_widget(qtbot) -> Callable[..., QWidget]:
    """``show_widget(widget, width, height)``: the widget, sized, shown and exposed (closed when the test ends)."""

    def show(widget: QWidget, width: int, height: int) -> QWidget:
        qtbot.addWidget(widget)
        widget.resize(width, height)
        widget.show()
        qtbot.waitExposed(widget)
        return widget

    return show


@pytest.fixture
def board_widget(show_widget) -> BoardWidget:
    """A shown 400×400 BoardWidget with the start position; moves are drawn at once (no animation)."""
    from chessgui.views.board.board_widget import BoardWidget

    widget = BoardWidget()
    widget.set_animation_ms(0)
    show_widget(widget, 400, 400)
    return widget
