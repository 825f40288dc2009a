"""The search lab panel, its runner and its CSV export."""

from __future__ import annotations

import threading
from dataclasses import replace

import chess
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QObject, Signal, Slot

from chessgui.engines.info import EngineInfo
from chessgui.engines.lab_runner import (
    LabConfig,
    LabCsvError,
    LabRun,
    LabRunner,
    Technique,
    describe,
    engine_switches,
    runs_from_csv,
    runs_to_csv,
)
from chessgui.views.search_lab import SearchLabPanel
from chessgui.views.search_lab_charts import NodesChart, ideal_alpha_beta_nodes, minimax_nodes

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


class LabRelay(QObject):
    """Re-emits a LabRunner's replies on the GUI thread, for qtbot.waitSignal.

    The runner emits in its worker thread; pytest-qt's blocker is a plain Python object, so
    PySide6 would call it in that thread, and a reply landing just as the wait starts would be
    lost with the wait's timeout disabled (the hang of issue 16). This QObject lives in the GUI
    thread, so it gets the replies queued, as the panel does.
    """

    run_finished = Signal(int, object)
    run_failed = Signal(int, str)

    def __init__(self, runner: LabRunner) -> None:
        super().__init__()
        runner.run_finished.connect(self._on_run_finished)
        runner.run_failed.connect(self._on_run_failed)

    @Slot(int, object)
    def _on_run_finished(self, run_id: int, run: object) -> None:
        self.run_finished.emit(run_id, run)

    @Slot(int, str)
    def _on_run_failed(self, run_id: int, message: str) -> None:
        self.run_failed.emit(run_id, message)


def _engine_infos(fen: str, depth: int) -> list[EngineInfo]:
    import engine

    infos: list[engine.SearchInfo] = []
    engine.Searcher(hash_mb=4).search(fen, (), engine.SearchLimit(depth=depth), infos.append)
    board = chess.Board(fen)
    return [EngineInfo.from_search_info(info, board, engine_name="Built-in") for info in infos]


def test_panel_follows_the_built_in_engine_iteration_by_iteration(qtbot) -> None:
    panel = SearchLabPanel()
    qtbot.addWidget(panel)
    infos = _engine_infos(chess.STARTING_FEN, 6)
    assert all(info.search_stats is not None for info in infos)
    for info in infos:
        panel.on_engine_info(info)
    assert panel.iteration_table.rowCount() == 6
    assert [panel.iteration_table.item(row, 0).text() for row in range(6)] == ["1", "2", "3", "4", "5", "6"]
    assert panel.iteration_table.item(0, 4).text() == "–"  # no branching factor at depth 1
    assert panel.iteration_table.item(5, 4).text() == f"{infos[5].search_stats.effective_branching_factor:.2f}"
    assert panel.source_label.text() == "Built-in engine, thinking for White"
    # Root moves: all twenty, shares adding up to 100 % give or take their rounding (0.05 each).
    assert panel.root_table.rowCount() == 20
    shares = [float(panel.root_table.item(row, 3).text().rstrip("%")) for row in range(20)]
    assert sum(shares) == pytest.approx(100, abs=20 * 0.05 + 1e-9)
    assert shares == sorted(shares, reverse=True)
    # Charts: the measured nodes next to b^d and the ideal alpha-beta tree (b = 20 here).
    series = panel.nodes_chart.series()
    assert series["measured"] == [(i.depth, float(i.search_stats.nodes)) for i in infos]
    assert series["minimax"][-1] == (6, 20.0**6)
    assert series["ideal"][-1] == (6, 2 * 20.0**3 - 1)
    panel.resize(700, 900)
    assert not panel.grab().isNull()  # paints without errors
    # A new search (depth back to 1) starts a new table.
    panel.on_engine_info(infos[0])
    assert panel.iteration_table.rowCount() == 1


def test_reports_without_counters_are_ignored(qtbot) -> None:
    panel = SearchLabPanel()
    qtbot.addWidget(panel)
    info = _engine_infos(chess.STARTING_FEN, 2)[-1]
    panel.on_engine_info(replace(info, search_stats=None))  # e.g. a UCI engine's report
    assert panel.iteration_table.rowCount() == 0


def test_reference_curves() -> None:
    assert minimax_nodes(20, 4) == 20**4
    assert ideal_alpha_beta_nodes(20, 4) == 20**2 + 20**2 - 1
    assert ideal_alpha_beta_nodes(20, 3) == 20**2 + 20 - 1
    chart = NodesChart()
    chart.set_data([(1, 20), (2, 60)], 20)
    assert chart.series()["minimax"] == [(1, 20.0), (2, 400.0)]


def test_switches_map_to_the_engine() -> None:
    from engine import searchstate as s

    assert engine_switches(frozenset()) == (s.ALL_FEATURES, 0, True)
    features, lab_off, aspiration = engine_switches(
        frozenset({Technique.TT, Technique.NULL_MOVE, Technique.ASPIRATION, Technique.ALPHA_BETA})
    )
    assert features == s.ALL_FEATURES & ~s.FEATURE_NULL_MOVE
    assert lab_off == s.LAB_NO_TT | s.LAB_NO_ALPHA_BETA
    assert aspiration is False
    assert describe(frozenset({Technique.TT, Technique.LMR})) == "no transposition table, no late-move reductions"
    assert LabConfig("x", 9, frozenset({Technique.ALPHA_BETA})).clamped_depth() == 4
    assert LabConfig("x", 99).clamped_depth() == 12


def test_runs_in_the_background_and_can_be_stopped(qtbot) -> None:
    panel = SearchLabPanel()
    qtbot.addWidget(panel)
    runner = LabRunner()
    try:
        runner.iteration_done.connect(panel.on_run_iteration)
        runner.run_finished.connect(panel.on_run_finished)
        runner.run_failed.connect(panel.on_run_failed)
        relay = LabRelay(runner)  # after the panel: it has seen a reply when the wait ends
        # Plain minimax in a tactical position: far too slow to finish here. Its iterations
        # still reach the panel while it searches, so the GUI thread is not blocked.
        slow = LabConfig(KIWIPETE, 4, frozenset({Technique.ALPHA_BETA}))
        panel.on_run_started(runner.start(slow), slow)
        qtbot.waitUntil(lambda: panel.iteration_table.rowCount() >= 1, timeout=60_000)
        assert panel.stop_button.isEnabled() and not panel.run_button.isEnabled()
        assert panel.source_label.text() == "Lab run: no alpha-beta"
        with qtbot.waitSignal(relay.run_failed, timeout=30_000) as stopped:
            panel.stop_button.click()  # the panel asks; here nobody wired it, so stop directly
            runner.stop()
        assert stopped.args[1] == "Run stopped."
        assert panel.run_button.isEnabled() and panel.run_status.text() == "Run stopped."
        assert panel.runs == []
        # A normal run completes and lands in the comparison table.
        quick = LabConfig(chess.STARTING_FEN, 4, frozenset({Technique.TT}))
        with qtbot.waitSignal(relay.run_finished, timeout=60_000) as finished:
            panel.on_run_started(runner.start(quick), quick)
        run: LabRun = finished.args[1]
        assert (run.label, run.depth) == ("no transposition table", 4)
        assert run.nodes == sum(s.nodes for s in run.iterations)
        assert run.depth_in_1s >= 4
        assert panel.run_table.rowCount() == 1 and panel.run_table.item(0, 0).text() == "no transposition table"
        assert chess.Move.from_uci(run.best_move) in chess.Board().legal_moves
    finally:
        assert runner.shutdown(10_000)


def test_a_bad_position_is_reported_in_words(qtbot) -> None:
    runner = LabRunner()
    relay = LabRelay(runner)
    try:
        with qtbot.waitSignal(relay.run_failed, timeout=60_000) as failed:
            runner.start(LabConfig("not a fen", 3))
        assert failed.args[1].startswith("The run could not be done:")
    finally:
        assert runner.shutdown(10_000)


def test_a_reply_racing_the_start_of_the_wait_is_not_lost(qtbot, monkeypatch) -> None:
    """The worst interleaving, every time: the runner replies while the test's wait is starting.

    pytest-qt's blocker is a plain Python object, so PySide6 calls it in the emitting (worker)
    thread. A reply landing after the blocker checked for one but before its event loop runs
    quits a loop that is not running yet and stops its timer from the wrong thread (which
    disables the timeout): the wait then never ends. Waiting on a GUI-thread relay is immune.
    """
    from pytestqt.qt_compat import qt_api

    runner = LabRunner()
    relay = LabRelay(runner)
    waiting, replied = threading.Event(), threading.Event()
    # Worker thread, in connection order: hold the reply until the wait is starting ...
    runner.run_failed.connect(lambda *_: waiting.wait(30))
    try:
        with qtbot.waitSignal(relay.run_failed, timeout=30_000) as failed:
            runner.run_failed.connect(lambda *_: replied.set())  # ... and say when it is out.
            real_exec = qt_api.exec

            def exec_after_the_reply(loop: object) -> object:
                waiting.set()
                assert replied.wait(30)
                return real_exec(loop)

            monkeypatch.setattr(qt_api, "exec", exec_after_the_reply)
            runner.start(LabConfig("not a fen", 3))
        assert failed.args[1].startswith("The run could not be done:")
    finally:
        monkeypatch.undo()
        assert runner.shutdown(10_000)


def _run(label: str = "all on", score_cp: int | None = 25, mate_in: int | None = None) -> LabRun:
    return LabRun(label, chess.STARTING_FEN, 6, 12345, 321, "e2e4", score_cp, mate_in, 9)


def test_csv_export_round_trips(qtbot, tmp_path) -> None:
    panel = SearchLabPanel()
    qtbot.addWidget(panel)
    runs = [_run(), _run('no TT, "quoted"', None, -3)]
    for run in runs:
        panel.add_run(run)
    path = tmp_path / "lab.csv"
    panel.export_csv(path)
    assert runs_from_csv(path.read_text(encoding="utf-8")) == runs
    assert panel.run_table.rowCount() == 2 and panel.run_table.item(1, 5).text() == "-#3"


@given(
    label=st.text(min_size=0, max_size=30).filter(lambda t: "\r" not in t and "\x00" not in t),
    score=st.one_of(st.none(), st.integers(-30000, 30000)),
)
def test_csv_round_trips_any_label_and_score(label: str, score: int | None) -> None:
    runs = [_run(label, score)]
    assert runs_from_csv(runs_to_csv(runs)) == runs


@pytest.mark.parametrize(
    "text",
    ["", "a,b\n1,2\n", runs_to_csv([_run()]).replace("12345", "many"), runs_to_csv([_run()]).rsplit(",", 3)[0]],
)
def test_csv_that_is_not_an_export_is_rejected_in_words(text: str) -> None:
    with pytest.raises(LabCsvError):
        runs_from_csv(text)


def test_view_menu_shows_the_dock_and_runs_the_shown_position(qtbot) -> None:
    from chessgui.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    view_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    lab_action = next(a for a in view_menu.actions() if a.text() == "Search &lab")
    assert not window.search_lab_dock.isVisible() and not lab_action.isChecked()
    lab_action.trigger()
    assert window.search_lab_dock.isVisible() and lab_action.isChecked()
    panel = window.search_lab
    panel.technique_boxes[Technique.ORDERING].setChecked(False)
    panel.depth_spin.setValue(3)
    assert panel.run_button.text() == "Run to depth 3"
    panel.run_button.click()
    assert window.lab_runner is not None
    qtbot.waitUntil(lambda: panel.run_table.rowCount() == 1, timeout=60_000)
    run = panel.runs[0]
    assert run.fen == window.controller.board_at_ply(window.navigator.view_ply()).fen()
    assert run.label == "no killer/history ordering" and run.depth == 3
    # Unticking alpha-beta caps the depth for plain minimax and says so.
    panel.technique_boxes[Technique.ALPHA_BETA].setChecked(False)
    assert panel.depth_spin.maximum() == 4 and not panel.minimax_note.isHidden()
    window.close()
    assert not window.lab_runner._thread.isRunning()
