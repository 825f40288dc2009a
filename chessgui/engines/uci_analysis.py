"""An external UCI engine analysing without a time limit, several lines at once, in its own QThread.

The game's :class:`~chessgui.engines.uci_worker.UciWorker` searches for one move;
analysis wants something else: ``go infinite`` with ``MultiPV`` lines, reported
line by line until told to stop. :class:`UciAnalysisWorker` runs python-chess's
``analysis(board, multipv=N)`` from a dedicated QThread and hands every report
to the GUI thread as an :class:`~chessgui.engines.info.EngineInfo` with its rank.

Like the game's workers it exchanges values only, tags everything with the
caller's request id, and turns every way an engine can misbehave (not an engine,
crash, unreadable output) into ``failed`` with plain words. A hung engine (one
that does not stop when asked) is the caller's to detect: ``finished`` tells
when a request's search has really ended, and :meth:`kill_engine` ends the
process so the thread is free again.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
from collections.abc import Mapping, Sequence

import chess
import chess.engine
from PySide6.QtCore import QObject, QThread, Signal, Slot

from chessgui.engines.info import EngineInfo
from chessgui.engines.request_ledger import RequestLedger
from chessgui.engines.uci_process import (
    DEFAULT_START_TIMEOUT_S,
    UciEngineError,
    configure_engine,
    describe_engine,
    start_engine,
)
from chessgui.engines.worker_thread import LIVE_WORKERS

_log = logging.getLogger(__name__)

# Threads whose engine start outlived shutdown(): kept referenced until they end on their own.
_PARKED_THREADS: set[QThread] = set()


class UciAnalysisWorker(QObject):
    """Runs one external UCI engine's infinite MultiPV analysis from a dedicated QThread.

    Signals (delivered to the GUI thread when connected to a GUI-thread QObject's slot):
        line_info(int request_id, int rank, object EngineInfo): one line's report (rank 1 = best).
        finished(int request_id): the request's search has ended (stopped, or the engine finished).
        failed(int request_id, str message): the engine could not analyse (plain words).
        engine_started(str name): the engine answered the handshake; its name.
    """

    line_info = Signal(int, int, object)
    finished = Signal(int)
    failed = Signal(int, str)
    engine_started = Signal(str)

    _analysis_requested = Signal(int, str, object, int)

    def __init__(
        self,
        command: str | Sequence[str],
        options: Mapping[str, str] | None = None,
        hash_mb: int | None = None,
        start_timeout_s: float = DEFAULT_START_TIMEOUT_S,
    ) -> None:
        """``options`` are set where the engine offers them; ``hash_mb`` becomes "Hash" if offered."""
        super().__init__()  # no parent: it moves to its own thread
        self._command = command
        self._options = dict(options or {})
        self._hash_mb = hash_mb
        self._start_timeout_s = start_timeout_s
        self._lock = threading.Lock()  # guards _engine, which kill_engine() reads from the GUI thread
        self._engine: chess.engine.SimpleEngine | None = None
        self._name = "UCI engine"
        self._requests: RequestLedger[chess.engine.SimpleAnalysisResult] = RequestLedger()
        self._thread = QThread()
        self._thread.setObjectName("uci-analysis")
        self.moveToThread(self._thread)
        self._analysis_requested.connect(self.run_analysis)
        LIVE_WORKERS.add(self)
        self._thread.start()

    # ------------------------------------------------------------------ GUI-thread API
    def name(self) -> str:
        """The engine's name once it has started."""
        return self._name

    def request_analysis(self, request_id: int, fen: str, moves: Sequence[str], multipv: int) -> None:
        """Queue an infinite analysis of the position after ``moves`` from ``fen`` (returns at once)."""
        if not self._requests.note_requested(request_id):
            return
        self._analysis_requested.emit(request_id, fen, tuple(moves), int(multipv))

    def stop(self, request_id: int | None = None) -> None:
        """Abandon ``request_id`` (default: all so far); sends ``stop`` to the analysing engine."""
        analysis = self._requests.cancel(request_id)
        if analysis is not None:
            try:
                analysis.stop()
            except (chess.engine.EngineTerminatedError, RuntimeError):
                pass

    def kill_engine(self) -> None:
        """End the engine process at once (a hung engine); the next request starts it again."""
        with self._lock:
            engine = self._engine
        if engine is not None:
            try:
                engine.close()
            except Exception:  # the engine is gone whatever went wrong while closing it
                _log.debug("closing the analysis engine failed", exc_info=True)

    def shutdown(self, timeout_ms: int = 1000) -> bool:
        """Stop, end the engine process and the thread; True when the thread finished in time."""
        self._requests.shut_down()
        self.stop()
        self.kill_engine()
        self._thread.quit()
        finished = bool(self._thread.wait(max(0, timeout_ms)))
        if finished:
            LIVE_WORKERS.discard(self)
        else:
            _log.warning("The UCI analysis thread did not finish within %d ms", timeout_ms)
            thread = self._thread
            _PARKED_THREADS.add(thread)
            thread.finished.connect(lambda: _PARKED_THREADS.discard(thread))
        return finished

    # ------------------------------------------------------------------ worker thread
    @Slot(int, str, object, int)
    def run_analysis(self, request_id: int, fen: str, moves: object, multipv: int) -> None:
        """Analyse until stopped (worker thread); ``finished`` always follows."""
        try:
            self._analyse(request_id, fen, tuple(moves), multipv)  # type: ignore[arg-type]
        finally:
            self.finished.emit(request_id)

    def _analyse(self, request_id: int, fen: str, moves: tuple[str, ...], multipv: int) -> None:
        if self._requests.is_cancelled(request_id):
            return
        try:
            board = chess.Board(fen)
            for uci in moves:
                board.push_uci(uci)
        except ValueError as error:
            self.failed.emit(request_id, f"The position could not be set up for the engine: {error}")
            return
        try:
            engine = self._ensure_engine()
            try:
                analysis = engine.analysis(board, multipv=multipv)
            except chess.engine.EngineTerminatedError:
                # Killed or crashed since the last position: start it again once.
                self._drop_engine()
                engine = self._ensure_engine()
                analysis = engine.analysis(board, multipv=multipv)
            if not self._requests.begin(request_id, analysis):
                analysis.stop()  # stopped meanwhile: drain below so the engine is idle again
            with analysis:
                for info in analysis:
                    if self._requests.is_cancelled(request_id):
                        analysis.stop()
                        continue
                    engine_info = EngineInfo.from_info_dict(info, board, self._name)
                    if engine_info is not None:
                        self.line_info.emit(request_id, int(info.get("multipv", 1) or 1), engine_info)
                analysis.wait()
        except UciEngineError as error:
            self._finish_with_error(request_id, str(error))
            return
        except chess.engine.EngineTerminatedError:
            self._finish_with_error(
                request_id, f"The analysis engine '{self._name}' stopped unexpectedly (it crashed or was closed)."
            )
            self._drop_engine()
            return
        except chess.engine.EngineError as error:
            self._finish_with_error(
                request_id, f"The analysis engine '{self._name}' sent something that is not a valid reply: {error}"
            )
            self._drop_engine()
            return
        except (concurrent.futures.CancelledError, asyncio.CancelledError, RuntimeError) as error:
            self._finish_with_error(
                request_id,
                f"The analysis engine '{self._name}' stopped answering: {str(error).strip()}"
                if str(error).strip()
                else f"The analysis engine '{self._name}' stopped unexpectedly (it crashed or was closed).",
            )
            self._drop_engine()
            return
        self._requests.finish(request_id)

    # ------------------------------------------------------------------ helpers
    def _ensure_engine(self) -> chess.engine.SimpleEngine:
        if self._engine is not None:
            return self._engine
        engine = start_engine(self._command, self._start_timeout_s)
        with self._lock:
            shutting_down = self._requests.is_shutting_down()
            if not shutting_down:
                self._engine = engine
        if shutting_down:
            engine.close()
            raise UciEngineError("The program is closing.")
        try:
            description = describe_engine(engine, self._command)
            options = dict(self._options)
            if self._hash_mb and "Hash" in engine.options and "Hash" not in options:
                options["Hash"] = str(self._hash_mb)
            if "UCI_LimitStrength" in engine.options:
                options["UCI_LimitStrength"] = "false"  # analysis always runs at full strength
            for problem in configure_engine(engine, options):
                _log.warning("Analysis engine option not applied: %s", problem)
        except chess.engine.EngineError as error:
            self._drop_engine()
            raise UciEngineError(f"The analysis engine could not be configured: {error}") from None
        self._name = description.name
        self.engine_started.emit(description.name)
        return engine

    def _drop_engine(self) -> None:
        with self._lock:
            engine, self._engine = self._engine, None
        if engine is not None:
            try:
                engine.close()
            except Exception:
                _log.debug("closing the analysis engine failed", exc_info=True)

    def _finish_with_error(self, request_id: int, message: str) -> None:
        if not self._requests.finish(request_id):
            self.failed.emit(request_id, message)
