"""EngineWorker: searches in its own thread, tags replies, stops and shuts down cleanly.

Most tests use a small fake searcher (so they exercise the threading, not the
engine); one runs the real built-in engine with a depth limit.
"""

from __future__ import annotations

import threading

import chess
import pytest
from PySide6.QtCore import QObject, Signal, Slot

from chessgui.engines.builtin_worker import EngineWorker, _WarmUp
from engine.api import SearchInfo, SearchLimit


class GuiRelay(QObject):
    """Re-emits a worker's signals on the GUI thread.

    pytest-qt's signal blockers are plain Python objects, so waiting directly on a
    signal emitted in the worker thread runs the blocker's callback in that thread;
    if it fires just before the blocker's event loop starts, the loop never ends.
    A QObject living in the GUI thread receives the signals queued, like the app's
    own players do, which removes that race.
    """

    ready = Signal()
    best_move = Signal(int, str)
    failed = Signal(int, str)
    search_info = Signal(int, object)

    def __init__(self, worker: EngineWorker) -> None:
        super().__init__()
        worker.ready.connect(self._on_ready)
        worker.best_move.connect(self._on_best_move)
        worker.failed.connect(self._on_failed)
        worker.search_info.connect(self._on_search_info)

    @Slot()
    def _on_ready(self) -> None:
        self.ready.emit()

    @Slot(int, str)
    def _on_best_move(self, request_id: int, uci: str) -> None:
        self.best_move.emit(request_id, uci)

    @Slot(int, str)
    def _on_failed(self, request_id: int, message: str) -> None:
        self.failed.emit(request_id, message)

    @Slot(int, object)
    def _on_search_info(self, request_id: int, info: object) -> None:
        self.search_info.emit(request_id, info)


def _no_warm_up() -> None:
    return None


def make_worker(searcher: object) -> EngineWorker:
    state = _WarmUp()
    return EngineWorker(searcher_factory=lambda hash_mb: searcher, warm_up=_no_warm_up, warm_up_state=state)


@pytest.fixture
def worker_factory():
    workers: list[EngineWorker] = []

    def factory(searcher: object) -> EngineWorker:
        worker = make_worker(searcher)
        workers.append(worker)
        return worker

    yield factory
    for worker in workers:
        worker.shutdown(2000)


def test_worker_emits_ready_after_warm_up(qtbot, worker_factory, fake_searcher) -> None:
    searcher = fake_searcher()
    state = _WarmUp()
    gate = threading.Event()
    worker = EngineWorker(searcher_factory=lambda hash_mb: searcher, warm_up=lambda: gate.wait(10), warm_up_state=state)
    relay = GuiRelay(worker)
    try:
        assert not worker.is_ready()
        with qtbot.waitSignal(relay.ready, timeout=5000):
            gate.set()
        assert worker.is_ready()
    finally:
        assert worker.shutdown(2000)


def test_worker_returns_best_move_and_infos(qtbot, worker_factory, fake_searcher) -> None:
    worker = worker_factory(fake_searcher())
    relay = GuiRelay(worker)
    infos: list[tuple[int, SearchInfo]] = []
    worker.search_info.connect(lambda rid, info: infos.append((rid, info)))
    with qtbot.waitSignal(relay.best_move, timeout=5000) as blocker:
        worker.request_search(7, chess.STARTING_FEN, ["e2e4"], SearchLimit(depth=2))
    request_id, uci = blocker.args
    assert request_id == 7
    board = chess.Board()
    board.push_uci("e2e4")
    assert chess.Move.from_uci(uci) in board.legal_moves
    qtbot.waitUntil(lambda: len(infos) == 2, timeout=5000)
    assert [info.depth for _, info in infos] == [1, 2]
    assert all(rid == 7 for rid, _ in infos)


def test_stop_mid_search_emits_no_move(qtbot, worker_factory, fake_searcher) -> None:
    searcher = fake_searcher(blocking=True)
    worker = worker_factory(searcher)
    relay = GuiRelay(worker)
    moves: list[tuple[int, str]] = []
    # Collected on the GUI thread through the relay: a lambda on the worker's own signal
    # runs in the worker thread and could append after the wait below has already ended.
    relay.best_move.connect(lambda rid, uci: moves.append((rid, uci)))
    worker.request_search(1, chess.STARTING_FEN, [], SearchLimit(infinite=True))
    qtbot.waitUntil(searcher.started.is_set, timeout=5000)
    worker.stop()
    # A later request is answered, proving the stopped one finished without a reply.
    searcher.blocking = False
    with qtbot.waitSignal(relay.best_move, timeout=5000) as blocker:
        worker.request_search(2, chess.STARTING_FEN, [], SearchLimit(depth=1))
    assert blocker.args[0] == 2
    assert [rid for rid, _ in moves] == [2]


def test_stopped_request_that_was_still_queued_never_runs(qtbot, worker_factory, fake_searcher) -> None:
    searcher = fake_searcher(blocking=True)
    worker = worker_factory(searcher)
    relay = GuiRelay(worker)
    worker.request_search(1, chess.STARTING_FEN, [], SearchLimit(infinite=True))
    worker.request_search(2, chess.STARTING_FEN, ["e2e4"], SearchLimit(depth=1))
    qtbot.waitUntil(searcher.started.is_set, timeout=5000)
    worker.stop()  # stops 1 (running) and 2 (queued)
    searcher.blocking = False
    with qtbot.waitSignal(relay.best_move, timeout=5000) as blocker:
        worker.request_search(3, chess.STARTING_FEN, ["d2d4"], SearchLimit(depth=1))
    assert blocker.args[0] == 3
    assert [moves for _, moves, _ in searcher.searches] == [(), ("d2d4",)]


def test_shutdown_during_search_finishes_thread_quickly(qtbot, fake_searcher) -> None:
    searcher = fake_searcher(blocking=True)
    worker = make_worker(searcher)
    worker.request_search(1, chess.STARTING_FEN, [], SearchLimit(infinite=True))
    qtbot.waitUntil(searcher.started.is_set, timeout=5000)
    assert worker.shutdown(1000)
    assert not worker.is_running()


def test_shutdown_while_warm_up_still_running_returns(qtbot, fake_searcher) -> None:
    gate = threading.Event()
    worker = EngineWorker(
        searcher_factory=lambda hash_mb: fake_searcher(), warm_up=lambda: gate.wait(10), warm_up_state=_WarmUp()
    )
    worker.request_search(1, chess.STARTING_FEN, [], SearchLimit(depth=1))
    try:
        assert worker.shutdown(1000)
        assert not worker.is_running()
    finally:
        gate.set()


def test_search_error_becomes_failed(qtbot, worker_factory, fake_searcher) -> None:
    class BrokenSearcher(fake_searcher):
        def search(self, fen, moves=(), limit=None, on_info=None):
            raise ValueError("bad position")

    worker = worker_factory(BrokenSearcher())
    relay = GuiRelay(worker)
    with qtbot.waitSignal(relay.failed, timeout=5000) as blocker:
        worker.request_search(4, "not a fen", [], SearchLimit(depth=1))
    assert blocker.args[0] == 4
    assert "bad position" in blocker.args[1]


def test_real_engine_depth_limited_search(qtbot) -> None:
    worker = EngineWorker(hash_mb=8)
    relay = GuiRelay(worker)
    try:
        with qtbot.waitSignal(relay.best_move, timeout=120_000) as blocker:
            worker.request_search(1, chess.STARTING_FEN, ["e2e4", "e7e5"], SearchLimit(depth=3))
        board = chess.Board()
        board.push_uci("e2e4")
        board.push_uci("e7e5")
        assert chess.Move.from_uci(blocker.args[1]) in board.legal_moves
    finally:
        assert worker.shutdown(2000)


def test_real_engine_shutdown_during_long_search(qtbot) -> None:
    worker = EngineWorker(hash_mb=8)
    relay = GuiRelay(worker)
    moves: list[str] = []
    worker.best_move.connect(lambda rid, uci: moves.append(uci))
    with qtbot.waitSignal(relay.search_info, timeout=120_000):
        worker.request_search(1, chess.STARTING_FEN, [], SearchLimit(movetime_ms=60_000))
    assert worker.shutdown(1000)  # the thread has finished within the second
    assert not worker.is_running()
    assert moves == []


def test_search_ended_follows_every_request_answered_stopped_or_never_started(
    qtbot, worker_factory, fake_searcher
) -> None:
    """The base's ``search_ended`` confirms each request's end (analysis waits on it to detect a hung engine)."""

    class EndRelay(QObject):
        ended = Signal(int)

        @Slot(int)
        def on_ended(self, request_id: int) -> None:
            self.ended.emit(request_id)

    searcher = fake_searcher(blocking=True)
    worker = worker_factory(searcher)
    relay = EndRelay()
    worker.search_ended.connect(relay.on_ended)
    ended: list[int] = []
    relay.ended.connect(ended.append)
    worker.request_search(1, chess.STARTING_FEN, [], SearchLimit(infinite=True))
    worker.request_search(2, chess.STARTING_FEN, ["e2e4"], SearchLimit(depth=1))
    qtbot.waitUntil(searcher.started.is_set, timeout=5000)
    worker.stop(2)  # stops 1 (running) and 2 (queued, never starts)
    searcher.blocking = False
    worker.request_search(3, chess.STARTING_FEN, ["d2d4"], SearchLimit(depth=1))  # answered
    qtbot.waitUntil(lambda: ended == [1, 2, 3], timeout=5000)
