"""Game review: analyse every position of a game in the background and annotate the game.

:class:`ReviewJob` (GUI thread) collects the positions of the game's main line, answers
what it can from its cache (finished positions need no engine), and sends the rest to a
:class:`_ReviewWorker` in its own QThread. Each evaluation that comes back is turned into
annotations (``[%eval]``, a judgement NAG, "Best was …") written through the controller:
review never goes through the game's players and never changes the moves.

Only values cross threads (FEN/UCI strings, frozen dataclasses); every run carries a job id
so replies of a cancelled run are dropped. The built-in engine searches in Numba with the
GIL released, so the GUI stays responsive. An external UCI engine that crashes or stops
answering ends the run with a message in plain words; the evaluations so far stay in the
game and in the cache.
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
from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot

from chessgui.engines.uci_process import UciEngineError, close_engine, configure_engine, start_engine
from chessgui.engines.worker_thread import ThreadWorker

if TYPE_CHECKING:  # engine/ is imported only when used
    from engine.searcher import Searcher
from chessgui.game.controller import GameController
from chessgui.game.review import PositionEval, review_move, terminal_eval
from chessgui.storage.analysis_settings import engine_choices
from chessgui.storage.settings import Settings

_log = logging.getLogger(__name__)

DEFAULT_ANSWER_GRACE_S = 10.0
"""A UCI engine that has not answered this long after its time is up is considered hung."""
DEPTH_MODE_CAP_S = 120.0
"""A UCI engine asked for a depth gets at most this long per position (so a hang is noticed)."""
REVIEW_MULTIPV = 2
"""Two lines: the best move, and the second best to recognise the only good move (``!``)."""


@dataclass(frozen=True, slots=True)
class ReviewLimit:
    """How long to analyse each position: a depth or a time (one of them)."""

    depth: int | None = None
    """Search depth in plies per position."""
    movetime_ms: int | None = None
    """Thinking time per position in milliseconds."""

    def key(self) -> str:
        """Part of the cache key: results at another depth or time are not reused."""
        return f"d{self.depth}" if self.depth is not None else f"t{self.movetime_ms}"

    def describe(self) -> str:
        """ "depth 12" or "0.5 s per move"."""
        return (
            f"depth {self.depth}"
            if self.depth is not None
            else QCoreApplication.translate("ReviewLimit", "{movetime_ms:g} s per move").format(
                movetime_ms=(self.movetime_ms or 0) / 1000
            )
        )


@dataclass(frozen=True, slots=True)
class ReviewEngine:
    """Which engine reviews: the built-in one (no path) or an external UCI engine."""

    uci_path: str = ""
    """The UCI engine's program; empty for the built-in engine (at full strength)."""
    uci_options: tuple[tuple[str, str], ...] = ()
    """UCI options set where the engine offers them."""
    name: str = "Built-in engine"
    """Shown in messages."""

    def key(self) -> str:
        """Part of the cache key."""
        return f"uci:{self.uci_path}:{self.uci_options}" if self.uci_path else "builtin"


def review_engines(settings: Settings) -> list[ReviewEngine]:
    """The engines that may review: the analysis choices (built-in first, each side's UCI engine at full strength)."""
    return [ReviewEngine(choice.uci_command, choice.uci_options, choice.label) for choice in engine_choices(settings)]


@dataclass(frozen=True, slots=True)
class ReviewTask:
    """One position to analyse: the one after ``moves`` from ``start_fen``."""

    index: int
    """Its ply in the game (0 = the start position)."""
    start_fen: str
    """The game's start position."""
    moves: tuple[str, ...]
    """UCI moves from the start up to the position (history for repetitions)."""


def normalized_fen(board: chess.Board) -> str:
    """The FEN without the move counters: the same position reached at another move is the same entry."""
    return " ".join(board.fen().split()[:4])


# ---------------------------------------------------------------------- worker thread


@dataclass(frozen=True, slots=True)
class ReviewRun:
    """What one review request asks the worker: which positions of the game, how long, which engine."""

    indices: tuple[int, ...]
    """The plies to analyse (0 = the start position), in order."""
    limit: ReviewLimit
    """How long each position is analysed."""
    engine: ReviewEngine
    """The engine that analyses."""


class _ReviewWorker(ThreadWorker[Callable[[], None]]):
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


# ---------------------------------------------------------------------- GUI thread


class ReviewJob(QObject):
    """Reviews the controller's game: every main-line position, then annotations through the controller.

    Signals:
        progress_changed(int done, int total, float seconds_left): after every position (seconds_left < 0: unknown).
        running_changed(bool): a review started or ended (finished, cancelled or failed).
        finished(): every position was analysed and annotated.
        failed(str): the engine failed (plain words); what was analysed so far is kept.
    """

    progress_changed = Signal(int, int, float)
    running_changed = Signal(bool)
    finished = Signal()
    failed = Signal(str)

    def __init__(
        self, controller: GameController, parent: QObject | None = None, answer_grace_s: float = DEFAULT_ANSWER_GRACE_S
    ) -> None:
        super().__init__(parent)
        self._controller = controller
        self._answer_grace_s = answer_grace_s
        self._worker: _ReviewWorker | None = None
        self._cache: dict[tuple[str, str, str], PositionEval] = {}
        self._job_id = 0
        self._running = False
        self._evals: list[PositionEval | None] = []
        self._keys: list[tuple[str, str, str]] = []
        self._limit = ReviewLimit(depth=12)
        self._seconds_used: list[float] = []
        self._todo = 0
        controller.game_started.connect(self.cancel)
        controller.move_taken_back.connect(self.cancel)

    def is_running(self) -> bool:
        """True while a review is under way."""
        return self._running

    def cache_size(self) -> int:
        """Positions whose evaluation is remembered (re-running over them is free)."""
        return len(self._cache)

    def analysis_seconds(self) -> float:
        """Time the engine spent on the positions of the current (or last) review, in seconds."""
        return sum(self._seconds_used)

    def evaluations(self) -> list[PositionEval | None]:
        """The evaluation of each position of the reviewed game so far (None: not yet)."""
        return list(self._evals)

    def start(self, limit: ReviewLimit, engine: ReviewEngine | None = None) -> None:
        """Review the game's main line up to the live position (a running review is cancelled first)."""
        engine = engine or ReviewEngine()
        self.cancel()
        self._job_id += 1
        self._limit = limit
        controller = self._controller
        start_fen = controller.start_fen()
        board = controller.game().board()
        moves = [node.move for node in controller.game().mainline()][: controller.live_ply()]
        self._evals = []
        self._keys = []
        todo: list[int] = []
        for index in range(len(moves) + 1):
            if index:
                board.push(moves[index - 1])
            key = (normalized_fen(board), engine.key(), limit.key())
            self._keys.append(key)
            known = self._cache.get(key) or terminal_eval(board)
            self._evals.append(known)
            if known is None:
                todo.append(index)
        for index, known in enumerate(self._evals):
            if known is not None:
                self._annotate(index)
        self._seconds_used = []
        self._todo = len(todo)
        if not todo:
            self.progress_changed.emit(len(self._evals), len(self._evals), 0.0)
            self.finished.emit()
            return
        if self._worker is None:
            self._worker = _ReviewWorker(self._answer_grace_s)
            self._worker.position_done.connect(self.on_position_done)
            self._worker.failed.connect(self.on_worker_failed)
            self._worker.search_ended.connect(self.on_worker_finished)
        self._set_running(True)
        self._emit_progress()
        game_moves = tuple(move.uci() for move in moves)
        self._worker.request_search(self._job_id, start_fen, game_moves, ReviewRun(tuple(todo), limit, engine))

    def cancel(self) -> None:
        """Stop the review; what is analysed so far stays in the game and in the cache."""
        if not self._running:
            return
        if self._worker is not None:
            self._worker.stop(self._job_id)
        self._set_running(False)

    def shutdown(self) -> None:
        """End the worker thread (before the window closes)."""
        self.cancel()
        if self._worker is not None:
            self._worker.shutdown()
            self._worker = None

    # ------------------------------------------------------------------ worker replies
    @Slot(int, int, object, float)
    def on_position_done(self, job_id: int, index: int, result: PositionEval, seconds: float) -> None:
        """One position analysed: remember it, annotate its move and the next one."""
        if job_id != self._job_id or not self._running or index >= len(self._evals):
            return
        self._cache[self._keys[index]] = result
        self._evals[index] = result
        self._seconds_used.append(seconds)
        self._annotate(index)
        if index + 1 < len(self._evals) and self._evals[index + 1] is not None:
            self._annotate(index + 1)
        self._emit_progress()

    @Slot(int)
    def on_worker_finished(self, job_id: int) -> None:
        """The run ended; while it still counts as running (no failure, no cancel), every position was analysed."""
        if job_id != self._job_id or not self._running:
            return
        self._set_running(False)
        self.finished.emit()

    @Slot(int, str)
    def on_worker_failed(self, job_id: int, message: str) -> None:
        """The engine failed: stop, keep the game and the analysis so far, say why."""
        if job_id != self._job_id or not self._running:
            return
        self._set_running(False)
        self.failed.emit(message)

    # ------------------------------------------------------------------ helpers
    def _annotate(self, ply: int) -> None:
        """Write the evaluation of position ``ply`` and, when the one before is known, the move's judgement."""
        after = self._evals[ply]
        if after is None or ply > self._controller.live_ply():
            return
        nag = best_san = None
        before = self._evals[ply - 1] if ply > 0 else None
        if before is not None:
            node = self._controller.node_at_ply(ply)
            assert node.parent is not None and node.move is not None
            review = review_move(node.parent.board(), node.move, before, after, ply)
            nag = review.judgement.nag
            best_san = review.best_san if review.judgement.is_error else None
        self._controller.tree_editor.set_review_annotation(ply, after.score, after.depth, nag, best_san)

    def _emit_progress(self) -> None:
        total = len(self._evals)
        done = sum(1 for result in self._evals if result is not None)
        remaining = total - done
        # Unknown until the first position comes back (the engine may still be starting).
        per_position = sum(self._seconds_used) / len(self._seconds_used) if self._seconds_used else -1.0
        left = remaining * per_position if per_position >= 0 else -1.0
        self.progress_changed.emit(done, total, left)

    def _set_running(self, running: bool) -> None:
        if running != self._running:
            self._running = running
            self.running_changed.emit(running)
