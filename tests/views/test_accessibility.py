"""What a screen reader gets: the board's squares through QAccessible, and spoken sentences."""

from __future__ import annotations

import chess
import pytest
from PySide6.QtGui import QAccessible

from chessgui.game.result import GameResult, Termination
from chessgui.views.announcer import Announcer, describe_move, describe_position, describe_result


def _names(interface: QAccessible) -> list[str]:
    return [interface.child(i).text(QAccessible.Text.Name) for i in range(interface.childCount())]


def test_board_exposes_every_square_with_its_piece(board_widget) -> None:
    board = board_widget
    interface = QAccessible.queryAccessibleInterface(board)
    assert interface.text(QAccessible.Text.Name) == "Chess board"
    assert interface.text(QAccessible.Text.Description).startswith("White to move")
    names = _names(interface)
    assert len(names) == 64
    assert names[0] == "a8, black rook" and names[4] == "e8, black king"
    assert names[63] == "h1, white rook"
    assert "e2, white pawn" in names and "e4, empty" in names


def test_square_names_follow_moves_and_their_rectangles_follow_flips(board_widget) -> None:
    board = board_widget
    position = chess.Board()
    position.push_san("e4")
    board.set_position(position)
    interface = QAccessible.queryAccessibleInterface(board)
    names = _names(interface)
    assert "e4, white pawn" in names and "e2, empty" in names
    assert interface.text(QAccessible.Text.Description).startswith("Black to move")
    a1 = board.accessibility.cells[chess.A1]
    assert a1.geometry().center().y() > 300  # bottom left, White's view
    board.set_flipped(True)
    assert a1.geometry().center().y() < 100  # top right, Black's view
    assert a1.geometry().center().x() > 300


MOVE_WORDS = [
    (chess.STARTING_FEN, "e2e4", "White: pawn to e4"),
    ("4k3/8/8/4P3/2n5/5K2/8/8 b - - 0 1", "c4e5", "Black: knight takes e5, check"),
    ("4k3/8/8/4P3/2n5/8/8/6K1 b - - 0 1", "c4e5", "Black: knight takes e5"),
    ("4k3/8/8/8/2n5/8/8/3K4 b - - 0 1", "c4e3", "Black: knight to e3, check"),
    ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "White: castles kingside"),
    ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1", "White: castles queenside"),
    ("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", "White: a pawn takes b8, promotes to queen, check"),
    ("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "e4d5", "White: e pawn takes d5"),
    ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "White: e pawn takes d6 en passant"),
    ("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", "a1d1", "White: rook from a1 to d1"),
    ("rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq g6 0 3", "d1h5", "White: queen to h5, checkmate"),
]


@pytest.mark.parametrize(("fen", "uci", "words"), MOVE_WORDS)
def test_moves_checks_captures_castling_promotion_and_mate_are_said(fen: str, uci: str, words: str) -> None:
    assert describe_move(chess.Board(fen), chess.Move.from_uci(uci)) == words


def test_results_and_positions_are_read_out() -> None:
    assert describe_result(GameResult(chess.WHITE, Termination.CHECKMATE)) == "Checkmate. White wins"
    assert describe_result(GameResult(None, Termination.STALEMATE)) == "Stalemate. Draw"
    assert describe_result(GameResult(chess.BLACK, Termination.RESIGNATION)) == "White resigned: Black wins"
    text = describe_position(chess.Board("4k3/8/8/8/8/8/4P3/R3K2R w KQ - 0 1"))
    assert text == "White: king e1, rooks a1 and h1, pawn e2. Black: king e8. White to move."


def test_announcer_sends_the_text_and_shows_it(qtbot) -> None:
    announcer = Announcer()
    qtbot.addWidget(announcer.label)
    with qtbot.waitSignal(announcer.announced) as blocker:
        assert announcer.announce("White: pawn to e4")
    assert blocker.args == ["White: pawn to e4"]
    assert announcer.label.text() == "White: pawn to e4"
    label_interface = QAccessible.queryAccessibleInterface(announcer.label)
    assert label_interface.text(QAccessible.Text.Name) == "Last announcement"
    assert label_interface.text(QAccessible.Text.Description) == "White: pawn to e4"
    announcer.set_enabled(False)
    assert not announcer.announce("Black: pawn to e5")
    assert announcer.announce("Position: …", always=True)
    assert announcer.last() == "Position: …"
