"""lichess-style promotion picker drawn over the board.

When a pawn move to the last rank is attempted, the board veils itself and
offers queen, rook, bishop and knight as discs in the target square's file,
starting on the target square and running toward the board's centre. A click on
a disc (or the keys Q R B N) chooses; a click anywhere else or Escape cancels.
"""

from __future__ import annotations

from collections.abc import Callable

import chess
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QRadialGradient
from PySide6.QtWidgets import QWidget

from chessgui.views.board.geometry import BoardGeometry
from chessgui.views.board.piece_renderer import PieceRenderer
from chessgui.views.board.theme import BoardTheme

PROMOTION_ORDER: tuple[chess.PieceType, ...] = (chess.QUEEN, chess.KNIGHT, chess.ROOK, chess.BISHOP)
"""Order of the discs from the target square inward (lichess: queen, knight, rook, bishop)."""

_KEYS: dict[int, chess.PieceType] = {
    Qt.Key.Key_Q: chess.QUEEN,
    Qt.Key.Key_R: chess.ROOK,
    Qt.Key.Key_B: chess.BISHOP,
    Qt.Key.Key_N: chess.KNIGHT,
}


class PromotionPicker(QWidget):
    """An overlay covering its parent board that asks which piece a pawn becomes.

    It emits :attr:`finished` exactly once: with the chosen ``chess.PieceType``,
    or with None when cancelled. Then it hides and deletes itself.
    """

    finished = Signal(object)
    """The chosen piece type (chess.QUEEN ...), or None when the promotion was cancelled."""

    def __init__(
        self,
        parent: QWidget,
        geometry: Callable[[], BoardGeometry],
        renderer: PieceRenderer,
        theme: BoardTheme,
        color: chess.Color,
        origin: chess.Square,
        target: chess.Square,
        choices: tuple[chess.PieceType, ...] = PROMOTION_ORDER,
    ) -> None:
        super().__init__(parent)
        self._geometry = geometry
        self._renderer = renderer
        self._theme = theme
        self._color = color
        self._origin = origin
        self._target = target
        self._choices = tuple(piece for piece in PROMOTION_ORDER if piece in choices)
        self._hovered: chess.PieceType | None = None
        self._done = False
        self._by_mouse = False  # finished with a click: the board takes the focus back as after a click
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setGeometry(parent.rect())
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    # --- public API -------------------------------------------------------
    def choices(self) -> tuple[chess.PieceType, ...]:
        """The piece types offered, in display order from the target square inward."""
        return self._choices

    def popup(self) -> None:
        """Show the picker over the whole board and take the keyboard (Escape, Q R B N)."""
        board = self.parentWidget()  # the board widget given to __init__
        if board is not None:
            self.setGeometry(board.rect())
        self.show()
        self.raise_()
        self.setFocus()

    def move_for(self, piece_type: chess.PieceType) -> chess.Move:
        """The promotion move that choosing ``piece_type`` makes."""
        return chess.Move(self._origin, self._target, promotion=piece_type)

    def origin_square(self) -> chess.Square:
        """The square of the promoting pawn."""
        return self._origin

    def target_square(self) -> chess.Square:
        """The square the pawn promotes on."""
        return self._target

    def is_finished(self) -> bool:
        """True once a piece was chosen or the picker was cancelled."""
        return self._done

    def choice_square(self, piece_type: chess.PieceType) -> chess.Square:
        """The board square on which the disc for ``piece_type`` is drawn."""
        index = self._choices.index(piece_type)
        step = -1 if self._color == chess.WHITE else 1  # from the last rank back toward the centre
        rank = chess.square_rank(self._target) + step * index
        return chess.square(chess.square_file(self._target), rank)

    def choice_rect(self, piece_type: chess.PieceType) -> QRectF:
        """The on-screen rectangle of the disc for ``piece_type`` (widget coordinates)."""
        return self._geometry().square_rect(self.choice_square(piece_type))

    def choice_at(self, point: QPointF) -> chess.PieceType | None:
        """The piece type whose disc is under ``point``, if any."""
        for piece_type in self._choices:
            if self.choice_rect(piece_type).contains(point):
                return piece_type
        return None

    def choose(self, piece_type: chess.PieceType) -> None:
        """Finish with ``piece_type`` (ignored when it is not one of the offered choices)."""
        if piece_type in self._choices:
            self._finish(piece_type)

    def cancel(self) -> None:
        """Finish without a choice: the move is abandoned."""
        self._finish(None)

    # --- Qt overrides -----------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        geometry = self._geometry()
        painter.fillRect(geometry.board_rect(), self._theme.promotion_veil)
        painter.setPen(Qt.PenStyle.NoPen)
        for piece_type in self._choices:
            rect = self.choice_rect(piece_type)
            hovered = piece_type == self._hovered
            radius = rect.width() / 2
            gradient = QRadialGradient(rect.center(), radius)
            gradient.setColorAt(0.0, self._theme.promotion_choice)
            gradient.setColorAt(0.5, self._theme.promotion_choice)
            edge = self._theme.promotion_choice_hover if hovered else self._theme.promotion_choice_edge
            gradient.setColorAt(1.0, edge)
            painter.setBrush(gradient)
            painter.drawEllipse(rect.center(), radius, radius)
            # lichess draws the offered pieces a little smaller, full size under the cursor.
            scale = 1.0 if hovered else 0.8
            inset = rect.width() * (1 - scale) / 2
            self._renderer.paint(
                painter, chess.Piece(piece_type, self._color), rect.adjusted(inset, inset, -inset, -inset)
            )
        painter.end()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        hovered = self.choice_at(event.position())
        if hovered != self._hovered:
            self._hovered = hovered
            self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        event.accept()
        self._by_mouse = True
        chosen = self.choice_at(event.position()) if event.button() == Qt.MouseButton.LeftButton else None
        if chosen is None:
            self.cancel()
        else:
            self.choose(chosen)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.cancel()
        elif event.key() in _KEYS:
            self.choose(_KEYS[event.key()])
        else:
            super().keyPressEvent(event)

    # --- internals --------------------------------------------------------
    def _finish(self, piece_type: chess.PieceType | None) -> None:
        if self._done:
            return
        self._done = True
        board = self.parentWidget()
        if board is not None and self.hasFocus():
            # Hidden with the focus, the picker would hand it on as if the keyboard were in use, and
            # the board would show its keyboard cursor after a promotion chosen with the mouse.
            reason = Qt.FocusReason.MouseFocusReason if self._by_mouse else Qt.FocusReason.ShortcutFocusReason
            board.setFocus(reason)
        self.hide()
        self.finished.emit(piece_type)
        self.deleteLater()
