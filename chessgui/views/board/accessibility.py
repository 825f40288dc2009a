"""The board as screen readers see it: 64 named squares over the painted board.

The board is painted in one piece, so by itself it is one opaque rectangle to
accessibility tools. :class:`BoardAccessibility` lays one transparent child widget
over each square whose accessible name says the square and what stands on it
("e4, white pawn", "d5, empty"). Qt's own accessibility bridge (AT-SPI on Linux,
UIA on Windows) then lists them as the board's children, in reading order from
a8 to h1, and they follow flips and resizes. The cells take no mouse input, paint
nothing and take no focus, so the board behaves exactly as before. When the keyboard
cursor moves, the board tells the screen reader that the accessible focus is on that
square's cell (:meth:`BoardAccessibility.focus_square`), so it reads "e4, white pawn".
"""

from __future__ import annotations

from collections.abc import Callable

import chess
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAccessible, QAccessibleEvent
from PySide6.QtWidgets import QWidget

from chessgui.views.announcer import describe_square, side_name
from chessgui.views.board.geometry import BoardGeometry

READING_ORDER: tuple[chess.Square, ...] = tuple(
    chess.square(file, rank) for rank in range(7, -1, -1) for file in range(8)
)
"""a8, b8, … h8, a7, … h1: how a diagram is read aloud."""


class SquareCell(QWidget):
    """An invisible stand-in for one square, carrying its accessible name."""

    def __init__(self, square: chess.Square, parent: QWidget) -> None:
        super().__init__(parent)
        self.square = square
        self.setObjectName(f"square_{chess.square_name(square)}")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)


class BoardAccessibility:
    """Keeps the board's accessible name and its 64 square cells in step with what is shown."""

    def __init__(self, widget: QWidget, geometry: Callable[[], BoardGeometry]) -> None:
        self._widget = widget
        self._geometry = geometry
        self._board = chess.Board()
        self._focused: chess.Square | None = None
        self.cells: dict[chess.Square, SquareCell] = {}
        for square in READING_ORDER:
            cell = SquareCell(square, widget)
            self.cells[square] = cell
        widget.setAccessibleName(QCoreApplication.translate("BoardAccessibility", "Chess board"))
        self.set_board(self._board)

    def set_board(self, board: chess.Board) -> None:
        """Name every square after ``board``; the board's description says whose move it is."""
        self._board = board
        for square, cell in self.cells.items():
            name = describe_square(board, square)
            if cell.accessibleName() != name:
                cell.setAccessibleName(name)
        turn = QCoreApplication.translate("BoardAccessibility", "{side_name} to move").format(
            side_name=side_name(board.turn)
        ) + (QCoreApplication.translate("BoardAccessibility", ", in check") if board.is_check() else "")
        self._widget.setAccessibleDescription(
            QCoreApplication.translate(
                "BoardAccessibility", "{turn}. Type a move on the board or press / to enter one."
            ).format(turn=turn)
            + " "
            + QCoreApplication.translate(
                "BoardAccessibility",
                "Arrow keys move over the squares, Space picks up and puts down a piece, S describes the square.",
            )
        )

    def relayout(self) -> None:
        """Put each cell over its square (after a resize or a flip)."""
        geometry = self._geometry()
        for square, cell in self.cells.items():
            cell.setGeometry(geometry.square_rect(square).toAlignedRect())

    def focus_square(self, square: chess.Square) -> None:
        """Tell screen readers the accessible focus is on ``square``'s cell (the keyboard cursor moved there)."""
        self._focused = square
        cell = self.cells[square]
        board = QAccessible.queryAccessibleInterface(self._widget)
        index = board.indexOfChild(QAccessible.queryAccessibleInterface(cell)) if board is not None else -1
        event = QAccessibleEvent(self._widget, QAccessible.Event.Focus)
        if index >= 0:
            event.setChild(index)
        QAccessible.updateAccessibility(event)

    def focused_square(self) -> chess.Square | None:
        """The square whose cell last had the accessible focus (None before the cursor was used)."""
        return self._focused

    def square_name(self, square: chess.Square) -> str:
        """The accessible name of ``square`` now."""
        return self.cells[square].accessibleName()
