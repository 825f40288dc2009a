"""The mouse state of the board: which piece is selected, pressed, or dragged.

Kept apart from the widget so the rules of the gesture (a press becomes a drag
after a few pixels; a second click on the selected piece deselects it) and what
a gesture means in chess (:func:`resolve_attempt`) read in one place, free of
painting.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import chess
from PySide6.QtCore import QPointF


class MoveInput:
    """Selection and drag state of the left mouse button over the board."""

    def __init__(self) -> None:
        self.selected: chess.Square | None = None
        """The selected piece's square (dots show its legal destinations)."""
        self.pressed: chess.Square | None = None
        """The square the left button went down on, while it is held."""
        self.dragging = False
        """True once the held button moved far enough to carry the piece."""
        self.drag_point = QPointF()
        """Where the cursor is while dragging (the piece is centred on it)."""
        self._press_point = QPointF()
        self._was_selected = False

    def press(self, square: chess.Square, point: QPointF) -> None:
        """The left button went down on a piece of the side to move: select it, ready to drag."""
        self._was_selected = self.selected == square
        self.selected = square
        self.pressed = square
        self._press_point = QPointF(point)
        self.drag_point = QPointF(point)
        self.dragging = False

    def move(self, point: QPointF, threshold: float) -> bool:
        """The cursor moved with the button held; True when the board must repaint."""
        if self.pressed is None:
            return False
        if not self.dragging:
            distance = math.hypot(point.x() - self._press_point.x(), point.y() - self._press_point.y())
            if distance < threshold:
                return False
            self.dragging = True
        self.drag_point = QPointF(point)
        return True

    def release(self) -> None:
        """The button came up without dragging: a click. Clicking the selected piece again deselects it."""
        if self._was_selected:
            self.selected = None
        self.pressed = None
        self._was_selected = False

    def end_drag(self, keep_selection: bool) -> None:
        """The dragged piece was dropped (or the drag abandoned)."""
        self.pressed = None
        self.dragging = False
        self._was_selected = False
        if not keep_selection:
            self.selected = None

    def clear(self) -> None:
        """Forget selection, press and drag."""
        self.selected = None
        self.pressed = None
        self.dragging = False
        self._was_selected = False


@dataclass(frozen=True, slots=True)
class MoveAttempt:
    """What the user's gesture from one square to another amounts to (python-chess decides)."""

    move: chess.Move | None
    """The legal move, when no choice is left to make."""
    promotions: tuple[chess.PieceType, ...] = ()
    """Pieces a pawn reaching the last rank may become (the user still has to choose)."""


def resolve_attempt(board: chess.Board, from_square: chess.Square, to_square: chess.Square) -> MoveAttempt | None:
    """The move meant by dragging or clicking from ``from_square`` to ``to_square``; None when illegal.

    Castling may be given as king-two-squares or king-onto-rook (python-chess's
    ``find_move`` accepts both), as lichess allows.
    """
    piece = board.piece_at(from_square)
    if piece is None:
        return None
    last_rank = 7 if piece.color == chess.WHITE else 0
    if piece.piece_type == chess.PAWN and chess.square_rank(to_square) == last_rank:
        promotions = tuple(
            move.promotion
            for move in board.legal_moves
            if move.from_square == from_square and move.to_square == to_square and move.promotion
        )
        return MoveAttempt(None, promotions) if promotions else None
    try:
        return MoveAttempt(board.find_move(from_square, to_square))
    except chess.IllegalMoveError:
        return None
