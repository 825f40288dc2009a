"""Game review: analyse every position of a game in the background and annotate the game.

:class:`ReviewJob` (GUI thread) collects the positions of the game's main line, answers
what it can from its cache (finished positions need no engine), and sends the rest to a
:class:`ReviewWorker` in its own QThread. Each evaluation that comes back is turned into
annotations (``[%eval]``, a judgement NAG, "Best was …") written through the controller:
review never goes through the game's players and never changes the moves.

Only values cross threads (FEN/UCI strings, frozen dataclasses); every run carries a job id
so replies of a cancelled run are dropped. The built-in engine searches in Numba with the
GIL released, so the GUI stays responsive. An external UCI engine that crashes or stops
answering ends the run with a message in plain words; the evaluations so far stay in the
game and in the cache. The worker thread lives in :mod:`chessgui.engines.review_worker`.
"""

from __future__ import annotations

from dataclasses import dataclass

import chess
from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot

from chessgui.engines.review_worker import ReviewRun, ReviewWorker
from chessgui.game.controller import GameController
from chessgui.game.review import PositionEval, review_move, terminal_eval
from chessgui.storage.analysis_settings import engine_choices
from chessgui.storage.book import book_plies
from chessgui.storage.settings import Settings

DEFAULT_ANSWER_GRACE_S = 10.0
"""A UCI engine that has not answered this long after its time is up is considered hung."""


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
            QCoreApplication.translate("ReviewLimit", "depth {depth}").format(depth=self.depth)
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


def normalized_fen(board: chess.Board) -> str:
    """The FEN without the move counters: the same position reached at another move is the same entry."""
    return " ".join(board.fen().split()[:4])


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
        self._worker: ReviewWorker | None = None
        self._cache: dict[tuple[str, str, str], PositionEval] = {}
        self._job_id = 0
        self._running = False
        self._evals: list[PositionEval | None] = []
        self._keys: list[tuple[str, str, str]] = []
        self._limit = ReviewLimit(depth=12)
        self._seconds_used: list[float] = []
        self._book_plies = 0
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
        self._book_plies = book_plies(board, moves)
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
            self._worker = ReviewWorker(self._answer_grace_s)
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
        """Write the evaluation of position ``ply`` and, when the one before is known, the move's judgement.

        Book moves (:func:`book_plies`) get the evaluation only: a quick search's verdict on known
        theory ("4. Bxc6?! Best was Ba4") is noise to the reader, so lichess skips them too.
        """
        after = self._evals[ply]
        if after is None or ply > self._controller.live_ply():
            return
        nag = best_san = None
        before = self._evals[ply - 1] if ply > 0 else None
        if before is not None and ply > self._book_plies:
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
