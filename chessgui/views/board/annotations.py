"""Arrows and circles the user draws on the board with the right mouse button.

As on lichess: right-drag from one square to another draws an arrow, a right
click on a square circles it, drawing the same shape again removes it, and a
left click (or a new position) clears them all. They are the user's own notes
and never reach the game.
"""

from __future__ import annotations

import chess


class UserAnnotations:
    """The user's shapes plus the one being drawn; a circle is an arrow whose ends coincide."""

    def __init__(self) -> None:
        self._shapes: list[tuple[chess.Square, chess.Square]] = []
        self._start: chess.Square | None = None
        self._current: chess.Square | None = None

    def shapes(self) -> tuple[tuple[chess.Square, chess.Square], ...]:
        """Finished shapes, oldest first."""
        return tuple(self._shapes)

    def preview(self) -> tuple[chess.Square, chess.Square] | None:
        """The shape being drawn right now, if any."""
        if self._start is None or self._current is None:
            return None
        return self._start, self._current

    def shapes_to_draw(self) -> tuple[tuple[chess.Square, chess.Square], ...]:
        """The shapes as they will be once the button comes up (drawing a shape again removes it)."""
        preview = self.preview()
        if preview is None:
            return self.shapes()
        if preview in self._shapes:
            return tuple(shape for shape in self._shapes if shape != preview)
        return (*self._shapes, preview)

    def is_drawing(self) -> bool:
        """True between the right button going down on a square and coming up."""
        return self._start is not None

    def begin(self, square: chess.Square) -> None:
        """The right button went down on ``square``."""
        self._start = square
        self._current = square

    def hover(self, square: chess.Square | None) -> bool:
        """The cursor moved onto ``square`` (None: off the board); True when the preview changed."""
        if self._start is None or square is None or square == self._current:
            return False
        self._current = square
        return True

    def end(self) -> None:
        """The right button came up: add the shape, or remove it when it was already there."""
        shape = self.preview()
        self._start = self._current = None
        if shape is None:
            return
        if shape in self._shapes:
            self._shapes.remove(shape)
        else:
            self._shapes.append(shape)

    def clear(self) -> bool:
        """Remove every shape; True when there was something to remove."""
        had_any = bool(self._shapes) or self._start is not None
        self._shapes.clear()
        self._start = self._current = None
        return had_any
