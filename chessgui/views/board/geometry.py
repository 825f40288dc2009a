"""Where each square sits on screen: the one square <-> rectangle mapping.

Painting, hit-testing, animation, arrows and the promotion picker all go through
:class:`BoardGeometry`, so flipping the board is a single flag in a single place.
"""

from __future__ import annotations

from dataclasses import dataclass

import chess
from PySide6.QtCore import QPointF, QRectF


@dataclass(frozen=True, slots=True)
class BoardGeometry:
    """The board's placement inside its widget, in logical pixels."""

    left: float
    """x of the board's left edge."""
    top: float
    """y of the board's top edge."""
    square_size: float
    """Side of one square."""
    flipped: bool = False
    """True when Black is at the bottom (a1 top-right)."""

    @classmethod
    def fit(cls, width: float, height: float, flipped: bool = False, margin: float = 0.0) -> BoardGeometry:
        """The largest square board centred in a ``width`` x ``height`` area.

        The square side is a whole number of pixels so that square edges fall on
        pixel boundaries and the board has no blurry seams.
        """
        usable = max(0.0, min(width, height) - 2 * margin)
        square = max(1, int(usable // 8))
        side = square * 8
        return cls(
            left=float((width - side) // 2), top=float((height - side) // 2), square_size=float(square), flipped=flipped
        )

    @property
    def side(self) -> float:
        """Side of the whole board."""
        return self.square_size * 8

    def board_rect(self) -> QRectF:
        """The rectangle covered by the 64 squares."""
        return QRectF(self.left, self.top, self.side, self.side)

    def column_row(self, square: chess.Square) -> tuple[int, int]:
        """Screen column (0 = left) and row (0 = top) of ``square``."""
        file, rank = chess.square_file(square), chess.square_rank(square)
        if self.flipped:
            return 7 - file, rank
        return file, 7 - rank

    def square_at_cell(self, column: int, row: int) -> chess.Square:
        """The square shown at screen ``column`` and ``row`` (inverse of :meth:`column_row`)."""
        if self.flipped:
            return chess.square(7 - column, row)
        return chess.square(column, 7 - row)

    def square_rect(self, square: chess.Square) -> QRectF:
        """The on-screen rectangle of ``square``."""
        column, row = self.column_row(square)
        return QRectF(
            self.left + column * self.square_size, self.top + row * self.square_size, self.square_size, self.square_size
        )

    def square_center(self, square: chess.Square) -> QPointF:
        """The on-screen centre of ``square``."""
        return self.square_rect(square).center()

    def square_at(self, point: QPointF) -> chess.Square | None:
        """The square under ``point``, or None when the point is off the board."""
        x = point.x() - self.left
        y = point.y() - self.top
        if x < 0 or y < 0 or x >= self.side or y >= self.side:
            return None
        return self.square_at_cell(int(x // self.square_size), int(y // self.square_size))

    def is_bottom_row(self, square: chess.Square) -> bool:
        """True when ``square`` is in the row drawn along the bottom edge (file letters go there)."""
        return self.column_row(square)[1] == 7

    def is_right_column(self, square: chess.Square) -> bool:
        """True when ``square`` is in the column drawn along the right edge (rank digits go there)."""
        return self.column_row(square)[0] == 7
