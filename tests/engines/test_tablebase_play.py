"""Tablebases in the GUI: computer players play the tablebase move, the engine panel shows the exact result,
the settings dialog edits the directories, and bad directories are said in the status bar."""

from __future__ import annotations

import os
from pathlib import Path

import chess
import pytest
from PySide6.QtCore import QSettings

from chessgui.engines.info import EngineInfo
from chessgui.engines.players import BuiltinEnginePlayer
from chessgui.game.players import GoRequest
from chessgui.main_window import MainWindow
from chessgui.storage.book import BookSettings
from chessgui.storage.settings import PlayerKind, PlayerSettings, Settings, load_settings, save_settings
from chessgui.storage.tablebases import TablebaseSettings, open_tablebases

DEBIAN_GTB = "/usr/share/gaviotatb"
needs_gaviota = pytest.mark.skipif(
    not os.path.isfile(os.path.join(DEBIAN_GTB, "gtb4", "kqk.gtb.cp4")),
    reason="Debian's Gaviota tables are not installed (apt-get install gaviotatb)",
)
KQK = "8/8/8/8/8/3k4/8/3KQ3 w - - 0 1"
GAVIOTA = TablebaseSettings(gaviota_dir=DEBIAN_GTB)


def _player(players: list, searcher: object) -> BuiltinEnginePlayer:
    return players.builtin(PlayerSettings(kind=PlayerKind.BUILTIN, depth=2, book=BookSettings(enabled=False)), searcher)


@needs_gaviota
def test_covered_position_is_answered_from_the_tables_without_search(qtbot, players, fake_searcher) -> None:
    searcher = fake_searcher()
    player = _player(players, searcher)
    player.set_tablebases(open_tablebases(GAVIOTA))
    infos: list[EngineInfo] = []
    player.search_info.connect(infos.append)
    with qtbot.waitSignal(player.move_made, timeout=1000) as blocker:
        player.go(GoRequest(3, KQK, ()))
    assert blocker.args == [3, "e1e5"]  # Qe5: the only move that mates in 5
    assert searcher.searches == []
    assert len(infos) == 1 and infos[0].is_tablebase() and not infos[0].is_book()
    assert infos[0].tablebase == "White wins, mate in 5" and infos[0].mate_white == 5


@needs_gaviota
def test_positions_the_tables_miss_are_searched(qtbot, players, fake_searcher) -> None:
    searcher = fake_searcher()
    player = _player(players, searcher)
    player.set_tablebases(open_tablebases(GAVIOTA))
    qtbot.waitUntil(player.is_ready, timeout=5000)
    with qtbot.waitSignal(player.move_made, timeout=5000):
        player.go(GoRequest(1, "8/8/8/8/8/3k4/8/2QKQ3 w - - 0 1", ()))  # KQQK: no table
    assert len(searcher.searches) == 1


def test_damaged_tables_mean_the_engine_searches(qtbot, players, tmp_path: Path, fake_searcher) -> None:
    (tmp_path / "kqk.gtb.cp4").write_bytes(b"not a table" * 10)
    searcher = fake_searcher()
    player = _player(players, searcher)
    player.set_tablebases(open_tablebases(TablebaseSettings(gaviota_dir=str(tmp_path))))
    qtbot.waitUntil(player.is_ready, timeout=5000)
    with qtbot.waitSignal(player.move_made, timeout=5000) as blocker:
        player.go(GoRequest(1, KQK, ()))
    assert chess.Move.from_uci(blocker.args[1]) in chess.Board(KQK).legal_moves
    assert len(searcher.searches) == 1


@needs_gaviota
def test_window_plays_out_kqk_from_the_tables_and_shows_the_result(qtbot) -> None:
    engine = PlayerSettings(kind=PlayerKind.BUILTIN, move_time_ms=0, depth=1, hash_mb=1)
    window = MainWindow(settings=Settings(white=engine, black=engine, min_move_delay_ms=0, tablebases=GAVIOTA))
    qtbot.addWidget(window)
    window.show()
    try:
        window.session.new_game(KQK)
        # Every move comes from the tables: the game needs no engine (not even its compile).
        qtbot.waitUntil(lambda: window.controller.result() is not None, timeout=10_000)
        board = window.controller.board()
        assert board.is_checkmate() and len(board.move_stack) == 9  # mate in 5, as the tables say
        for ply in range(1, 10):
            node = window.controller.node_at_ply(ply)
            assert node.comment.startswith("tablebase") and node.eval() is not None
        assert window.controller.node_at_ply(1).eval().white() == chess.engine.Mate(5)
        name, score, stats, pv = window.engine_panel.row_texts(chess.WHITE)
        assert stats.startswith("tablebase move · White wins") and score.startswith("#")
        window.navigator.go_to(0)
        assert window.engine_panel.tablebase_label.text() == "Tablebase: White wins, mate in 5 · best Qe5"
        assert window.engine_panel.tablebase_label.isVisibleTo(window)
        window.navigator.go_to(1)
        assert window.engine_panel.tablebase_label.text().startswith("Tablebase: White wins, mate in 4 · best ")
    finally:
        window.close()


@needs_gaviota
def test_two_humans_see_the_tablebase_line_and_it_hides_outside_the_tables(qtbot) -> None:
    window = MainWindow(settings=Settings(white=PlayerSettings(), black=PlayerSettings(), tablebases=GAVIOTA))
    qtbot.addWidget(window)
    window.show()
    try:
        window.session.new_game(KQK)
        assert window.engine_panel.isVisibleTo(window)
        assert window.engine_panel.tablebase_label.text() == "Tablebase: White wins, mate in 5 · best Qe5"
        window.board_widget.move_requested.emit(chess.Move.from_uci("e1e2"))  # Qe2+: a slower mate
        assert window.engine_panel.tablebase_label.text().startswith("Tablebase: White wins, mate in ")
        window.session.new_game()
        assert window.engine_panel.tablebase_label.text() == ""
        assert not window.engine_panel.tablebase_label.isVisibleTo(window)
    finally:
        window.close()


def test_window_says_what_is_wrong_with_the_tablebase_directories(qtbot, tmp_path: Path) -> None:
    (tmp_path / "kqk.gtb.cp4").write_bytes(b"")
    window = MainWindow(settings=Settings(white=PlayerSettings(), black=PlayerSettings()))
    qtbot.addWidget(window)
    try:
        with qtbot.waitSignal(window.tablebases.problem_found, timeout=1000) as blocker:
            window.session.apply(Settings(tablebases=TablebaseSettings(syzygy_dir=str(tmp_path / "missing"))))
        assert blocker.args[0] == f"Tablebases: The Syzygy directory {tmp_path / 'missing'} does not exist."
        assert "does not exist" in window.statusBar().currentMessage()
        window.session.apply(Settings(white=PlayerSettings(), tablebases=TablebaseSettings(gaviota_dir=str(tmp_path))))
        window.session.new_game(KQK)
        assert window.engine_panel.tablebase_label.text() == (
            "Tablebase: The Gaviota table for KQvK cannot be read (the file is too short to be a table)."
        )
    finally:
        window.close()


def test_settings_dialog_edits_the_tablebase_directories(qtbot, tmp_path: Path) -> None:
    from chessgui.dialogs.settings_dialog import SettingsDialog
    from chessgui.dialogs.tablebase_editor import TablebaseEditor

    dialog = SettingsDialog(Settings())
    qtbot.addWidget(dialog)
    editor = dialog.tablebase_editor
    assert editor.tablebase_settings() == TablebaseSettings()
    assert editor.status_label.text().startswith("No tablebases")
    editor.syzygy_edit.setText(str(tmp_path / "nowhere"))
    editor.syzygy_edit.editingFinished.emit()
    assert (
        editor.status_label.text() == f"No tables in use. The Syzygy directory {tmp_path / 'nowhere'} does not exist."
    )
    editor.play_check.setChecked(False)
    result = dialog.result_settings().tablebases
    assert result == TablebaseSettings(syzygy_dir=str(tmp_path / "nowhere"), play_perfectly=False)

    suggested = TablebaseEditor(TablebaseSettings(), suggestion=str(tmp_path))
    qtbot.addWidget(suggested)
    assert not suggested.suggest_button.isHidden()
    suggested.suggest_button.click()
    assert suggested.gaviota_edit.text() == str(tmp_path) and suggested.suggest_button.isHidden()
    assert "holds no Gaviota tables" in suggested.status_label.text()


@needs_gaviota
def test_settings_dialog_offers_the_installed_gaviota_tables(qtbot) -> None:
    from chessgui.dialogs.tablebase_editor import TablebaseEditor

    editor = TablebaseEditor(TablebaseSettings())
    qtbot.addWidget(editor)
    editor.suggest_button.click()
    assert editor.gaviota_edit.text() == f"{DEBIAN_GTB}/gtb4"
    assert editor.status_label.text() == "5 Gaviota tables, up to 3 pieces."


def test_tablebase_settings_are_saved_and_bad_values_fall_back(tmp_path: Path) -> None:
    qsettings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    assert load_settings(qsettings).tablebases == TablebaseSettings()
    tables = TablebaseSettings(syzygy_dir="/tb/syzygy", gaviota_dir="/tb/gaviota", play_perfectly=False)
    save_settings(qsettings, Settings(tablebases=tables))
    assert load_settings(qsettings).tablebases == tables
    qsettings.setValue("tablebases/play_perfectly", "sometimes")
    qsettings.setValue("tablebases/syzygy_dir", ["a", "b"])
    loaded = load_settings(qsettings).tablebases
    assert loaded == TablebaseSettings(syzygy_dir="", gaviota_dir="/tb/gaviota", play_perfectly=True)
