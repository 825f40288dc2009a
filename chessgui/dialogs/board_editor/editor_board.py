"""The editable 8x8 board of the board editor (also a read-only position preview).

It only holds piece placement (a ``chess.BaseBoard``); side to move, castling
and en passant live in the dialog.  Painting reuses the main board's geometry,
theme and piece renderer so both boards look the same.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QApplication, QSizePolicy, QWidget

from chessgui.views.board.geometry import BoardGeometry
from chessgui.views.board.painter import paint_coordinates, paint_squares
from chessgui.views.board.piece_renderer import PieceRenderer
from chessgui.views.board.theme import DEFAULT_THEME, BoardTheme

PIECE_MIME_TYPE = "application/x-chessgui-piece"
"""Drag-and-drop payload from the palette: one piece symbol, e.g. b"N" or b"q"."""

TOOL_MOVE = "move"
"""Tool that only drags pieces around."""
TOOL_ERASE = "erase"
"""Tool that removes the clicked piece."""

_shared_renderer: PieceRenderer | None = None


def shared_piece_renderer() -> PieceRenderer:
    """One renderer (and pixmap cache) for the editor board, palette and preview."""
    global _shared_renderer
    if _shared_renderer is None:
        _shared_renderer = PieceRenderer()
    return _shared_renderer


class EditorBoardWidget(QWidget):
    """Board where pieces are placed, dragged, and removed.

    Left click applies the current tool (a piece symbol, :data:`TOOL_ERASE` or
    :data:`TOOL_MOVE`); dragging a piece moves it, dropping it off the board
    removes it; right click removes; pieces dragged from the palette are
    placed where dropped.  Emits ``board_edited`` after every change.
    """

    board_edited = Signal()

    def __init__(
        self, parent: QWidget | None = None, *, interactive: bool = True, theme: BoardTheme = DEFAULT_THEME
    ) -> None:
        super().__init__(parent)
        self._board = chess.BaseBoard.empty()
        self._flipped = False
        self._interactive = interactive
        self._theme = theme
        self._tool = TOOL_MOVE
        self._press_square: chess.Square | None = None
        self._press_pos = QPointF()
        self._drag_piece: chess.Piece | None = None
        self._drag_pos = QPointF()
        self.setAcceptDrops(interactive)
        self.setMouseTracking(False)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setMinimumSize(160, 160)

    # --- state -----------------------------------------------------------
    def board(self) -> chess.BaseBoard:
        """A copy of the piece placement."""
        return self._board.copy()

    def set_board(self, board: chess.BaseBoard) -> None:
        self._board = chess.BaseBoard(board.board_fen())
        self.update()

    def set_flipped(self, flipped: bool) -> None:
        self._flipped = flipped
        self.update()

    def is_flipped(self) -> bool:
        return self._flipped

    def set_tool(self, tool: str) -> None:
        """A piece symbol ("P", "n", ...), TOOL_ERASE or TOOL_MOVE."""
        self._tool = tool

    def tool(self) -> str:
        return self._tool

    def place(self, square: chess.Square, piece: chess.Piece | None) -> None:
        """Put ``piece`` on ``square`` (None removes) and announce the change."""
        if self._board.piece_at(square) == piece:
            return
        if piece is None:
            self._board.remove_piece_at(square)
        else:
            self._board.set_piece_at(square, piece)
        self.update()
        self.board_edited.emit()

    # --- geometry (also used by tests) -------------------------------------
    def geometry_(self) -> BoardGeometry:
        return BoardGeometry.fit(self.width(), self.height(), self._flipped)

    def square_at(self, point: QPointF) -> chess.Square | None:
        return self.geometry_().square_at(point)

    def square_center(self, square: chess.Square) -> QPointF:
        return self.geometry_().square_center(square)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(400, 400)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        return width

    # --- painting ------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        geometry = self.geometry_()
        paint_squares(painter, geometry, self._theme)
        if self._press_square is not None and self._drag_piece is not None:
            painter.fillRect(geometry.square_rect(self._press_square), self._theme.selected)
        paint_coordinates(painter, geometry, self._theme)
        renderer = shared_piece_renderer()
        for square, piece in self._board.piece_map().items():
            if self._drag_piece is not None and square == self._press_square:
                continue
            renderer.paint(painter, piece, geometry.square_rect(square))
        if self._drag_piece is not None:
            size = geometry.square_size
            rect = QRectF(self._drag_pos.x() - size / 2, self._drag_pos.y() - size / 2, size, size)
            renderer.paint(painter, self._drag_piece, rect)
        painter.end()

    # --- mouse -----------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if not self._interactive:
            return
        square = self.square_at(event.position())
        if event.button() == Qt.MouseButton.RightButton:
            if square is not None:
                self.place(square, None)
            return
        if event.button() != Qt.MouseButton.LeftButton or square is None:
            return
        self._press_square = square
        self._press_pos = event.position()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if self._press_square is None:
            return
        piece = self._board.piece_at(self._press_square)
        if self._drag_piece is None:
            moved = (event.position() - self._press_pos).manhattanLength()
            if piece is None or moved < QApplication.startDragDistance():
                return
            self._drag_piece = piece
        self._drag_pos = event.position()
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if self._press_square is None or event.button() != Qt.MouseButton.LeftButton:
            return
        origin, dragged = self._press_square, self._drag_piece
        self._press_square, self._drag_piece = None, None
        target = self.square_at(event.position())
        if dragged is not None:
            if target == origin:
                self.update()
                return
            # Off the board removes the piece, like lichess's editor.
            self._board.remove_piece_at(origin)
            if target is not None:
                self._board.set_piece_at(target, dragged)
            self.update()
            self.board_edited.emit()
            return
        if target is not None:
            self._apply_tool(target)

    def _apply_tool(self, square: chess.Square) -> None:
        if self._tool == TOOL_ERASE:
            self.place(square, None)
        elif self._tool != TOOL_MOVE:
            self.place(square, chess.Piece.from_symbol(self._tool))

    # --- drops from the palette ----------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 - Qt override
        if event.mimeData().hasFormat(PIECE_MIME_TYPE):
            event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:  # noqa: N802 - Qt override
        if event.mimeData().hasFormat(PIECE_MIME_TYPE) and self.square_at(event.position()) is not None:
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 - Qt override
        square = self.square_at(event.position())
        symbol = bytes(event.mimeData().data(PIECE_MIME_TYPE).data()).decode("ascii", "replace")
        if square is None or len(symbol) != 1 or symbol not in "PNBRQKpnbrqk":
            event.ignore()
            return
        self.place(square, chess.Piece.from_symbol(symbol))
        event.acceptProposedAction()
