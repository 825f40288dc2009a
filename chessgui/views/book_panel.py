"""The opening book panel (View ▸ Opening book): the book's moves in the shown position, with each
move's share and the opening it leads to; a double-click or Enter on a move plays it on the board's
path (a variation away from the live position)."""

from __future__ import annotations

import chess
from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from chessgui.game.book_explorer import BookLine
from chessgui.game.chess_words import PieceLetters, display_san


class BookPanel(QWidget):
    """A table of book moves, or a sentence when there is nothing to list.

    Signals:
        move_chosen(chess.Move): the user wants this book move played in the shown position.
    """

    move_chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.caption = QLabel(self)
        self.caption.setObjectName("book_caption")
        self.caption.setWordWrap(True)
        self.table = QTableWidget(0, 3, self)
        self.table.setHorizontalHeaderLabels([self.tr("Move"), self.tr("Share"), self.tr("Opening")])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.setToolTip(self.tr("Double-click a move, or press Enter, to play it on the board"))
        self.table.activated.connect(self.on_activated)
        self.message = QLabel(self)
        self.message.setObjectName("book_message")
        self.message.setWordWrap(True)
        self.message.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.caption)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.message, 1)
        self._letters = PieceLetters.ENGLISH
        self._lines: list[BookLine] = []
        self.show_message("")

    def set_piece_letters(self, letters: PieceLetters) -> None:
        """Name the pieces of the listed moves with ``letters`` (the next listing)."""
        self._letters = letters

    def show_lines(self, lines: list[BookLine], board: chess.Board, book_label: str) -> None:
        """List ``lines``, the book's moves in ``board``."""
        self._lines = list(lines)
        number = f"{board.fullmove_number}." if board.turn == chess.WHITE else f"{board.fullmove_number}..."
        self.caption.setText(
            self.tr("{book}: {count} moves for {number}").format(book=book_label, count=len(lines), number=number)
        )
        self.table.setRowCount(len(lines))
        for row, line in enumerate(lines):
            share = f"{line.share * 100:.0f} %" if line.share >= 0.005 else "<1 %"
            cells = (display_san(line.san, self._letters), share, str(line.opening) if line.opening else "")
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column == 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
        # A new position: the row chosen in the last one means nothing here.
        self.table.clearSelection()
        self.table.setCurrentCell(-1, -1)
        self.table.setVisible(True)
        self.message.setVisible(False)

    def show_message(self, text: str) -> None:
        """Say ``text`` instead of a list (no book moves, hidden during a game, a book that fails)."""
        self._lines = []
        self.table.setRowCount(0)
        self.caption.clear()
        self.message.setText(text)
        self.table.setVisible(False)
        self.message.setVisible(True)

    def lines(self) -> list[BookLine]:
        """The moves listed (empty when a sentence is shown)."""
        return list(self._lines)

    def on_activated(self, index: QModelIndex) -> None:
        """A double-click or Enter on a row: play its move."""
        if 0 <= index.row() < len(self._lines):
            self.move_chosen.emit(self._lines[index.row()].move)
