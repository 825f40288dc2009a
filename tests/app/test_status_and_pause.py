"""The window's status line, Pause/Step and the clock hint follow the current game's state.

State belongs to the game it was made in: a pause, a step or a status text from one
game must never show up in the next one, and the status line always describes now.
"""

from __future__ import annotations

import chess

from chessgui.clock.time_control import TimeControl
from chessgui.game.players import HumanPlayer
from chessgui.main_window import MainWindow
from chessgui.storage.settings import PlayerSettings, Settings


def _human_move(window: MainWindow, uci: str) -> None:
    window.board_widget.move_requested.emit(chess.Move.from_uci(uci))


def test_status_follows_thinking_pause_step_and_review(window: MainWindow, scripted_player) -> None:
    engine = scripted_player("Engine")
    window.set_players(HumanPlayer("You"), engine)
    assert window.status_text() == "White to move"
    _human_move(window, "e2e4")
    assert window.status_text() == "Engine (Black) is thinking…"
    window.actions_.pause.trigger()
    assert "thinking" not in window.status_text()
    assert window.status_text().startswith("Paused · Black (Engine) to move")
    window.actions_.step.trigger()
    assert window.status_text() == "Engine (Black) is thinking…"
    engine.answer("e7e5")
    assert window.status_text().startswith("White to move")  # still paused: says so, but names White
    assert "thinking" not in window.status_text()
    window.actions_.pause.trigger()  # resume
    _human_move(window, "g1f3")
    window.navigator.back()
    assert window.status_text() == "Viewing move 2 of 3 · live game: Engine (Black) is thinking…"
    window.navigator.last()
    engine.answer("b8c6")
    assert window.status_text() == "White to move"


def test_status_names_the_side_to_move_between_two_computers(window: MainWindow, scripted_player) -> None:
    white, black = scripted_player("W"), scripted_player("B")
    window.set_players(white, black)
    assert window.status_text() == "W (White) is thinking…"
    window.actions_.pause.trigger()
    window.actions_.step.trigger()
    white.answer("e2e4")
    assert window.status_text().startswith("Paused · Black (B) to move")


def test_status_says_how_the_game_ended(window: MainWindow) -> None:
    for uci in ("f2f3", "e7e5", "g2g4", "d8h4"):
        _human_move(window, uci)
    assert window.status_text() == "Black wins by checkmate"


def test_pause_and_step_are_only_for_games_with_a_computer(window: MainWindow, scripted_player) -> None:
    actions = window.actions_
    assert not actions.pause.isEnabled() and not actions.step.isEnabled()
    white, black = scripted_player("W"), scripted_player("B")
    window.set_players(white, black)
    assert actions.pause.isEnabled() and not actions.step.isEnabled()
    actions.pause.trigger()
    assert actions.pause.isChecked() and actions.step.isEnabled()
    window.set_players(HumanPlayer("A"), HumanPlayer("B"))
    window.controller.new_game()
    assert not actions.pause.isEnabled() and not actions.step.isEnabled()
    assert not actions.pause.isChecked() and actions.pause.text() == "&Pause"


def test_a_pause_from_a_computer_game_does_not_stop_the_next_game(window: MainWindow, scripted_player) -> None:
    window.set_players(scripted_player("W"), scripted_player("B"))
    window.actions_.pause.trigger()
    engine = scripted_player("Engine")
    window.set_players(HumanPlayer("You"), engine)
    window.controller.new_game()
    assert not window.actions_.pause.isChecked() and window.actions_.pause.text() == "&Pause"
    assert not window.actions_.step.isEnabled()
    _human_move(window, "e2e4")
    assert len(engine.requests) == 1  # Black replies
    assert window.status_text() == "Engine (Black) is thinking…"


def test_clock_says_it_starts_after_the_first_move(qtbot) -> None:
    settings = Settings(white=PlayerSettings(), black=PlayerSettings(), time_control=TimeControl.parse("3+2"))
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    white_card = window.clock_panel.clock_widget(chess.WHITE)
    assert white_card.note() == "Clock starts after White's first move"
    assert window.status_text() == "White to move · Clock starts after White's first move"
    _human_move(window, "e2e4")
    assert white_card.note() == "" and window.clock_panel.clock_widget(chess.BLACK).note() == ""
    assert window.status_text() == "Black to move"
