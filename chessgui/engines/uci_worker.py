"""An external UCI engine (e.g. Stockfish) driven by python-chess in its own QThread.

python-chess's :class:`chess.engine.SimpleEngine` talks to the engine process
from a background asyncio thread and offers blocking calls; :class:`UciWorker`
makes those calls from a QThread so the GUI never waits on the engine. Like
:class:`chessgui.engines.builtin_worker.EngineWorker`, it exchanges values only and tags
replies with the caller's request id.

Misbehaving engines are the normal case here, not the exception: a program
that is not an engine, exits at once, crashes mid-game, sends an unreadable
move or stops answering. Every one of these ends in a ``failed`` signal with a
message in plain words; the worker itself keeps running and starts the engine
again on the next request, so the game can go on (or the user can pick
another engine).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
from collections.abc import Mapping, Sequence
from typing import Any

import chess
import chess.engine
from PySide6.QtCore import QCoreApplication, QThread, Signal, Slot

from chessgui.engines.info import EngineInfo
from chessgui.engines.uci_process import (
    DEFAULT_START_TIMEOUT_S,
    UciEngineDescription,
    UciEngineError,
    close_engine,
    configure_engine,
    describe_engine,
    start_engine,
)
from chessgui.engines.worker_thread import ThreadWorker
from chessgui.game.players import GoRequest
from chessgui.i18n import QT_TRANSLATE_NOOP

_log = logging.getLogger(__name__)

# Threads whose engine start outlived shutdown(): kept referenced (a QThread destroyed
# while running aborts the process) until they finish on their own.
_PARKED_THREADS: set[QThread] = set()


READY_TIMEOUT_S = 300.0
"""How long a started engine may take to answer ``isready`` (its own start-up: our engine
compiles its code on first use, minutes on a loaded machine)."""


class UciWorker(ThreadWorker[chess.engine.SimpleAnalysisResult]):
    """Runs one external UCI engine from a dedicated QThread (see :class:`ThreadWorker`).

    Subclasses change what a request asks of the engine through the hooks
    :meth:`open_analysis`, :meth:`report` and :meth:`answer` (see
    :class:`~chessgui.engines.uci_analysis.UciAnalysisWorker`); starting, configuring,
    restarting and closing the engine, and every failure in plain words, stay here.

    Signals (delivered to the GUI thread), besides the base's:
        engine_started(object UciEngineDescription): the engine answered the handshake.
        search_info(int request_id, object EngineInfo): one per engine ``info`` line with a score.
        failed(int request_id, str message): as the base's, but request_id is -1 when no
            request was pending (start-up failure).
    """

    engine_started = Signal(object)

    #: What logs call the engine.
    engine_noun = "engine"
    #: What messages call it ("The engine 'X' stopped unexpectedly"), translated when said.
    #: (The messages name their context: self.tr() in a subclass would look under the subclass's name.)
    engine_subject_text = QT_TRANSLATE_NOOP("UciWorker", "The engine")

    def __init__(
        self,
        path: str | Sequence[str],
        options: Mapping[str, str] | None = None,
        start_timeout_s: float = DEFAULT_START_TIMEOUT_S,
        hash_mb: int | None = None,
        thread_name: str = "uci-engine",
    ) -> None:
        """``options`` are set where the engine offers them; ``hash_mb`` becomes "Hash" if offered."""
        super().__init__(thread_name)
        self._path = path
        self._options = dict(options or {})
        self._hash_mb = hash_mb
        self._start_timeout_s = start_timeout_s
        self._lock = threading.Lock()  # guards _engine, which kill_engine() reads from the GUI thread
        self._engine: chess.engine.SimpleEngine | None = None
        self._description: UciEngineDescription | None = None
        self._game_key: object = object()
        self._last_game: tuple[str, tuple[str, ...]] | None = None
        self._start_thread()

    # ------------------------------------------------------------------ GUI-thread API
    def description(self) -> UciEngineDescription | None:
        """The engine's name and options once it has started."""
        return self._description

    def interrupt(self, handle: chess.engine.SimpleAnalysisResult) -> None:
        """Send ``stop`` to the thinking engine."""
        try:
            handle.stop()
        except (chess.engine.EngineTerminatedError, RuntimeError):
            pass  # already gone (or its event loop closed): nothing left to stop

    def kill_engine(self) -> None:
        """End the engine process at once (a hung engine); the next request starts it again."""
        with self._lock:
            engine = self._engine
        if engine is not None:
            close_engine(engine)  # closes the transport, which kills the process

    def release(self) -> None:
        self.kill_engine()

    def thread_outlived_shutdown(self, timeout_ms: int) -> None:
        # Most likely still inside the engine's start-up handshake, which cannot be
        # interrupted; it ends within the start timeout and then closes the engine.
        super().thread_outlived_shutdown(timeout_ms)
        # Pruned here, in the GUI thread: a lambda on the thread's ``finished`` would run in the
        # ending thread itself, and could drop the last reference to its own QThread there.
        _PARKED_THREADS.difference_update([thread for thread in _PARKED_THREADS if thread.isFinished()])
        _PARKED_THREADS.add(self._thread)

    # ------------------------------------------------------------------ worker thread
    @Slot()
    def _on_thread_started(self) -> None:
        try:
            self._ensure_engine()
        except UciEngineError as error:
            if not self._requests.is_shutting_down():
                self.failed.emit(-1, str(error))

    @Slot(int, str, object, object)
    def start_search(self, request_id: int, fen: str, moves: object, limit: object) -> None:
        """Run one search (worker thread): infos as they come, then the best move."""
        if self._requests.is_cancelled(request_id):
            return
        try:
            engine = self._ensure_engine()
        except UciEngineError as error:
            if not self._requests.is_cancelled(request_id):
                self.failed.emit(request_id, str(error))
            return
        moves = tuple(moves)  # type: ignore[arg-type]
        try:
            board = GoRequest(request_id, fen, moves).board()
        except ValueError as error:
            self.failed.emit(
                request_id,
                QCoreApplication.translate(
                    "UciWorker", "The position could not be set up for the engine: {error}"
                ).format(error=error),
            )
            return
        name = self._description.name if self._description else "UCI engine"
        subject = self.engine_subject()
        analysis: chess.engine.SimpleAnalysisResult | None = None
        try:
            try:
                analysis = self.open_analysis(engine, board, fen, moves, limit)
            except chess.engine.EngineTerminatedError:
                # The engine died since the last move (crash, or killed by the watchdog): start afresh once.
                self._drop_engine()
                engine = self._ensure_engine()
                analysis = self.open_analysis(engine, board, fen, moves, limit)
            if not self._requests.begin(request_id, analysis):
                # Stopped while the engine was being asked: end its search, then let the
                # loop below drain it so the engine is idle for the next request.
                analysis.stop()
            with analysis:
                for info in analysis:
                    if self._requests.is_cancelled(request_id):
                        analysis.stop()
                        continue
                    self.report(request_id, info, board, name)
                best = analysis.wait()
        except UciEngineError as error:
            self._finish_with_error(request_id, str(error))
            return
        except chess.engine.EngineTerminatedError:
            if analysis is not None:
                self._report_unread_lines(request_id, analysis, board, name)
            self._finish_with_error(
                request_id,
                QCoreApplication.translate(
                    "UciWorker", "{subject} '{name}' stopped unexpectedly (it crashed or was closed)."
                ).format(subject=subject, name=name),
            )
            self._drop_engine()
            return
        except chess.engine.EngineError as error:
            self._finish_with_error(
                request_id,
                QCoreApplication.translate(
                    "UciWorker", "{subject} '{name}' sent something that is not a valid reply: {error}"
                ).format(subject=subject, name=name, error=error),
            )
            self._drop_engine()
            return
        except (concurrent.futures.CancelledError, asyncio.CancelledError, RuntimeError) as error:
            # The engine's event loop went away under us (killed during shutdown or by the watchdog).
            # A bare CancelledError has no text (a kill -9 mid-search): say it in words.
            detail = str(error).strip()
            self._finish_with_error(
                request_id,
                QCoreApplication.translate("UciWorker", "{subject} '{name}' stopped answering: {detail}").format(
                    subject=subject, name=name, detail=detail
                )
                if detail
                else QCoreApplication.translate(
                    "UciWorker", "{subject} '{name}' stopped unexpectedly (it crashed or was closed)."
                ).format(subject=subject, name=name),
            )
            self._drop_engine()
            return
        if self._requests.finish(request_id):
            return  # stopped: the caller no longer wants this move
        self.answer(request_id, best, board, name)

    # ------------------------------------------------------------------ hooks (worker thread)
    def open_analysis(
        self,
        engine: chess.engine.SimpleEngine,
        board: chess.Board,
        fen: str,
        moves: tuple[str, ...],
        limit: object,
    ) -> chess.engine.SimpleAnalysisResult:
        """Start the engine on ``board`` (reached by ``moves`` from ``fen``) for ``limit``: a game move."""
        if (
            self._last_game is None
            or self._last_game[0] != fen
            or moves[: len(self._last_game[1])] != self._last_game[1]
        ):
            self._game_key = object()  # not a continuation: python-chess sends ucinewgame
        self._last_game = (fen, moves)
        return engine.analysis(board, limit, game=self._game_key)  # type: ignore[arg-type]

    def report(self, request_id: int, info: chess.engine.InfoDict, board: chess.Board, name: str) -> None:
        """Pass one engine ``info`` on (``search_info``, for lines with a depth and a score)."""
        engine_info = EngineInfo.from_info_dict(info, board, name)
        if engine_info is not None:
            self.search_info.emit(request_id, engine_info)

    def answer(self, request_id: int, best: chess.engine.BestMove, board: chess.Board, name: str) -> None:
        """The search ended on its own and is still wanted: reply with its move (``best_move``)."""
        if best.move is None:
            self.failed.emit(
                request_id,
                QCoreApplication.translate("UciWorker", "The engine '{name}' did not choose a move.").format(name=name),
            )
            return
        if best.move not in board.legal_moves:  # python-chess already checks; never trust twice-removed input
            self.failed.emit(
                request_id,
                QCoreApplication.translate("UciWorker", "The engine '{name}' chose an illegal move ({uci}).").format(
                    name=name, uci=best.move.uci()
                ),
            )
            return
        self.best_move.emit(request_id, best.move.uci())

    # ------------------------------------------------------------------ helpers
    def _ensure_engine(self) -> chess.engine.SimpleEngine:
        if self._engine is not None:
            return self._engine
        engine = start_engine(self._path, self._start_timeout_s)
        # Decided under _lock so shutdown's kill_engine() either finds this engine or
        # we see the shutdown here and close it ourselves: no orphan engine process.
        with self._lock:
            shutting_down = self._requests.is_shutting_down()
            if not shutting_down:
                self._engine = engine
        if shutting_down:
            engine.close()
            raise UciEngineError(QCoreApplication.translate("UciWorker", "The program is closing."))
        self._install_error_handler(engine)
        try:
            self._description = describe_engine(engine, self._path)
            for problem in configure_engine(engine, self.engine_options(engine)):
                _log.warning("%s option not applied: %s", self.engine_noun.capitalize(), problem)
            # isready: many engines (ours) load or compile their code after the handshake.
            # Ready means able to think at once, so the game clock and the watchdog wait for
            # it, with a limit of its own (a cold compile on a loaded machine takes long).
            handshake_timeout, engine.timeout = engine.timeout, max(READY_TIMEOUT_S, engine.timeout or 0.0)
            try:
                engine.ping()
            except TimeoutError:
                self._drop_engine()
                raise UciEngineError(
                    QCoreApplication.translate("UciWorker", "{subject} did not get ready within {seconds} s.").format(
                        subject=self.engine_subject(), seconds=f"{READY_TIMEOUT_S:.0f}"
                    )
                ) from None
            finally:
                engine.timeout = handshake_timeout
        except chess.engine.EngineTerminatedError:
            # Died or was killed while starting (a crash, the watchdog, the user): say so in words,
            # not python-chess's ("engine event loop dead", "exit code: 1").
            self._drop_engine()
            raise UciEngineError(
                QCoreApplication.translate(
                    "UciWorker", "{subject} stopped unexpectedly while starting (it crashed or was closed)."
                ).format(subject=self.engine_subject())
            ) from None
        except chess.engine.EngineError as error:
            self._drop_engine()
            raise UciEngineError(
                QCoreApplication.translate("UciWorker", "{subject} could not be configured: {error}").format(
                    subject=self.engine_subject(), error=error
                )
            ) from None
        self.engine_started.emit(self._description)
        return engine

    def engine_subject(self) -> str:
        """ "The engine" or "The analysis engine", in the UI's language (starts a sentence)."""
        return QCoreApplication.translate("UciWorker", self.engine_subject_text)

    def engine_options(self, engine: chess.engine.SimpleEngine) -> dict[str, str]:
        """The options to set on a freshly started engine: the caller's, and "Hash" if it offers one."""
        options = dict(self._options)
        if self._hash_mb and "Hash" in engine.options and "Hash" not in options:
            options["Hash"] = str(self._hash_mb)
        return options

    def _install_error_handler(self, engine: chess.engine.SimpleEngine) -> None:
        # python-chess reports a bad "bestmove" during analysis to the event loop's
        # exception handler only, and the analysis then never finishes. Route the
        # error into the running analysis so the worker sees it at once.
        # The handler runs on the engine's event loop while the failing command is still
        # the protocol's current one, so its analysis is found there (no race with us).
        def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
            error = context.get("exception")
            command = getattr(context.get("protocol"), "command", None)
            inner = getattr(command, "analysis", None)
            if isinstance(error, chess.engine.EngineError) and isinstance(inner, chess.engine.AnalysisResult):
                if not inner._finished.done():  # noqa: SLF001 - no public way to fail an analysis
                    _log.warning("Engine error during analysis: %s", error)
                    inner.set_exception(error)
                return
            loop.default_exception_handler(context)

        loop = engine.protocol.loop
        loop.call_soon_threadsafe(loop.set_exception_handler, handler)

    def _report_unread_lines(
        self, request_id: int, analysis: chess.engine.SimpleAnalysisResult, board: chess.Board, name: str
    ) -> None:
        # python-chess ends the engine's event loop with its process, and reports still in its
        # queue can then no longer be read ("engine event loop dead"): the last lines an engine
        # said before it crashed were lost. Its per-line summary (the latest report of each
        # MultiPV rank) is still there; the loop is gone, so nothing writes to it any more.
        if self._requests.is_cancelled(request_id):
            return
        for info in analysis.inner.multipv:
            if info:
                self.report(request_id, dict(info), board, name)  # type: ignore[arg-type]

    def _drop_engine(self) -> None:
        # Every caller has already finished its request in the ledger (or never began one).
        with self._lock:
            engine, self._engine = self._engine, None
        if engine is not None:
            close_engine(engine)

    def _finish_with_error(self, request_id: int, message: str) -> None:
        if not self._requests.finish(request_id):
            self.failed.emit(request_id, message)
