"""Analysis mode: an engine searching the shown position without a time limit, several lines at once.

:class:`PositionAnalyser` is a job on a position, never a player in the game:
it is told which position the board shows (:meth:`PositionAnalyser.analyse`),
restarts at once when that changes, and reports the best lines (MultiPV) as
:class:`AnalysisSnapshot` values, scores from White's view. What the user does
with the lines (arrows, playing one as a variation) is the window's business.

Engines: the built-in one runs in its own
:class:`~chessgui.engines.builtin_worker.EngineWorker` (never the game's, so the
computer player's search and hash table are untouched) with
``SearchLimit(infinite=True, multipv=N)``; an external UCI engine runs in a
:class:`~chessgui.engines.uci_analysis.UciAnalysisWorker`. Both always search
at full strength.

Stopping is instant for the user: the request id is dropped at once, so no
late report is shown. An external engine that does not stop when asked within
:data:`STOP_TIMEOUT_MS` is taken for hung: its process is ended and the user is
told. A failure stops the analysis but keeps the lines found so far.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import chess
from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal, Slot

from chessgui.engines.builtin_worker import EngineWorker
from chessgui.engines.info import EngineInfo
from chessgui.engines.uci_analysis import UciAnalysisWorker
from chessgui.engines.uci_process import UciEngineDescription
from chessgui.storage.analysis_settings import BUILTIN_ENGINE_LABEL, AnalysisEngineChoice

#: How long an external engine gets to stop a search before it is taken for hung.
STOP_TIMEOUT_MS = 2500

#: The panel is redrawn at most this often (engines such as Stockfish report many times a second).
PUBLISH_INTERVAL_MS = 60

#: Hash size of the built-in analysis engine.
BUILTIN_HASH_MB = 64

MIN_LINES, MAX_LINES = 1, 5

BUILTIN_NAME = BUILTIN_ENGINE_LABEL


#: Which engine analyses: one of the choices the analysis settings offer.
AnalysisEngineSpec = AnalysisEngineChoice


@dataclass(frozen=True, slots=True)
class AnalysisSnapshot:
    """What the analysis knows about one position now."""

    fen: str
    """The analysed position."""
    lines: tuple[EngineInfo, ...] = ()
    """The best lines found so far, best first (scores from White's view)."""
    engine_name: str = BUILTIN_NAME
    """The analysing engine's name."""
    running: bool = False
    """True while the engine is still searching."""
    note: str = ""
    """Plain words when there is nothing to analyse or the analysis failed."""
    board: chess.Board = field(default_factory=chess.Board, compare=False)
    """The analysed position (a copy; do not change it)."""


class PositionAnalyser(QObject):
    """Analyses one position at a time until stopped; see the module docstring.

    Signals:
        snapshot_changed(object AnalysisSnapshot): the lines (or the state) changed.
        running_changed(bool): the analysis started or stopped.
        failed(str message): the engine crashed, hung or could not start (plain words);
            the analysis is stopped and its lines so far are kept.
    """

    snapshot_changed = Signal(object)
    running_changed = Signal(bool)
    failed = Signal(str)

    def __init__(
        self,
        parent: QObject | None = None,
        builtin_factory: Callable[[], EngineWorker] | None = None,
        uci_factory: Callable[[AnalysisEngineSpec], UciAnalysisWorker] | None = None,
        stop_timeout_ms: int = STOP_TIMEOUT_MS,
    ) -> None:
        """The factories create the engine workers (tests pass fakes)."""
        super().__init__(parent)
        self._builtin_factory = builtin_factory or (lambda: EngineWorker(hash_mb=BUILTIN_HASH_MB))
        self._uci_factory = uci_factory or _default_uci_worker
        self._spec = AnalysisEngineSpec()
        self._multipv = 3
        self._worker: Any = None  # EngineWorker or UciAnalysisWorker, created on first use
        self._ids = itertools.count(1)
        self._request_id: int | None = None
        self._board: chess.Board | None = None
        self._lines: dict[int, EngineInfo] = {}  # latest report per line rank
        self._complete: tuple[EngineInfo, ...] = ()  # the last set of lines all from one iteration
        self._snapshot: AnalysisSnapshot | None = None
        self._engine_name = BUILTIN_NAME
        # Stopped UCI requests not yet confirmed finished: request id -> when we gave up on them.
        self._stopping: set[int] = set()
        self._stop_watchdog = QTimer(self)
        self._stop_watchdog.setSingleShot(True)
        self._stop_watchdog.setInterval(max(1, stop_timeout_ms))
        self._stop_watchdog.timeout.connect(self._on_stop_timeout)
        self._publish_timer = QTimer(self)
        self._publish_timer.setSingleShot(True)
        self._publish_timer.setInterval(PUBLISH_INTERVAL_MS)
        self._publish_timer.timeout.connect(self._publish)

    # ------------------------------------------------------------------ queries
    def is_running(self) -> bool:
        """True while an engine searches a position."""
        return self._request_id is not None

    def snapshot(self) -> AnalysisSnapshot | None:
        """The latest published state (None before the first analysis)."""
        return self._snapshot

    def lines(self) -> tuple[EngineInfo, ...]:
        """The current lines, best first (also after a stop or a failure).

        Lines arrive one by one (UCI ``multipv K``), so between two reports the ranks can
        mix iterations and name the same root move twice; only sets whose lines all come
        from one depth are shown.
        """
        return self._complete

    def multipv(self) -> int:
        """How many lines are asked for."""
        return self._multipv

    # ------------------------------------------------------------------ control
    def configure(self, spec: AnalysisEngineSpec, multipv: int) -> None:
        """Use this engine and number of lines; a running analysis restarts with them."""
        multipv = max(MIN_LINES, min(MAX_LINES, int(multipv)))
        if spec == self._spec and multipv == self._multipv:
            return
        running_board = self._board if self.is_running() else None
        self._cancel_request()
        if spec != self._spec:
            self._drop_worker()
            self._spec = spec
            self._engine_name = spec.label
        self._multipv = multipv
        if running_board is not None:
            self.analyse(running_board, force=True)

    def analyse(self, board: chess.Board, force: bool = False) -> None:
        """Analyse ``board`` (its move stack helps the engine see repetitions); restarts at once.

        The same position again changes nothing unless ``force``.
        """
        if not force and self.is_running() and self._board is not None and _same_position(self._board, board):
            return
        self._cancel_request()
        self._board = board.copy()
        self._lines = {}
        self._complete = ()
        outcome = board.outcome(claim_draw=False)
        if outcome is not None:
            self._board_note(_outcome_words(outcome))
            return
        worker = self._ensure_worker()
        request_id = next(self._ids)
        self._request_id = request_id
        root = board.root()
        moves = tuple(move.uci() for move in board.move_stack)
        if isinstance(worker, UciAnalysisWorker):
            worker.request_analysis(request_id, root.fen(), moves, self._multipv)
        else:
            from engine.api import SearchLimit

            worker.request_search(request_id, root.fen(), moves, SearchLimit(infinite=True, multipv=self._multipv))
        self.running_changed.emit(True)
        self._publish()

    def stop(self) -> None:
        """Stop analysing (returns at once); the lines found so far stay."""
        if self._request_id is None:
            return
        self._cancel_request()
        self.running_changed.emit(False)
        self._publish()

    def shutdown(self) -> None:
        """End the engine thread (the window is closing)."""
        self._request_id = None
        self._stop_watchdog.stop()
        self._publish_timer.stop()
        self._drop_worker()

    # ------------------------------------------------------------------ worker replies
    @Slot(int, object)
    def on_builtin_info(self, request_id: int, info: object) -> None:
        """A built-in engine report (one line of one iteration)."""
        if request_id != self._request_id or self._board is None:
            return
        rank = int(getattr(info, "multipv", 1) or 1)
        self._add_line(rank, EngineInfo.from_search_info(info, self._board, engine_name=BUILTIN_NAME))  # type: ignore[arg-type]

    @Slot(int, int, object)
    def on_uci_info(self, request_id: int, rank: int, info: object) -> None:
        """An external engine report for the line of ``rank``."""
        if request_id != self._request_id or not isinstance(info, EngineInfo):
            return
        self._engine_name = info.engine_name or self._engine_name
        self._add_line(rank, info)

    @Slot(int)
    def on_search_ended(self, request_id: int) -> None:
        """The worker is done with a request: a stop is confirmed, or the engine ended on its own (keep the lines)."""
        self._stopping.discard(request_id)
        if not self._stopping:
            self._stop_watchdog.stop()
        if request_id == self._request_id:
            self._request_id = None
            self.running_changed.emit(False)
            self._publish()

    @Slot(int, str)
    def on_worker_failed(self, request_id: int, message: str) -> None:
        """The engine could not go on: stop, keep the lines, say why."""
        if request_id != self._request_id and request_id != -1:
            return
        self._fail(message)

    @Slot(object)
    def on_engine_started(self, description: UciEngineDescription) -> None:
        """An external engine told its name."""
        self._engine_name = description.name

    # ------------------------------------------------------------------ internals
    def _add_line(self, rank: int, info: EngineInfo) -> None:
        if not 1 <= rank <= self._multipv:
            return
        self._lines[rank] = info
        if len({line.depth for line in self._lines.values()}) == 1:
            ranked = [self._lines[r] for r in sorted(self._lines)]
            if len({line.pv_uci[:1] for line in ranked}) == len(ranked):  # distinct root moves
                self._complete = tuple(ranked)
        if not self._publish_timer.isActive():
            self._publish_timer.start()

    def _publish(self) -> None:
        self._publish_timer.stop()
        board = self._board if self._board is not None else chess.Board()
        self._snapshot = AnalysisSnapshot(
            fen=board.fen(),
            lines=self.lines(),
            engine_name=self._engine_name,
            running=self.is_running(),
            board=board.copy(stack=False),
        )
        self.snapshot_changed.emit(self._snapshot)

    def _board_note(self, note: str) -> None:
        board = self._board if self._board is not None else chess.Board()
        self._snapshot = AnalysisSnapshot(
            fen=board.fen(), engine_name=self._engine_name, note=note, board=board.copy(stack=False)
        )
        self.running_changed.emit(False)
        self.snapshot_changed.emit(self._snapshot)

    def _fail(self, message: str) -> None:
        self._cancel_request()
        board = self._board if self._board is not None else chess.Board()
        self._snapshot = AnalysisSnapshot(
            fen=board.fen(),
            lines=self.lines(),
            engine_name=self._engine_name,
            note=message,
            board=board.copy(stack=False),
        )
        self.running_changed.emit(False)
        self.snapshot_changed.emit(self._snapshot)
        self.failed.emit(message)

    def _cancel_request(self) -> None:
        request_id, self._request_id = self._request_id, None
        self._publish_timer.stop()
        if request_id is None or self._worker is None:
            return
        self._worker.stop(request_id)
        if isinstance(self._worker, UciAnalysisWorker):
            # It must confirm the stop: an engine that ignores "stop" is hung.
            self._stopping.add(request_id)
            if not self._stop_watchdog.isActive():
                self._stop_watchdog.start()

    def _on_stop_timeout(self) -> None:
        if not self._stopping or not isinstance(self._worker, UciAnalysisWorker):
            return
        self._stopping.clear()
        name = self._engine_name
        self._drop_worker()  # kills the process; a fresh worker starts with the next position
        self._fail(
            self.tr(
                "The analysis engine '{name}' stopped answering (it did not stop when asked), so it was closed."
            ).format(name=name)
        )

    def _ensure_worker(self) -> Any:
        if self._worker is not None:
            return self._worker
        worker = self._builtin_factory() if self._spec.is_builtin() else self._uci_factory(self._spec)
        for signal, slot in self._connections(worker):
            signal.connect(slot)
        self._worker = worker
        return worker

    def _drop_worker(self) -> None:
        worker, self._worker = self._worker, None
        self._stopping.clear()
        self._stop_watchdog.stop()
        if worker is None:
            return
        for signal, slot in self._connections(worker):
            signal.disconnect(slot)
        worker.shutdown(1000)

    def _connections(self, worker: EngineWorker | UciAnalysisWorker) -> list[tuple[Any, Callable[..., None]]]:
        """The worker's signals and the slots they drive (both workers are ``ThreadWorker`` s)."""
        both: list[tuple[Any, Callable[..., None]]] = [
            (worker.search_ended, self.on_search_ended),
            (worker.failed, self.on_worker_failed),
        ]
        if isinstance(worker, UciAnalysisWorker):
            return [*both, (worker.line_info, self.on_uci_info), (worker.engine_started, self.on_engine_started)]
        return [*both, (worker.search_info, self.on_builtin_info)]


def _default_uci_worker(spec: AnalysisEngineSpec) -> UciAnalysisWorker:
    options: Mapping[str, str] = dict(spec.uci_options)
    return UciAnalysisWorker(spec.uci_command, options, hash_mb=spec.hash_mb)


def _same_position(a: chess.Board, b: chess.Board) -> bool:
    return a.fen() == b.fen() and a.move_stack == b.move_stack and a.root().fen() == b.root().fen()


def _outcome_words(outcome: chess.Outcome) -> str:
    if outcome.termination is chess.Termination.CHECKMATE:
        return QCoreApplication.translate("analysis", "Checkmate: there is nothing to analyse.")
    if outcome.termination is chess.Termination.STALEMATE:
        return QCoreApplication.translate("analysis", "Stalemate: there is nothing to analyse.")
    return QCoreApplication.translate("analysis", "The game is drawn in this position: there is nothing to analyse.")
