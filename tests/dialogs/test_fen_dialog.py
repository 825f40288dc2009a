"""FEN dialog: OK only for a valid FEN, problems listed live, preview follows."""

from __future__ import annotations

import chess
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog

from chessgui.dialogs.fen_dialog import FenDialog
from chessgui.storage.fen_check import InvalidFenError


def test_ok_enabled_only_for_a_valid_fen(qtbot) -> None:
    dialog = FenDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert not dialog.ok_button.isEnabled()
    qtbot.keyClicks(dialog.fen_edit, "4k3/8/8/8/8/8/8/4K2K w - - 0 1")
    assert not dialog.ok_button.isEnabled()
    assert "White has two kings" in dialog.problem_list.text()
    with pytest.raises(InvalidFenError):
        dialog.board()
    dialog.fen_edit.clear()
    qtbot.keyClicks(dialog.fen_edit, "  4k3/8/8/8/8/8/8/4K2R ")  # board only, padded
    assert dialog.ok_button.isEnabled()
    assert "valid" in dialog.problem_list.text()
    assert dialog.preview.board().piece_at(chess.H1) == chess.Piece(chess.ROOK, chess.WHITE)
    qtbot.keyClick(dialog.fen_edit, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.board().fen() == "4k3/8/8/8/8/8/8/4K2R w K - 0 1"


def test_enter_on_an_invalid_fen_does_not_accept(qtbot) -> None:
    dialog = FenDialog("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClick(dialog.fen_edit, Qt.Key.Key_Return)
    assert dialog.isVisible() and dialog.result() != QDialog.DialogCode.Accepted
    assert "expected 8 ranks, found 7" in dialog.problem_list.text()


def test_every_problem_is_shown_and_pieces_previewed(qtbot) -> None:
    dialog = FenDialog("P3k3/8/8/8/8/8/8/R3K2K w KQ e3 0 1")
    qtbot.addWidget(dialog)
    problems = dialog.problem_list.problems()
    assert len(problems) == 4
    assert dialog.preview.board().piece_at(chess.A8) == chess.Piece(chess.PAWN, chess.WHITE)


def test_paste_button_and_game_over_note(qtbot) -> None:
    QGuiApplication.clipboard().setText("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\n")
    dialog = FenDialog()
    qtbot.addWidget(dialog)
    dialog.paste_from_clipboard()
    assert dialog.text() == "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
    assert dialog.ok_button.isEnabled()
    assert "stalemated" in dialog.problem_list.text()


def test_an_empty_field_asks_for_a_fen_without_an_error(qtbot) -> None:
    """Opening the dialog is not a mistake: no red "cannot be played" before anything is typed."""
    dialog = FenDialog()
    qtbot.addWidget(dialog)
    assert "cannot be played" not in dialog.problem_list.text()
    assert "Paste or type a FEN" in dialog.problem_list.text() and not dialog.ok_button.isEnabled()
    qtbot.keyClicks(dialog.fen_edit, "8/8")
    assert "cannot be played" in dialog.problem_list.text()
    dialog.fen_edit.clear()
    assert "cannot be played" not in dialog.problem_list.text()
    with pytest.raises(InvalidFenError):
        dialog.board()
