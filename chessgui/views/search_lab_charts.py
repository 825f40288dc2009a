"""The search lab's two charts, painted with QPainter: nodes per depth (log scale) against
the minimax and ideal alpha-beta trees, and time per depth."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

NODES_COLOR = QColor("#1f77b4")
MINIMAX_COLOR = QColor("#d62728")
IDEAL_COLOR = QColor("#2ca02c")
TIME_COLOR = QColor("#ff7f0e")


def minimax_nodes(branching: int, depth: int) -> float:
    """Leaves of the full minimax tree: b^d."""
    return float(max(branching, 1)) ** depth


def ideal_alpha_beta_nodes(branching: int, depth: int) -> float:
    """Leaves of the minimal alpha-beta tree with perfect ordering (Knuth & Moore 1975):
    b^ceil(d/2) + b^floor(d/2) - 1, about b^(d/2)."""
    b = float(max(branching, 1))
    return b ** ((depth + 1) // 2) + b ** (depth // 2) - 1


class _Chart(QWidget):
    """Axes, a title and a legend; subclasses give the series."""

    MARGIN_LEFT = 52
    MARGIN_BOTTOM = 22
    MARGIN_TOP = 20
    MARGIN_RIGHT = 10

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._title = title
        self.setMinimumSize(220, 150)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt API)
        return QSize(300, 180)

    def _plot_rect(self) -> QRectF:
        return QRectF(
            self.MARGIN_LEFT,
            self.MARGIN_TOP,
            max(10, self.width() - self.MARGIN_LEFT - self.MARGIN_RIGHT),
            max(10, self.height() - self.MARGIN_TOP - self.MARGIN_BOTTOM),
        )

    def _draw_frame(self, painter: QPainter, depths: list[int], y_labels: list[tuple[float, str]]) -> QRectF:
        rect = self._plot_rect()
        text = self.palette().color(self.foregroundRole())
        painter.setPen(text)
        painter.drawText(QRectF(0, 0, self.width(), self.MARGIN_TOP), Qt.AlignmentFlag.AlignCenter, self._title)
        grid = QColor(text)
        grid.setAlpha(40)
        for y, label in y_labels:
            painter.setPen(QPen(grid))
            painter.drawLine(QPointF(rect.left(), y), QPointF(rect.right(), y))
            painter.setPen(text)
            painter.drawText(
                QRectF(0, y - 8, self.MARGIN_LEFT - 4, 16),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                label,
            )
        painter.setPen(text)
        painter.drawRect(rect)
        # Label every depth while there is room, else every second, third, ... one.
        every = max(1, math.ceil(len(depths) * 22 / max(rect.width(), 1.0)))
        for depth in depths[::every]:
            x = self._x(depth, depths, rect)
            painter.drawText(
                QRectF(x - 12, rect.bottom() + 2, 24, self.MARGIN_BOTTOM - 2), Qt.AlignmentFlag.AlignHCenter, str(depth)
            )
        return rect

    @staticmethod
    def _x(depth: int, depths: list[int], rect: QRectF) -> float:
        if len(depths) <= 1:
            return rect.center().x()
        lo, hi = depths[0], depths[-1]
        return rect.left() + 12 + (depth - lo) * (rect.width() - 24) / (hi - lo)

    def _legend(self, painter: QPainter, rect: QRectF, entries: list[tuple[QColor, str]]) -> None:
        width = max(painter.fontMetrics().horizontalAdvance(label) for _, label in entries) + 30
        backdrop = QColor(self.palette().color(self.backgroundRole()))
        backdrop.setAlpha(215)  # the curves stay faintly visible under the legend
        painter.fillRect(QRectF(rect.left() + 2, rect.top() + 2, width, 14 * len(entries) + 6), backdrop)
        y = rect.top() + 4
        for color, label in entries:
            painter.setPen(QPen(color, 2))
            painter.drawLine(QPointF(rect.left() + 6, y + 6), QPointF(rect.left() + 20, y + 6))
            painter.setPen(self.palette().color(self.foregroundRole()))
            painter.drawText(QRectF(rect.left() + 24, y, rect.width() - 28, 14), Qt.AlignmentFlag.AlignLeft, label)
            y += 14


def _count_label(value: float) -> str:
    exponent = round(math.log10(value)) if value > 0 else 0
    return f"1e{exponent}" if exponent >= 4 else str(int(10**exponent))


class NodesChart(_Chart):
    """Nodes per depth on a log scale, with b^d (minimax) and ~b^(d/2) (ideal alpha-beta)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Nodes per depth (log scale)"), parent)
        self._nodes: list[tuple[int, int]] = []
        self._branching = 0

    def set_data(self, nodes: list[tuple[int, int]], branching: int) -> None:
        """``nodes``: (depth, nodes of that iteration); ``branching``: root legal moves (b)."""
        self._nodes = list(nodes)
        self._branching = branching
        self.update()

    def series(self) -> dict[str, list[tuple[int, float]]]:
        """The plotted points (for tests and the tooltip): measured, minimax, ideal."""
        depths = [d for d, _ in self._nodes]
        branching = self._branching
        return {
            "measured": [(d, float(n)) for d, n in self._nodes],
            "minimax": [(d, minimax_nodes(branching, d)) for d in depths],
            "ideal": [(d, ideal_alpha_beta_nodes(branching, d)) for d in depths],
        }

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt API)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        series = self.series()
        depths = [d for d, _ in self._nodes]
        values = [v for points in series.values() for _, v in points if v > 0]
        if not depths or not values:
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.tr("No search yet"))
            return
        top = math.ceil(math.log10(max(values)))
        bottom = min(0, math.floor(math.log10(min(values))))
        top = max(top, bottom + 1)
        rect = self._plot_rect()

        def y_of(value: float) -> float:
            return rect.bottom() - (math.log10(max(value, 1.0)) - bottom) * rect.height() / (top - bottom)

        step = max(1, (top - bottom) // 5)
        labels = [(y_of(10.0**e), _count_label(10.0**e)) for e in range(bottom, top + 1, step)]
        rect = self._draw_frame(painter, depths, labels)
        for name, color, dashed in (
            ("minimax", MINIMAX_COLOR, True),
            ("ideal", IDEAL_COLOR, True),
            ("measured", NODES_COLOR, False),
        ):
            pen = QPen(color, 2)
            if dashed:
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            points = [QPointF(self._x(d, depths, rect), y_of(v)) for d, v in series[name]]
            for a, b in zip(points, points[1:], strict=False):
                painter.drawLine(a, b)
            painter.setBrush(color)
            for point in points:
                painter.drawEllipse(point, 2.5, 2.5)
            painter.setBrush(Qt.BrushStyle.NoBrush)
        branching = self._branching
        self._legend(
            painter,
            rect,
            [
                (NODES_COLOR, self.tr("this search")),
                (MINIMAX_COLOR, self.tr("minimax {branching}^d").format(branching=branching)),
                (IDEAL_COLOR, self.tr("ideal alpha-beta ≈ {branching}^(d/2)").format(branching=branching)),
            ],
        )


class TimeChart(_Chart):
    """Milliseconds per iteration, as bars."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Time per depth"), parent)
        self._times: list[tuple[int, float]] = []

    def set_data(self, times: list[tuple[int, float]]) -> None:
        """(depth, milliseconds of that iteration)."""
        self._times = list(times)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt API)
        painter = QPainter(self)
        if not self._times:
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.tr("No search yet"))
            return
        depths = [d for d, _ in self._times]
        top = max(max(t for _, t in self._times), 1.0)
        rect = self._plot_rect()

        def y_of(value: float) -> float:
            return rect.bottom() - value * rect.height() / top

        unit_s = top >= 2000
        labels = [
            (y_of(top * k / 4), f"{top * k / 4000:.1f} s" if unit_s else f"{top * k / 4:.0f} ms") for k in range(5)
        ]
        rect = self._draw_frame(painter, depths, labels)
        width = max(4.0, min(30.0, (rect.width() - 24) / max(len(depths), 1) * 0.6))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(TIME_COLOR)
        for depth, ms in self._times:
            x = self._x(depth, depths, rect)
            painter.drawRect(QRectF(x - width / 2, y_of(ms), width, rect.bottom() - y_of(ms)))
