"""The board from the keyboard: a square cursor moved by the arrows, Space/Enter pick up and put down."""

from __future__ import annotations

import chess
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QImage, QPainter

from chessgui.views.board.board_widget import BoardWidget
from chessgui.views.board.geometry import BoardGeometry
from chessgui.views.board.painter import CURSOR_INNER, CURSOR_OUTER, BoardScene, paint_scene
from chessgui.views.board.piece_renderer import PieceRenderer
from chessgui.views.board.square_cursor import SquareCursor, describe_attackers
from chessgui.views.board.theme import DEFAULT_THEME

KEY = Qt.Key


def _focus(qtbot, board: BoardWidget) -> None:
    board.activateWindow()
    qtbot.waitUntil(board.isActiveWindow)
    board.clearFocus()
    board.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(board.hasFocus)


def _keys(qtbot, board: BoardWidget, *keys: Qt.Key) -> None:
    for key in keys:
        qtbot.keyClick(board, key)


def _requests(board: BoardWidget) -> list[chess.Move]:
    moves: list[chess.Move] = []
    board.move_requested.connect(moves.append)
    return moves


def _announcements(board: BoardWidget) -> list[str]:
    said: list[str] = []
    board.announcement_requested.connect(said.append)
    return said


def test_the_cursor_shows_on_keyboard_focus_at_the_kings_square(qtbot, board_widget: BoardWidget) -> None:
    board_widget.clearFocus()
    assert board_widget.cursor_square() is None
    _focus(qtbot, board_widget)
    assert board_widget.cursor_square() == chess.E1


def test_arrows_move_the_cursor_on_screen_and_stop_at_the_edge(qtbot, board_widget: BoardWidget) -> None:
    _focus(qtbot, board_widget)
    _keys(qtbot, board_widget, KEY.Key_Up, KEY.Key_Up, KEY.Key_Left)
    assert board_widget.cursor_square() == chess.D3
    _keys(qtbot, board_widget, *[KEY.Key_Right] * 9)
    assert board_widget.cursor_square() == chess.H3
    _keys(qtbot, board_widget, *[KEY.Key_Down] * 4)
    assert board_widget.cursor_square() == chess.H1


def test_on_a_flipped_board_up_is_still_up_on_screen(qtbot, board_widget: BoardWidget) -> None:
    board_widget.set_flipped(True)
    _focus(qtbot, board_widget)
    board_widget.set_cursor_square(chess.E4)
    _keys(qtbot, board_widget, KEY.Key_Up)
    assert board_widget.cursor_square() == chess.E3  # Black at the bottom: up the screen is down the ranks
    _keys(qtbot, board_widget, KEY.Key_Left)
    assert board_widget.cursor_square() == chess.F3  # and left is toward h
    top = board_widget.square_rect(chess.E3).top()
    assert top < board_widget.square_rect(chess.E4).top()


def test_enter_enter_requests_the_move_with_the_targets_shown(qtbot, board_widget: BoardWidget) -> None:
    moves = _requests(board_widget)
    said = _announcements(board_widget)
    _focus(qtbot, board_widget)
    board_widget.set_cursor_square(chess.E2)
    _keys(qtbot, board_widget, KEY.Key_Return)
    assert board_widget.selected_square() == chess.E2
    assert board_widget._scene().destinations == {chess.E3, chess.E4}
    assert said == ["e2, white pawn: picked up. It can go to e3, e4."]
    _keys(qtbot, board_widget, KEY.Key_Up, KEY.Key_Up)
    assert board_widget._scene().hover == chess.E4  # the target under the cursor is tinted, as under the mouse
    _keys(qtbot, board_widget, KEY.Key_Space)
    assert moves == [chess.Move.from_uci("e2e4")]
    assert board_widget.selected_square() is None


def test_an_illegal_target_deselects_and_says_why(qtbot, board_widget: BoardWidget) -> None:
    moves = _requests(board_widget)
    said = _announcements(board_widget)
    _focus(qtbot, board_widget)
    board_widget.set_cursor_square(chess.G1)
    _keys(qtbot, board_widget, KEY.Key_Space, KEY.Key_Up, KEY.Key_Up, KEY.Key_Space)  # Ng1-g3 is no move
    assert moves == []
    assert board_widget.selected_square() is None
    assert said[-1] == "g1, white knight: cannot go to g3. Nothing is selected."


def test_another_own_piece_as_target_picks_that_one_up(qtbot, board_widget: BoardWidget) -> None:
    _focus(qtbot, board_widget)
    board_widget.set_cursor_square(chess.G1)
    _keys(qtbot, board_widget, KEY.Key_Space, KEY.Key_Up, KEY.Key_Space)
    assert board_widget.selected_square() == chess.G2


def test_an_empty_square_or_enemy_piece_is_not_picked_up(qtbot, board_widget: BoardWidget) -> None:
    said = _announcements(board_widget)
    _focus(qtbot, board_widget)
    board_widget.set_cursor_square(chess.E7)
    _keys(qtbot, board_widget, KEY.Key_Space)
    assert board_widget.selected_square() is None
    assert said == ["e7, black pawn: no piece of yours to pick up."]


def test_escape_cancels_the_selection(qtbot, board_widget: BoardWidget) -> None:
    said = _announcements(board_widget)
    _focus(qtbot, board_widget)
    board_widget.set_cursor_square(chess.B1)
    _keys(qtbot, board_widget, KEY.Key_Return, KEY.Key_Escape)
    assert board_widget.selected_square() is None
    assert said[-1] == "Selection cancelled."


def test_promotion_by_keyboard_goes_through_the_picker(qtbot, board_widget: BoardWidget) -> None:
    board_widget.set_position(chess.Board("8/P6k/8/8/8/8/8/K7 w - - 0 1"))
    moves = _requests(board_widget)
    said = _announcements(board_widget)
    _focus(qtbot, board_widget)
    board_widget.set_cursor_square(chess.A7)
    _keys(qtbot, board_widget, KEY.Key_Space, KEY.Key_Up, KEY.Key_Space)
    picker = board_widget.promotion_picker()
    assert picker is not None
    assert said[-1].startswith("Promote to: Q queen")
    qtbot.waitUntil(picker.hasFocus)
    qtbot.keyClick(picker, KEY.Key_N)
    assert moves == [chess.Move.from_uci("a7a8n")]
    qtbot.waitUntil(board_widget.hasFocus)  # the keys come back to the board
    assert board_widget.cursor_square() == chess.A8


def test_no_move_while_input_is_off_and_the_reason_is_said(qtbot, board_widget: BoardWidget) -> None:
    moves = _requests(board_widget)
    said = _announcements(board_widget)
    board_widget.set_input_enabled(False)
    _focus(qtbot, board_widget)
    board_widget.set_cursor_square(chess.E2)
    _keys(qtbot, board_widget, KEY.Key_Return, KEY.Key_Up)
    assert moves == [] and board_widget.selected_square() is None
    assert said == ["You cannot move now."]
    assert board_widget.cursor_square() == chess.E3  # looking around still works


def test_a_click_hides_the_cursor_and_the_keyboard_brings_it_back(qtbot, board_widget: BoardWidget) -> None:
    _focus(qtbot, board_widget)
    qtbot.mouseClick(board_widget, Qt.MouseButton.LeftButton, pos=board_widget.square_center(chess.D2).toPoint())
    assert board_widget.hasFocus() and board_widget.cursor_square() is None
    _keys(qtbot, board_widget, KEY.Key_Up)  # the first key shows the cursor where the click was
    assert board_widget.cursor_square() == chess.D2
    _keys(qtbot, board_widget, KEY.Key_Up)
    assert board_widget.cursor_square() == chess.D3


def test_the_board_focused_at_start_shows_no_cursor_until_an_arrow_key(qtbot, board_widget: BoardWidget) -> None:
    assert board_widget.hasFocus()  # the window came up with it: no ring yet for mouse users
    assert board_widget.cursor_square() is None
    _keys(qtbot, board_widget, KEY.Key_Left)
    assert board_widget.cursor_square() == chess.E1


def test_each_cursor_move_moves_the_accessible_focus_to_that_square(
    qtbot, board_widget: BoardWidget, monkeypatch: pytest.MonkeyPatch
) -> None:
    focused: list[str] = []

    def record(event) -> None:
        if event.type() == QAccessible.Event.Focus:
            focused.append(event.accessibleInterface().text(QAccessible.Text.Name))

    monkeypatch.setattr(QAccessible, "updateAccessibility", record)
    _focus(qtbot, board_widget)
    _keys(qtbot, board_widget, KEY.Key_Up, KEY.Key_Right)
    assert focused == ["e1, white king", "e2, white pawn", "f2, white pawn"]
    assert board_widget.accessibility.focused_square() == chess.F2
    board = QAccessible.queryAccessibleInterface(board_widget)
    assert board.childCount() == 64


def test_s_says_the_square_and_who_attacks_it(qtbot, board_widget: BoardWidget) -> None:
    board_widget.set_position(chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"))
    said = _announcements(board_widget)
    _focus(qtbot, board_widget)
    board_widget.set_cursor_square(chess.E5)
    _keys(qtbot, board_widget, KEY.Key_S)
    assert said == ["e5, black pawn. Attacked by white: knight f3. Defended by black: knight c6."]


def test_describe_attackers_of_an_empty_square() -> None:
    text = describe_attackers(chess.Board(), chess.E3)
    assert text == "e3, empty. Attacked by white: pawn d2, pawn f2. Not attacked by black."


def test_the_cursor_step_follows_the_screen() -> None:
    cursor = SquareCursor()
    cursor.activate(chess.Board(), None)
    assert cursor.square == chess.E1
    flipped = BoardGeometry.fit(400, 400, flipped=True)
    assert cursor.step(flipped, 0, -1) is False  # e1 is the top row when flipped: up is the edge
    assert cursor.step(flipped, 1, 0) is True and cursor.square == chess.D1


def test_the_cursor_is_painted_as_a_dark_and_a_white_ring() -> None:
    geometry = BoardGeometry.fit(400, 400)
    image = QImage(400, 400, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    paint_scene(painter, geometry, DEFAULT_THEME, PieceRenderer(), BoardScene(chess.Board(), cursor=chess.E4))
    painter.end()
    rect = geometry.square_rect(chess.E4)
    middle = int(rect.center().y())
    assert image.pixelColor(int(rect.left()) + 1, middle) == CURSOR_OUTER  # 3 px dark, then 2 px white
    assert image.pixelColor(int(rect.left()) + 4, middle) == CURSOR_INNER
    assert image.pixelColor(int(rect.right()) - 4, middle) == CURSOR_INNER
    assert image.pixelColor(rect.center().toPoint()) not in (CURSOR_OUTER, CURSOR_INNER)
