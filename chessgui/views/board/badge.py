"""A review mark on the board: a small round badge ("??", "?", "?!", "!") at a square's top-right corner."""

from __future__ import annotations

from dataclasses import dataclass

import chess
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen

from chessgui.views.board.geometry import BoardGeometry

BADGE_FRACTION = 0.42
"""The badge's diameter as a share of a square's side (lichess-sized: readable, not covering the piece)."""


@dataclass(frozen=True, slots=True)
class SquareBadge:
    """A mark shown on one square."""

    square: chess.Square
    """Where (the destination square of the move it judges)."""
    text: str
    """The mark, e.g. "??"."""
    color: QColor
    """The badge's fill."""


def paint_badge(painter: QPainter, geometry: BoardGeometry, badge: SquareBadge) -> None:
    """Paint ``badge`` over the top-right corner of its square, slightly outside it (as lichess does)."""
    rect = geometry.square_rect(badge.square)
    diameter = rect.width() * BADGE_FRACTION
    center = QPointF(rect.right() - diameter * 0.3, rect.top() + diameter * 0.3)
    circle = QRectF(center.x() - diameter / 2, center.y() - diameter / 2, diameter, diameter)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor(255, 255, 255, 230), max(1.0, diameter * 0.06)))
    painter.setBrush(badge.color)
    painter.drawEllipse(circle)
    font = QFont(painter.font())
    font.setBold(True)
    font.setPixelSize(max(6, int(diameter * (0.62 if len(badge.text) < 2 else 0.5))))
    painter.setFont(font)
    painter.setPen(QColor(255, 255, 255))
    painter.drawText(circle, Qt.AlignmentFlag.AlignCenter, badge.text)
    painter.restore()
