"""The player's rating in the window: a game against a level is rated when it ends, Game ▸ My rating…,
"Play at my level" applied to the computer side, and a damaged rating file said once."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import chess
import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QRadioButton

from chessgui.dialogs.settings_dialog import SettingsDialog
from chessgui.dialogs.strength_control import StrengthControl
from chessgui.game.result import GameResult, Termination
from chessgui.main_window import MainWindow
from chessgui.storage.autosave import AutosaveStore
from chessgui.storage.book import BookSettings
from chessgui.storage.rating import RatingStore
from chessgui.storage.settings import PlayerKind, PlayerSettings, Settings

VS_LEVEL = Settings(
    white=PlayerSettings(),
    black=PlayerSettings(kind=PlayerKind.BUILTIN, elo=1200, book=BookSettings(enabled=False), hash_mb=1),
    min_move_delay_ms=0,
)


def _window(qtbot, tmp_path: Path, settings: Settings = VS_LEVEL) -> MainWindow:
    qsettings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings, qsettings=qsettings, rating_store=RatingStore(tmp_path / "rating.json"))
    qtbot.addWidget(window)
    window.show()
    return window


def _window_with_autosave(qtbot, tmp_path: Path, settings: Settings) -> MainWindow:
    """A window that autosaves to ``tmp_path`` (not shown): each one stands for a start of the app."""
    qsettings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(
        settings=settings,
        qsettings=qsettings,
        rating_store=RatingStore(tmp_path / "rating.json"),
        autosave_store=AutosaveStore(tmp_path / "autosave"),
    )
    qtbot.addWidget(window)
    return window


def test_a_resigned_game_is_rated_shown_and_the_suggested_level_applied(qtbot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    try:
        assert window.rating is not None
        window.board_widget.move_requested.emit(chess.Move.from_uci("e2e4"))
        assert window.actions_.resign.isEnabled()
        window.flows.ask = lambda title, question: True  # "Resign the game?" Yes
        with qtbot.waitSignal(window.rating.keeper.game_rated) as blocker:
            window.actions_.resign.trigger()
        rating, game = blocker.args
        assert (game.level, game.score, game.white) == (1200, 0.0, True)
        assert window.statusBar().currentMessage() == (
            f"Rated game against level 1200 ({round(rating.rating - 1200):+d}): your rating is "
            f"{round(rating.rating)} ± {round(2 * rating.deviation)} (provisional)"
        )
        assert RatingStore(tmp_path / "rating.json").rating == rating  # on disk at once

        assert window.actions_.my_rating.isEnabled()
        window.actions_.my_rating.trigger()
        dialog = window.rating.dialog
        assert dialog is not None and dialog.isVisible()
        assert dialog.table.rowCount() == 1 and dialog.table.item(0, 1).text() == "1200"
        suggested = dialog.suggested
        assert suggested < 1200  # a loss to 1200 pulls a new player's rating down
        with qtbot.waitSignal(window.session.settings_applied):
            dialog.suggest_button.click()
        black = window.session.settings().black
        assert (black.kind, black.elo) == (PlayerKind.BUILTIN, suggested)
        assert window.session.settings().white.kind is PlayerKind.HUMAN
        assert f"Black now plays at level {suggested}" in window.statusBar().currentMessage()
        # The level is kept for the next start.
        loaded = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        assert loaded.value("black/elo") in (suggested, str(suggested))
    finally:
        window.close()


def test_a_damaged_rating_file_is_said_once_and_the_app_goes_on(qtbot, tmp_path: Path) -> None:
    (tmp_path / "rating.json").write_text('{"format": "chessgui-rating", "version": 99}')
    window = _window(qtbot, tmp_path, Settings(white=PlayerSettings(), black=PlayerSettings()))
    try:
        message = window.statusBar().currentMessage()
        assert "rating file was damaged" in message and "rating.json.damaged-" in message
        assert list(tmp_path.glob("rating.json.damaged-*"))
        window.statusBar().clearMessage()
        window.actions_.my_rating.trigger()
        assert window.rating.dialog.table.rowCount() == 0
        window.rating.report_problem()
        assert window.statusBar().currentMessage() == ""  # said once only
    finally:
        window.close()


def test_without_a_rating_store_the_action_is_off(qtbot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.rating is None and not window.actions_.my_rating.isEnabled()
    window.close()


def test_new_game_dialog_has_a_strength_control_per_side(qtbot, tmp_path: Path) -> None:
    """The issue: "Each side in New game / Settings has a strength control" (New game uses the players dialog)."""
    window = _window(qtbot, tmp_path, Settings(white=PlayerSettings(), black=PlayerSettings()))
    seen: dict[str, object] = {}

    def choose_in_dialog() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, SettingsDialog)
        seen["title"] = dialog.windowTitle()
        seen["controls"] = sorted(control.objectName() for control in dialog.findChildren(StrengthControl))
        dialog.findChild(QRadioButton, "black_computer").setChecked(True)
        dialog.findChild(StrengthControl, "black_strength").set_elo(900)
        dialog.accept()

    try:
        QTimer.singleShot(0, choose_in_dialog)
        with qtbot.waitSignal(window.controller.game_started):
            window.actions_.new_game.trigger()
        assert seen == {"title": "New game", "controls": ["black_strength", "white_strength"]}
        black = window.session.settings().black
        assert (black.kind, black.elo) == (PlayerKind.BUILTIN, 900)
        assert window.rating.keeper.is_rated()  # the new game against level 900 will count
    finally:
        window.close()


@pytest.mark.parametrize("help_action", ["hint", "analyse", "review_game"])
def test_the_engine_s_help_makes_a_game_unrated(qtbot, tmp_path: Path, help_action: str) -> None:
    """A hint, analysis or a review during a rated game: it goes on unrated, and the user is told."""
    window = _window(qtbot, tmp_path)
    try:
        assert window.rating is not None
        window.review.run_dialog = lambda dialog: True  # the review dialog's defaults
        window.board_widget.move_requested.emit(chess.Move.from_uci("e2e4"))
        assert window.rating.keeper.is_rated()
        getattr(window.actions_, help_action).trigger()
        assert not window.rating.keeper.is_rated()
        assert "not be rated" in window.statusBar().currentMessage()
        if help_action == "analyse":
            window.actions_.analyse.trigger()  # off again
    finally:
        window.close()


def test_a_game_started_with_analysis_on_is_not_rated(qtbot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    try:
        assert window.rating is not None
        window.actions_.analyse.trigger()
        window.controller.new_game()
        assert not window.rating.keeper.is_rated()
        window.actions_.analyse.trigger()
        window.controller.new_game()
        assert window.rating.keeper.is_rated()
    finally:
        window.close()


@pytest.mark.parametrize("change", ["show_thinking", "level", "players"])
def test_settings_that_make_a_rated_game_unrated_say_so(qtbot, tmp_path: Path, change: str) -> None:
    """Showing the computer's thinking, another level or other players mid-game: the user is told, as for a hint."""
    window = _window(qtbot, tmp_path)
    try:
        assert window.rating is not None
        window.board_widget.move_requested.emit(chess.Move.from_uci("e2e4"))
        assert window.rating.keeper.is_rated()
        settings = window.session.settings()
        changed = {
            "show_thinking": dataclasses.replace(settings, show_thinking=True),
            "level": settings.with_player(chess.BLACK, dataclasses.replace(settings.black, elo=1400)),
            "players": settings.with_player(chess.BLACK, PlayerSettings()),
        }[change]
        window.session.apply(changed)
        assert not window.rating.keeper.is_rated()
        assert "will not be rated" in window.statusBar().currentMessage()
    finally:
        window.close()


def test_settings_that_keep_a_game_rated_say_nothing_of_it(qtbot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    try:
        assert window.rating is not None
        window.board_widget.move_requested.emit(chess.Move.from_uci("e2e4"))
        window.session.apply(dataclasses.replace(window.session.settings(), min_move_delay_ms=300))
        assert window.rating.keeper.is_rated()
        assert "rated" not in window.statusBar().currentMessage()
    finally:
        window.close()


def test_a_new_game_with_another_level_says_nothing_of_the_old_game_s_rating(qtbot, tmp_path: Path) -> None:
    """Game ▸ New game… with another level: the new game starts rated, and no notice says otherwise."""
    window = _window(qtbot, tmp_path)
    try:
        assert window.rating is not None
        window.board_widget.move_requested.emit(chess.Move.from_uci("e2e4"))
        settings = window.session.settings()
        window.session.apply(
            settings.with_player(chess.BLACK, dataclasses.replace(settings.black, elo=1400)), start_new_game=True
        )
        assert window.controller.live_ply() == 0 and window.rating.keeper.is_rated()
        assert "rated" not in window.statusBar().currentMessage()
        window.session.apply(
            settings.with_player(chess.BLACK, dataclasses.replace(settings.black, elo=None)), start_new_game=True
        )
        assert not window.rating.keeper.is_rated()  # full strength is not a level
        assert "rated" not in window.statusBar().currentMessage()  # nothing was lost: no game was under way
    finally:
        window.close()


def test_a_rated_game_resumed_after_a_restart_is_still_rated(qtbot, tmp_path: Path) -> None:
    """Closing the app in the middle of a rated game and resuming it the next day silently made it unrated."""

    def window_with_autosave(settings: Settings) -> MainWindow:
        return _window_with_autosave(qtbot, tmp_path, settings)

    first = window_with_autosave(VS_LEVEL)
    first.board_widget.move_requested.emit(chess.Move.from_uci("e2e4"))
    assert first.rating is not None and first.rating.keeper.is_rated()
    first.controller.stop_thinking()
    second = window_with_autosave(VS_LEVEL)  # the next start, same settings
    assert second.offer_resume(lambda question: True)
    assert second.rating is not None and second.rating.keeper.is_rated()
    second.controller.end_game(GameResult(chess.BLACK, Termination.RESIGNATION))
    assert len(second.rating.keeper.rating().games) == 1
    second.close()

    third = window_with_autosave(VS_LEVEL)
    third.board_widget.move_requested.emit(chess.Move.from_uci("d2d4"))
    third.controller.stop_thinking()
    other_level = VS_LEVEL.with_player(chess.BLACK, dataclasses.replace(VS_LEVEL.black, elo=1600))
    fourth = window_with_autosave(other_level)  # the level changed meanwhile: the game goes on unrated
    assert fourth.offer_resume(lambda question: True)
    assert fourth.rating is not None and not fourth.rating.keeper.is_rated()
    fourth.close()


def test_a_new_game_in_the_middle_of_a_rated_game_warns_and_counts_it_as_a_loss(qtbot, tmp_path: Path) -> None:
    """Starting another game once both sides have moved was a free way out of a lost rated game."""
    window = _window(qtbot, tmp_path)
    try:
        assert window.rating is not None
        controller = window.controller
        window.board_widget.move_requested.emit(chess.Move.from_uci("e2e4"))
        qtbot.waitUntil(lambda: controller.live_ply() == 2, timeout=60_000)  # the engine's reply
        window.board_widget.move_requested.emit(chess.Move.from_uci("g1f3"))
        controller.stop_thinking()
        questions: list[str] = []

        def answer(no_or_yes: bool):
            return lambda title, question: questions.append(question) or no_or_yes

        window.flows.ask = answer(False)
        assert window.flows.confirm_replace_game() is False
        assert "rated" in questions[-1] and "loss" in questions[-1]
        assert controller.result() is None and window.rating.keeper.is_rated()  # "No": nothing changed

        window.flows.ask = answer(True)
        with qtbot.waitSignal(window.rating.keeper.game_rated) as blocker:
            assert window.flows.confirm_replace_game()
        _, game = blocker.args
        assert (game.score, game.white, game.level) == (0.0, True, 1200)
        assert "Rated game against level 1200" in window.statusBar().currentMessage()
    finally:
        window.close()


def test_leaving_a_rated_game_in_its_first_moves_says_nothing_of_a_loss(qtbot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    try:
        window.board_widget.move_requested.emit(chess.Move.from_uci("e2e4"))
        window.controller.stop_thinking()
        questions: list[str] = []
        window.flows.ask = lambda title, question: questions.append(question) or True
        assert window.flows.confirm_replace_game()
        assert questions and "loss" not in questions[-1]
        assert window.rating is not None and window.rating.keeper.rating().games == ()
    finally:
        window.close()


def test_declining_to_resume_a_rated_game_warns_and_counts_it_as_a_loss(qtbot, tmp_path: Path) -> None:

    def window_with_autosave() -> MainWindow:
        return _window_with_autosave(qtbot, tmp_path, VS_LEVEL)

    first = window_with_autosave()
    first.board_widget.move_requested.emit(chess.Move.from_uci("e2e4"))
    qtbot.waitUntil(lambda: first.controller.live_ply() == 2, timeout=60_000)  # the engine's reply
    first.board_widget.move_requested.emit(chess.Move.from_uci("g1f3"))
    first.controller.stop_thinking()
    first.close()  # the app closed in the middle of the rated game

    second = window_with_autosave()
    questions: list[str] = []
    assert not second.offer_resume(lambda question: questions.append(question) or False)
    assert questions and questions[0].endswith("It is rated: not resuming it counts as a loss.")
    assert second.rating is not None
    (game,) = second.rating.keeper.rating().games
    assert (game.level, game.score, game.white) == (1200, 0.0, True)
    assert "Rated game against level 1200" in second.statusBar().currentMessage()
    assert not AutosaveStore(tmp_path / "autosave").has_unfinished_game()
    second.close()
