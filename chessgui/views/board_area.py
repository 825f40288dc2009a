"""The board with its evaluation bar right beside it, centred in whatever room there is.

A QHBoxLayout would give the (square) board widget all the spare width, leaving
the bar stranded at the window's edge; this widget places both by hand.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from chessgui.views.board.board_widget import BoardWidget
from chessgui.views.eval_bar import EvalBar

GAP_PX = 6
"""Room between the evaluation bar and the board."""


class BoardArea(QWidget):
    """Lays out an :class:`EvalBar` (its room kept when hidden) immediately left of a square :class:`BoardWidget`."""

    def __init__(self, board: BoardWidget, eval_bar: EvalBar, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._board = board
        self._eval_bar = eval_bar
        board.setParent(self)
        eval_bar.setParent(self)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(200, 180)

    def sizeHint(self) -> QSize:
        return QSize(720, 680)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.relayout()

    def relayout(self) -> None:
        """Place the bar and the board for the current size (call after showing/hiding the bar)."""
        # The bar's room is kept even while it is hidden, so the board never jumps sideways
        # (or changes size) when a computer side comes or goes.
        bar_width = self._eval_bar.sizeHint().width()
        extra = bar_width + GAP_PX
        side = max(0, min(self.height(), self.width() - extra))
        left = (self.width() - side - extra) // 2
        top = (self.height() - side) // 2
        self._eval_bar.setGeometry(QRect(left, top, bar_width, side))
        self._board.setGeometry(QRect(left + extra, top, side, side))
