"""Game review's worker thread: analyses positions of a game one after the other, with the
built-in engine (in Numba, GIL released) or an external UCI engine.

:class:`ReviewWorker` serves :class:`~chessgui.engines.review.ReviewJob` (GUI thread): a request
is a whole run (:class:`ReviewRun`); each evaluation comes back as a
:class:`~chessgui.game.review.PositionEval` by ``position_done``. Only values cross threads.
An engine that crashes, fails or stops answering ends the run with a message in plain words
(:func:`_failure_words`), never with an exception in Qt.
"""

from __future__ import annotations

import concurrent.futures
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import chess
import chess.engine
from PySide6.QtCore import QCoreApplication, Signal, Slot

from chessgui.engines.uci_process import UciEngineError, close_engine, configure_engine, start_engine
from chessgui.engines.worker_thread import ThreadWorker
from chessgui.game.review import PositionEval

if TYPE_CHECKING:
    # The run's settings belong to the job's module, which imports this one: for type checking only.
    from chessgui.engines.review import ReviewEngine, ReviewLimit
    from engine.searcher import Searcher  # engine/ is imported only when used

_log = logging.getLogger(__name__)

DEPTH_MODE_CAP_S = 120.0
"""A UCI engine asked for a depth gets at most this long per position (so a hang is noticed)."""
REVIEW_MULTIPV = 2
"""Two lines: the best move, and the second best to recognise the only good move (``!``)."""


@dataclass(frozen=True, slots=True)
class ReviewTask:
    """One position to analyse: the one after ``moves`` from ``start_fen``."""

    index: int
    """Its ply in the game (0 = the start position)."""
    start_fen: str
    """The game's start position."""
    moves: tuple[str, ...]
    """UCI moves from the start up to the position (history for repetitions)."""


@dataclass(frozen=True, slots=True)
class ReviewRun:
    """What one review request asks the worker: which positions of the game, how long, which engine."""

    indices: tuple[int, ...]
    """The plies to analyse (0 = the start position), in order."""
    limit: ReviewLimit
    """How long each position is analysed."""
    engine: ReviewEngine
    """The engine that analyses."""


class ReviewWorker(ThreadWorker[Callable[[], None]]):
    """Analyses positions of a game in its own thread, one after the other (see :class:`ThreadWorker`).

    A request is a whole run: ``request_search(job_id, start_fen, moves, ReviewRun)``; the
    base's ``failed`` ends it with plain words, ``search_ended`` follows it in every case
    (after a ``failed`` or a stop too, so alone it means every position was analysed).
    Its handle in the ledger interrupts whichever engine runs.
    """

    position_done = Signal(int, int, object, float)  # job id, index, PositionEval, seconds used

    def __init__(self, answer_grace_s: float) -> None:
        super().__init__("review-worker")
        self._answer_grace_s = answer_grace_s
        self._lock = threading.Lock()  # guards _searcher and _uci, which interrupt() reads from the GUI thread
        self._searcher: Searcher | None = None  # the built-in engine, created in the worker thread
        self._uci: chess.engine.SimpleEngine | None = None
        self._uci_key = ""
        self._start_thread()

    # GUI thread
    def interrupt(self, handle: Callable[[], None]) -> None:
        handle()

    def release(self) -> None:
        self._close_uci()

    def _interrupt_engine(self) -> None:
        with self._lock:
            searcher, uci = self._searcher, self._uci
        if searcher is not None:
            searcher.stop()
        if uci is not None:
            self._close_uci()  # a UCI search cannot be cut short reliably: end the process

    # worker thread
    @Slot(int, str, object, object)
    def start_search(self, request_id: int, fen: str, moves: object, limit: object) -> None:
        """Analyse the run's positions (``limit`` is a :class:`ReviewRun`): ``position_done`` for each."""
        assert isinstance(limit, ReviewRun)
        assert isinstance(moves, tuple)  # the base sends the request's moves as a tuple of UCI strings
        game_moves: tuple[str, ...] = moves
        if not self._requests.begin(request_id, self._interrupt_engine):
            return
        for index in limit.indices:
            task = ReviewTask(index, fen, game_moves[:index])
            if self._requests.is_cancelled(request_id):
                break
            started = time.perf_counter()
            try:
                result = self._analyse(task, limit.limit, limit.engine)
            except Exception as error:  # every engine failure ends in plain words, never in Qt
                _log.warning("Review analysis failed: %s", error)
                self._close_uci()
                if not self._requests.finish(request_id):
                    self.failed.emit(
                        request_id, _failure_words(limit.engine, task, limit.limit, error, self._answer_grace_s)
                    )
                return
            if self._requests.is_cancelled(request_id):
                break
            self.position_done.emit(request_id, task.index, result, time.perf_counter() - started)
        self._requests.finish(request_id)

    def _analyse(self, task: ReviewTask, limit: ReviewLimit, engine: ReviewEngine) -> PositionEval:
        board = chess.Board(task.start_fen)
        for uci in task.moves:
            board.push_uci(uci)
        if engine.uci_path:
            return self._analyse_uci(board, limit, engine)
        return self._analyse_builtin(task, board, limit)

    def _analyse_builtin(self, task: ReviewTask, board: chess.Board, limit: ReviewLimit) -> PositionEval:
        from engine.api import SearchLimit  # the engine is imported only when used

        if self._searcher is None:
            import engine as builtin

            searcher = builtin.Searcher(hash_mb=64)
            with self._lock:
                self._searcher = searcher
        result = self._searcher.search(
            task.start_fen,
            task.moves,
            SearchLimit(depth=limit.depth, movetime_ms=limit.movetime_ms, multipv=REVIEW_MULTIPV),
        )
        if not result.lines:
            raise RuntimeError(self.tr("the engine returned no evaluation"))
        best, *others = result.lines
        return PositionEval(
            score=_pov(best.score_cp, best.mate_in, board.turn),
            best_move=result.best_move,
            second_score=_pov(others[0].score_cp, others[0].mate_in, board.turn) if others else None,
            depth=best.depth,
        )

    def _analyse_uci(self, board: chess.Board, limit: ReviewLimit, engine: ReviewEngine) -> PositionEval:
        uci = self._ensure_uci(engine)
        if limit.depth is not None:
            uci_limit = chess.engine.Limit(depth=limit.depth, time=DEPTH_MODE_CAP_S)
        else:
            uci_limit = chess.engine.Limit(time=(limit.movetime_ms or 0) / 1000)
        # An engine without MultiPV still reviews; only the "only good move" mark needs it.
        multipv = REVIEW_MULTIPV if "MultiPV" in uci.options else None
        infos = uci.analyse(board, uci_limit, multipv=multipv)
        if isinstance(infos, dict):
            infos = [infos]
        if not infos or "score" not in infos[0]:
            raise RuntimeError(self.tr("the engine gave no score"))
        best = infos[0]
        pv = best.get("pv") or []
        second = infos[1].get("score") if len(infos) > 1 else None
        return PositionEval(
            score=best["score"], best_move=pv[0].uci() if pv else None, second_score=second, depth=best.get("depth")
        )

    def _ensure_uci(self, engine: ReviewEngine) -> chess.engine.SimpleEngine:
        if self._uci is not None and self._uci_key == engine.key():
            return self._uci
        self._close_uci()
        uci = start_engine(engine.uci_path, self._answer_grace_s)
        configure_engine(uci, dict(engine.uci_options))
        with self._lock:
            self._uci, self._uci_key = uci, engine.key()
        return uci

    def _close_uci(self) -> None:
        with self._lock:
            uci, self._uci = self._uci, None
        if uci is not None:
            close_engine(uci)


def _pov(cp: int | None, mate: int | None, turn: chess.Color) -> chess.engine.PovScore:
    score = chess.engine.Mate(mate) if mate is not None else chess.engine.Cp(cp or 0)
    return chess.engine.PovScore(score, turn)


def _failure_words(engine: ReviewEngine, task: ReviewTask, limit: ReviewLimit, error: Exception, grace: float) -> str:
    where = (
        QCoreApplication.translate("review", "at move {index}").format(index=task.index // 2 + 1)
        if task.index
        else QCoreApplication.translate("review", "at the start position")
    )
    if isinstance(error, UciEngineError):
        reason = str(error)
    elif isinstance(error, chess.engine.EngineTerminatedError):
        reason = QCoreApplication.translate("review", "{name} stopped working (it crashed or quit) {where}.").format(
            name=engine.name, where=where
        )
    elif isinstance(error, (TimeoutError, concurrent.futures.TimeoutError)):
        reason = QCoreApplication.translate(
            "review", "{name} stopped answering {where} (nothing for {grace:g} s after its time, {description})."
        ).format(name=engine.name, where=where, grace=grace, description=limit.describe())
    else:
        reason = QCoreApplication.translate("review", "{name} failed {where}: {error}").format(
            name=engine.name, where=where, error=error
        )
    return QCoreApplication.translate(
        "review", "{reason} The review stopped; the game and the analysis so far are kept."
    ).format(reason=reason)
