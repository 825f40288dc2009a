"""Test configuration shared by the whole suite.

Qt must run headless in tests, so the platform is chosen here, before any test
module (or pytest-qt) imports PySide6.
"""

from __future__ import annotations

import os
import re
import signal
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import chess
import pytest
from hypothesis import strategies as st

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Keep the user's real settings and autosaves out of the tests.
os.environ.setdefault("CHESSGUI_TEST_MODE", "1")

if TYPE_CHECKING:
    import chess.pgn
    from PySide6.QtWidgets import QApplication, QWidget

    from chessgui.engines.players import BuiltinEnginePlayer
    from chessgui.gui_thread_gc import GuiThreadGarbageCollector
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
        self.threads = 1
        self.threads_per_search: list[int] = []

    def new_game(self) -> None:
        self.new_games += 1

    def search(self, fen: str, moves: tuple[str, ...] = (), limit: object = None, on_info: object = None) -> object:
        from chessgui.game.players import GoRequest
        from engine.api import SearchInfo, SearchLimit, SearchResult

        limit = limit if limit is not None else SearchLimit()
        self._stop.clear()
        self.searches.append((fen, tuple(moves), limit))
        self.threads_per_search.append(self.threads)
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

    def set_threads(self, threads: int) -> str | None:
        self.threads = threads  # the search threads of the next search
        return None


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


@pytest.fixture(scope="session", autouse=True)
def _engine_compiled() -> None:
    """Load the engine's jitted code (compile it, on a cold cache) before the first test.

    A Numba compile holds the GIL, for minutes on a loaded machine with a fresh checkout. Started
    in a worker thread by whichever test first touched the engine, it ran on under the tests after
    it and starved their event loops: a 10 s wait of the engine-fault test timed out at the start
    of a random-order run in a new worktree. Done once here, every test sees a warm engine.
    """
    import engine

    engine.warm_up()


@pytest.fixture(scope="session", autouse=True)
def _gui_thread_gc(qapp: QApplication) -> Iterator[GuiThreadGarbageCollector]:
    """Reference cycles are collected in the GUI thread, as in the app (chessgui.gui_thread_gc).

    With Python's own collection a worker thread (the PGN indexer, an engine worker) collected
    the cycles earlier tests left behind, destroying their Qt objects outside the GUI thread:
    the suite segfaulted in the GUI thread's event loop (CI, seed 2237820603).
    """
    from chessgui.gui_thread_gc import GuiThreadGarbageCollector

    collector = GuiThreadGarbageCollector(qapp)
    yield collector
    collector.stop()


@pytest.fixture(autouse=True)
def _cycles_collected_after_each_test(_gui_thread_gc: GuiThreadGarbageCollector) -> Iterator[None]:
    """Tests that never run an event loop still have their cycles collected, between tests."""
    yield
    _gui_thread_gc.collect_due()


@pytest.fixture(autouse=True)
def _workers_end_with_their_test() -> Iterator[None]:
    """Every engine worker thread a test started is shut down when the test ends, passed or failed.

    A failing test used to leave its workers running: the tests after it ran beside a live engine
    thread, and at exit Qt aborted the whole run ("QThread: Destroyed while thread 'uci-engine' is
    still running", exit 134), so one failure read as a crash (the whole-suite loop, loop 5 run 9).
    """
    from chessgui.engines.worker_thread import LIVE_WORKERS

    before = set(LIVE_WORKERS.snapshot())
    yield
    for worker in LIVE_WORKERS.snapshot():
        if worker not in before:
            worker.shutdown(5000)


@pytest.fixture(scope="session", autouse=True)
def _no_worker_thread_at_exit() -> Iterator[None]:
    """A thread still starting its engine when its test ended (parked) is waited for before exit."""
    yield
    from chessgui.engines.worker_thread import shutdown_all_workers

    shutdown_all_workers(30_000)


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
            if MODE == "die_at_isready":  # dies while getting ready (killed mid start-up)
                sys.exit(1)
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
            # "fickle": every position is +3 for the side to move, so each move but the named best loses much.
            cp = 300 if MODE == "fickle" else 12
            say(f"info depth 1 seldepth 2 score cp {cp} nodes 20 nps 20000 time 1 pv {move.uci()}")
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


# ---------------------------------------------------------------------- fuzzing (Hypothesis)
FUZZ_SLOW_FACTOR = 100
"""A fuzz test's ``-m slow`` run tries this many times the examples of its normal-suite run."""


@pytest.fixture(params=[pytest.param(1, id="quick"), pytest.param(FUZZ_SLOW_FACTOR, id="slow", marks=pytest.mark.slow)])
def fuzz_scale(request: pytest.FixtureRequest) -> int:
    """Multiply a fuzz test's ``max_examples`` by this: 1 in the normal suite, 100 for its ``-m slow`` twin."""
    return int(request.param)


class InputHangError(Exception):
    """One fuzz input ran longer than its watchdog allowed: a hang (or something close to one)."""


@contextmanager
def _watchdog(seconds: float, what: object = "") -> Iterator[None]:
    # SIGALRM interrupts Python code in the main thread, so a parser looping forever fails this
    # example with the input named, instead of the whole run waiting for pytest-timeout.
    def on_alarm(_signum: int, _frame: object) -> None:
        raise InputHangError(f"one input took over {seconds} s: {str(what)[:200]!r}")

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


_fuzz_inputs: dict[str, int] = {}
"""Inputs run under a watchdog, per test: the count reported at the end of the run."""


@pytest.fixture
def input_watchdog(request: pytest.FixtureRequest) -> Callable[..., AbstractContextManager[None]]:
    """``with input_watchdog(5, text):`` fails the example (InputHangError) when the body runs over 5 s."""
    test = request.node.nodeid

    def watch(seconds: float, what: object = "") -> AbstractContextManager[None]:
        _fuzz_inputs[test] = _fuzz_inputs.get(test, 0) + 1
        return _watchdog(seconds, what)

    return watch


# ---------------------------------------------------------------------- crash breadcrumb
# A crash of the interpreter (a segfault in Qt or in jitted code) ends the run with no
# report, and with -q not even the test's name. This file names the test that was running
# and the seed of the random test order; `make test` prints it when pytest dies, and a
# run that ends normally removes it.
def _breadcrumb(config: pytest.Config) -> Path:
    return config.rootpath / ".pytest_cache" / "running-test.txt"


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> None:
    seed = getattr(item.config.option, "randomly_seed", None)
    order = f"the same order: pytest --randomly-seed={seed}" if isinstance(seed, int) else "pytest's own order"
    path = _breadcrumb(item.config)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"pytest died during {item.nodeid}\n({order})\n", encoding="utf-8")


def pytest_sessionfinish(session: pytest.Session) -> None:
    _breadcrumb(session.config).unlink(missing_ok=True)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """How many inputs each fuzz test tried (Hypothesis examples, shrinking included)."""
    if _fuzz_inputs:
        terminalreporter.write_sep("-", f"fuzz inputs tried: {sum(_fuzz_inputs.values())}")
        for test, count in sorted(_fuzz_inputs.items()):
            terminalreporter.write_line(f"{count:>8}  {test}")


_NOT_PLAIN_WORDS = re.compile(
    r"Traceback \(most recent call|File \"[^\"]+\", line \d|<[\w.]+ object at 0x|\b\w+(Error|Exception)\(|"
    r"^\w*(Error|Exception):"
)


def _assert_plain_words(message: object) -> None:
    assert isinstance(message, str) and message.strip(), f"empty message: {message!r}"
    found = _NOT_PLAIN_WORDS.search(message)
    assert found is None, f"Python internals in a user message: {message!r}"


@pytest.fixture
def assert_plain_words() -> Callable[[object], None]:
    """``assert_plain_words(message)``: a non-empty sentence without tracebacks, reprs or exception names."""
    return _assert_plain_words


_REAL_FENS = [
    chess.STARTING_FEN,
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    "8/8/8/8/8/5k2/8/5K1Q b - - 99 120",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/8/8/8/8/8/8/4K3",  # board only
    "r3k3/8/8/8/8/8/8/4K2R b",  # board and side
]
_FEN_CHARS = "pnbrqkPNBRQK12345678/ -wKQkqabcdefgh0"
_WILD_TEXT = st.text(max_size=12)  # any unicode, including surrogates, NUL and combining marks
_HUGE_NUMBER = st.integers(min_value=151, max_value=10**400).map(str)
_SPACES = st.sampled_from([" ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u2003", "_", "\u200b", ""])


@st.composite
def _played_fen(draw: st.DrawFn) -> str:
    """The FEN after a few random legal moves from the start (castling, en passant, promotions appear)."""
    board = chess.Board()
    for choice in draw(st.lists(st.integers(min_value=0, max_value=10_000), max_size=60)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(moves[choice % len(moves)])
    return board.fen()


@st.composite
def _mutated(draw: st.DrawFn, base: str) -> str:
    """``base`` with 1-4 random mutations applied in turn."""
    text = base
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        kind = draw(
            st.sampled_from(
                ["substitute", "insert", "delete", "swap fields", "drop field", "repeat field", "huge", "wild", "space"]
            )
        )
        fields = text.split(" ")
        if kind in ("substitute", "insert", "delete") and text:
            at = draw(st.integers(min_value=0, max_value=len(text) - 1))
            char = draw(st.one_of(st.sampled_from(_FEN_CHARS), st.characters()))
            if kind == "substitute":
                text = text[:at] + char + text[at + 1 :]
            elif kind == "insert":
                text = text[:at] + char + text[at:]
            else:
                text = text[:at] + text[at + 1 :]
        elif kind == "swap fields" and len(fields) > 1:
            i, j = draw(st.lists(st.integers(0, len(fields) - 1), min_size=2, max_size=2, unique=True))
            fields[i], fields[j] = fields[j], fields[i]
            text = " ".join(fields)
        elif kind == "drop field" and fields:
            del fields[draw(st.integers(0, len(fields) - 1))]
            text = " ".join(fields)
        elif kind == "repeat field" and fields:
            at = draw(st.integers(0, len(fields) - 1))
            fields.insert(at, fields[at])
            text = " ".join(fields)
        elif kind == "huge":
            fields[draw(st.integers(0, len(fields) - 1))] = draw(_HUGE_NUMBER)
            text = " ".join(fields)
        elif kind == "wild":
            at = draw(st.integers(min_value=0, max_value=len(text)))
            text = text[:at] + draw(_WILD_TEXT) + text[at:]
        else:  # whitespace around or instead of the separators
            text = draw(_SPACES) + draw(_SPACES).join(fields) + draw(_SPACES)
    return text


_FEN_INPUTS = st.one_of(
    st.sampled_from(_REAL_FENS).flatmap(_mutated),
    _played_fen().flatmap(_mutated),
    _played_fen(),
    st.text(max_size=100),
    st.text(alphabet=_FEN_CHARS, max_size=90),
    st.sampled_from(["", " ", "\n\t ", "_", "/", "///////", "8/8/8/8/8/8/8/8", "\x00", "\ud800"]),
)


@pytest.fixture
def fen_inputs() -> st.SearchStrategy[str]:
    """FEN-ish text for fuzzing: real FENs with 1-4 mutations, random legal positions, random text."""
    return _FEN_INPUTS
