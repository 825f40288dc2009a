"""A whole game by keyboard, heard and announced: the window wires move entry, sounds and words."""

from __future__ import annotations

import chess
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QKeySequence

from chessgui.main_window import MainWindow
from chessgui.storage.access_settings import SoundEvent
from chessgui.views.sounds import SoundPlayer


class RecordingBackend:
    def __init__(self) -> None:
        self.played: list[SoundEvent] = []

    def play(self, event: SoundEvent, volume: float) -> None:  # noqa: ARG002
        self.played.append(event)

    def note(self) -> str | None:
        return None


def _window(qtbot) -> tuple[MainWindow, RecordingBackend]:
    window = MainWindow()
    qtbot.addWidget(window)
    backend = RecordingBackend()
    window.sounds = SoundPlayer(backend, window)
    window.show()
    qtbot.waitExposed(window)
    return window, backend


def _type_move(qtbot, window: MainWindow, text: str) -> None:
    field = window.move_entry.field
    field.setFocus()
    field.setText(text)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def test_typed_moves_are_played_heard_and_announced(qtbot) -> None:
    window, backend = _window(qtbot)
    announced: list[str] = []
    window.announcer.announced.connect(announced.append)
    for text in ("f3", "e5", "g4", "Qh4"):
        _type_move(qtbot, window, text)
    assert [move.uci() for move in window.controller.board().move_stack] == ["f2f3", "e7e5", "g2g4", "d8h4"]
    assert announced == [
        "White: pawn to f3",
        "Black: pawn to e5",
        "White: pawn to g4",
        "Black: queen to h4, checkmate",
        "Checkmate. Black wins",
    ]
    assert backend.played == [SoundEvent.MOVE, SoundEvent.MOVE, SoundEvent.MOVE, SoundEvent.CHECK, SoundEvent.GAME_END]


def test_a_wrong_move_is_said_and_nothing_is_played(qtbot) -> None:
    window, backend = _window(qtbot)
    announced: list[str] = []
    window.announcer.announced.connect(announced.append)
    _type_move(qtbot, window, "Ke2")
    assert window.controller.live_ply() == 0
    assert announced == ["No king can go to e2; no king of yours has a legal move now."]
    assert backend.played == []


def test_slash_focuses_the_move_entry_and_typing_on_the_board_starts_a_move(qtbot) -> None:
    window, _ = _window(qtbot)
    assert window.actions_.enter_move.shortcut() == QKeySequence("/")
    window.board_widget.setFocus()
    qtbot.keyClick(window.board_widget, "e")
    assert window.focusWidget() is window.move_entry.field
    assert window.move_entry.field.text() == "e"


def test_speak_position_reads_the_pieces(qtbot) -> None:
    window, _ = _window(qtbot)
    window.announcer.set_enabled(False)  # an explicit request speaks even with announcements off
    window.actions_.speak_position.trigger()
    assert window.announcer.last().startswith("White: king e1, queen d1, rooks a1 and h1")
    assert window.announcer.last().endswith("White to move.")


def test_every_menu_action_has_a_shortcut(qtbot) -> None:
    window, _ = _window(qtbot)
    missing = [action.text() for action in window.actions_.all() if action.shortcut().isEmpty()]
    assert missing == []
    shortcuts = [action.shortcut().toString() for action in window.actions_.all()]
    assert len(shortcuts) == len(set(shortcuts)), "two actions share a shortcut"


def test_controls_have_accessible_names(qtbot) -> None:
    window, _ = _window(qtbot)
    field = QAccessible.queryAccessibleInterface(window.move_entry.field)
    assert field.text(QAccessible.Text.Name) == "Move entry"
    board = QAccessible.queryAccessibleInterface(window.board_widget)
    assert board.text(QAccessible.Text.Name) == "Chess board"
    assert board.childCount() == 64
    window.controller.board()  # the live position drives the names
    _type_move(qtbot, window, "e4")
    names = [board.child(i).text(QAccessible.Text.Name) for i in range(board.childCount())]
    assert "e4, white pawn" in names
    assert chess.Board().turn == chess.WHITE
