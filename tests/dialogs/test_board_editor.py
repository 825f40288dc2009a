"""Board editor: placing/removing pieces, castling boxes, en passant choices, result."""

from __future__ import annotations

import chess
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog

from chessgui.dialogs.board_editor import BoardEditorDialog
from chessgui.dialogs.board_editor.editor_board import TOOL_ERASE
from chessgui.dialogs.board_editor.position_state import castling_available, en_passant_choices


@pytest.fixture
def editor(qtbot) -> BoardEditorDialog:
    dialog = BoardEditorDialog(chess.Board())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def _point(dialog: BoardEditorDialog, square: chess.Square) -> QPoint:
    return dialog.board_widget.square_center(square).toPoint()


def _click(qtbot, dialog: BoardEditorDialog, square: chess.Square, button=Qt.MouseButton.LeftButton) -> None:
    qtbot.mouseClick(dialog.board_widget, button, pos=_point(dialog, square))


def test_starts_from_the_given_position(editor: BoardEditorDialog) -> None:
    assert editor.fen() == chess.STARTING_FEN
    assert editor.play_button.isEnabled()
    assert all(box.isEnabled() and box.isChecked() for box in editor.castling_boxes.values())


def test_place_with_palette_tool_and_remove_with_right_click(qtbot, editor: BoardEditorDialog) -> None:
    qtbot.mouseClick(editor.palette_widget.button("N"), Qt.MouseButton.LeftButton)
    assert editor.board_widget.tool() == "N"
    with qtbot.waitSignal(editor.board_widget.board_edited):
        _click(qtbot, editor, chess.E4)
    assert editor.board_widget.board().piece_at(chess.E4) == chess.Piece(chess.KNIGHT, chess.WHITE)
    assert editor.fen().startswith("rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/RNBQKBNR ")
    # A 17th white piece: the live list says so and "Play from here" is off.
    assert any("too many pieces for White" in p for p in editor.problem_list.problems())
    assert not editor.play_button.isEnabled()
    _click(qtbot, editor, chess.E4, Qt.MouseButton.RightButton)
    assert editor.board_widget.board().piece_at(chess.E4) is None
    assert editor.problem_list.problems() == () and editor.play_button.isEnabled()


def test_eraser_removes_and_problems_update_live(qtbot, editor: BoardEditorDialog) -> None:
    qtbot.mouseClick(editor.palette_widget.button(TOOL_ERASE), Qt.MouseButton.LeftButton)
    _click(qtbot, editor, chess.E8)
    assert editor.board_widget.board().piece_at(chess.E8) is None
    assert any("Black has no king" in p for p in editor.problem_list.problems())
    assert not editor.play_button.isEnabled()
    assert "Black has no king" in editor.problem_list.text()


def test_drag_moves_a_piece_and_drag_off_removes_it(qtbot, editor: BoardEditorDialog) -> None:
    board = editor.board_widget
    qtbot.mousePress(board, Qt.MouseButton.LeftButton, pos=_point(editor, chess.G1))
    qtbot.mouseMove(board, _point(editor, chess.G1) + QPoint(12, -12))
    qtbot.mouseMove(board, _point(editor, chess.F3))
    qtbot.mouseRelease(board, Qt.MouseButton.LeftButton, pos=_point(editor, chess.F3))
    placement = board.board()
    assert placement.piece_at(chess.G1) is None
    assert placement.piece_at(chess.F3) == chess.Piece(chess.KNIGHT, chess.WHITE)
    # Off the board: the piece disappears.
    outside = QPoint(-5, -5)
    qtbot.mousePress(board, Qt.MouseButton.LeftButton, pos=_point(editor, chess.F3))
    qtbot.mouseMove(board, _point(editor, chess.F3) + QPoint(15, 0))
    qtbot.mouseRelease(board, Qt.MouseButton.LeftButton, pos=outside)
    assert board.board().piece_at(chess.F3) is None
    assert len(board.board().piece_map()) == 31


def test_castling_boxes_follow_king_and_rooks(qtbot, editor: BoardEditorDialog) -> None:
    box_k = editor.castling_boxes["K"]
    _click(qtbot, editor, chess.H1, Qt.MouseButton.RightButton)  # remove the h1 rook
    assert not box_k.isEnabled() and not box_k.isChecked()
    assert " Qkq " in editor.fen()
    # Put the rook back: the box returns, with the user's earlier choice (checked).
    editor.palette_widget.select_tool("R")
    _click(qtbot, editor, chess.H1)
    assert box_k.isEnabled() and box_k.isChecked()
    # The user unticks Black's long castling; it stays off.
    editor.castling_boxes["q"].setChecked(False)
    assert " KQk " in editor.fen()
    # Moving the black king disables both black boxes.
    _click(qtbot, editor, chess.E8, Qt.MouseButton.RightButton)
    editor.palette_widget.select_tool("k")
    _click(qtbot, editor, chess.F7)  # the f7 pawn is replaced by the king
    assert not editor.castling_boxes["k"].isEnabled() and not editor.castling_boxes["q"].isEnabled()
    assert " KQ " in editor.fen()


def test_en_passant_choices_are_computed_from_the_position(qtbot) -> None:
    dialog = BoardEditorDialog(chess.Board("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1"))
    qtbot.addWidget(dialog)
    choices = [dialog.ep_box.itemData(i) for i in range(dialog.ep_box.count())]
    assert choices == [None, chess.D6]
    dialog.ep_box.setCurrentIndex(1)
    assert dialog.fen() == "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
    # Black to move: no white pawn just advanced two squares, so nothing to offer.
    dialog.turn_box.setCurrentIndex(1)
    assert dialog.ep_box.count() == 1 and not dialog.ep_box.isEnabled()
    assert dialog.fen() == "4k3/8/8/3pP3/8/8/8/4K3 b - - 0 1"


def test_en_passant_rules_directly() -> None:
    # A pinned capturer: exd6 e.p. would expose the king on e1 to the queen on e7.
    pinned = chess.Board("4k3/4q3/8/3pP3/8/8/8/4K3 w - - 0 1")
    assert en_passant_choices(pinned, chess.WHITE) == []
    # Two capturers, two pawns: both squares offered.
    both = chess.Board("4k3/8/8/2pPp3/8/8/8/4K3 w - - 0 1")
    assert en_passant_choices(both, chess.WHITE) == [chess.C6, chess.E6]
    assert castling_available(chess.BaseBoard("4k2r/8/8/8/8/8/8/R3K3")) == {
        "K": False,
        "Q": True,
        "k": True,
        "q": False,
    }


def test_play_from_here_gives_the_right_position(qtbot, editor: BoardEditorDialog) -> None:
    editor.on_clear_clicked()
    assert not editor.play_button.isEnabled()
    for symbol, square in (("K", chess.G1), ("k", chess.G8), ("R", chess.A1), ("p", chess.H7), ("P", chess.E4)):
        editor.palette_widget.select_tool(symbol)
        _click(qtbot, editor, square)
    editor.turn_box.setCurrentIndex(1)
    assert editor.play_button.isEnabled()
    qtbot.mouseClick(editor.play_button, Qt.MouseButton.LeftButton)
    assert editor.result() == QDialog.DialogCode.Accepted
    assert editor.board().fen() == "6k1/7p/8/8/4P3/8/8/R5K1 b - - 0 1"


def test_start_position_flip_copy_and_cancel(qtbot) -> None:
    game_board = chess.Board("8/8/4k3/8/8/4K3/8/8 w - - 0 40")
    dialog = BoardEditorDialog(game_board)
    qtbot.addWidget(dialog)
    dialog.on_start_position_clicked()
    assert dialog.fen() == chess.STARTING_FEN
    dialog.board_widget.set_flipped(True)
    assert dialog.board_widget.square_at(dialog.board_widget.square_center(chess.A1)) == chess.A1
    assert dialog.board_widget.square_center(chess.A1).y() < dialog.board_widget.square_center(chess.A8).y()
    qtbot.mouseClick(dialog.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == chess.STARTING_FEN
    dialog.reject()
    assert dialog.result() == QDialog.DialogCode.Rejected
    assert game_board.fen() == "8/8/4k3/8/8/4K3/8/8 w - - 0 40"  # untouched


def test_accept_is_refused_for_an_invalid_position(qtbot, editor: BoardEditorDialog) -> None:
    editor.on_clear_clicked()
    editor.accept()
    assert editor.isVisible() and editor.result() != QDialog.DialogCode.Accepted
