"""An external UCI engine analysing without a time limit, several lines at once, in its own QThread.

The game's :class:`~chessgui.engines.uci_worker.UciWorker` searches for one move;
analysis wants something else: ``go infinite`` with ``MultiPV`` lines, reported
line by line until told to stop. :class:`UciAnalysisWorker` is a ``UciWorker``
whose requests run python-chess's ``analysis(board, multipv=N)`` and hand every
report to the GUI thread as an :class:`~chessgui.engines.info.EngineInfo` with
its rank. The thread, the request ledger, stopping, shutting down, and starting,
configuring and restarting the engine are the base classes' (so every way an
engine can misbehave still ends in ``failed`` with plain words).

A hung engine (one that does not stop when asked) is the caller's to detect:
``search_ended`` tells when a request's search has really ended, and
:meth:`~chessgui.engines.uci_worker.UciWorker.kill_engine` ends the process so
the thread is free again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import chess
import chess.engine
from PySide6.QtCore import Signal

from chessgui.engines.info import EngineInfo
from chessgui.engines.uci_process import DEFAULT_START_TIMEOUT_S
from chessgui.engines.uci_worker import UciWorker
from chessgui.i18n import QT_TRANSLATE_NOOP


class UciAnalysisWorker(UciWorker):
    """Runs one external UCI engine's infinite MultiPV analysis from a dedicated QThread.

    Signals (delivered to the GUI thread when connected to a GUI-thread QObject's slot),
    besides the base's ``search_ended``, ``failed`` and ``engine_started``:
        line_info(int request_id, int rank, object EngineInfo): one line's report (rank 1 = best).
    """

    line_info = Signal(int, int, object)

    engine_noun = "analysis engine"
    engine_subject_text = QT_TRANSLATE_NOOP("UciWorker", "The analysis engine")

    def __init__(
        self,
        command: str | Sequence[str],
        options: Mapping[str, str] | None = None,
        hash_mb: int | None = None,
        start_timeout_s: float = DEFAULT_START_TIMEOUT_S,
    ) -> None:
        """``options`` are set where the engine offers them; ``hash_mb`` becomes "Hash" if offered."""
        super().__init__(command, options, start_timeout_s, hash_mb, thread_name="uci-analysis")

    # ------------------------------------------------------------------ GUI-thread API
    def request_analysis(self, request_id: int, fen: str, moves: Sequence[str], multipv: int) -> None:
        """Queue an infinite analysis of the position after ``moves`` from ``fen`` (returns at once)."""
        self.request_search(request_id, fen, moves, int(multipv))

    # ------------------------------------------------------------------ hooks (worker thread)
    def engine_options(self, engine: chess.engine.SimpleEngine) -> dict[str, str]:
        options = super().engine_options(engine)
        if "UCI_LimitStrength" in engine.options:
            options["UCI_LimitStrength"] = "false"  # analysis always runs at full strength
        return options

    def open_analysis(
        self,
        engine: chess.engine.SimpleEngine,
        board: chess.Board,
        fen: str,
        moves: tuple[str, ...],
        limit: object,
    ) -> chess.engine.SimpleAnalysisResult:
        """``go infinite`` with ``limit`` (the number of lines) as MultiPV; no new game between positions."""
        return engine.analysis(board, multipv=int(limit))  # type: ignore[call-overload]

    def report(self, request_id: int, info: chess.engine.InfoDict, board: chess.Board, name: str) -> None:
        engine_info = EngineInfo.from_info_dict(info, board, name)
        if engine_info is not None:
            self.line_info.emit(request_id, int(info.get("multipv", 1) or 1), engine_info)

    def answer(self, request_id: int, best: chess.engine.BestMove, board: chess.Board, name: str) -> None:
        """An analysis has no move to play: its end is ``search_ended``."""
