"""BoardWidget input: click-click, drag & drop, promotion, flip, disabled and read-only boards."""

from __future__ import annotations

import chess
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest

from chessgui.views.board.board_widget import BoardWidget
from chessgui.views.board.promotion_picker import PromotionPicker

LEFT = Qt.MouseButton.LeftButton


def point(widget: BoardWidget, square: chess.Square) -> QPoint:
    return widget.square_center(square).toPoint()


def click(widget: BoardWidget, square: chess.Square) -> None:
    QTest.mouseClick(widget, LEFT, Qt.KeyboardModifier.NoModifier, point(widget, square))


def drag(widget: BoardWidget, from_square: chess.Square, to_square: chess.Square) -> None:
    start, end = point(widget, from_square), point(widget, to_square)
    QTest.mousePress(widget, LEFT, Qt.KeyboardModifier.NoModifier, start)
    middle = QPoint((start.x() + end.x()) // 2, (start.y() + end.y()) // 2)
    QTest.mouseMove(widget, middle)
    QTest.mouseMove(widget, end)
    QTest.mouseRelease(widget, LEFT, Qt.KeyboardModifier.NoModifier, end)


def image(widget: BoardWidget) -> QImage:
    return widget.grab().toImage()


def test_click_click_requests_e2e4(qtbot, board_widget: BoardWidget) -> None:
    click(board_widget, chess.E2)
    assert board_widget.selected_square() == chess.E2
    with qtbot.waitSignal(board_widget.move_requested, timeout=1000) as blocker:
        click(board_widget, chess.E4)
    assert blocker.args == [chess.Move.from_uci("e2e4")]
    assert board_widget.selected_square() is None


def test_drag_requests_e2e4(qtbot, board_widget: BoardWidget) -> None:
    start, end = point(board_widget, chess.E2), point(board_widget, chess.E4)
    QTest.mousePress(board_widget, LEFT, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(board_widget, QPoint(start.x(), start.y() - 30))
    assert board_widget.is_dragging()
    with qtbot.waitSignal(board_widget.move_requested, timeout=1000) as blocker:
        QTest.mouseMove(board_widget, end)
        QTest.mouseRelease(board_widget, LEFT, Qt.KeyboardModifier.NoModifier, end)
    assert blocker.args == [chess.Move.from_uci("e2e4")]
    assert not board_widget.is_dragging()


def test_dragged_piece_follows_cursor_and_origin_fades(board_widget: BoardWidget) -> None:
    before = image(board_widget)
    start = point(board_widget, chess.G1)
    free = point(board_widget, chess.D5)  # an empty square in the middle
    QTest.mousePress(board_widget, LEFT, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(board_widget, free)
    during = image(board_widget)
    # The empty square under the cursor now shows the knight; its origin square looks different (faded).
    assert board_widget.is_dragging()
    assert _region_differs(before, during, board_widget, chess.D5)
    assert _region_differs(before, during, board_widget, chess.G1)
    QTest.mouseRelease(board_widget, LEFT, Qt.KeyboardModifier.NoModifier, free)
    assert image(board_widget) == before  # d5 is no knight move: it snapped back


def _region_differs(first: QImage, second: QImage, widget: BoardWidget, square: chess.Square) -> bool:
    rect = widget.square_rect(square).toRect()
    return first.copy(rect) != second.copy(rect)


def test_illegal_drag_emits_nothing_and_snaps_back(qtbot, board_widget: BoardWidget) -> None:
    before = image(board_widget)
    with qtbot.assertNotEmitted(board_widget.move_requested):
        drag(board_widget, chess.E2, chess.E5)
    assert not board_widget.is_dragging()
    assert board_widget.selected_square() is None
    assert board_widget.position().piece_at(chess.E2) == chess.Piece(chess.PAWN, chess.WHITE)
    # The board looks exactly as before the drag: the pawn is back on e2, nothing else drawn.
    assert image(board_widget) == before


def test_drop_off_board_snaps_back(qtbot, board_widget: BoardWidget) -> None:
    board_widget.resize(500, 400)  # leaves 50 px of empty margin left and right of the board
    start = point(board_widget, chess.E2)
    with qtbot.assertNotEmitted(board_widget.move_requested):
        QTest.mousePress(board_widget, LEFT, Qt.KeyboardModifier.NoModifier, start)
        QTest.mouseMove(board_widget, QPoint(10, 200))
        QTest.mouseRelease(board_widget, LEFT, Qt.KeyboardModifier.NoModifier, QPoint(10, 200))
    assert not board_widget.is_dragging()


def test_click_selection_rules(qtbot, board_widget: BoardWidget) -> None:
    click(board_widget, chess.E2)
    assert board_widget.selected_square() == chess.E2
    click(board_widget, chess.G1)  # another own piece: reselect
    assert board_widget.selected_square() == chess.G1
    with qtbot.assertNotEmitted(board_widget.move_requested):
        click(board_widget, chess.G4)  # not a knight move: deselect
    assert board_widget.selected_square() is None
    click(board_widget, chess.D2)
    click(board_widget, chess.D2)  # second click on the selected piece deselects it
    assert board_widget.selected_square() is None
    with qtbot.assertNotEmitted(board_widget.move_requested):
        click(board_widget, chess.E7)  # the opponent's piece cannot be selected
    assert board_widget.selected_square() is None


def test_legal_destinations_come_from_python_chess(board_widget: BoardWidget) -> None:
    assert board_widget.legal_destinations(chess.G1) == {chess.F3, chess.H3}
    assert board_widget.legal_destinations(chess.E2) == {chess.E3, chess.E4}
    assert board_widget.legal_destinations(chess.E1) == frozenset()


def test_dots_drawn_on_destinations_of_selected_piece(board_widget: BoardWidget) -> None:
    before = image(board_widget)
    click(board_widget, chess.G1)
    after = image(board_widget)
    for square in (chess.F3, chess.H3, chess.G1):
        assert _region_differs(before, after, board_widget, square)
    assert not _region_differs(before, after, board_widget, chess.E3)
    board_widget.set_show_legal_moves(False)
    hidden = image(board_widget)
    assert not _region_differs(before, hidden, board_widget, chess.F3)


def test_promotion_picker_returns_chosen_piece(qtbot, board_widget: BoardWidget) -> None:
    board_widget.set_position(chess.Board("8/1P4k1/8/8/8/8/6K1/8 w - - 0 1"))
    with qtbot.assertNotEmitted(board_widget.move_requested):
        click(board_widget, chess.B7)
        click(board_widget, chess.B8)
    picker = board_widget.promotion_picker()
    assert picker is not None and picker.isVisible()
    assert set(picker.choices()) == {chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT}
    assert picker.choice_square(chess.QUEEN) == chess.B8  # the queen sits on the target square
    knight_at = picker.choice_rect(chess.KNIGHT).center().toPoint()
    with qtbot.waitSignal(board_widget.move_requested, timeout=1000) as blocker:
        QTest.mouseClick(picker, LEFT, Qt.KeyboardModifier.NoModifier, knight_at)
    assert blocker.args == [chess.Move(chess.B7, chess.B8, promotion=chess.KNIGHT)]
    assert board_widget.promotion_picker() is None


def test_promotion_by_drag_and_programmatic_choice(qtbot, board_widget: BoardWidget) -> None:
    board_widget.set_position(chess.Board("2r5/1P4k1/8/8/8/8/6K1/8 w - - 0 1"))
    drag(board_widget, chess.B7, chess.C8)  # capture-promotion
    picker = board_widget.promotion_picker()
    assert picker is not None
    with (
        qtbot.waitSignal(picker.finished, timeout=1000) as finished,
        qtbot.waitSignal(board_widget.move_requested, timeout=1000) as requested,
    ):
        picker.choose(chess.ROOK)
    assert finished.args == [chess.ROOK]
    assert requested.args == [chess.Move.from_uci("b7c8r")]


def test_promotion_cancel_with_escape_emits_nothing(qtbot, board_widget: BoardWidget) -> None:
    board_widget.set_position(chess.Board("8/1P4k1/8/8/8/8/6K1/8 w - - 0 1"))
    click(board_widget, chess.B7)
    click(board_widget, chess.B8)
    picker = board_widget.promotion_picker()
    assert picker is not None
    with (
        qtbot.assertNotEmitted(board_widget.move_requested),
        qtbot.waitSignal(picker.finished, timeout=1000) as finished,
    ):
        QTest.keyClick(picker, Qt.Key.Key_Escape)
    assert finished.args == [None]
    assert board_widget.promotion_picker() is None
    assert board_widget.selected_square() is None


def test_promotion_cancel_by_clicking_elsewhere(qtbot, board_widget: BoardWidget) -> None:
    board_widget.set_position(chess.Board("8/1P4k1/8/8/8/8/6K1/8 w - - 0 1"))
    click(board_widget, chess.B7)
    click(board_widget, chess.B8)
    picker = board_widget.promotion_picker()
    assert picker is not None
    elsewhere = board_widget.square_center(chess.G4).toPoint()
    with qtbot.assertNotEmitted(board_widget.move_requested):
        QTest.mouseClick(picker, LEFT, Qt.KeyboardModifier.NoModifier, elsewhere)
    assert board_widget.promotion_picker() is None
    # The board takes input again afterwards.
    click(board_widget, chess.G2)
    assert board_widget.selected_square() == chess.G2


def test_black_promotion_picker_runs_upward(qtbot, board_widget: BoardWidget) -> None:
    board_widget.set_position(chess.Board("8/6k1/8/8/8/8/p5K1/8 b - - 0 1"))
    click(board_widget, chess.A2)
    click(board_widget, chess.A1)
    picker = board_widget.promotion_picker()
    assert picker is not None
    assert [picker.choice_square(piece) for piece in picker.choices()] == [chess.A1, chess.A2, chess.A3, chess.A4]
    with qtbot.waitSignal(board_widget.move_requested, timeout=1000) as blocker:
        QTest.keyClick(picker, Qt.Key.Key_Q)
    assert blocker.args == [chess.Move.from_uci("a2a1q")]


def test_flipped_board_maps_clicks_to_the_right_squares(qtbot, board_widget: BoardWidget) -> None:
    board_widget.set_flipped(True)
    assert board_widget.is_flipped()
    rect = board_widget.board_rect()
    size = rect.width() / 8
    # Flipped: h1 is the top-left square, a8 the bottom-right one.
    assert board_widget.square_at(QPointF(rect.left() + size / 2, rect.top() + size / 2)) == chess.H1
    assert board_widget.square_at(QPointF(rect.right() - size / 2, rect.bottom() - size / 2)) == chess.A8

    def cell(column: int, row: int) -> QPoint:
        return QPointF(rect.left() + (column + 0.5) * size, rect.top() + (row + 0.5) * size).toPoint()

    # e2 is in column 3 (h g f e), row 1; e4 in column 3, row 3 -- computed by hand, not through the widget.
    QTest.mouseClick(board_widget, LEFT, Qt.KeyboardModifier.NoModifier, cell(3, 1))
    assert board_widget.selected_square() == chess.E2
    with qtbot.waitSignal(board_widget.move_requested, timeout=1000) as blocker:
        QTest.mouseClick(board_widget, LEFT, Qt.KeyboardModifier.NoModifier, cell(3, 3))
    assert blocker.args == [chess.Move.from_uci("e2e4")]


def test_input_disabled_blocks_moves(qtbot, board_widget: BoardWidget) -> None:
    board_widget.set_input_enabled(False)
    with qtbot.assertNotEmitted(board_widget.move_requested):
        click(board_widget, chess.E2)
        click(board_widget, chess.E4)
        drag(board_widget, chess.D2, chess.D4)
    assert board_widget.selected_square() is None
    board_widget.set_input_enabled(True)
    with qtbot.waitSignal(board_widget.move_requested, timeout=1000):
        drag(board_widget, chess.D2, chess.D4)


def test_disabling_input_drops_a_selection(board_widget: BoardWidget) -> None:
    click(board_widget, chess.E2)
    board_widget.set_input_enabled(False)
    assert board_widget.selected_square() is None


def test_read_only_blocks_moves_and_looks_different(qtbot, board_widget: BoardWidget) -> None:
    live = image(board_widget)
    board_widget.set_read_only(True)
    assert board_widget.is_read_only()
    assert image(board_widget) != live  # visibly read-only
    with qtbot.assertNotEmitted(board_widget.move_requested):
        click(board_widget, chess.E2)
        click(board_widget, chess.E4)
        drag(board_widget, chess.D2, chess.D4)
    board_widget.set_read_only(False)
    assert image(board_widget) == live


def test_read_only_cancels_open_promotion(qtbot, board_widget: BoardWidget) -> None:
    board_widget.set_position(chess.Board("8/1P4k1/8/8/8/8/6K1/8 w - - 0 1"))
    click(board_widget, chess.B7)
    click(board_widget, chess.B8)
    assert board_widget.promotion_picker() is not None
    with qtbot.assertNotEmitted(board_widget.move_requested):
        board_widget.set_read_only(True)
    assert board_widget.promotion_picker() is None


def test_castling_by_king_two_squares_or_onto_the_rook(qtbot, board_widget: BoardWidget) -> None:
    board_widget.set_position(chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"))
    with qtbot.waitSignal(board_widget.move_requested, timeout=1000) as two_squares:
        drag(board_widget, chess.E1, chess.G1)
    assert two_squares.args == [chess.Move.from_uci("e1g1")]
    click(board_widget, chess.E1)
    with qtbot.waitSignal(board_widget.move_requested, timeout=1000) as onto_rook:
        click(board_widget, chess.A1)  # king onto own rook castles (when legal) rather than reselecting
    assert onto_rook.args == [chess.Move.from_uci("e1c1")]


def right_drag(widget: BoardWidget, from_square: chess.Square, to_square: chess.Square) -> None:
    right = Qt.MouseButton.RightButton
    QTest.mousePress(widget, right, Qt.KeyboardModifier.NoModifier, point(widget, from_square))
    QTest.mouseMove(widget, point(widget, to_square))
    QTest.mouseRelease(widget, right, Qt.KeyboardModifier.NoModifier, point(widget, to_square))


def test_right_button_draws_user_arrows_and_circles(qtbot, board_widget: BoardWidget) -> None:
    plain = image(board_widget)
    with qtbot.assertNotEmitted(board_widget.move_requested):
        right_drag(board_widget, chess.G1, chess.F3)
        right_drag(board_widget, chess.D5, chess.D5)
    assert board_widget.user_shapes() == [(chess.G1, chess.F3), (chess.D5, chess.D5)]
    assert image(board_widget) != plain
    right_drag(board_widget, chess.G1, chess.F3)  # drawing it again removes it
    assert board_widget.user_shapes() == [(chess.D5, chess.D5)]
    click(board_widget, chess.H4)  # a left click clears the user's shapes
    assert board_widget.user_shapes() == []
    assert image(board_widget) == plain


def test_user_arrows_also_work_on_a_read_only_board(board_widget: BoardWidget) -> None:
    board_widget.set_read_only(True)
    right_drag(board_widget, chess.E2, chess.E4)
    assert board_widget.user_shapes() == [(chess.E2, chess.E4)]
    after = board_widget.position()
    after.push_san("e4")
    board_widget.set_position(after)  # a new position clears them
    assert board_widget.user_shapes() == []


def test_right_click_cancels_a_drag(qtbot, board_widget: BoardWidget) -> None:
    start = point(board_widget, chess.E2)
    QTest.mousePress(board_widget, LEFT, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(board_widget, point(board_widget, chess.E3))
    assert board_widget.is_dragging()
    QTest.mousePress(
        board_widget, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, point(board_widget, chess.E3)
    )
    assert not board_widget.is_dragging()
    with qtbot.assertNotEmitted(board_widget.move_requested):
        QTest.mouseRelease(board_widget, LEFT, Qt.KeyboardModifier.NoModifier, point(board_widget, chess.E4))


def test_flipped_white_promotion_picker_runs_up_from_the_bottom(qtbot, board_widget: BoardWidget) -> None:
    board_widget.set_flipped(True)
    board_widget.set_position(chess.Board("8/1P4k1/8/8/8/8/6K1/8 w - - 0 1"))
    drag(board_widget, chess.B7, chess.B8)
    picker = board_widget.promotion_picker()
    assert picker is not None
    queen, knight = picker.choice_rect(chess.QUEEN), picker.choice_rect(chess.KNIGHT)
    assert queen.bottom() == board_widget.board_rect().bottom()  # b8 is in the bottom row when flipped
    assert knight.top() < queen.top()
    with qtbot.waitSignal(board_widget.move_requested, timeout=1000) as blocker:
        QTest.mouseClick(picker, LEFT, Qt.KeyboardModifier.NoModifier, knight.center().toPoint())
    assert blocker.args == [chess.Move.from_uci("b7b8n")]


def test_destination_under_cursor_is_tinted(board_widget: BoardWidget) -> None:
    click(board_widget, chess.E2)
    QTest.mouseMove(board_widget, point(board_widget, chess.H6))
    away = image(board_widget)
    QTest.mouseMove(board_widget, point(board_widget, chess.E4))
    over = image(board_widget)
    rect = board_widget.square_rect(chess.E4)
    corner = QPoint(int(rect.left()) + 3, int(rect.top()) + 3)
    assert over.pixelColor(corner) != away.pixelColor(corner)


def _promotion_picked_by_a_drag(qtbot, board_widget: BoardWidget) -> PromotionPicker:
    """a7-a8 dragged in an active window: the picker is open and has the focus."""
    board_widget.activateWindow()
    qtbot.waitUntil(board_widget.isActiveWindow)
    board_widget.set_position(chess.Board("8/P6k/8/8/8/8/8/K7 w - - 0 1"))
    drag(board_widget, chess.A7, chess.A8)
    picker = board_widget.promotion_picker()
    assert picker is not None
    qtbot.waitUntil(picker.hasFocus)
    return picker


@pytest.mark.parametrize("by_mouse", [True, False])
def test_a_promotion_leaves_the_keyboard_cursor_only_when_chosen_with_the_keyboard(
    qtbot, board_widget: BoardWidget, by_mouse: bool
) -> None:
    """The keyboard cursor's black frame appeared on the pawn's square after a mouse promotion (the
    closing picker handed the focus back as if the keyboard were in use)."""
    picker = _promotion_picked_by_a_drag(qtbot, board_widget)
    with qtbot.waitSignal(board_widget.move_requested, timeout=1000):
        if by_mouse:
            knight_at = picker.choice_rect(chess.KNIGHT).center().toPoint()
            QTest.mouseClick(picker, LEFT, Qt.KeyboardModifier.NoModifier, knight_at)
        else:
            QTest.keyClick(picker, Qt.Key.Key_N)
    qtbot.waitUntil(board_widget.hasFocus)
    assert (board_widget.cursor_square() is None) == by_mouse
