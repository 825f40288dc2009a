"""Search lab experiments: the built-in engine searching one position with chosen techniques off.

A run searches the shown position to a fixed depth with fresh tables (so runs compare
fairly), then once more for one second to see how deep that set of techniques gets.
:class:`LabRunner` does it in its own QThread and reports by signals; only values cross
threads (a FEN string, frozen dataclasses). Runs export to CSV and read back.
"""

from __future__ import annotations

import csv
import io
import logging
import threading
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from chessgui.engines.worker_thread import LIVE_WORKERS
from chessgui.i18n import QT_TRANSLATE_NOOP

if TYPE_CHECKING:  # engine/ is imported lazily (Numba) in the worker thread
    from engine.searchstats import SearchStats

_log = logging.getLogger(__name__)

MAX_LAB_DEPTH = 12
"""Deepest "Run to depth N" the lab offers (fresh tables, so deep runs take long)."""
MINIMAX_MAX_DEPTH = 4
"""Plain minimax (alpha-beta off) stops at this depth (engine.searcher.MINIMAX_MAX_DEPTH)."""
TIMED_RUN_MS = 1000
"""The second search of a run: how deep this set of techniques gets in this time."""
LAB_HASH_MB = 16


# The worker thread reports in English (no translator lookups off the GUI thread); the panel translates.
RUN_STOPPED = QT_TRANSLATE_NOOP("LabRunner", "Run stopped.")
RUN_FAILED = QT_TRANSLATE_NOOP("LabRunner", "The run could not be done: {error}")


class Technique(Enum):
    """A search technique the lab can switch off (value: the label shown)."""

    ALPHA_BETA = QT_TRANSLATE_NOOP("Technique", "Alpha-beta")
    TT = QT_TRANSLATE_NOOP("Technique", "Transposition table")
    ORDERING = QT_TRANSLATE_NOOP("Technique", "Killer/history ordering")
    QUIESCENCE = QT_TRANSLATE_NOOP("Technique", "Quiescence")
    NULL_MOVE = QT_TRANSLATE_NOOP("Technique", "Null move")
    LMR = QT_TRANSLATE_NOOP("Technique", "Late-move reductions")
    FUTILITY = QT_TRANSLATE_NOOP("Technique", "Futility pruning")
    LMP = QT_TRANSLATE_NOOP("Technique", "Late-move pruning")
    CHECK_EXTENSION = QT_TRANSLATE_NOOP("Technique", "Check extension")
    ASPIRATION = QT_TRANSLATE_NOOP("Technique", "Aspiration windows")


def engine_switches(off: frozenset[Technique]) -> tuple[int, int, bool]:
    """(FEATURE_* mask, LAB_NO_* mask, use aspiration) for a set of techniques switched off."""
    from engine import searchstate as s

    feature_bits = {
        Technique.NULL_MOVE: s.FEATURE_NULL_MOVE,
        Technique.LMR: s.FEATURE_LMR,
        Technique.FUTILITY: s.FEATURE_FUTILITY,
        Technique.LMP: s.FEATURE_LMP,
        Technique.CHECK_EXTENSION: s.FEATURE_CHECK_EXTENSION,
    }
    lab_bits = {
        Technique.ALPHA_BETA: s.LAB_NO_ALPHA_BETA,
        Technique.TT: s.LAB_NO_TT,
        Technique.ORDERING: s.LAB_NO_ORDERING,
        Technique.QUIESCENCE: s.LAB_NO_QUIESCENCE,
    }
    features = s.ALL_FEATURES
    lab_off = 0
    for technique in off:
        features &= ~feature_bits.get(technique, 0)
        lab_off |= lab_bits.get(technique, 0)
    return features, lab_off, Technique.ASPIRATION not in off


def describe(off: frozenset[Technique]) -> str:
    """A run's name: "all on" or "no TT, no null move" (in the Technique order)."""
    if not off:
        return QCoreApplication.translate("lab_runner", "all on")
    return ", ".join(f"no {t.value[0].lower() + t.value[1:]}" for t in Technique if t in off)


@dataclass(frozen=True, slots=True)
class LabConfig:
    """What to run."""

    fen: str
    """The position searched."""
    depth: int
    """Target depth of the fixed-depth search (clamped to 1..MAX_LAB_DEPTH, and to
    MINIMAX_MAX_DEPTH without alpha-beta)."""
    off: frozenset[Technique] = frozenset()
    """Techniques switched off."""

    def clamped_depth(self) -> int:
        top = MINIMAX_MAX_DEPTH if Technique.ALPHA_BETA in self.off else MAX_LAB_DEPTH
        return max(1, min(int(self.depth), top))


@dataclass(frozen=True, slots=True)
class LabRun:
    """The result of one run (one row of the comparison table and of the CSV)."""

    label: str
    """Which techniques were off ("all on", "no TT", ...)."""
    fen: str
    """The position searched."""
    depth: int
    """Depth completed by the fixed-depth search."""
    nodes: int
    """Nodes it took."""
    time_ms: int
    """Milliseconds it took."""
    best_move: str
    """Its best move (UCI); empty when there is none."""
    score_cp: int | None
    """Its score in centipawns from the side to move's view (None for a mate)."""
    mate_in: int | None
    """Mate distance in moves, when the score is a mate."""
    depth_in_1s: int
    """Deepest iteration completed by a one-second search with the same techniques."""
    iterations: tuple[SearchStats, ...] = field(default=(), compare=False)
    """Per-iteration counters of the fixed-depth search (not exported)."""


CSV_FIELDS = ("label", "fen", "depth", "nodes", "time_ms", "best_move", "score_cp", "mate_in", "depth_in_1s")


def runs_to_csv(runs: list[LabRun] | tuple[LabRun, ...]) -> str:
    """The runs as CSV text with a header row."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for run in runs:
        writer.writerow(["" if getattr(run, name) is None else getattr(run, name) for name in CSV_FIELDS])
    return out.getvalue()


class LabCsvError(ValueError):
    """A CSV file is not a search lab export."""


def runs_from_csv(text: str) -> list[LabRun]:
    """Read :func:`runs_to_csv` output back (raises LabCsvError in plain words)."""
    reader = csv.DictReader(io.StringIO(text))
    if reader.fieldnames is None or tuple(reader.fieldnames) != CSV_FIELDS:
        raise LabCsvError(
            QCoreApplication.translate("lab_runner", "This is not a search lab export: the header row does not match.")
        )

    def number(row: dict[str, str], name: str, line: int) -> int | None:
        value = row[name].strip()
        if value == "":
            return None
        try:
            return int(value)
        except ValueError:
            raise LabCsvError(
                QCoreApplication.translate("lab_runner", "Line {line}: {name} is not a whole number: {value!r}").format(
                    line=line, name=name, value=value
                )
            ) from None

    runs = []
    for line, row in enumerate(reader, 2):
        if None in row.values():
            raise LabCsvError(
                QCoreApplication.translate("lab_runner", "Line {line}: too few columns.").format(line=line)
            )
        runs.append(
            LabRun(
                label=row["label"],
                fen=row["fen"],
                depth=number(row, "depth", line) or 0,
                nodes=number(row, "nodes", line) or 0,
                time_ms=number(row, "time_ms", line) or 0,
                best_move=row["best_move"],
                score_cp=number(row, "score_cp", line),
                mate_in=number(row, "mate_in", line),
                depth_in_1s=number(row, "depth_in_1s", line) or 0,
            )
        )
    return runs


class LabRunner(QObject):
    """Runs lab searches one at a time in its own QThread.

    Signals (connect bound methods of GUI objects so they arrive on the GUI thread):
        iteration_done(run_id: int, stats: SearchStats): one per completed iteration of
            the fixed-depth search (the panel shows them live).
        run_finished(run_id: int, run: LabRun)
        run_failed(run_id: int, message: str): bad position, or stopped (plain words).
    """

    iteration_done = Signal(int, object)
    run_finished = Signal(int, object)
    run_failed = Signal(int, str)

    _run_requested = Signal(int, object)

    def __init__(self) -> None:
        super().__init__()  # no parent: it moves to its own thread
        self._searcher: Any = None  # created and used in the worker thread only
        self._lock = threading.Lock()
        self._running_id = 0  # the run the searcher serves now (0: none)
        self._cancelled: set[int] = set()
        self._next_id = 0
        self._thread = QThread()
        self._thread.setObjectName("search-lab")
        self.moveToThread(self._thread)
        self._run_requested.connect(self._run)
        LIVE_WORKERS.add(self)  # kept alive while its thread runs; shut down when the app quits
        self._thread.start()

    # ------------------------------------------------------------------ GUI-thread API
    def start(self, config: LabConfig) -> int:
        """Queue a run; returns its id (replies carry it)."""
        self._next_id += 1
        self._run_requested.emit(self._next_id, config)
        return self._next_id

    def stop(self) -> None:
        """Abandon every run requested so far (thread-safe, returns at once)."""
        with self._lock:
            self._cancelled.update(range(1, self._next_id + 1))
            searcher = self._searcher if self._running_id else None
        if searcher is not None:
            searcher.stop()

    def shutdown(self, timeout_ms: int = 2000) -> bool:
        """Stop, end the thread and wait for it; True when it has finished."""
        self.stop()
        self._thread.quit()
        finished = bool(self._thread.wait(max(0, timeout_ms)))
        if finished:
            LIVE_WORKERS.discard(self)
        return finished

    # ------------------------------------------------------------------ worker thread
    def _is_cancelled(self, run_id: int) -> bool:
        with self._lock:
            return run_id in self._cancelled

    @Slot(int, object)
    def _run(self, run_id: int, config: LabConfig) -> None:
        if self._is_cancelled(run_id):
            return
        try:
            run = self._search(run_id, config)
        except Exception as error:  # a bad FEN or an engine failure is reported, never raised into Qt
            _log.exception("Search lab run failed")
            self.run_failed.emit(
                run_id,
                RUN_FAILED.format(error=error),
            )
            return
        finally:
            with self._lock:
                self._running_id = 0
        if run is None:
            self.run_failed.emit(run_id, RUN_STOPPED)
        else:
            self.run_finished.emit(run_id, run)

    def _search(self, run_id: int, config: LabConfig) -> LabRun | None:
        import engine

        engine.warm_up()
        features, lab_off, aspiration = engine_switches(config.off)
        with self._lock:
            if self._searcher is None:
                self._searcher = engine.Searcher(hash_mb=LAB_HASH_MB)
            searcher = self._searcher
            self._running_id = run_id
        if self._is_cancelled(run_id):
            return None
        searcher.features, searcher.lab_off, searcher.use_aspiration = features, lab_off, aspiration
        iterations: list[SearchStats] = []

        def on_info(info: engine.SearchInfo) -> None:
            if self._is_cancelled(run_id):
                searcher.stop()  # stop() may have raced with the search clearing its flag
                return
            if info.stats is not None and info.multipv == 1:
                iterations.append(info.stats)
                self.iteration_done.emit(run_id, info.stats)

        searcher.new_game()  # fresh tables: runs compare fairly
        fixed = searcher.search(config.fen, (), engine.SearchLimit(depth=config.clamped_depth()), on_info)
        if self._is_cancelled(run_id) or fixed.info is None:
            return None
        searcher.new_game()
        timed = searcher.search(config.fen, (), engine.SearchLimit(movetime_ms=TIMED_RUN_MS))
        if self._is_cancelled(run_id):
            return None
        info = fixed.info
        return LabRun(
            label=describe(config.off),
            fen=config.fen,
            depth=info.depth,
            nodes=info.nodes,
            time_ms=info.time_ms,
            best_move=fixed.best_move or "",
            score_cp=info.score_cp,
            mate_in=info.mate_in,
            depth_in_1s=timed.info.depth if timed.info is not None else 0,
            iterations=tuple(iterations),
        )
