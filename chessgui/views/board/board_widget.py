"""The chess board widget: paints a position; its base classes turn mouse and keyboard input into move requests.

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
from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from chessgui.views.board.accessibility import BoardAccessibility
from chessgui.views.board.animation import MoveAnimator, plan_move_animation
from chessgui.views.board.badge import SquareBadge, paint_badge
from chessgui.views.board.geometry import BoardGeometry
from chessgui.views.board.keyboard_input import BoardKeyboardInput
from chessgui.views.board.painter import BoardScene, FloatingPiece, paint_scene
from chessgui.views.board.piece_renderer import PieceRenderer
from chessgui.views.board.theme import DEFAULT_THEME, BoardTheme

DEFAULT_ANIMATION_MS = 180
"""lichess's default move animation is about 200 ms; a touch quicker feels snappier."""


class BoardWidget(BoardKeyboardInput):
    """A square, resizable chess board with lichess-like input and highlights."""

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

    def square_center(self, square: chess.Square) -> QPointF:
        """The centre of ``square`` in widget coordinates."""
        return self.board_geometry().square_center(square)

    def square_rect(self, square: chess.Square) -> QRectF:
        """The rectangle of ``square`` in widget coordinates."""
        return self.board_geometry().square_rect(square)

    # --- state queries ----------------------------------------------------
    def is_animating(self) -> bool:
        """True while a move animation runs."""
        return self._animator.is_running()

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

    # --- internals --------------------------------------------------------
    def _refresh(self) -> None:
        self.update()
        if self._picker is not None:
            self._picker.update()

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
        cursor = self.cursor_square()
        if cursor is not None and not self._input.dragging:
            under = cursor  # from the keyboard, the destination under the cursor is tinted
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
            cursor=cursor,
        )
