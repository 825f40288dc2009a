"""Position from FEN: a text field, the live list of problems, and a preview.

OK stays disabled until the FEN describes a playable position, so nothing
changes in the game until the text is right.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from chessgui.dialogs.board_editor.editor_board import EditorBoardWidget
from chessgui.dialogs.board_editor.problem_list import ProblemList, position_notes
from chessgui.storage.fen_check import InvalidFenError, fen_problems, parse_fen


class FenDialog(QDialog):
    """Asks for a FEN; ``board()`` is the parsed position after ``exec()`` is Accepted."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Position from FEN"))
        self._board: chess.Board | None = None

        prompt = QLabel(
            self.tr("Paste or type a FEN. Shortened FENs (just the pieces, or without move counters) are fine."), self
        )
        prompt.setWordWrap(True)
        self.fen_edit = QLineEdit(self)
        self.fen_edit.setObjectName("fen_edit")
        self.fen_edit.setAccessibleName(self.tr("FEN"))
        self.fen_edit.setPlaceholderText(chess.STARTING_FEN)
        self.fen_edit.setClearButtonEnabled(True)
        font = QFont("monospace")
        font.setStyleHint(QFont.StyleHint.Monospace)
        self.fen_edit.setFont(font)
        paste_button = QPushButton(self.tr("Paste"), self)
        paste_button.setToolTip(self.tr("Replace the text with the clipboard's"))
        paste_button.clicked.connect(self.paste_from_clipboard)

        self.problem_list = ProblemList(self)
        self.preview = EditorBoardWidget(self, interactive=False)
        self.preview.setFixedSize(240, 240)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(self.tr("Play from this position"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        row = QHBoxLayout()
        row.addWidget(self.fen_edit, 1)
        row.addWidget(paste_button)
        body = QHBoxLayout()
        body.addWidget(self.preview, 0, Qt.AlignmentFlag.AlignTop)
        body.addWidget(self.problem_list, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(prompt)
        layout.addLayout(row)
        layout.addLayout(body, 1)
        layout.addWidget(self.buttons)
        self.resize(640, 360)

        self.fen_edit.textChanged.connect(self.on_text_changed)
        self.fen_edit.setText(text.strip())
        self.on_text_changed(self.fen_edit.text())

    def text(self) -> str:
        return self.fen_edit.text()

    def set_text(self, text: str) -> None:
        self.fen_edit.setText(text.strip())

    def board(self) -> chess.Board:
        """The position typed; raises InvalidFenError if it is not valid."""
        if self._board is None:
            raise InvalidFenError(fen_problems(self.text()))
        return self._board.copy()

    def paste_from_clipboard(self) -> None:
        self.set_text(QGuiApplication.clipboard().text())

    def on_text_changed(self, text: str) -> None:
        if not text.strip():
            self._board = None
            prompt = self.tr("Paste or type a FEN: the position and any problem with it show here.")
            self.problem_list.set_prompt(prompt)
            self.preview.set_board(chess.BaseBoard.empty())
            self.ok_button.setEnabled(False)
            return
        try:
            self._board = parse_fen(text)
        except InvalidFenError as error:
            self._board = None
            self.problem_list.set_problems(list(error.problems))
            self.ok_button.setEnabled(False)
            self._preview_what_we_can(text)
            return
        self.problem_list.set_problems([], position_notes(self._board))
        self.preview.set_board(self._board)
        self.ok_button.setEnabled(True)

    def _preview_what_we_can(self, text: str) -> None:
        """Show the pieces even when other fields are wrong: it helps to spot the mistake."""
        try:
            placement = chess.BaseBoard(text.split()[0])
        except (ValueError, IndexError):
            placement = chess.BaseBoard.empty()
        self.preview.set_board(placement)

    def accept(self) -> None:
        if self._board is None:  # Enter in the field must not bypass the check
            return
        super().accept()
