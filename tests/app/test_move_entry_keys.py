"""The window's keys reach the window while the cursor is in the move field (where people who type
their moves always have it): Ctrl+Z took back nothing there (the field undid its own text),
Ctrl+E opened no editor, and the arrows could not step through the game."""

from __future__ import annotations

import chess
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QLineEdit

from chessgui.main_window import MainWindow


def _window(qtbot) -> MainWindow:
    window = MainWindow()  # two people: every move is typed
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def _type_moves(qtbot, window: MainWindow, *sans: str) -> QLineEdit:
    field = window.move_entry.field
    window.actions_.enter_move.trigger()
    for san in sans:
        qtbot.keyClicks(field, san)
        qtbot.keyClick(field, Qt.Key.Key_Return)
    return field


def _field_claims(
    field: QLineEdit, key: Qt.Key, modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
) -> bool:
    """True when the field keeps the key from the window's shortcuts (Qt asks it first)."""
    event = QKeyEvent(QEvent.Type.ShortcutOverride, key, modifiers)
    event.ignore()
    QApplication.sendEvent(field, event)
    return event.isAccepted()


def test_window_shortcuts_win_over_the_field_s_own_editing_keys(qtbot) -> None:
    window = _window(qtbot)
    field = _type_moves(qtbot, window, "e4", "e5")
    assert window.controller.live_ply() == 2
    control = Qt.KeyboardModifier.ControlModifier
    assert not _field_claims(field, Qt.Key.Key_Z, control)  # Game ▸ Take back
    assert not _field_claims(field, Qt.Key.Key_E, control)  # Position ▸ Set up position
    window.actions_.takeback.trigger()
    assert window.controller.live_ply() == 1


def test_the_field_keeps_its_text_keys_and_the_arrows_while_it_holds_text(qtbot) -> None:
    window = _window(qtbot)
    field = _type_moves(qtbot, window, "e4", "e5")
    control = Qt.KeyboardModifier.ControlModifier
    for sequence in (QKeySequence.StandardKey.Copy, QKeySequence.StandardKey.Cut, QKeySequence.StandardKey.Paste):
        combination = QKeySequence(sequence)[0]
        assert _field_claims(field, combination.key(), combination.keyboardModifiers())
    assert not _field_claims(field, Qt.Key.Key_Left)  # empty: the arrows step through the game
    qtbot.keyClick(field, Qt.Key.Key_Left)
    assert window.navigator.view_ply() == 1
    qtbot.keyClick(field, Qt.Key.Key_Home)
    assert window.navigator.view_ply() == 0
    qtbot.keyClick(field, Qt.Key.Key_End)
    assert window.navigator.view_ply() == 2
    qtbot.keyClicks(field, "Nf")
    assert _field_claims(field, Qt.Key.Key_Left) and _field_claims(field, Qt.Key.Key_Home)  # editing the move
    qtbot.keyClick(field, Qt.Key.Key_Left)
    assert window.navigator.view_ply() == 2 and field.cursorPosition() == 1
    assert chess.Move.from_uci("g1f3") in window.controller.board().legal_moves
    assert not _field_claims(field, Qt.Key.Key_Z, control)
