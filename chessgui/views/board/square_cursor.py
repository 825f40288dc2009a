"""The board's keyboard cursor: which square the arrow keys are on, and what a key there means.

Like a browser's ``:focus-visible`` ring, the cursor shows only while the board is used
from the keyboard: it appears when the board gets the focus by keyboard (Tab, a shortcut,
at start-up) or an arrow key is pressed, and hides when the board is clicked, so mouse
users keep the arrow keys for stepping through the moves. The arrows move it on *screen*
(up is up, flipped or not); Space or Enter picks up the piece under it and puts it down,
as a mouse click-click does.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import QCoreApplication, Qt

from chessgui.game.chess_words import piece_name, side_name
from chessgui.views.announcer import describe_square
from chessgui.views.board.geometry import BoardGeometry

ARROW_STEPS: dict[int, tuple[int, int]] = {
    Qt.Key.Key_Left: (-1, 0),
    Qt.Key.Key_Right: (1, 0),
    Qt.Key.Key_Up: (0, -1),
    Qt.Key.Key_Down: (0, 1),
}
"""Arrow key -> (screen columns, screen rows) the cursor moves."""

ACTIVATE_KEYS = frozenset((Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter))
"""Keys that pick up the piece under the cursor, or play the selected piece to it."""

DESCRIBE_KEY = Qt.Key.Key_S
"""Says the cursor square and which pieces attack it."""


class SquareCursor:
    """Where the keyboard cursor is and whether it is shown."""

    def __init__(self) -> None:
        self.square: chess.Square | None = None
        """The square under the cursor (None until the keyboard first uses the board)."""
        self.active = False
        """True while the board is used from the keyboard (the cursor is drawn and takes the arrows)."""

    def activate(self, board: chess.Board, last_move: chess.Move | None) -> None:
        """Show the cursor; the first time, on the last move's square or else the mover's king."""
        self.active = True
        if self.square is None:
            king = board.king(board.turn)
            self.square = last_move.to_square if last_move else (king if king is not None else chess.E2)

    def step(self, geometry: BoardGeometry, columns: int, rows: int) -> bool:
        """Move by screen ``columns`` and ``rows``, stopping at the edge; True when the square changed."""
        if self.square is None:
            return False
        column, row = geometry.column_row(self.square)
        column = min(7, max(0, column + columns))
        row = min(7, max(0, row + rows))
        square = geometry.square_at_cell(column, row)
        changed = square != self.square
        self.square = square
        return changed


def describe_attackers(board: chess.Board, square: chess.Square) -> str:
    """The square, what stands there, and which pieces of each side attack it.

    "e5, black pawn. Attacked by white: knight f3. Defended by black: knight c6." (a piece's own
    side is said to defend it; an empty square is "attacked" by both).
    """
    parts = [describe_square(board, square)]
    occupant = board.piece_at(square)
    for color in (chess.WHITE, chess.BLACK):
        attackers = sorted(
            board.attackers(color, square),
            key=lambda where: (-(board.piece_type_at(where) or 0), where),
        )
        pieces = ", ".join(
            f"{piece_name(board.piece_type_at(where) or chess.PAWN)} {chess.square_name(where)}" for where in attackers
        )
        side = side_name(color).lower()
        if occupant is not None and occupant.color == color:
            verb = (
                QCoreApplication.translate("SquareCursor", "Defended by {side}: {pieces}")
                if pieces
                else QCoreApplication.translate("SquareCursor", "Not defended by {side}")
            )
        else:
            verb = (
                QCoreApplication.translate("SquareCursor", "Attacked by {side}: {pieces}")
                if pieces
                else QCoreApplication.translate("SquareCursor", "Not attacked by {side}")
            )
        parts.append(verb.format(side=side, pieces=pieces))
    return ". ".join(parts) + "."
