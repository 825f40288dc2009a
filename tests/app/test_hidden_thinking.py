"""A person playing the computer does not see its score, line or evaluation bar until the game ends
(lichess does the same); the settings can show them, and then a game against a level is not rated."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import chess
import chess.pgn
from PySide6.QtCore import QSettings

from chessgui.dialogs.settings_dialog import SettingsDialog
from chessgui.game.rating_keeper import rated_setup
from chessgui.game.result import GameResult, Termination
from chessgui.main_window import MainWindow
from chessgui.storage.book import BookSettings
from chessgui.storage.settings import PlayerKind, PlayerSettings, Settings, load_settings, save_settings

FAST_ENGINE = PlayerSettings(
    book=BookSettings(enabled=False), kind=PlayerKind.BUILTIN, move_time_ms=0, depth=3, hash_mb=1
)
COMPILE_TIMEOUT_MS = 240_000


def _window(qtbot, settings: Settings) -> MainWindow:
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    window.show()
    return window


def _computer_replied(qtbot, window: MainWindow) -> None:
    window.board_widget.move_requested.emit(chess.Move.from_uci("e2e4"))
    qtbot.waitUntil(lambda: window.controller.live_ply() == 2, timeout=COMPILE_TIMEOUT_MS)
    qtbot.waitUntil(lambda: window.engine_panel.last_info(chess.BLACK) is not None, timeout=5_000)


def test_a_person_playing_the_computer_sees_its_thinking_only_when_the_game_ends(qtbot) -> None:
    window = _window(qtbot, Settings(white=PlayerSettings(), black=FAST_ENGINE, min_move_delay_ms=0))
    try:
        _computer_replied(qtbot, window)
        assert window.controller.node_at_ply(2).eval() is not None  # kept for the PGN and the review
        name, score, stats, line = window.engine_panel.row_texts(chess.BLACK)
        assert score == "" and "depth" in stats  # it is seen thinking, not what it thinks
        assert line == "Its score and line show when the game ends."
        assert not window.eval_bar.isVisibleTo(window)
        window.review.refresh()
        assert not window.review.graph.isVisibleTo(window)

        window.controller.end_game(GameResult(chess.WHITE, Termination.RESIGNATION))
        name, score, stats, line = window.engine_panel.row_texts(chess.BLACK)
        assert score != "" and line.startswith("1...")
        assert window.eval_bar.isVisibleTo(window)
        assert window.review.graph.isVisibleTo(window)

        window.session.apply(window.session.settings(), start_new_game=True)  # the next game hides it again
        assert not window.eval_bar.isVisibleTo(window) and not window.review.graph.isVisibleTo(window)
    finally:
        window.close()


def test_the_settings_can_show_the_thinking_during_the_game(qtbot) -> None:
    settings = Settings(white=PlayerSettings(), black=FAST_ENGINE, min_move_delay_ms=0, show_thinking=True)
    window = _window(qtbot, settings)
    try:
        _computer_replied(qtbot, window)
        name, score, stats, line = window.engine_panel.row_texts(chess.BLACK)
        assert score != "" and line.startswith("1...")
        assert window.eval_bar.isVisibleTo(window)
        window.session.apply(dataclasses.replace(settings, show_thinking=False))  # hidden again mid-game
        assert window.engine_panel.row_texts(chess.BLACK)[1] == ""
        assert not window.eval_bar.isVisibleTo(window)
    finally:
        window.close()


def test_computers_playing_each_other_and_a_viewed_game_show_everything(qtbot, pgn_game) -> None:
    window = _window(qtbot, Settings(white=FAST_ENGINE, black=FAST_ENGINE, min_move_delay_ms=0))
    try:
        assert not window.engine_view.is_thinking_hidden() and window.eval_bar.isVisibleTo(window)
        window.session.apply(Settings(white=PlayerSettings(), black=FAST_ENGINE), start_new_game=True)
        assert window.engine_view.is_thinking_hidden()
        window.flows.game_loaded.emit(pgn_game("1. e4 { [%eval 0.3] } e5 { [%eval 0.2] } *"))
        assert not window.engine_view.is_thinking_hidden()  # a game shown from a file is not being played
        assert window.review.graph.isVisibleTo(window)
    finally:
        window.close()


def test_a_game_with_the_thinking_shown_is_not_rated() -> None:
    level = dataclasses.replace(FAST_ENGINE, elo=1600)
    assert rated_setup(Settings(white=PlayerSettings(), black=level)) is not None
    assert rated_setup(Settings(white=PlayerSettings(), black=level, show_thinking=True)) is None


def test_the_choice_is_in_the_players_tab_and_kept(qtbot, tmp_path: Path) -> None:
    dialog = SettingsDialog(Settings())
    qtbot.addWidget(dialog)
    assert not dialog.show_thinking_check.isChecked()
    dialog.show_thinking_check.setChecked(True)
    chosen = dialog.result_settings()
    assert chosen.show_thinking
    qsettings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    save_settings(qsettings, chosen)
    assert load_settings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)).show_thinking
