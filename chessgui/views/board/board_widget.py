"""The chess board widget: paints a position and turns mouse input into move requests.

It never changes the game. A legal move the user makes (by drag & drop or by
click-click, through the promotion picker when a pawn reaches the last rank) is
*requested* with :attr:`BoardWidget.move_requested`; the game controller decides,
pushes it and calls :meth:`BoardWidget.set_position` with the result.

Why a plain QWidget with paintEvent rather than QGraphicsView: the board is a
fixed 8x8 grid redrawn whole (a few hundred draw calls), so a scene graph buys
nothing, while one square<->rectangle mapping (:class:`BoardGeometry`) keeps
flip, hit-testing, animation and overlays trivially consistent.
"""

from __future__ import annotations

from collections.abc import Iterable

import chess
from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QContextMenuEvent, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from chessgui.views.board.accessibility import BoardAccessibility
from chessgui.views.board.animation import MoveAnimator, plan_move_animation
from chessgui.views.board.annotations import UserAnnotations
from chessgui.views.board.badge import SquareBadge, paint_badge
from chessgui.views.board.geometry import BoardGeometry
from chessgui.views.board.move_input import MoveInput, resolve_attempt
from chessgui.views.board.painter import BoardScene, FloatingPiece, paint_scene
from chessgui.views.board.piece_renderer import PieceRenderer
from chessgui.views.board.promotion_picker import PromotionPicker
from chessgui.views.board.theme import DEFAULT_THEME, BoardTheme

DEFAULT_ANIMATION_MS = 180
"""lichess's default move animation is about 200 ms; a touch quicker feels snappier."""

DRAG_THRESHOLD_PX = 4.0
"""How far the mouse moves with the button down before a press becomes a drag.

Qt's platform default (about 10 px) makes a quick flick feel like a click; a few
pixels keep a shaky click a click while making drags start at once, as on lichess.
"""


TYPING_STARTS = frozenset("abcdefghKQRBNOo0")
"""Keys that begin a typed move (SAN or UCI): on the board they go to the move entry."""


class BoardWidget(QWidget):
    """A square, resizable chess board with lichess-like input and highlights."""

    move_requested = Signal(object)
    """A legal ``chess.Move`` the user made (with the promotion piece when promoting)."""
    typing_started = Signal(str)
    """The user typed the start of a move while the board had the focus (the window moves it to the entry)."""

    def __init__(
        self, parent: QWidget | None = None, renderer: PieceRenderer | None = None, theme: BoardTheme = DEFAULT_THEME
    ) -> None:
        super().__init__(parent)
        self._renderer = renderer if renderer is not None else PieceRenderer()
        self._theme = theme
        self._board = chess.Board()
        self._last_move: chess.Move | None = None
        self._flipped = False
        self._input_enabled = True
        self._read_only = False
        self._show_legal_moves = True
        self._show_coordinates = True
        self._arrows: tuple[tuple[chess.Square, chess.Square], ...] = ()
        self._weighted_arrows: tuple[tuple[chess.Square, chess.Square, float], ...] = ()
        self._badge: SquareBadge | None = None
        self._input = MoveInput()
        self._picker: PromotionPicker | None = None
        self._dropped_move: chess.Move | None = None
        self._annotations = UserAnnotations()
        self._hover: chess.Square | None = None
        self._animator = MoveAnimator(self, DEFAULT_ANIMATION_MS)
        self._animator.frame_changed.connect(self.update)

        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setMinimumSize(160, 160)
        self.setMouseTracking(True)
        # Tab reaches the board too: typing a move there starts the move entry.
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.accessibility = BoardAccessibility(self, self.board_geometry)

    # --- position ---------------------------------------------------------
    def set_position(self, board: chess.Board, last_move: chess.Move | None = None, animate: bool = False) -> None:
        """Show ``board`` (a copy is kept); tint ``last_move``; glide it when ``animate`` and it fits.

        The animation runs only when the new position is the shown one plus
        ``last_move``; a move the user just dropped by drag is not animated again.
        """
        new_board = board.copy(stack=False)
        changed = (
            new_board.board_fen() != self._board.board_fen()
            or new_board.turn != self._board.turn
            or new_board.castling_rights != self._board.castling_rights
            or new_board.ep_square != self._board.ep_square
        )
        plan = None
        if animate and last_move and self._animator.duration_ms() > 0 and last_move != self._dropped_move:
            plan = plan_move_animation(self._board, last_move, new_board)
        self._animator.stop()
        self._dropped_move = None
        self._board = new_board
        self._last_move = last_move
        self.accessibility.set_board(new_board)
        if changed:
            self._cancel_interaction()
            self._annotations.clear()
        if plan is not None:
            self._animator.start(plan)
        self.update()

    def position(self) -> chess.Board:
        """A copy of the position shown."""
        return self._board.copy(stack=False)

    def last_move(self) -> chess.Move | None:
        """The move tinted as the last one."""
        return self._last_move

    # --- options ----------------------------------------------------------
    def set_flipped(self, flipped: bool) -> None:
        """Put Black at the bottom (True) or White (False)."""
        self._flipped = bool(flipped)
        self.accessibility.relayout()
        self._refresh()

    def is_flipped(self) -> bool:
        """True when Black is at the bottom."""
        return self._flipped

    def set_input_enabled(self, enabled: bool) -> None:
        """Accept (True) or ignore (False) the user's moves, e.g. while the computer thinks."""
        self._input_enabled = bool(enabled)
        if not self._input_enabled:
            self._cancel_interaction()
        self._refresh()

    def is_input_enabled(self) -> bool:
        """True unless input was disabled with ``set_input_enabled(False)`` (read-only is separate)."""
        return self._input_enabled

    def set_read_only(self, read_only: bool) -> None:
        """Show an earlier position: veiled, framed, and taking no input."""
        self._read_only = bool(read_only)
        if self._read_only:
            self._cancel_interaction()
        self._refresh()

    def is_read_only(self) -> bool:
        """True while an earlier position is shown."""
        return self._read_only

    def set_show_legal_moves(self, show: bool) -> None:
        """Show dots and rings on the selected piece's legal destinations."""
        self._show_legal_moves = bool(show)
        self.update()

    def set_show_coordinates(self, show: bool) -> None:
        """Show file letters and rank digits inside the edge squares."""
        self._show_coordinates = bool(show)
        self.update()

    def set_animation_ms(self, milliseconds: int) -> None:
        """Length of the move animation; 0 turns animation off."""
        self._animator.set_duration_ms(milliseconds)

    def animation_ms(self) -> int:
        """Length of the move animation in milliseconds (0 = off)."""
        return self._animator.duration_ms()

    def set_arrows(self, arrows: Iterable[tuple[chess.Square, chess.Square]]) -> None:
        """Draw hint arrows (tail square, head square); an empty list removes them."""
        self._arrows = tuple((int(tail), int(head)) for tail, head in arrows)
        self.update()

    def arrows(self) -> list[tuple[chess.Square, chess.Square]]:
        """The hint arrows shown."""
        return list(self._arrows)

    def set_weighted_arrows(self, arrows: Iterable[tuple[chess.Square, chess.Square, float]]) -> None:
        """Draw analysis arrows (tail, head, strength 0–1; the best line's is 1); empty removes them."""
        self._weighted_arrows = tuple((int(tail), int(head), float(strength)) for tail, head, strength in arrows)
        self.update()

    def weighted_arrows(self) -> list[tuple[chess.Square, chess.Square, float]]:
        """The analysis arrows shown."""
        return list(self._weighted_arrows)

    def set_badge(self, badge: SquareBadge | None) -> None:
        """Show a review mark on a square (None: no mark)."""
        if badge != self._badge:
            self._badge = badge
            self.update()

    def badge(self) -> SquareBadge | None:
        """The review mark shown, if any."""
        return self._badge

    def set_theme(self, theme: BoardTheme) -> None:
        """Repaint with another colour scheme."""
        self._theme = theme
        self._refresh()

    def theme(self) -> BoardTheme:
        """The colour scheme in use."""
        return self._theme

    def piece_renderer(self) -> PieceRenderer:
        """The shared piece image cache (the board editor may reuse it)."""
        return self._renderer

    def set_piece_renderer(self, renderer: PieceRenderer) -> None:
        """Repaint with another piece set."""
        if renderer is not self._renderer:
            self._renderer = renderer
            self._refresh()

    # --- geometry (also used by tests) ------------------------------------
    def board_geometry(self) -> BoardGeometry:
        """Where the board sits in the widget right now."""
        return BoardGeometry.fit(self.width(), self.height(), self._flipped)

    def board_rect(self) -> QRectF:
        """The rectangle covered by the 64 squares."""
        return self.board_geometry().board_rect()

    def square_at(self, point: QPointF) -> chess.Square | None:
        """The square under ``point`` (widget coordinates), or None off the board."""
        return self.board_geometry().square_at(QPointF(point))

    def square_center(self, square: chess.Square) -> QPointF:
        """The centre of ``square`` in widget coordinates."""
        return self.board_geometry().square_center(square)

    def square_rect(self, square: chess.Square) -> QRectF:
        """The rectangle of ``square`` in widget coordinates."""
        return self.board_geometry().square_rect(square)

    # --- state queries ----------------------------------------------------
    def selected_square(self) -> chess.Square | None:
        """The square of the selected (or dragged) piece."""
        return self._input.selected

    def is_dragging(self) -> bool:
        """True while a piece follows the cursor."""
        return self._input.dragging

    def is_animating(self) -> bool:
        """True while a move animation runs."""
        return self._animator.is_running()

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

    def legal_destinations(self, square: chess.Square) -> frozenset[chess.Square]:
        """Where the piece on ``square`` may legally move (python-chess decides)."""
        return frozenset(move.to_square for move in self._board.legal_moves if move.from_square == square)

    # --- Qt overrides -----------------------------------------------------
    def sizeHint(self) -> QSize:
        return QSize(560, 560)

    def minimumSizeHint(self) -> QSize:
        return QSize(160, 160)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return width

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.accessibility.relayout()
        if self._picker is not None:
            self._picker.setGeometry(self.rect())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        paint_scene(painter, self.board_geometry(), self._theme, self._renderer, self._scene())
        if self._badge is not None:
            paint_badge(painter, self.board_geometry(), self._badge)
        painter.end()

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

    def event(self, event: QEvent) -> bool:
        # Letters that begin a move would otherwise fire one-key shortcuts (F flips, A analyses):
        # while the user may move, typed on the board they start a move instead.
        if event.type() == QEvent.Type.ShortcutOverride and self._is_typing_start(event):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self._is_typing_start(event):
            self.typing_started.emit(event.text())
            event.accept()
            return
        super().keyPressEvent(event)

    def _is_typing_start(self, event: QEvent) -> bool:
        if not isinstance(event, QKeyEvent) or not self._is_interactive():
            return False
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier & ~Qt.KeyboardModifier.KeypadModifier
        return modifiers == Qt.KeyboardModifier.NoModifier and len(event.text()) == 1 and event.text() in TYPING_STARTS

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
        self._picker = PromotionPicker(
            self, self.board_geometry, self._renderer, self._theme, self._board.turn, from_square, to_square, choices
        )
        self._picker.finished.connect(lambda piece_type: self._on_promotion_finished(piece_type, by_drag))
        self._picker.popup()

    def _on_promotion_finished(self, piece_type: chess.PieceType | None, by_drag: bool) -> None:
        picker, self._picker = self._picker, None
        self._input.clear()
        self.update()
        if piece_type is not None and picker is not None:
            move = picker.move_for(piece_type)
            if move in self._board.legal_moves:
                self._request(move, by_drag)

    def _cancel_interaction(self) -> None:
        self._input.clear()
        if self._picker is not None:
            self._picker.cancel()

    def _refresh(self) -> None:
        self.update()
        if self._picker is not None:
            self._picker.update()

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

    def _scene(self) -> BoardScene:
        geometry = self.board_geometry()
        selected = self._input.selected
        destinations: frozenset[chess.Square] = frozenset()
        if selected is not None and self._show_legal_moves and self._is_interactive():
            destinations = self.legal_destinations(selected)
        under = self._hover
        dragged = None
        ghosts: frozenset[chess.Square] = frozenset()
        if self._input.dragging and selected is not None:
            piece = self._board.piece_at(selected)
            if piece is not None:
                dragged = FloatingPiece(piece, self._input.drag_point)
                ghosts = frozenset((selected,))
            under = geometry.square_at(self._input.drag_point)
        hover = under if under in destinations else None
        return BoardScene(
            board=self._board,
            last_move=self._last_move,
            selected=selected,
            destinations=destinations,
            hover=hover,
            hidden=self._animator.hidden_squares(),
            ghosts=ghosts,
            floating=self._animator.floating_pieces(geometry),
            dragged=dragged,
            arrows=self._arrows,
            weighted_arrows=self._weighted_arrows,
            user_shapes=self._annotations.shapes_to_draw(),
            show_coordinates=self._show_coordinates,
            read_only=self._read_only,
        )
