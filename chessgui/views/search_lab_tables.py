"""The search lab's tables: their columns, and how an iteration, a root move and a run read as cells.

The panel (:mod:`chessgui.views.search_lab`) owns the tables and decides when to refresh
them; this module turns a search's numbers (the built-in engine's ``SearchStats`` and its
root-move records, a finished :class:`~chessgui.engines.lab_runner.LabRun`) into the text of
their rows, and builds the read-only tables they go into.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import chess
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from chessgui.engines.lab_runner import LabRun
from chessgui.i18n import QT_TRANSLATE_NOOP
from chessgui.views.engine_panel import format_count

ITERATION_COLUMNS = (
    QT_TRANSLATE_NOOP("SearchLabPanel", "Depth"),
    QT_TRANSLATE_NOOP("SearchLabPanel", "Nodes"),
    QT_TRANSLATE_NOOP("SearchLabPanel", "Quiescence"),
    QT_TRANSLATE_NOOP("SearchLabPanel", "Time"),
    "EBF",
    QT_TRANSLATE_NOOP("SearchLabPanel", "1st-move cut-offs"),
    QT_TRANSLATE_NOOP("SearchLabPanel", "TT hits"),
    QT_TRANSLATE_NOOP("SearchLabPanel", "Null-move cut-offs"),
    QT_TRANSLATE_NOOP("SearchLabPanel", "LMR re-searches"),
    QT_TRANSLATE_NOOP("SearchLabPanel", "Aspiration re-searches"),
)
RUN_COLUMNS = (
    QT_TRANSLATE_NOOP("SearchLabPanel", "Techniques off"),
    QT_TRANSLATE_NOOP("SearchLabPanel", "Depth"),
    QT_TRANSLATE_NOOP("SearchLabPanel", "Nodes"),
    QT_TRANSLATE_NOOP("SearchLabPanel", "Time"),
    QT_TRANSLATE_NOOP("SearchLabPanel", "Best move"),
    QT_TRANSLATE_NOOP("SearchLabPanel", "Score"),
    QT_TRANSLATE_NOOP("SearchLabPanel", "Depth in 1 s"),
)


def make_table(columns: tuple[str, ...]) -> QTableWidget:
    """A read-only table with these column headings, selecting whole rows."""
    table = QTableWidget(0, len(columns))
    table.setHorizontalHeaderLabels(list(columns))
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    return table


def fill_row(table: QTableWidget, row: int, values: Sequence[str], alignment: Qt.AlignmentFlag | None = None) -> None:
    """Put ``values`` into the cells of ``row`` (aligned when ``alignment`` is given)."""
    for column, text in enumerate(values):
        item = QTableWidgetItem(text)
        if alignment is not None:
            item.setTextAlignment(alignment)
        table.setItem(row, column, item)


def percent_text(value: float | None) -> str:
    """ "42%", or "–" when there is no value."""
    return "–" if value is None else f"{value * 100:.0f}%"


def score_text(score_cp: int | None, mate_in: int | None) -> str:
    """ "+0.25", "#3" or "-#3" (the side to move's view); empty without a score."""
    if mate_in is not None:
        return f"#{mate_in}" if mate_in > 0 else f"-#{-mate_in}"
    if score_cp is None:
        return ""
    return f"{score_cp / 100:+.2f}"


def time_text(ms: float) -> str:
    """Milliseconds below 10 s, seconds above."""
    return f"{ms:.0f} ms" if ms < 10_000 else f"{ms / 1000:.1f} s"


def iteration_row(stats: Any) -> tuple[str, ...]:
    """One iteration's counters (a ``SearchStats``), in :data:`ITERATION_COLUMNS` order."""
    ebf = stats.effective_branching_factor
    return (
        str(stats.depth),
        format_count(stats.nodes),
        percent_text(stats.quiescence_share),
        time_text(stats.time_ms),
        "–" if ebf is None else f"{ebf:.2f}",
        percent_text(stats.first_move_cutoff_rate),
        percent_text(stats.tt_hit_rate),
        str(stats.null_move_cutoffs),
        str(stats.lmr_researches),
        str(stats.aspiration_researches),
    )


def root_move_rows(stats: Any, san_board: chess.Board | None) -> list[tuple[str, ...]]:
    """The last iteration's root moves: move (SAN on ``san_board``, else UCI), score, nodes, share of the nodes."""
    moves = stats.root_moves
    total = sum(m.nodes for m in moves) or 1
    rows: list[tuple[str, ...]] = []
    for m in moves:
        score = score_text(m.score_cp, m.mate_in)
        if m.bound == "upper":
            score = "≤ " + score
        elif m.bound == "lower":
            score = "≥ " + score
        rows.append((move_text(m.move, san_board), score, format_count(m.nodes), f"{m.nodes * 100 / total:.1f}%"))
    return rows


def move_text(uci: str, board: chess.Board | None) -> str:
    """The move in SAN on ``board``; its UCI text without a board or when it does not fit the board."""
    if board is None:
        return uci
    try:
        return board.san(chess.Move.from_uci(uci))
    except (ValueError, AssertionError):
        return uci


def run_row(run: LabRun) -> tuple[str, ...]:
    """A finished run, in :data:`RUN_COLUMNS` order."""
    best = run.best_move
    try:
        best = chess.Board(run.fen).san(chess.Move.from_uci(run.best_move))
    except (ValueError, AssertionError):
        pass
    return (
        run.label,
        str(run.depth),
        f"{run.nodes:,}",
        time_text(run.time_ms),
        best,
        score_text(run.score_cp, run.mate_in),
        str(run.depth_in_1s),
    )
