"""The board editor dialog: set up any position and play from it.

Nothing outside the dialog changes until "Play from here" is accepted, so
cancelling leaves the game in progress untouched.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from chessgui.dialogs.board_editor.editor_board import EditorBoardWidget
from chessgui.dialogs.board_editor.palette import PiecePalette
from chessgui.dialogs.board_editor.position_state import castling_available, compose_fen, en_passant_choices
from chessgui.dialogs.board_editor.problem_list import ProblemList, position_notes
from chessgui.i18n import QT_TRANSLATE_NOOP
from chessgui.storage.fen_check import fen_problems, parse_fen

_CASTLING_LABELS = {
    "K": QT_TRANSLATE_NOOP("BoardEditorDialog", "White O-O"),
    "Q": QT_TRANSLATE_NOOP("BoardEditorDialog", "White O-O-O"),
    "k": QT_TRANSLATE_NOOP("BoardEditorDialog", "Black O-O"),
    "q": QT_TRANSLATE_NOOP("BoardEditorDialog", "Black O-O-O"),
}


class BoardEditorDialog(QDialog):
    """Palette + editable board + side to move, castling, en passant, live problems.

    ``exec()`` returns Accepted on "Play from here" (only possible for a valid
    position); then :meth:`board` is the position to start the game from.
    """

    def __init__(self, board: chess.Board | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Set up a position"))
        start = board.copy(stack=False) if board is not None else chess.Board()
        self._fullmove = start.fullmove_number
        # What the user last chose for each castling box; a box disabled
        # because a piece moved away gets this choice back when it returns.
        self._castling_wish = {
            letter: start.has_castling_rights(color) and bool(start.castling_rights & chess.BB_SQUARES[rook])
            for letter, (color, rook) in {
                "K": (chess.WHITE, chess.H1),
                "Q": (chess.WHITE, chess.A1),
                "k": (chess.BLACK, chess.H8),
                "q": (chess.BLACK, chess.A8),
            }.items()
        }
        self._updating = False

        self.palette_widget = PiecePalette(self)
        self.board_widget = EditorBoardWidget(self)
        self.board_widget.set_board(start)

        self.turn_box = QComboBox(self)
        self.turn_box.addItem(self.tr("White to move"), chess.WHITE)
        self.turn_box.addItem(self.tr("Black to move"), chess.BLACK)
        self.turn_box.setCurrentIndex(0 if start.turn == chess.WHITE else 1)

        self.castling_boxes: dict[str, QCheckBox] = {}
        castling_group = QGroupBox(self.tr("Castling rights"), self)
        castling_layout = QGridLayout(castling_group)
        for index, (letter, label) in enumerate(_CASTLING_LABELS.items()):
            box = QCheckBox(self.tr(label), castling_group)
            box.setObjectName(f"castling_{letter}")
            box.setChecked(self._castling_wish[letter])
            box.toggled.connect(lambda checked, letter=letter: self._on_castling_toggled(letter, checked))
            self.castling_boxes[letter] = box
            castling_layout.addWidget(box, index // 2, index % 2)

        self.ep_box = QComboBox(self)
        self.ep_box.setToolTip(self.tr("Only squares where an en passant capture is possible right now are offered."))
        self._initial_ep = start.ep_square

        self.fen_edit = QLineEdit(self)
        self.fen_edit.setReadOnly(True)
        self.fen_edit.setObjectName("fen_edit")
        self.fen_edit.setAccessibleName(self.tr("FEN of the position"))
        self.problem_list = ProblemList(self)

        start_button = QPushButton(self.tr("Start position"), self)
        clear_button = QPushButton(self.tr("Clear board"), self)
        flip_button = QPushButton(self.tr("Flip board"), self)
        start_button.clicked.connect(self.on_start_position_clicked)
        clear_button.clicked.connect(self.on_clear_clicked)
        flip_button.clicked.connect(lambda: self.board_widget.set_flipped(not self.board_widget.is_flipped()))

        self.copy_button = QPushButton(self.tr("Copy FEN"), self)
        self.buttons = QDialogButtonBox(self)
        self.play_button = self.buttons.addButton(self.tr("Play from here"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.play_button.setDefault(True)
        self.copy_button.clicked.connect(self.copy_fen)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        side = QVBoxLayout()
        form = QFormLayout()
        form.addRow(self.tr("Side to move:"), self.turn_box)
        form.addRow(self.tr("En passant:"), self.ep_box)
        side.addLayout(form)
        side.addWidget(castling_group)
        row = QHBoxLayout()
        for button in (start_button, clear_button, flip_button):
            row.addWidget(button)
        side.addLayout(row)
        fen_row = QHBoxLayout()
        fen_row.addWidget(self.fen_edit, 1)
        fen_row.addWidget(self.copy_button)
        side.addLayout(fen_row)
        side.addWidget(self.problem_list, 1)
        side_widget = QWidget(self)
        side_widget.setLayout(side)
        side_widget.setFixedWidth(340)

        left = QVBoxLayout()
        left.addWidget(self.palette_widget, 0, Qt.AlignmentFlag.AlignHCenter)
        left.addWidget(self.board_widget, 1)
        top = QHBoxLayout()
        top.addLayout(left, 1)
        top.addWidget(side_widget)
        outer = QVBoxLayout(self)
        outer.addLayout(top, 1)
        outer.addWidget(self.buttons)
        self.resize(820, 560)

        self.palette_widget.tool_selected.connect(self.board_widget.set_tool)
        self.board_widget.board_edited.connect(self.on_board_edited)
        self.turn_box.currentIndexChanged.connect(lambda _index: self.refresh())
        self.ep_box.currentIndexChanged.connect(lambda _index: self.refresh())
        self.refresh()

    # --- results -------------------------------------------------------------
    def fen(self) -> str:
        """The FEN of the position as currently edited (valid or not)."""
        ep = self.ep_box.currentData()
        castling = "".join(letter for letter, box in self.castling_boxes.items() if box.isEnabled() and box.isChecked())
        return compose_fen(self.board_widget.board(), self.turn(), castling, ep, 0, self._fullmove)

    def turn(self) -> chess.Color:
        return bool(self.turn_box.currentData())

    def problems(self) -> list[str]:
        return fen_problems(self.fen())

    def board(self) -> chess.Board:
        """The edited position; raises InvalidFenError if it is not valid."""
        return parse_fen(self.fen())

    def copy_fen(self) -> None:
        QGuiApplication.clipboard().setText(self.fen())

    def accept(self) -> None:
        if self.problems():  # "Play from here" is disabled then; guard Enter too
            return
        super().accept()

    # --- editing -------------------------------------------------------------
    def set_position(self, board: chess.BaseBoard) -> None:
        self.board_widget.set_board(board)
        self.on_board_edited()

    def on_start_position_clicked(self) -> None:
        self._castling_wish = dict.fromkeys(self._castling_wish, True)
        self.turn_box.setCurrentIndex(0)
        self._fullmove = 1
        self.set_position(chess.BaseBoard())

    def on_clear_clicked(self) -> None:
        self.set_position(chess.BaseBoard.empty())

    def on_board_edited(self) -> None:
        self.refresh()

    def _on_castling_toggled(self, letter: str, checked: bool) -> None:
        if not self._updating:
            self._castling_wish[letter] = checked
            self.refresh()

    def refresh(self) -> None:
        """Recompute castling/en passant options, FEN and problems from the board."""
        if self._updating:
            return
        self._updating = True
        try:
            placement = self.board_widget.board()
            for letter, possible in castling_available(placement).items():
                box = self.castling_boxes[letter]
                box.setEnabled(possible)
                box.setChecked(possible and self._castling_wish[letter])
            previous = self.ep_box.currentData() if self.ep_box.count() else self._initial_ep
            self._initial_ep = None
            self.ep_box.clear()
            self.ep_box.addItem(self.tr("none"), None)
            for square in en_passant_choices(placement, self.turn()):
                self.ep_box.addItem(chess.square_name(square), square)
            index = self.ep_box.findData(previous) if previous is not None else 0
            self.ep_box.setCurrentIndex(max(0, index))
            self.ep_box.setEnabled(self.ep_box.count() > 1)
        finally:
            self._updating = False
        fen = self.fen()
        self.fen_edit.setText(fen)
        self.fen_edit.setCursorPosition(0)
        problems = fen_problems(fen)
        notes = position_notes(parse_fen(fen)) if not problems else []
        self.problem_list.set_problems(problems, notes)
        self.play_button.setEnabled(not problems)
