"""Painting the board, layer by layer, from a plain description of what to show.

The widget decides *what* is on screen (a :class:`BoardScene`); these functions
decide *how* it looks. Keeping them apart lets the board editor and screenshots
reuse the painting without the widget's input handling.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import chess
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF, QRadialGradient

from chessgui.views.board.geometry import BoardGeometry
from chessgui.views.board.piece_renderer import PieceRenderer
from chessgui.views.board.theme import BoardTheme

GHOST_OPACITY = 0.3
"""Opacity of a dragged piece's image left on its origin square (lichess's ghost)."""


@dataclass(frozen=True, slots=True)
class FloatingPiece:
    """A piece drawn off the square grid: dragged, sliding, or fading out."""

    piece: chess.Piece
    """Which piece."""
    center: QPointF
    """Where its centre is, in widget coordinates."""
    opacity: float = 1.0
    """1.0 opaque, 0.0 invisible."""


@dataclass(frozen=True, slots=True)
class BoardScene:
    """Everything one paint of the board shows."""

    board: chess.Board
    """The position (pieces, and whose king is in check)."""
    last_move: chess.Move | None = None
    """Its from- and to-squares are tinted."""
    selected: chess.Square | None = None
    """The selected or dragged piece's square."""
    destinations: frozenset[chess.Square] = frozenset()
    """Legal destinations of the selected piece: dots, or rings on captures."""
    hover: chess.Square | None = None
    """A legal destination under the dragged piece (tinted)."""
    hidden: frozenset[chess.Square] = frozenset()
    """Squares whose piece is not drawn on its square (it is floating instead)."""
    ghosts: frozenset[chess.Square] = frozenset()
    """Squares whose piece is drawn faded (a dragged piece's origin)."""
    floating: tuple[FloatingPiece, ...] = ()
    """Pieces sliding or fading, drawn above the grid but under the arrows."""
    dragged: FloatingPiece | None = None
    """The piece under the cursor, drawn above everything."""
    arrows: tuple[tuple[chess.Square, chess.Square], ...] = ()
    """Hint arrows, tail square to head square."""
    weighted_arrows: tuple[tuple[chess.Square, chess.Square, float], ...] = ()
    """Analysis arrows (tail, head, strength 0–1): the stronger, the wider and more opaque."""
    user_shapes: tuple[tuple[chess.Square, chess.Square], ...] = ()
    """The user's own arrows (and circles, where tail equals head)."""
    show_coordinates: bool = True
    """Draw file letters and rank digits inside the edge squares."""
    read_only: bool = False
    """Veil and frame the board: it shows an earlier position and takes no input."""
    cursor: chess.Square | None = None
    """The keyboard cursor's square (outlined), while the board is used from the keyboard."""


def paint_scene(
    painter: QPainter, geometry: BoardGeometry, theme: BoardTheme, renderer: PieceRenderer, scene: BoardScene
) -> None:
    """Paint ``scene`` in the lichess layer order: squares, tints, hints, pieces, arrows, dragged piece."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_squares(painter, geometry, theme)
    if scene.last_move:
        for square in (scene.last_move.from_square, scene.last_move.to_square):
            painter.fillRect(geometry.square_rect(square), theme.last_move)
    if scene.board.is_check():
        king = scene.board.king(scene.board.turn)
        if king is not None:
            paint_check_glow(painter, geometry.square_rect(king), theme)
    if scene.selected is not None:
        painter.fillRect(geometry.square_rect(scene.selected), theme.selected)
    if scene.hover is not None:
        painter.fillRect(geometry.square_rect(scene.hover), theme.move_hint_hover)
    if scene.show_coordinates:
        paint_coordinates(painter, geometry, theme)
    paint_destinations(painter, geometry, theme, scene)
    paint_pieces(painter, geometry, renderer, scene)
    for floating in scene.floating:
        paint_floating(painter, geometry, renderer, floating)
    for tail, head, strength in scene.weighted_arrows:
        paint_arrow(painter, geometry, theme.arrow, tail, head, strength)
    for tail, head in scene.arrows:
        paint_arrow(painter, geometry, theme.arrow, tail, head)
    for tail, head in scene.user_shapes:
        paint_arrow(painter, geometry, theme.annotation, tail, head)
    if scene.dragged is not None:
        paint_floating(painter, geometry, renderer, scene.dragged)
    if scene.read_only:
        paint_read_only(painter, geometry, theme)
    if scene.cursor is not None:
        paint_cursor(painter, geometry, scene.cursor)
    painter.restore()


def paint_squares(painter: QPainter, geometry: BoardGeometry, theme: BoardTheme) -> None:
    """The 64 light and dark squares (one fill for the light colour, 32 for the dark)."""
    painter.fillRect(geometry.board_rect(), theme.light_square)
    for square in chess.SQUARES:
        if (chess.square_file(square) + chess.square_rank(square)) % 2 == 0:  # a1 is dark
            painter.fillRect(geometry.square_rect(square), theme.dark_square)


def paint_check_glow(painter: QPainter, rect: QRectF, theme: BoardTheme) -> None:
    """lichess's red radial glow under a king in check."""
    radius = rect.width() * math.sqrt(0.5)  # CSS "farthest-corner" of a square
    gradient = QRadialGradient(rect.center(), radius)
    fade = QColor(theme.check_edge)
    fade.setAlpha(0)
    gradient.setColorAt(0.0, theme.check_core)
    gradient.setColorAt(0.25, theme.check_edge)
    gradient.setColorAt(0.89, fade)
    gradient.setColorAt(1.0, fade)
    painter.fillRect(rect, QBrush(gradient))


def paint_coordinates(painter: QPainter, geometry: BoardGeometry, theme: BoardTheme) -> None:
    """File letters in the bottom row's corners and rank digits along the right edge, inside the squares."""
    size = geometry.square_size
    font = QFont(painter.font())
    font.setBold(True)
    # lichess keeps coordinates small (8-12 px); big squares get a bit more, never shouty letters.
    font.setPixelSize(min(15, max(7, round(size * 0.19))))
    painter.setFont(font)
    pad = max(1.5, size * 0.05)
    for square in chess.SQUARES:
        bottom = geometry.is_bottom_row(square)
        right = geometry.is_right_column(square)
        if not (bottom or right):
            continue
        light = (chess.square_file(square) + chess.square_rank(square)) % 2 == 1
        painter.setPen(theme.coordinate_on_light if light else theme.coordinate_on_dark)
        rect = geometry.square_rect(square).adjusted(pad, pad * 0.6, -pad, -pad * 0.4)
        if right:
            painter.drawText(
                rect,
                Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignRight,
                chess.RANK_NAMES[chess.square_rank(square)],
            )
        if bottom:
            painter.drawText(
                rect,
                Qt.AlignmentFlag.AlignBottom | Qt.AlignmentFlag.AlignLeft,
                chess.FILE_NAMES[chess.square_file(square)],
            )


def paint_destinations(painter: QPainter, geometry: BoardGeometry, theme: BoardTheme, scene: BoardScene) -> None:
    """A dot on each empty legal destination, a ring (filled corners) around each capturable piece."""
    painter.setPen(Qt.PenStyle.NoPen)
    for square in scene.destinations:
        rect = geometry.square_rect(square)
        if scene.board.piece_at(square) is not None and square not in scene.hidden:
            ring = QPainterPath()
            ring.addRect(rect)
            radius = rect.width() * math.sqrt(0.5) * 0.8
            ring.addEllipse(rect.center(), radius, radius)
            ring.setFillRule(Qt.FillRule.OddEvenFill)
            painter.fillPath(ring.intersected(_rect_path(rect)), theme.capture_hint)
        else:
            radius = rect.width() * math.sqrt(0.5) * 0.22
            painter.setBrush(theme.move_hint)
            painter.drawEllipse(rect.center(), radius, radius)
    painter.setBrush(Qt.BrushStyle.NoBrush)


def _rect_path(rect: QRectF) -> QPainterPath:
    path = QPainterPath()
    path.addRect(rect)
    return path


def paint_pieces(painter: QPainter, geometry: BoardGeometry, renderer: PieceRenderer, scene: BoardScene) -> None:
    """Every piece on its square, except hidden ones; ghosts faded."""
    for square, piece in scene.board.piece_map().items():
        if square in scene.hidden:
            continue
        if square in scene.ghosts:
            painter.setOpacity(GHOST_OPACITY)
        renderer.paint(painter, piece, geometry.square_rect(square))
        painter.setOpacity(1.0)


def paint_floating(
    painter: QPainter, geometry: BoardGeometry, renderer: PieceRenderer, floating: FloatingPiece
) -> None:
    """One piece centred on an arbitrary point."""
    size = geometry.square_size
    rect = QRectF(floating.center.x() - size / 2, floating.center.y() - size / 2, size, size)
    painter.setOpacity(max(0.0, min(1.0, floating.opacity)))
    renderer.paint(painter, floating.piece, rect)
    painter.setOpacity(1.0)


def arrow_polygon(geometry: BoardGeometry, tail: chess.Square, head: chess.Square, scale: float = 1.0) -> QPolygonF:
    """The outline of a hint arrow from the centre of ``tail`` with its tip on the centre of ``head``.

    One closed polygon (not a line plus a triangle) so a translucent colour does
    not darken where shaft and head would overlap.
    """
    size = geometry.square_size
    start = geometry.square_center(tail)
    end = geometry.square_center(head)
    dx, dy = end.x() - start.x(), end.y() - start.y()
    length = math.hypot(dx, dy)
    if length < 1e-6:
        return QPolygonF()
    ux, uy = dx / length, dy / length  # along the arrow
    nx, ny = -uy, ux  # across it
    shaft = size * 0.16 / 2 * scale
    head_half = size * 0.3 * max(0.6, scale)
    head_length = min(size * 0.45, length * 0.6)
    neck = QPointF(end.x() - ux * head_length, end.y() - uy * head_length)
    points = [
        QPointF(start.x() + nx * shaft, start.y() + ny * shaft),
        QPointF(neck.x() + nx * shaft, neck.y() + ny * shaft),
        QPointF(neck.x() + nx * head_half, neck.y() + ny * head_half),
        end,
        QPointF(neck.x() - nx * head_half, neck.y() - ny * head_half),
        QPointF(neck.x() - nx * shaft, neck.y() - ny * shaft),
        QPointF(start.x() - nx * shaft, start.y() - ny * shaft),
    ]
    return QPolygonF(points)


def paint_arrow(
    painter: QPainter,
    geometry: BoardGeometry,
    color: QColor,
    tail: chess.Square,
    head: chess.Square,
    strength: float = 1.0,
) -> None:
    """A translucent arrow; a circle when tail and head are the same square.

    ``strength`` (0–1) weighs an analysis line's arrow: the best line's is full width and
    colour (1.0, like a hint's), weaker lines' thinner and paler.
    """
    strength = max(0.0, min(1.0, strength))
    shaded = QColor(color)
    shaded.setAlphaF(color.alphaF() * (0.3 + 0.7 * strength))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(shaded)
    if tail == head:
        rect = geometry.square_rect(tail)
        width = geometry.square_size * 0.08
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(shaded, width))
        inset = width / 2 + 1
        painter.drawEllipse(rect.adjusted(inset, inset, -inset, -inset))
        painter.setPen(Qt.PenStyle.NoPen)
    else:
        painter.drawPolygon(arrow_polygon(geometry, tail, head, 0.5 + 0.5 * strength))
    painter.setBrush(Qt.BrushStyle.NoBrush)


CURSOR_OUTER = QColor(17, 17, 17)
"""The keyboard cursor's outer ring: near black, seen on light squares."""
CURSOR_INNER = QColor(255, 255, 255)
"""Its inner ring: white, seen on dark squares; together they show on every theme."""


def paint_cursor(painter: QPainter, geometry: BoardGeometry, square: chess.Square) -> None:
    """A two-tone square outline (dark outside, white inside) on the keyboard cursor's square.

    Whole pixels and no antialiasing: a crisp ring, not a blur over the square's edge.
    """
    rect = geometry.square_rect(square).toAlignedRect()
    outer = max(2, round(geometry.square_size * 0.06))
    inner = max(2, round(outer * 0.7))
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    painter.setPen(Qt.PenStyle.NoPen)
    for color, inset, width in ((CURSOR_OUTER, 0, outer), (CURSOR_INNER, outer, inner)):
        ring = QPainterPath()
        ring.addRect(QRectF(rect.adjusted(inset, inset, -inset, -inset)))
        ring.addRect(QRectF(rect.adjusted(inset + width, inset + width, -inset - width, -inset - width)))
        ring.setFillRule(Qt.FillRule.OddEvenFill)
        painter.fillPath(ring, color)
    painter.restore()


def paint_read_only(painter: QPainter, geometry: BoardGeometry, theme: BoardTheme) -> None:
    """A cool veil and a frame: this is an earlier position, not the live game."""
    rect = geometry.board_rect()
    painter.fillRect(rect, theme.read_only_tint)
    width = max(2.0, geometry.square_size * 0.05)
    painter.setPen(QPen(theme.read_only_frame, width))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(rect.adjusted(width / 2, width / 2, -width / 2, -width / 2))
