"""Typed moves: SAN and UCI are read with python-chess; a wrong move is explained in plain words."""

from __future__ import annotations

import chess
import pytest
from PySide6.QtCore import Qt

from chessgui.views.board.board_widget import BoardWidget
from chessgui.views.move_entry import MoveEntry, matching_moves, parse_move_text

ITALIAN = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 2 3"
TWO_KNIGHTS = "3k4/8/8/8/8/8/3N1N2/4K3 w - - 0 1"
PROMOTION = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1"
CASTLING = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"


@pytest.mark.parametrize(
    ("fen", "text", "uci"),
    [
        (chess.STARTING_FEN, "e4", "e2e4"),
        (chess.STARTING_FEN, "Nf3", "g1f3"),
        (chess.STARTING_FEN, "e2e4", "e2e4"),
        (chess.STARTING_FEN, " g1f3 ", "g1f3"),
        ("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "exd5", "e4d5"),
        (CASTLING, "O-O", "e1g1"),
        (CASTLING, "0-0-0", "e1c1"),
        (CASTLING, "o-o", "e1g1"),
        (PROMOTION, "a7a8q", "a7a8q"),
        (PROMOTION, "axb8=N", "a7b8n"),
        (PROMOTION, "a8=Q+", "a7a8q"),
        (TWO_KNIGHTS, "Nfe4", "f2e4"),
    ],
)
def test_legal_moves_in_san_or_uci_are_read(fen: str, text: str, uci: str) -> None:
    parsed = parse_move_text(chess.Board(fen), text)
    assert parsed.move == chess.Move.from_uci(uci)
    assert parsed.message == ""


def test_ambiguous_move_names_the_choices() -> None:
    parsed = parse_move_text(chess.Board(TWO_KNIGHTS), "Ne4")
    assert parsed.move is None
    assert parsed.candidates == ("Nde4", "Nfe4")
    assert "ambiguous" in parsed.message and "Nde4 or Nfe4" in parsed.message


def test_illegal_piece_move_says_why_and_lists_that_piece_s_moves() -> None:
    parsed = parse_move_text(chess.Board(), "Nd4")
    assert parsed.move is None
    assert parsed.message == "No knight can go to d4. Your knights can play: Na3, Nc3, Nf3, Nh3."
    assert parsed.candidates == ("Na3", "Nc3", "Nf3", "Nh3")


def test_uci_move_of_an_empty_square_or_the_other_side_is_explained() -> None:
    board = chess.Board()
    assert parse_move_text(board, "e3e4").message == "There is no piece on e3."
    assert parse_move_text(board, "e7e5").message == "The piece on e7 is not yours: it is white's move."
    blocked = parse_move_text(board, "f1c4")
    assert blocked.message == "The bishop on f1 cannot go to c4; it has no legal move."


def test_move_leaving_the_king_in_check_is_explained() -> None:
    # The e2 knight is pinned by the e8 rook.
    board = chess.Board("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1")
    parsed = parse_move_text(board, "e2c3")
    assert "would leave your king in check" in parsed.message
    assert "Kd1" in parsed.candidates or parsed.candidates == ()


def test_promotion_without_a_piece_asks_which() -> None:
    parsed = parse_move_text(chess.Board(PROMOTION), "a7a8")
    assert parsed.move is None
    assert "Say which piece to promote to" in parsed.message
    assert parsed.candidates[0].startswith("a8=Q")


def test_castling_not_allowed_says_so() -> None:
    parsed = parse_move_text(chess.Board(), "O-O")
    assert parsed.move is None
    assert parsed.message.startswith("You cannot castle kingside now")


def test_gibberish_and_partial_moves() -> None:
    assert "is not a move" in parse_move_text(chess.Board(), "hello").message
    partial = parse_move_text(chess.Board(), "N")
    assert partial.candidates == ("Na3", "Nc3", "Nf3", "Nh3")
    assert "not a whole move" in partial.message


def test_completion_lists_matching_legal_moves() -> None:
    assert matching_moves(chess.Board(ITALIAN), "B") == ["Ba6", "Bb5", "Bc4", "Bd3", "Be2"]
    assert matching_moves(chess.Board(), "g1") == ["Nf3", "Nh3"]


def _entry(qtbot) -> MoveEntry:
    entry = MoveEntry()
    qtbot.addWidget(entry)
    entry.show()
    qtbot.waitExposed(entry)
    return entry


def test_typing_a_legal_move_and_enter_requests_it(qtbot) -> None:
    entry = _entry(qtbot)
    entry.set_position(chess.Board(), accepting=True)
    qtbot.keyClicks(entry.field, "Nf3")
    with qtbot.waitSignal(entry.move_entered) as blocker:
        qtbot.keyClick(entry.field, Qt.Key.Key_Return)
    assert blocker.args == [chess.Move.from_uci("g1f3")]
    assert entry.field.text() == ""


def test_the_slash_that_brings_the_cursor_here_is_not_typed_into_the_field(qtbot) -> None:
    """ "/" goes to the move field; pressed again for the next move while the cursor was still there,
    it was typed in, and "/Nf3" was "not a move"."""
    entry = _entry(qtbot)
    entry.set_position(chess.Board(), accepting=True)
    entry.focus_with()
    qtbot.keyClicks(entry.field, "/Nf3")
    assert entry.field.text() == "Nf3"
    with qtbot.waitSignal(entry.move_entered) as blocker:
        qtbot.keyClick(entry.field, Qt.Key.Key_Return)
    assert blocker.args == [chess.Move.from_uci("g1f3")]


def test_illegal_input_keeps_the_text_and_shows_the_reason(qtbot) -> None:
    entry = _entry(qtbot)
    entry.set_position(chess.Board(), accepting=True)
    entry.field.setText("Nd4")
    with qtbot.waitSignal(entry.message_shown) as blocker:
        qtbot.keyClick(entry.field, Qt.Key.Key_Return)
    assert blocker.args[0].startswith("No knight can go to d4")
    assert entry.message_label.text() == blocker.args[0]
    assert entry.message_label.isVisible()
    assert entry.field.text() == "Nd4"


def test_no_move_is_taken_when_it_is_not_the_user_s_turn(qtbot) -> None:
    entry = _entry(qtbot)
    entry.set_position(chess.Board(), accepting=False)
    entry.field.setText("e4")
    with qtbot.assertNotEmitted(entry.move_entered):
        entry.submit()
    assert entry.message_label.text() == "It is not your move now."


def test_completer_offers_the_legal_moves(qtbot) -> None:
    entry = _entry(qtbot)
    entry.set_position(chess.Board(), accepting=True)
    model = entry.completer.model()
    moves = [model.index(row, 0).data() for row in range(model.rowCount())]
    assert len(moves) == 20 and "Nf3" in moves and "e4" in moves


def test_typing_on_the_board_goes_to_the_move_entry(qtbot) -> None:
    board = BoardWidget()
    qtbot.addWidget(board)
    board.show()
    qtbot.waitExposed(board)
    board.setFocus()
    typed: list[str] = []
    board.typing_started.connect(typed.append)
    qtbot.keyClick(board, "e")
    qtbot.keyClick(board, "N")
    assert typed == ["e", "N"]
    board.set_input_enabled(False)
    qtbot.keyClick(board, "d")
    assert typed == ["e", "N"]
