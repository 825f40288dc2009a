"""BoardWidget painting: aspect ratio, HiDPI, highlights, arrows and move animation."""

from __future__ import annotations

import chess
import pytest
from PySide6.QtCore import QPoint, QPointF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPixmap
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QHBoxLayout, QWidget

from chessgui.views.board.board_widget import BoardWidget
from chessgui.views.board.piece_renderer import PieceRenderer
from chessgui.views.board.theme import DEFAULT_THEME


def image(widget: BoardWidget) -> QImage:
    return widget.grab().toImage()


def corner_color(widget: BoardWidget, img: QImage, square: chess.Square) -> QColor:
    """Colour 3 px inside the square's top-left corner (away from pieces and coordinates)."""
    rect = widget.square_rect(square)
    return img.pixelColor(QPoint(int(rect.left()) + 3, int(rect.top()) + 3))


def test_board_stays_square_and_centred_when_resized(qtbot, board_widget: BoardWidget) -> None:
    board_widget.resize(600, 400)
    rect = board_widget.board_rect()
    assert rect.width() == rect.height() == 400
    assert rect.left() == 100 and rect.top() == 0
    board_widget.resize(300, 700)
    rect = board_widget.board_rect()
    assert rect.width() == rect.height() == 296  # whole pixels per square: 8 x 37
    assert abs(rect.center().y() - 350) <= 1 and abs(rect.center().x() - 150) <= 1
    assert board_widget.hasHeightForWidth() and board_widget.heightForWidth(333) == 333


def test_board_in_a_layout_keeps_its_aspect(qtbot) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    layout = QHBoxLayout(window)
    board = BoardWidget()
    layout.addWidget(board)
    window.resize(900, 500)
    window.show()
    qtbot.waitExposed(window)
    rect = board.board_rect()
    assert rect.width() == rect.height()
    assert rect.width() >= 400


def test_renders_at_device_pixel_ratio_two(qtbot, board_widget: BoardWidget) -> None:
    board_widget.set_position(chess.Board(), chess.Move.from_uci("e2e4"))
    pixmap = QPixmap(QSize(800, 800))
    pixmap.setDevicePixelRatio(2.0)
    pixmap.fill(Qt.GlobalColor.black)
    board_widget.render(pixmap)
    img = pixmap.toImage()
    assert img.width() == 800
    # Corners of a1 (dark) and b1 (light), in physical pixels: the board fills all 800 of them.
    assert img.pixelColor(QPoint(6, 700 + 6)) == DEFAULT_THEME.dark_square
    assert img.pixelColor(QPoint(100 + 6, 700 + 6)) == DEFAULT_THEME.light_square
    renderer = board_widget.piece_renderer()
    sizes = {key for key in renderer._cache}  # noqa: SLF001 - inspecting the cache is the point here
    assert any(ratio == 2.0 and physical == 100 for (_, physical, ratio) in sizes)
    grabbed = board_widget.grab()
    assert not grabbed.isNull() and grabbed.width() == 400


def test_piece_renderer_pixmaps_are_crisp_and_cached(qtbot) -> None:
    renderer = PieceRenderer()
    knight = chess.Piece(chess.KNIGHT, chess.WHITE)
    pixmap = renderer.pixmap(knight, 50, 2.0)
    assert pixmap.width() == 100 and pixmap.devicePixelRatio() == 2.0
    assert renderer.pixmap(knight, 50, 2.0) is pixmap  # cached
    img = pixmap.toImage()
    assert img.pixelColor(0, 0).alpha() == 0  # transparent background
    assert any(img.pixelColor(x, 50).alpha() == 255 for x in range(100))  # the knight is drawn
    assert renderer.pixmap(knight, 60, 2.0).width() == 120


def test_last_move_and_check_are_highlighted(board_widget: BoardWidget) -> None:
    board = chess.Board()
    for san in ("e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"):
        board.push_san(san)
    plain = image(board_widget)
    before = board.copy()
    board.push_san("Qxf7#")
    board_widget.set_position(board, board.peek())
    shown = image(board_widget)
    last_from = corner_color(board_widget, shown, chess.H5)
    assert last_from != corner_color(board_widget, plain, chess.H5)  # tinted
    assert last_from.green() > last_from.red() - 40  # a yellow-green tint, not brown
    king = board_widget.square_rect(chess.E8)
    near_corner = QPoint(int(king.left() + king.width() * 0.15), int(king.top() + king.height() * 0.15))
    glow, calm_king = shown.pixelColor(near_corner), plain.pixelColor(near_corner)
    # A red glow under the checked king: far redder than the plain light square.
    assert glow.red() - glow.green() > calm_king.red() - calm_king.green() + 40
    board_widget.set_position(before)
    calm = image(board_widget)
    assert corner_color(board_widget, calm, chess.H5) == corner_color(board_widget, plain, chess.H5)


def test_arrows_are_drawn_and_removed(board_widget: BoardWidget) -> None:
    plain = image(board_widget)
    board_widget.set_arrows([(chess.E2, chess.E4)])
    assert board_widget.arrows() == [(chess.E2, chess.E4)]
    with_arrow = image(board_widget)
    e3 = board_widget.square_center(chess.E3).toPoint()
    assert with_arrow.pixelColor(e3) != plain.pixelColor(e3)
    board_widget.set_arrows([])
    assert image(board_widget) == plain


def test_coordinates_can_be_hidden(board_widget: BoardWidget) -> None:
    shown = image(board_widget)
    board_widget.set_show_coordinates(False)
    hidden = image(board_widget)
    a1 = board_widget.square_rect(chess.A1).toRect()
    assert shown.copy(a1) != hidden.copy(a1)


def test_move_animation_runs_and_finishes(qtbot, board_widget: BoardWidget) -> None:
    board_widget.set_animation_ms(60)
    board = chess.Board()
    board.push_san("e4")
    board_widget.set_position(board, board.peek(), animate=True)
    assert board_widget.is_animating()
    qtbot.waitUntil(lambda: not board_widget.is_animating(), timeout=2000)
    final = image(board_widget)
    reference = BoardWidget()
    qtbot.addWidget(reference)
    reference.resize(400, 400)
    reference.set_position(board, board.peek())
    assert final == reference.grab().toImage()


def test_no_animation_for_unrelated_positions_or_when_off(board_widget: BoardWidget) -> None:
    board_widget.set_animation_ms(60)
    jumped = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    board_widget.set_position(jumped, chess.Move.from_uci("b8c6"), animate=True)
    assert not board_widget.is_animating()
    board_widget.set_animation_ms(0)
    after = jumped.copy()
    after.push_san("Bc4")
    board_widget.set_position(after, after.peek(), animate=True)
    assert not board_widget.is_animating()


def test_dropped_move_is_not_animated_again(qtbot, board_widget: BoardWidget) -> None:
    board_widget.set_animation_ms(200)

    def on_move(move: chess.Move) -> None:  # what the controller does
        board = board_widget.position()
        board.push(move)
        board_widget.set_position(board, move, animate=True)

    board_widget.move_requested.connect(on_move)
    start = board_widget.square_center(chess.E2).toPoint()
    end = board_widget.square_center(chess.E4).toPoint()
    QTest.mousePress(board_widget, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    QTest.mouseMove(board_widget, end)
    QTest.mouseRelease(board_widget, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, end)
    assert board_widget.position().piece_at(chess.E4) is not None
    assert not board_widget.is_animating()
    # A click-click move glides.
    QTest.mouseClick(
        board_widget,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        board_widget.square_center(chess.E7).toPoint(),
    )
    QTest.mouseClick(
        board_widget,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        board_widget.square_center(chess.E5).toPoint(),
    )
    assert board_widget.position().piece_at(chess.E5) is not None
    assert board_widget.is_animating()
    qtbot.waitUntil(lambda: not board_widget.is_animating(), timeout=2000)


def test_square_at_outside_board_is_none(board_widget: BoardWidget) -> None:
    board_widget.resize(500, 400)
    assert board_widget.square_at(QPointF(10, 10)) is None
    assert board_widget.square_at(QPointF(60, 390)) == chess.A1


def test_missing_piece_images_raise_a_clear_error(qtbot) -> None:
    from chessgui.views.board.piece_renderer import PieceImageError

    with pytest.raises(PieceImageError, match="wP.svg"):
        PieceRenderer(folder="no-such-folder")
