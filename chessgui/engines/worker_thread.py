"""The part both engine workers share: a QObject in its own QThread that runs searches.

The built-in :class:`~chessgui.engines.builtin_worker.EngineWorker` and the external
:class:`~chessgui.engines.uci_worker.UciWorker` receive search requests from the GUI
thread and run them one after another in their own thread. :class:`ThreadWorker`
owns everything about that but the search itself: the QThread, the
:class:`~chessgui.engines.request_ledger.RequestLedger` (which requests are wanted,
running or cancelled), :meth:`~ThreadWorker.request_search`, :meth:`~ThreadWorker.stop`,
:meth:`~ThreadWorker.shutdown` and the registry of live workers that the application
shuts down when it quits. A subclass only says how to run a search
(:meth:`~ThreadWorker.start_search`, in the worker thread) and how to interrupt one.

Stopping is the delicate part. A busy worker thread does not run queued slots, so
:meth:`ThreadWorker.stop` is a plain method called from the GUI thread: it records
which requests are cancelled (thread-safe, in the ledger) and interrupts the running
search through the handle the subclass registered with ``RequestLedger.begin``. A
cancelled request never emits ``best_move`` even if its search had already finished.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from chessgui.engines.request_ledger import RequestLedger

_log = logging.getLogger(__name__)

HandleT = TypeVar("HandleT")


class _LiveThreads:
    """Every worker whose thread has not been shut down yet.

    Holding them here keeps a forgotten worker from being garbage-collected while its
    thread runs (Qt aborts with "QThread: Destroyed while thread is still running"),
    and lets the application stop them all when it quits.
    """

    def __init__(self) -> None:
        self._workers: set[Any] = set()
        self._hooked = False

    def add(self, worker: Any) -> None:  # noqa: ANN401 - any worker with shutdown()
        self._workers.add(worker)
        app = QCoreApplication.instance()
        if app is not None and not self._hooked:
            app.aboutToQuit.connect(shutdown_all_workers)
            self._hooked = True

    def discard(self, worker: Any) -> None:  # noqa: ANN401 - any worker with shutdown()
        self._workers.discard(worker)

    def snapshot(self) -> list[Any]:
        return list(self._workers)


LIVE_WORKERS = _LiveThreads()


def shutdown_all_workers(timeout_ms: int = 1000) -> None:
    """Stop every engine worker thread still running (called when the application quits)."""
    for worker in LIVE_WORKERS.snapshot():
        worker.shutdown(timeout_ms)


class ThreadWorker(QObject, Generic[HandleT]):
    """Runs searches in a dedicated QThread; ``HandleT`` is what interrupts a running one.

    Use from the GUI thread: :meth:`request_search` to start a search (queued to the
    worker thread), :meth:`stop` to abandon it, :meth:`shutdown` before dropping the
    worker. Signals arrive on the GUI thread (queued connections) when connected to
    a slot of a QObject living there; a plain function or lambda would run in the
    worker thread instead, so connect bound methods of GUI objects.

    Signals:
        search_info(request_id: int, info: object): one report per iteration / info line.
        best_move(request_id: int, uci: str): the search's answer (never for a stopped request).
        failed(request_id: int, message: str): the search could not run (plain words).
        search_ended(request_id: int): the worker is done with the request, whatever became of it
            (answered, stopped, failed, or stopped before it began). An infinite analysis waits on
            it to know that a stopped engine really stopped.
    """

    search_info = Signal(int, object)
    best_move = Signal(int, str)
    failed = Signal(int, str)
    search_ended = Signal(int)

    # Internal: carries a request from the caller's thread to the worker thread.
    _search_requested = Signal(int, str, object, object)

    def __init__(self, thread_name: str) -> None:
        super().__init__()  # no parent: a QObject with a parent cannot move to another thread
        # Shared with the GUI thread: which requests are cancelled, and the running
        # request's handle so stop() can interrupt exactly that search.
        self._requests: RequestLedger[HandleT] = RequestLedger()
        self._thread = QThread()
        self._thread.setObjectName(thread_name)
        self.moveToThread(self._thread)
        self._search_requested.connect(self._run_request)
        self._thread.started.connect(self._on_thread_started)

    def _start_thread(self) -> None:
        """Start the thread; subclasses call it last in ``__init__``, once their state exists."""
        LIVE_WORKERS.add(self)
        self._thread.start()

    # ------------------------------------------------------------------ GUI-thread API
    def request_search(self, request_id: int, fen: str, moves: Sequence[str], limit: object) -> None:
        """Queue a search in the worker thread (returns at once).

        ``fen`` is the game's start position and ``moves`` the UCI moves played since
        (for repetition detection). Replies carry ``request_id``.
        """
        if not self._requests.note_requested(request_id):
            return  # shutting down: the thread is ending and would never run it
        self._search_requested.emit(request_id, fen, tuple(moves), limit)

    def stop(self, request_id: int | None = None) -> None:
        """Abandon ``request_id`` (default: every request so far). Thread-safe, returns at once.

        A stopped request never emits ``best_move``; a queued one never starts.
        """
        # Only a running search that is now cancelled is interrupted: stopping the
        # search while it serves a newer, wanted request would cut that one short.
        handle = self._requests.cancel(request_id)
        if handle is not None:
            self.interrupt(handle)

    def shutdown(self, timeout_ms: int = 1000) -> bool:
        """Stop any search, end the thread and wait for it (at most ``timeout_ms``).

        Returns True when the thread has finished. Call from the thread that created
        the worker (the GUI thread). The worker cannot be used afterwards.
        """
        self._requests.shut_down()
        self.stop()
        self.release()
        self._thread.quit()
        finished = bool(self._thread.wait(max(0, timeout_ms)))
        if finished:
            LIVE_WORKERS.discard(self)
        else:
            self.thread_outlived_shutdown(timeout_ms)
        return finished

    def is_running(self) -> bool:
        """True while the worker thread runs (False after a successful shutdown)."""
        return self._thread.isRunning()

    # ------------------------------------------------------------------ worker thread
    @Slot(int, str, object, object)
    def _run_request(self, request_id: int, fen: str, moves: object, limit: object) -> None:
        try:
            self.start_search(request_id, fen, moves, limit)
        finally:
            self.search_ended.emit(request_id)

    # ------------------------------------------------------------------ for subclasses
    def start_search(self, request_id: int, fen: str, moves: object, limit: object) -> None:
        """Run one search (worker thread): ``search_info`` as it goes, then ``best_move`` or ``failed``."""
        raise NotImplementedError

    def interrupt(self, handle: HandleT) -> None:
        """Make the running search behind ``handle`` end soon (called from the GUI thread)."""
        raise NotImplementedError

    def _on_thread_started(self) -> None:
        """Runs first in the worker thread (e.g. prepare or start the engine)."""

    def release(self) -> None:
        """Shutting down: free what the thread may be blocked on (e.g. end an engine process)."""

    def thread_outlived_shutdown(self, timeout_ms: int) -> None:
        """The thread did not finish within ``timeout_ms`` of :meth:`shutdown`."""
        _log.warning("The %s thread did not finish within %d ms", self._thread.objectName(), timeout_ms)
