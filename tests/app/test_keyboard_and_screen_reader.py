"""A whole game by keyboard, heard and announced: the window wires move entry, sounds and words."""

from __future__ import annotations

from pathlib import Path

import chess
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from chessgui.dialogs.shortcuts_dialog import ShortcutsDialog
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


def test_the_last_announcement_belongs_to_its_game(qtbot) -> None:
    """The status bar's last announcement ("Black: pawn to e5") is gone once its move or game is."""
    window, _backend = _window(qtbot)
    for text in ("e4", "e5"):
        _type_move(qtbot, window, text)
    assert window.announcer.label.text() == "Black: pawn to e5"
    assert window.controller.takeback()
    assert window.announcer.label.text() == ""
    assert window.announcer.last() == ""
    _type_move(qtbot, window, "c5")
    assert window.announcer.label.text() == "Black: pawn to c5"
    window.controller.new_game()
    assert window.announcer.label.text() == ""
    assert window.announcer.last() == ""


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


# ---------------------------------------------------------------------- the board's square cursor
def _keys_on_board(qtbot, window: MainWindow, *keys: Qt.Key) -> None:
    for key in keys:
        qtbot.keyClick(window.board_widget, key)


def _play_by_cursor(qtbot, window: MainWindow, uci: str) -> None:
    """Walk the cursor to the move's squares with the arrows only, pressing Enter on each."""
    board = window.board_widget
    move = chess.Move.from_uci(uci)
    for square in (move.from_square, move.to_square):
        here = board.cursor_square()
        assert here is not None
        geometry = board.board_geometry()
        (column, row), (to_column, to_row) = geometry.column_row(here), geometry.column_row(square)
        horizontal = Qt.Key.Key_Right if to_column > column else Qt.Key.Key_Left
        vertical = Qt.Key.Key_Down if to_row > row else Qt.Key.Key_Up
        _keys_on_board(qtbot, window, *[horizontal] * abs(to_column - column), *[vertical] * abs(to_row - row))
        assert board.cursor_square() == square
        _keys_on_board(qtbot, window, Qt.Key.Key_Return)


def _focus_board_by_tab(qtbot, window: MainWindow) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.board_widget.clearFocus()
    window.board_widget.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(window.board_widget.hasFocus)


def test_enter_enter_plays_e2e4_through_the_controller(qtbot) -> None:
    window, _ = _window(qtbot)
    announced: list[str] = []
    window.announcer.announced.connect(announced.append)
    _focus_board_by_tab(qtbot, window)
    _play_by_cursor(qtbot, window, "e2e4")
    assert [move.uci() for move in window.controller.board().move_stack] == ["e2e4"]
    assert announced == ["e2, white pawn: picked up. It can go to e3, e4.", "White: pawn to e4"]


def test_arrow_keys_on_the_focused_board_move_the_cursor_not_the_game(qtbot, play_moves) -> None:
    window, _ = _window(qtbot)
    play_moves(window, "e4", "e5")
    _focus_board_by_tab(qtbot, window)
    assert window.board_widget.cursor_square() == chess.E5  # it starts on the last move
    _keys_on_board(qtbot, window, Qt.Key.Key_Left, Qt.Key.Key_Space)
    assert window.board_widget.cursor_square() == chess.D5
    assert window.navigator.is_live()
    assert not window.actions_.pause.isChecked()  # Space belonged to the cursor, not to Pause


def test_after_a_click_the_arrows_step_through_the_moves_again(qtbot, play_moves) -> None:
    window, _ = _window(qtbot)
    play_moves(window, "e4", "e5")
    _focus_board_by_tab(qtbot, window)
    board = window.board_widget
    qtbot.mouseClick(board, Qt.MouseButton.LeftButton, pos=board.square_center(chess.A3).toPoint())
    _keys_on_board(qtbot, window, Qt.Key.Key_Left)
    assert board.cursor_square() is None
    assert not window.navigator.is_live()


def test_fools_mate_played_with_keys_only(qtbot) -> None:
    window, _ = _window(qtbot)
    announced: list[str] = []
    window.announcer.announced.connect(announced.append)
    _focus_board_by_tab(qtbot, window)
    for uci in ("f2f3", "e7e5", "g2g4", "d8h4"):
        _play_by_cursor(qtbot, window, uci)
    assert [move.uci() for move in window.controller.board().move_stack] == ["f2f3", "e7e5", "g2g4", "d8h4"]
    assert window.controller.is_game_over()
    assert announced[-2:] == ["Black: queen to h4, checkmate", "Checkmate. Black wins"]


# ---------------------------------------------------------------------- menus without a mouse
def _menu_actions(menu: QMenu) -> list[QAction]:
    found: list[QAction] = []
    for action in menu.actions():
        if action.isSeparator():
            continue
        found.append(action)
        if action.menu() is not None:
            found.extend(_menu_actions(action.menu()))
    return found


def test_every_menu_entry_is_reachable_by_a_key_and_no_two_share_one(qtbot, tmp_path: Path) -> None:
    window, _ = _window(qtbot)
    window.recent_files.add(tmp_path / "game.pgn")  # File > Recent files gets an entry and "Clear list"
    menus = [action.menu() for action in window.menuBar().actions()]
    assert all("&" in action.text() for action in window.menuBar().actions()), "a menu title lacks a mnemonic"
    entries = [action for menu in menus for action in _menu_actions(menu)]
    assert len(entries) > 30
    # A disabled placeholder such as "(no files yet)" is never chosen; everything else needs a key.
    unreachable = [
        action.text()
        for action in entries
        if action.isEnabled() and action.shortcut().isEmpty() and "&" not in action.text()
    ]
    assert unreachable == []
    shortcuts = [action.shortcut().toString() for action in entries if not action.shortcut().isEmpty()]
    assert len(shortcuts) == len(set(shortcuts)), sorted(s for s in shortcuts if shortcuts.count(s) > 1)
    for menu in menus:  # within one menu, mnemonics must differ or the key only cycles between them
        letters = [
            action.text().split("&")[1][:1].lower()
            for action in menu.actions()
            if "&" in action.text() and not action.isSeparator()
        ]
        assert len(letters) == len(set(letters)), (menu.title(), letters)


def test_f1_lists_every_shortcut_of_the_menus_and_the_board_s_own_keys(qtbot) -> None:
    """A new user presses F1: every menu command with its key, grouped by menu, and the board's keys."""
    window, _ = _window(qtbot)
    assert window.actions_.shortcuts.shortcut().toString() == "F1"
    dialogs: list[ShortcutsDialog] = []
    window.commands.run_shortcuts_dialog = dialogs.append
    window.actions_.shortcuts.trigger()
    assert len(dialogs) == 1
    rows = dialogs[0].rows()
    shown = {(command, keys) for _group, command, keys in rows}
    assert ("Take back", "Ctrl+Z") in shown and ("Resign", "Ctrl+Shift+R") in shown
    assert ("Analyse position", "A") in shown and ("Keyboard shortcuts", "F1") in shown
    menu_actions = [a for a in window.actions_.all() if not a.shortcut().isEmpty()]
    assert len([row for row in rows if row[0] != "On the board"]) == len(menu_actions)
    board = [(command, keys) for group, command, keys in rows if group == "On the board"]
    assert ("Draw an arrow or circle a square", "Right-drag / right-click") in board
    assert any(keys == "Arrow keys" for _command, keys in board)
