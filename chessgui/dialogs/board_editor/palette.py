"""The board editor's palette: a pointer, the twelve pieces, and an eraser.

Clicking a button selects it as the tool for clicks on the board; dragging a
piece button onto the board places that piece directly.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import QByteArray, QMimeData, QPoint, QPointF, QSize, Qt, Signal
from PySide6.QtGui import QDrag, QIcon, QMouseEvent, QPainter, QPen, QPixmap, QPolygonF
from PySide6.QtWidgets import QApplication, QButtonGroup, QGridLayout, QToolButton, QWidget

from chessgui.dialogs.board_editor.editor_board import PIECE_MIME_TYPE, TOOL_ERASE, TOOL_MOVE, shared_piece_renderer
from chessgui.game.chess_words import piece_name

ICON_SIZE = 40


class _ToolButton(QToolButton):
    """A checkable palette button; piece buttons can also be dragged onto the board."""

    def __init__(self, tool: str, icon: QIcon, tip: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tool = tool
        self.setIcon(icon)
        self.setIconSize(QSize(ICON_SIZE, ICON_SIZE))
        self.setCheckable(True)
        self.setToolTip(tip)
        # An icon-only button: the screen reader says the tip's head ("White king", "Eraser").
        self.setAccessibleName(tip.split(":")[0].split(" (")[0].strip())
        self.setAutoRaise(True)
        self.setObjectName(f"palette_{tool}")
        self._press = QPoint()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        self._press = event.position().toPoint()
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt override
        if (
            self.tool in (TOOL_MOVE, TOOL_ERASE)
            or not event.buttons() & Qt.MouseButton.LeftButton
            or (event.position().toPoint() - self._press).manhattanLength() < QApplication.startDragDistance()
        ):
            super().mouseMoveEvent(event)
            return
        self.setDown(False)
        self.click()  # dragging a piece also selects it as the click tool
        mime = QMimeData()
        mime.setData(PIECE_MIME_TYPE, QByteArray(self.tool.encode("ascii")))
        drag = QDrag(self)
        drag.setMimeData(mime)
        drag.setPixmap(self.icon().pixmap(QSize(ICON_SIZE, ICON_SIZE)))
        drag.setHotSpot(QPoint(ICON_SIZE // 2, ICON_SIZE // 2))
        drag.exec(Qt.DropAction.CopyAction)


def _eraser_icon() -> QIcon:
    image = QPixmap(ICON_SIZE, ICON_SIZE)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    pen = QPen(Qt.GlobalColor.darkRed, 4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    painter.setPen(pen)
    margin = ICON_SIZE * 0.25
    painter.drawLine(int(margin), int(margin), int(ICON_SIZE - margin), int(ICON_SIZE - margin))
    painter.drawLine(int(ICON_SIZE - margin), int(margin), int(margin), int(ICON_SIZE - margin))
    painter.end()
    return QIcon(image)


def _pointer_icon() -> QIcon:
    image = QPixmap(ICON_SIZE, ICON_SIZE)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(Qt.GlobalColor.black, 2))
    painter.setBrush(Qt.GlobalColor.white)
    s = ICON_SIZE
    arrow = QPolygonF(
        [
            QPointF(s * 0.32, s * 0.18),
            QPointF(s * 0.32, s * 0.78),
            QPointF(s * 0.46, s * 0.64),
            QPointF(s * 0.58, s * 0.86),
            QPointF(s * 0.66, s * 0.82),
            QPointF(s * 0.55, s * 0.60),
            QPointF(s * 0.74, s * 0.60),
        ]
    )
    painter.drawPolygon(arrow)
    painter.end()
    return QIcon(image)


class PiecePalette(QWidget):
    """Two rows of tools: pointer + White's pieces, eraser + Black's pieces."""

    tool_selected = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._group = QButtonGroup(self)
        self._group.setExclusive(True)
        self._buttons: dict[str, _ToolButton] = {}
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        renderer = shared_piece_renderer()
        ratio = self.devicePixelRatioF()
        order = (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN)
        self._add(
            layout, 0, 0, TOOL_MOVE, _pointer_icon(), self.tr("Move pieces (drag them; drag off the board to remove)")
        )
        self._add(layout, 1, 0, TOOL_ERASE, _eraser_icon(), self.tr("Eraser: click a piece to remove it"))
        for row, color in enumerate((chess.WHITE, chess.BLACK)):
            for column, piece_type in enumerate(order, start=1):
                piece = chess.Piece(piece_type, color)
                icon = QIcon(renderer.pixmap(piece, ICON_SIZE, ratio))
                name = (self.tr("White {piece}") if color else self.tr("Black {piece}")).format(
                    piece=piece_name(piece_type)
                )
                self._add(
                    layout,
                    row,
                    column,
                    piece.symbol(),
                    icon,
                    self.tr("{name}: click a square or drag onto the board").format(name=name),
                )
        self._buttons[TOOL_MOVE].setChecked(True)
        self._group.buttonClicked.connect(self._on_button_clicked)

    def _add(self, layout: QGridLayout, row: int, column: int, tool: str, icon: QIcon, tip: str) -> None:
        button = _ToolButton(tool, icon, tip, self)
        self._group.addButton(button)
        self._buttons[tool] = button
        layout.addWidget(button, row, column)

    def button(self, tool: str) -> QToolButton:
        """The button of a tool (for tests)."""
        return self._buttons[tool]

    def select_tool(self, tool: str) -> None:
        self._buttons[tool].setChecked(True)
        self.tool_selected.emit(tool)

    def _on_button_clicked(self, button: QToolButton) -> None:
        if isinstance(button, _ToolButton):
            self.tool_selected.emit(button.tool)
