"""The evaluation graph under the move list: White's winning chances over the game.

One point per position of the main line (the start position first), read from the
``[%eval]`` annotations a review (or a loaded PGN) put in the game. The curve is
lichess's win% of the score, so it is clamped by nature and a mate sits at the edge.
Marked moves (``?!``, ``?``, ``??``, ``!``) are dots in their colour; the shown
position is a vertical line. Clicking or dragging asks to show that position.
"""

from __future__ import annotations

from dataclasses import dataclass

import chess
import chess.pgn
from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPainterPath, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from chessgui.game.review import Judgement, shown_white_win_percent, stored_score
from chessgui.views.judgement_style import JUDGEMENT_COLORS

# Black's area (above the curve) and White's (below it), for a light and for a dark window:
# a near-black strip glares out of a light window, a white one out of a dark window.
_LIGHT_WINDOW_BLACK_AREA = QColor(120, 117, 112)
_LIGHT_WINDOW_WHITE_AREA = QColor(250, 250, 248)
_DARK_WINDOW_BLACK_AREA = QColor(38, 36, 33)
_DARK_WINDOW_WHITE_AREA = QColor(200, 198, 194)
_MID_LINE = QColor(150, 150, 150)
_CURRENT = QColor(214, 79, 0)
DOT_RADIUS = 3.5


@dataclass(frozen=True, slots=True)
class GraphPoint:
    """One position of the game on the graph."""

    white_win: float | None
    """White's win% 0…100 (a mate: 0 or 100); None when the position has no evaluation."""
    judgement: Judgement
    """The mark of the move leading here (GOOD for the start position and unmarked moves)."""


def graph_points(game: chess.pgn.Game) -> list[GraphPoint]:
    """The points of ``game``'s main line, the start position first.

    A final mate or draw has no ``[%eval]``; its score is taken from the board (:func:`stored_score`),
    but only in a game that has evaluations: alone it would draw a graph of a game nobody evaluated."""
    nodes = [game, *game.mainline()]
    scores = [node.eval() for node in nodes]
    if scores[-1] is None and any(score is not None for score in scores):
        scores[-1] = stored_score(nodes[-1], is_last=True)
    points: list[GraphPoint] = []
    for index, (node, score) in enumerate(zip(nodes, scores, strict=True)):
        value = None if score is None else shown_white_win_percent(score, node.turn())
        judgement = Judgement.from_nags(node.nags) if index else Judgement.GOOD
        points.append(GraphPoint(value, judgement))
    return points


class EvalGraph(QWidget):
    """A strip chart of the evaluation over the game; click or drag to go to a move.

    Signals:
        ply_selected(int): the user clicked or dragged to the position after this many moves.
    """

    ply_selected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._points: list[GraphPoint] = []
        self._current = 0
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(60)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(self.tr("Evaluation over the game: click or drag to go to a move"))

    # ------------------------------------------------------------------ API
    def set_game(self, game: chess.pgn.Game) -> None:
        """Read the evaluations and marks of ``game``'s main line."""
        self._points = graph_points(game)
        self.update()

    def has_evaluations(self) -> bool:
        """True when at least one position has an evaluation (otherwise there is nothing to draw)."""
        return any(point.white_win is not None for point in self._points)

    def points(self) -> list[GraphPoint]:
        """The points drawn."""
        return list(self._points)

    def set_current_ply(self, ply: int) -> None:
        """Mark the position shown on the board."""
        if ply != self._current:
            self._current = ply
            self.update()

    def current_ply(self) -> int:
        """The marked position."""
        return self._current

    def ply_at(self, x: float) -> int:
        """The position nearest to widget x-coordinate ``x``."""
        last = max(0, len(self._points) - 1)
        if last == 0:
            return 0
        return max(0, min(last, round(x / max(1.0, self.width() - 1) * last)))

    def point_at_ply(self, ply: int) -> QPointF:
        """Where the position ``ply`` is drawn (its curve value, or the middle when unknown)."""
        rect = self._plot_rect()
        last = max(1, len(self._points) - 1)
        x = rect.left() + rect.width() * ply / last
        value = self._points[ply].white_win if 0 <= ply < len(self._points) else None
        return QPointF(x, self._y(rect, 50.0 if value is None else value))

    # ------------------------------------------------------------------ Qt
    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(300, 90)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if event.button() == Qt.MouseButton.LeftButton and self._points:
            self._select(event.position().x())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if event.buttons() & Qt.MouseButton.LeftButton and self._points:
            self._select(event.position().x())

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = self._plot_rect()
        black_area, white_area = self._area_colors()
        painter.fillRect(self.rect(), black_area)
        if len(self._points) >= 2:
            self._paint_area(painter, rect, white_area)
        painter.setPen(QPen(_MID_LINE, 1, Qt.PenStyle.DashLine))
        painter.drawLine(QPointF(rect.left(), self._y(rect, 50)), QPointF(rect.right(), self._y(rect, 50)))
        for ply, point in enumerate(self._points):
            color = JUDGEMENT_COLORS.get(point.judgement)
            if color is not None and point.white_win is not None:
                painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Base), 1))
                painter.setBrush(color)
                painter.drawEllipse(self.point_at_ply(ply), DOT_RADIUS, DOT_RADIUS)
        if self._points:
            x = self.point_at_ply(min(self._current, len(self._points) - 1)).x()
            painter.setPen(QPen(_CURRENT, 2))
            painter.drawLine(QPointF(x, rect.top()), QPointF(x, rect.bottom()))
        painter.end()

    # ------------------------------------------------------------------ helpers
    def _select(self, x: float) -> None:
        ply = self.ply_at(x)
        if ply != self._current:
            self.ply_selected.emit(ply)

    def _plot_rect(self) -> QRectF:
        return QRectF(self.rect()).adjusted(0, 2, -1, -2)

    @staticmethod
    def _y(rect: QRectF, white_win: float) -> float:
        return rect.bottom() - rect.height() * white_win / 100

    def _area_colors(self) -> tuple[QColor, QColor]:
        """Black's and White's area colours for the window's light or dark palette."""
        if self.palette().color(QPalette.ColorRole.Window).lightness() < 128:
            return _DARK_WINDOW_BLACK_AREA, _DARK_WINDOW_WHITE_AREA
        return _LIGHT_WINDOW_BLACK_AREA, _LIGHT_WINDOW_WHITE_AREA

    def _paint_area(self, painter: QPainter, rect: QRectF, color: QColor) -> None:
        """White's area: from the bottom up to the curve (unknown positions carry the last value)."""
        path = QPainterPath(QPointF(rect.left(), rect.bottom()))
        last_value = 50.0
        for ply, point in enumerate(self._points):
            if point.white_win is not None:
                last_value = point.white_win
            path.lineTo(QPointF(self.point_at_ply(ply).x(), self._y(rect, last_value)))
        path.lineTo(QPointF(rect.right(), rect.bottom()))
        path.closeSubpath()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(color)
        painter.drawPath(path)
