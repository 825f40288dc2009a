"""The search lab: the built-in engine's search at work, iteration by iteration, and
experiments with its techniques switched off.

"Search" tab: per-iteration counters, nodes and time per depth as charts, the root
moves with their share of the nodes. It follows the built-in engine while it plays or
hints (its reports carry ``search_stats``) and the lab's own runs.
"Experiment" tab: check boxes per technique, "Run to depth N" on the shown position,
a table comparing the runs, CSV export.

The panel only requests runs (``run_requested``/``stop_requested``); the main window
hands them to a :class:`~chessgui.engines.lab_runner.LabRunner` and feeds the results back.
The tables' columns and rows are built in :mod:`~chessgui.views.search_lab_tables`, the
charts in :mod:`~chessgui.views.search_lab_charts`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import chess
from PySide6.QtCore import QCoreApplication, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from chessgui.engines.lab_runner import (
    MAX_LAB_DEPTH,
    MINIMAX_MAX_DEPTH,
    LabConfig,
    LabRun,
    Technique,
    describe,
    runs_to_csv,
)
from chessgui.game.chess_words import side_name
from chessgui.i18n import QT_TRANSLATE_NOOP
from chessgui.views.search_lab_charts import NodesChart, TimeChart
from chessgui.views.search_lab_tables import (
    ITERATION_COLUMNS,
    RUN_COLUMNS,
    fill_row,
    iteration_row,
    make_table,
    root_move_rows,
    run_row,
    time_text,
)

ITERATIONS_HELP = QT_TRANSLATE_NOOP(
    "SearchLabPanel",
    "Each row is one iteration of iterative deepening. EBF (effective branching factor) = nodes of this depth ÷ "
    "nodes of the previous one: good alpha-beta search keeps it around 2–4 although chess has ~35 moves per "
    "position. 1st-move cut-offs: how often the first move tried already refuted the position — above 90% means "
    "the move ordering is good. Quiescence: share of nodes spent settling captures at the horizon (often half). "
    "TT hits: positions found in the transposition table (per node).",
)
NODES_HELP = QT_TRANSLATE_NOOP(
    "SearchLabPanel",
    "Blue: nodes this search needed per depth (log scale). Red: a full minimax tree, b^d, with b the moves in "
    "this position. Green: the least any alpha-beta search can do with perfect move ordering, about b^(d/2). "
    "Good: the blue line stays near the green one and far below the red; pruning can even take it below green.",
)
TIME_HELP = QT_TRANSLATE_NOOP(
    "SearchLabPanel",
    "Time per iteration. Each depth costs about EBF times the one before, so the last iteration usually takes "
    "most of the time — this is why engines rarely start an iteration they cannot finish.",
)
ROOT_HELP = QT_TRANSLATE_NOOP(
    "SearchLabPanel",
    "Nodes spent under each root move in the last iteration. A good search spends most of them on the best "
    "move and refutes the others quickly; ≤ marks a score that is only an upper bound (the move was refuted).",
)
EXPERIMENT_HELP = QT_TRANSLATE_NOOP(
    "SearchLabPanel",
    "Untick techniques and run: the position on the board is searched to the chosen depth with fresh tables, "
    "then for 1 s to see how deep it gets. Alpha-beta off means plain minimax (no cut-offs): it is capped at "
    "depth {depth} and can still take minutes in tactical positions — Stop ends it. Alpha-beta, the "
    "TT and move ordering only make the search faster: at a fixed depth they change the node count, not the "
    "score (with the selective techniques off). The others prune or extend and can change the result.",
)


def _help_label(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setObjectName("search_lab_help")
    font = label.font()
    font.setPointSizeF(max(6.0, font.pointSizeF() * 0.9))
    label.setFont(font)
    font.setItalic(True)
    label.setFont(font)
    return label


class SearchLabPanel(QWidget):
    """The search lab (a dock's widget).

    Signals:
        run_requested(config: LabConfig): "Run" pressed; the window starts it and calls
            :meth:`on_run_started`.
        stop_requested(): "Stop" pressed.
    """

    run_requested = Signal(object)
    stop_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._iterations: list[Any] = []  # SearchStats of the search shown
        self._source = ""
        self._san_board: chess.Board | None = None  # position of the shown search, for SAN
        self._run_id = 0  # the lab run in progress (0: none)
        self._run_config: LabConfig | None = None
        self.runs: list[LabRun] = []
        self.fen_source: Any = None  # callable returning the shown position's FEN (set by the window)

        self.setMinimumWidth(560)  # room for the counters' columns next to the board
        self.tabs = QTabWidget(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tabs)
        self.tabs.addTab(self._build_search_tab(), self.tr("Search"))
        self.tabs.addTab(self._build_experiment_tab(), self.tr("Experiment"))

    # ------------------------------------------------------------------ building
    def _build_search_tab(self) -> QWidget:
        page = QWidget()
        box = QVBoxLayout(page)
        self.source_label = QLabel(self.tr("No search yet: let the built-in engine think, or run an experiment."))
        self.source_label.setWordWrap(True)
        box.addWidget(self.source_label)
        self.iteration_table = make_table(tuple(self.tr(name) for name in ITERATION_COLUMNS))
        self.iteration_table.setMinimumHeight(150)
        box.addWidget(self.iteration_table)
        box.addWidget(_help_label(self.tr(ITERATIONS_HELP)))
        charts = QHBoxLayout()
        self.nodes_chart = NodesChart()
        self.time_chart = TimeChart()
        charts.addWidget(self.nodes_chart, 3)
        charts.addWidget(self.time_chart, 2)
        box.addLayout(charts)
        helps = QHBoxLayout()
        helps.addWidget(_help_label(self.tr(NODES_HELP)), 3)
        helps.addWidget(_help_label(self.tr(TIME_HELP)), 2)
        box.addLayout(helps)
        self.root_table = make_table(
            (self.tr("Move"), self.tr("Score (side to move)"), self.tr("Nodes"), self.tr("Share"))
        )
        self.root_table.setMinimumHeight(140)
        box.addWidget(self.root_table)
        box.addWidget(_help_label(self.tr(ROOT_HELP)))
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(page)
        return scroll

    def _build_experiment_tab(self) -> QWidget:
        page = QWidget()
        box = QVBoxLayout(page)
        group = QGroupBox(self.tr("Techniques (ticked = on)"))
        grid = QGridLayout(group)
        self.technique_boxes: dict[Technique, QCheckBox] = {}
        for index, technique in enumerate(Technique):
            check = QCheckBox(QCoreApplication.translate("Technique", technique.value))
            check.setChecked(True)
            self.technique_boxes[technique] = check
            grid.addWidget(check, index // 2, index % 2)
        self.technique_boxes[Technique.ALPHA_BETA].toggled.connect(self._on_alpha_beta_toggled)
        box.addWidget(group)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Depth")))
        self.depth_spin = QSpinBox()
        self.depth_spin.setRange(1, MAX_LAB_DEPTH)
        self.depth_spin.setValue(6)
        row.addWidget(self.depth_spin)
        self.run_button = QPushButton(self.tr("Run to depth 6"))
        self.run_button.clicked.connect(self._on_run_clicked)
        self.depth_spin.valueChanged.connect(
            lambda depth: self.run_button.setText(self.tr("Run to depth {depth}").format(depth=depth))
        )
        row.addWidget(self.run_button)
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setEnabled(False)
        self.stop_button.clicked.connect(self.stop_requested)
        row.addWidget(self.stop_button)
        row.addStretch(1)
        box.addLayout(row)
        self.minimax_note = QLabel(
            self.tr("Plain minimax: depth capped at {MINIMAX_MAX_DEPTH}.").format(MINIMAX_MAX_DEPTH=MINIMAX_MAX_DEPTH)
        )
        self.minimax_note.setVisible(False)
        box.addWidget(self.minimax_note)
        self.run_status = QLabel("")
        self.run_status.setWordWrap(True)
        box.addWidget(self.run_status)
        box.addWidget(_help_label(self.tr(EXPERIMENT_HELP).format(depth=MINIMAX_MAX_DEPTH)))
        self.run_table = make_table(tuple(self.tr(name) for name in RUN_COLUMNS))
        box.addWidget(self.run_table, 1)
        buttons = QHBoxLayout()
        self.export_button = QPushButton(self.tr("Export CSV…"))
        self.export_button.clicked.connect(self._on_export_clicked)
        self.clear_button = QPushButton(self.tr("Clear runs"))
        self.clear_button.clicked.connect(self.clear_runs)
        buttons.addWidget(self.export_button)
        buttons.addWidget(self.clear_button)
        buttons.addStretch(1)
        box.addLayout(buttons)
        return page

    # ------------------------------------------------------------------ live data
    @Slot(object)
    def on_engine_info(self, info: Any) -> None:
        """A game engine's report (EngineInfo): shown when it carries the built-in engine's counters
        and no lab run is going on."""
        stats = getattr(info, "search_stats", None)
        if stats is None or self._run_id:
            return
        if getattr(info, "multipv", 1) != 1:
            return
        self._san_board = None
        self._show(stats, self.tr("Built-in engine, thinking for {side}").format(side=side_name(info.color)))

    def _show(self, stats: Any, source: str) -> None:
        if not self._iterations or source != self._source or stats.depth <= self._iterations[-1].depth:
            self._iterations = []  # a new search
        self._source = source
        self._iterations.append(stats)
        self.source_label.setText(source)
        self._refresh_iterations()
        self._refresh_root_moves(stats)

    def iterations(self) -> list[Any]:
        """The SearchStats shown (one per iteration)."""
        return list(self._iterations)

    def _refresh_iterations(self) -> None:
        table = self.iteration_table
        table.setRowCount(len(self._iterations))
        for row, stats in enumerate(self._iterations):
            fill_row(table, row, iteration_row(stats), Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        table.scrollToBottom()
        last = self._iterations[-1]
        self.nodes_chart.set_data([(s.depth, s.nodes) for s in self._iterations], last.root_legal_moves)
        self.time_chart.set_data([(s.depth, s.time_ms) for s in self._iterations])

    def _refresh_root_moves(self, stats: Any) -> None:
        rows = root_move_rows(stats, self._san_board)
        self.root_table.setRowCount(len(rows))
        for row, values in enumerate(rows):
            fill_row(self.root_table, row, values)

    # ------------------------------------------------------------------ experiments
    def switched_off(self) -> frozenset[Technique]:
        """The techniques unticked."""
        return frozenset(t for t, check in self.technique_boxes.items() if not check.isChecked())

    def _on_alpha_beta_toggled(self, on: bool) -> None:
        self.minimax_note.setVisible(not on)
        self.depth_spin.setMaximum(MAX_LAB_DEPTH if on else MINIMAX_MAX_DEPTH)

    def _on_run_clicked(self) -> None:
        fen = self.fen_source() if callable(self.fen_source) else chess.STARTING_FEN
        self.run_requested.emit(LabConfig(fen=fen, depth=self.depth_spin.value(), off=self.switched_off()))

    @Slot(int, object)
    def on_run_started(self, run_id: int, config: LabConfig) -> None:
        """The window started ``config`` as run ``run_id``."""
        self._run_id = run_id
        self._run_config = config
        self._iterations = []
        try:
            self._san_board = chess.Board(config.fen)
        except ValueError:
            self._san_board = None
        self.run_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.run_status.setText(
            self.tr("Running: {description}, depth {clamped_depth}…").format(
                description=describe(config.off), clamped_depth=config.clamped_depth()
            )
        )

    @Slot(int, object)
    def on_run_iteration(self, run_id: int, stats: Any) -> None:
        if run_id != self._run_id or self._run_config is None:
            return
        self._show(stats, self.tr("Lab run: {description}").format(description=describe(self._run_config.off)))

    @Slot(int, object)
    def on_run_finished(self, run_id: int, run: LabRun) -> None:
        if run_id != self._run_id:
            return
        self._end_run(
            self.tr("Done: {label}, depth {depth} in {time_text}.").format(
                label=run.label, depth=run.depth, time_text=time_text(run.time_ms)
            )
        )
        self.add_run(run)

    @Slot(int, str)
    def on_run_failed(self, run_id: int, message: str) -> None:
        if run_id != self._run_id:
            return
        self._end_run(QCoreApplication.translate("LabRunner", message))

    def _end_run(self, text: str) -> None:
        self._run_id = 0
        self.run_button.setEnabled(True)
        self.stop_button.setEnabled(False)
        self.run_status.setText(text)

    def add_run(self, run: LabRun) -> None:
        """Append a row to the comparison table."""
        self.runs.append(run)
        row = self.run_table.rowCount()
        self.run_table.insertRow(row)
        fill_row(self.run_table, row, run_row(run))

    def clear_runs(self) -> None:
        self.runs = []
        self.run_table.setRowCount(0)

    def export_csv(self, path: str | Path) -> None:
        """Write the runs to ``path`` (raises OSError)."""
        Path(path).write_text(runs_to_csv(self.runs), encoding="utf-8")

    def _on_export_clicked(self) -> None:
        if not self.runs:
            self.run_status.setText(self.tr("Nothing to export yet: run an experiment first."))
            return
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export runs"), "search-lab.csv", self.tr("CSV files (*.csv)")
        )
        if not path:
            return
        try:
            self.export_csv(path)
        except OSError as error:
            self.run_status.setText(
                self.tr("Could not save {path}: {strerror}").format(path=path, strerror=error.strerror or error)
            )
        else:
            self.run_status.setText(self.tr("Saved {count} runs to {path}.").format(count=len(self.runs), path=path))
