"""The built-in engine's adapter to Qt: a QObject living in its own QThread.

The engine package knows nothing about Qt; :class:`EngineWorker` runs its
blocking ``Searcher.search`` in a worker thread and turns the per-iteration
callback into signals. Only values cross threads (FEN/UCI strings and frozen
dataclasses), and every search is tagged with the caller's request id so the
caller can recognise stale replies.

The thread, the request ledger, stopping and shutting down are the
:class:`~chessgui.engines.worker_thread.ThreadWorker` base's; stopping a running
search sets the searcher's thread-safe stop flag.

The first search needs the Numba code compiled (or loaded from the cache).
That happens once per process in a background Python thread (see
:func:`ensure_warm_up_started`) so neither the GUI nor a worker's QThread is
stuck in an uninterruptible compile: a worker waits for it in small steps and
can still be stopped or shut down while it waits.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QCoreApplication, Signal, Slot

from chessgui.engines.worker_thread import ThreadWorker

if TYPE_CHECKING:
    from engine.api import SearchInfo, SearchResult

_log = logging.getLogger(__name__)

#: How often a worker waiting for the warm-up checks whether it was stopped.
_WARM_UP_POLL_S = 0.02


class SearcherLike(Protocol):
    """What the worker needs from ``engine.Searcher`` (tests may pass a fake)."""

    def new_game(self) -> None: ...

    def search(
        self,
        fen: str,
        moves: Sequence[str] = (),
        limit: Any = ...,
        on_info: Callable[[Any], None] | None = None,
    ) -> Any: ...

    def stop(self) -> None: ...

    def set_strength(self, elo: int | None) -> None: ...

    def set_threads(self, threads: int) -> str | None: ...


class _WarmUp:
    """The process-wide engine warm-up (Numba compile or cache load), run once."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.done = threading.Event()
        self.error: str | None = None

    def start(self, warm_up: Callable[[], None]) -> None:
        with self._lock:
            if self._thread is not None:
                return
            # A daemon thread: closing the window during a cold compile must not keep the
            # process alive (the compile cannot be interrupted; its cache writes are atomic).
            self._thread = threading.Thread(target=self._run, args=(warm_up,), name="engine-warm-up", daemon=True)
            self._thread.start()

    def is_compiling(self) -> bool:
        """True while the warm-up thread is still inside the compile (or cache load)."""
        return self._thread is not None and self._thread.is_alive() and not self.done.is_set()

    def _run(self, warm_up: Callable[[], None]) -> None:
        started = time.perf_counter()
        try:
            warm_up()
        except Exception as error:  # an engine that cannot compile is reported, never raised into Qt
            _log.exception("Engine warm-up failed")
            self.error = QCoreApplication.translate(
                "_WarmUp", "The built-in engine could not be prepared: {error}"
            ).format(error=error)
        else:
            _log.info("Engine warm-up took %.1f s", time.perf_counter() - started)
        self.done.set()


_WARM_UP = _WarmUp()


def is_warm_up_compiling() -> bool:
    """True while the process-wide engine compile is still running (see :func:`chessgui.__main__.run`)."""
    return _WARM_UP.is_compiling()


def _default_warm_up() -> None:
    import engine

    engine.warm_up()


def ensure_warm_up_started(warm_up: Callable[[], None] | None = None) -> None:
    """Start the one-time engine warm-up in the background if nobody has yet.

    Call it early (e.g. when the main window opens) so the engine is ready by the
    time it is asked to move. Safe to call any number of times from any thread.
    """
    _WARM_UP.start(warm_up or _default_warm_up)


class EngineWorker(ThreadWorker[SearcherLike]):
    """Runs the built-in engine's searches in a dedicated QThread (see :class:`ThreadWorker`).

    Signals (besides the base's ``search_info``, whose info is an ``engine.SearchInfo``,
    ``best_move`` and ``failed``):
        ready(): the engine is compiled and the worker accepts searches without delay.
    """

    ready = Signal()

    _new_game_requested = Signal()

    def __init__(
        self,
        hash_mb: int = 64,
        searcher_factory: Callable[[int], SearcherLike] | None = None,
        warm_up: Callable[[], None] | None = None,
        warm_up_state: _WarmUp | None = None,
    ) -> None:
        """Create the worker and start its thread.

        ``searcher_factory(hash_mb)`` defaults to ``engine.Searcher``; ``warm_up`` to
        ``engine.warm_up``; tests inject fakes (and their own ``warm_up_state``).
        """
        super().__init__("engine-worker")
        self._hash_mb = hash_mb
        self._searcher_factory = searcher_factory or _default_searcher_factory
        self._warm_up_state = warm_up_state or _WARM_UP
        self._warm_up_state.start(warm_up or _default_warm_up)
        self._searcher: SearcherLike | None = None  # created and used in the worker thread only
        self._is_ready = False
        self._strength_elo: int | None = None  # playing level (engine.strength), None = full strength
        self._threads = 1  # search threads (Lazy SMP, engine.smp)
        self._new_game_requested.connect(self._on_new_game_requested)
        self._start_thread()

    # ------------------------------------------------------------------ GUI-thread API
    def is_ready(self) -> bool:
        """True once the engine is compiled; searches requested before then wait for it."""
        return self._is_ready

    def new_game(self) -> None:
        """Clear the engine's memory (hash table, history) before the next search."""
        self._new_game_requested.emit()

    def set_strength(self, elo: int | None) -> None:
        """Play the next searches at the level nearest ``elo`` (800..2400), or at full strength (None)."""
        self._strength_elo = elo

    def set_threads(self, threads: int) -> None:
        """Search the next searches with ``threads`` threads (the engine clamps it to 1..16)."""
        self._threads = int(threads)

    def interrupt(self, handle: SearcherLike) -> None:
        handle.stop()

    # ------------------------------------------------------------------ worker thread
    @Slot()
    def _on_thread_started(self) -> None:
        if self._wait_for_warm_up(cancel_check=None) and self._warm_up_state.error is None:
            self._is_ready = True
            self.ready.emit()

    @Slot()
    def _on_new_game_requested(self) -> None:
        if self._searcher is not None:
            self._searcher.new_game()

    @Slot(int, str, object, object)
    def start_search(self, request_id: int, fen: str, moves: object, limit: object) -> None:
        """Run one search (worker thread). Emits search_info per iteration, then best_move."""
        if self._requests.is_cancelled(request_id):
            return
        if not self._wait_for_warm_up(cancel_check=lambda: self._requests.is_cancelled(request_id)):
            return
        if self._warm_up_state.error is not None:
            self.failed.emit(request_id, self._warm_up_state.error)
            return
        try:
            searcher = self._ensure_searcher()
        except Exception as error:
            _log.exception("Could not create the engine")
            self.failed.emit(request_id, self.tr("The built-in engine could not start: {error}").format(error=error))
            return
        if not self._requests.begin(request_id, searcher):
            return  # stopped while the warm-up or the searcher's creation ran
        searcher.set_strength(self._strength_elo)
        searcher.set_threads(self._threads)

        def on_info(info: SearchInfo) -> None:
            if self._requests.is_cancelled(request_id):
                # stop() may have raced with the search resetting its stop flag: repeat it.
                searcher.stop()
                return
            self.search_info.emit(request_id, info)

        try:
            result: SearchResult = searcher.search(fen, tuple(moves), limit, on_info)  # type: ignore[arg-type]
        except Exception as error:
            _log.exception("Engine search failed")
            if not self._requests.finish(request_id):
                self.failed.emit(request_id, self.tr("The built-in engine failed: {error}").format(error=error))
            return
        if self._requests.finish(request_id):
            return  # stopped: the caller no longer wants this move
        if result.best_move is None:
            self.failed.emit(request_id, self.tr("The engine found no legal move in this position."))
            return
        self.best_move.emit(request_id, result.best_move)

    # ------------------------------------------------------------------ helpers
    def _wait_for_warm_up(self, cancel_check: Callable[[], bool] | None) -> bool:
        """Block until warm-up is done; False if cancelled or shutting down meanwhile."""
        done = self._warm_up_state.done
        while not done.wait(_WARM_UP_POLL_S):
            if self._thread.isInterruptionRequested():
                return False
            if self._requests.is_shutting_down():
                return False
            if cancel_check is not None and cancel_check():
                return False
        return True

    def _ensure_searcher(self) -> SearcherLike:
        if self._searcher is None:
            self._searcher = self._searcher_factory(self._hash_mb)
        return self._searcher


def _default_searcher_factory(hash_mb: int) -> SearcherLike:
    import engine

    return engine.Searcher(hash_mb=hash_mb)
