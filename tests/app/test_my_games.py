"""File ▸ My games: the games finished in the window, newest first, opened for viewing and review."""

from __future__ import annotations

from pathlib import Path

import chess
from PySide6.QtWidgets import QDialog

from chessgui.dialogs.pgn_games_dialog import PgnGamesDialog
from chessgui.game.result import GameResult, Termination
from chessgui.main_window import MainWindow
from chessgui.storage.game_archive import GameArchive


def _window(qtbot, tmp_path: Path) -> MainWindow:
    window = MainWindow(game_archive=GameArchive(tmp_path / "my-games.pgn"))
    qtbot.addWidget(window)
    window.show()
    return window


def test_my_games_lists_the_finished_games_newest_first_and_opens_one(qtbot, tmp_path: Path, play_moves) -> None:
    window = _window(qtbot, tmp_path)
    window.actions_.my_games.trigger()
    assert "No games yet" in window.statusBar().currentMessage()
    play_moves(window, "f3", "e5", "g4", "Qh4#")
    window.controller.new_game()
    play_moves(window, "d4", "d5")
    window.controller.end_game(GameResult(chess.BLACK, Termination.RESIGNATION))
    window.controller.new_game()
    play_moves(window, "e4")  # unfinished: not kept

    listed: list[list[str]] = []

    def pick_the_first_row(dialog: QDialog) -> bool:
        assert isinstance(dialog, PgnGamesDialog) and dialog.windowTitle() == "My games"
        qtbot.waitUntil(lambda: dialog.read_result() is not None)
        proxy = dialog.proxy
        listed.append([proxy.index(row, 0).data() for row in range(proxy.rowCount())])
        dialog.open_selected()
        return dialog.result() == QDialog.DialogCode.Accepted

    window.flows.run_dialog = pick_the_first_row
    window.flows.ask = lambda title, question: True  # replace the unfinished game
    window.actions_.my_games.trigger()
    assert [int(text) for text in listed[0]] == [2, 1]  # newest first, the selected row
    shown = window.controller.game()
    assert [move.uci() for move in shown.mainline_moves()] == ["d2d4", "d7d5"]
    assert window.controller.is_viewing()


def test_without_an_archive_the_action_is_off(qtbot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    assert not window.actions_.my_games.isEnabled()
