"""The board's mouse input: select, drag or click-click a piece, pick a promotion, draw arrows.

``BoardInputWidget`` is the base of :class:`~chessgui.views.board.board_widget.BoardWidget`:
it turns gestures into :attr:`move_requested` (python-chess decides what is legal,
:func:`~chessgui.views.board.move_input.resolve_attempt`), while the board widget keeps the
position, the options and the painting. Kept apart so the input rules read in one place.
The keyboard (square cursor, typed moves) is the next class up,
:class:`~chessgui.views.board.keyboard_input.BoardKeyboardInput`, which shares the selection,
the move attempts and the promotion picker defined here.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import QEvent, QPointF, Qt, Signal
from PySide6.QtGui import QContextMenuEvent, QMouseEvent
from PySide6.QtWidgets import QWidget

from chessgui.views.board.accessibility import BoardAccessibility
from chessgui.views.board.animation import MoveAnimator
from chessgui.views.board.annotations import UserAnnotations
from chessgui.views.board.geometry import BoardGeometry
from chessgui.views.board.move_input import MoveInput, resolve_attempt
from chessgui.views.board.piece_renderer import PieceRenderer
from chessgui.views.board.promotion_picker import PromotionPicker
from chessgui.views.board.square_cursor import SquareCursor
from chessgui.views.board.theme import BoardTheme

DRAG_THRESHOLD_PX = 4.0
"""How far the mouse moves with the button down before a press becomes a drag.

Qt's platform default (about 10 px) makes a quick flick feel like a click; a few
pixels keep a shaky click a click while making drags start at once, as on lichess.
"""


class BoardInputWidget(QWidget):
    """Mouse input of the board (and the selection and promotion the keyboard shares); subclasses add the keyboard,
    show the position and paint."""

    move_requested = Signal(object)
    """A legal ``chess.Move`` the user made (with the promotion piece when promoting)."""

    # Kept by the board widget (set in its __init__); the input reads them.
    _board: chess.Board
    _renderer: PieceRenderer
    _theme: BoardTheme
    _input_enabled: bool
    _read_only: bool
    _animator: MoveAnimator
    _last_move: chess.Move | None
    accessibility: BoardAccessibility

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._input = MoveInput()
        self._picker: PromotionPicker | None = None
        self._dropped_move: chess.Move | None = None
        self._annotations = UserAnnotations()
        self._hover: chess.Square | None = None
        self._cursor = SquareCursor()
        self._picker_had_focus = False

    def board_geometry(self) -> BoardGeometry:
        """Where the board sits in the widget right now (the board widget knows)."""
        raise NotImplementedError

    def square_at(self, point: QPointF) -> chess.Square | None:
        """The square under ``point`` (widget coordinates), or None off the board."""
        return self.board_geometry().square_at(QPointF(point))

    def legal_destinations(self, square: chess.Square) -> frozenset[chess.Square]:
        """Where the piece on ``square`` may legally move (python-chess decides)."""
        return frozenset(move.to_square for move in self._board.legal_moves if move.from_square == square)

    # --- state queries ----------------------------------------------------
    def selected_square(self) -> chess.Square | None:
        """The square of the selected (or dragged) piece."""
        return self._input.selected

    def is_dragging(self) -> bool:
        """True while a piece follows the cursor."""
        return self._input.dragging

    def user_shapes(self) -> list[tuple[chess.Square, chess.Square]]:
        """Arrows the user drew with the right mouse button (a circle has tail == head)."""
        return list(self._annotations.shapes())

    def clear_user_shapes(self) -> None:
        """Remove the user's arrows and circles."""
        if self._annotations.clear():
            self.update()

    def promotion_picker(self) -> PromotionPicker | None:
        """The open promotion picker (with ``choose``/``cancel`` and ``finished``), if any."""
        return self._picker

    # --- Qt overrides -----------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        point = event.position()
        square = self.square_at(point)
        if event.button() == Qt.MouseButton.RightButton:
            if self._input.pressed is not None:
                self._input.clear()  # lichess: a right click while dragging cancels the drag
            elif square is not None:
                self._annotations.begin(square)
            self.update()
            return
        if event.button() != Qt.MouseButton.LeftButton:
            return
        # A click hands the arrow keys back to move navigation; the cursor resumes from here.
        self._cursor.active = False
        if square is not None:
            self._cursor.square = square
        self._annotations.clear()  # a left click wipes the user's arrows, as on lichess
        self.update()
        if not self._is_interactive():
            return
        self._animator.finish()
        selected = self._input.selected
        if selected is not None and square is not None and square != selected:
            if self._attempt_move(selected, square, by_drag=False):
                return
        piece = self._board.piece_at(square) if square is not None else None
        if square is not None and piece is not None and piece.color == self._board.turn:
            self._input.press(square, point)
        else:
            self._input.clear()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        point = event.position()
        if self._input.pressed is not None and self._input.move(point, DRAG_THRESHOLD_PX):
            self.update()
        if self._annotations.is_drawing() and self._annotations.hover(self.square_at(point)):
            self.update()
        hover = self.square_at(point)
        if hover != self._hover:
            self._hover = hover
            if self._input.selected is not None:
                self.update()  # the destination under the cursor is tinted, as on lichess
        self._update_cursor(point)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        point = event.position()
        if event.button() == Qt.MouseButton.RightButton:
            if self._annotations.is_drawing():
                self._annotations.end()
                self.update()
            return
        if event.button() != Qt.MouseButton.LeftButton or self._input.pressed is None:
            return
        origin = self._input.pressed
        if self._input.dragging:
            target = self.square_at(point)
            self._input.end_drag(keep_selection=target == origin)
            if target is not None and target != origin:
                if not self._attempt_move(origin, target, by_drag=True):
                    self._input.clear()  # illegal drop: the piece snaps back
        else:
            self._input.release()
        self.update()
        self._update_cursor(point)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        # The right button draws arrows here; don't let a parent pop up a menu over the board.
        event.accept()

    def leaveEvent(self, event: QEvent) -> None:
        self.unsetCursor()
        self._hover = None
        self.update()
        super().leaveEvent(event)

    # --- internals --------------------------------------------------------
    def _is_interactive(self) -> bool:
        return self._input_enabled and not self._read_only and self._picker is None

    def _attempt_move(self, from_square: chess.Square, to_square: chess.Square, by_drag: bool) -> bool:
        """Request the move from ``from_square`` to ``to_square`` if legal; True when it was (or may be).

        A pawn reaching the last rank opens the promotion picker instead; the
        request follows when the user chooses a piece.
        """
        attempt = resolve_attempt(self._board, from_square, to_square)
        if attempt is None:
            return False
        if attempt.move is None:
            self._open_promotion_picker(from_square, to_square, attempt.promotions, by_drag)
        else:
            self._request(attempt.move, by_drag)
        return True

    def _request(self, move: chess.Move, by_drag: bool) -> None:
        self._input.clear()
        # A dropped piece already stands on its square: don't glide it there again.
        self._dropped_move = move if by_drag else None
        self.update()
        self.move_requested.emit(move)

    def _open_promotion_picker(
        self, from_square: chess.Square, to_square: chess.Square, choices: tuple[chess.PieceType, ...], by_drag: bool
    ) -> None:
        self._input.end_drag(keep_selection=True)
        self._picker_had_focus = self.hasFocus()
        self._picker = PromotionPicker(
            self, self.board_geometry, self._renderer, self._theme, self._board.turn, from_square, to_square, choices
        )
        self._picker.finished.connect(lambda piece_type: self._on_promotion_finished(piece_type, by_drag))
        self._picker.popup()

    def _on_promotion_finished(self, piece_type: chess.PieceType | None, by_drag: bool) -> None:
        picker, self._picker = self._picker, None
        self._input.clear()
        self.update()
        if self._picker_had_focus:
            # The picker took the keys; give them back to the board (the cursor is where it was).
            self.setFocus(Qt.FocusReason.PopupFocusReason)
        if piece_type is not None and picker is not None:
            move = picker.move_for(piece_type)
            if move in self._board.legal_moves:
                self._request(move, by_drag)

    def _cancel_interaction(self) -> None:
        self._input.clear()
        if self._picker is not None:
            self._picker.cancel()

    def _update_cursor(self, point: QPointF) -> None:
        if self._input.dragging:
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
            return
        square = self.square_at(point) if self._is_interactive() else None
        piece = self._board.piece_at(square) if square is not None else None
        movable = piece is not None and piece.color == self._board.turn
        targetable = (
            square is not None
            and self._input.selected is not None
            and square in self.legal_destinations(self._input.selected)
        )
        if movable or targetable:
            self.setCursor(Qt.CursorShape.PointingHandCursor)
        else:
            self.unsetCursor()
