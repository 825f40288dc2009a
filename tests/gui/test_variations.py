"""Variations: the game is a tree; moves played at earlier positions become variations, never truncations."""

from __future__ import annotations

import chess
import chess.pgn
import pytest

from chessgui.main_window import MainWindow


@pytest.fixture
def window(qtbot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    return window


def _play(window: MainWindow, *sans: str) -> None:
    for san in sans:
        board = (
            window.navigator.shown_board() if hasattr(window.navigator, "shown_board") else window.controller.board()
        )
        window.board_widget.move_requested.emit(board.parse_san(san))


def test_a_move_at_an_earlier_position_becomes_a_variation(window: MainWindow) -> None:
    _play(window, "e4", "e5", "Nf3", "Nc6")
    window.navigator.go_to(2)
    window.board_widget.move_requested.emit(chess.Move.from_uci("f1c4"))
    # The game is not truncated: the live line is unchanged, the new move is a variation shown on the board.
    assert window.controller.live_ply() == 4
    after_e5 = window.controller.node_at_ply(2)
    assert [v.move.uci() for v in after_e5.variations] == ["g1f3", "f1c4"]
    assert window.board_widget.position().piece_at(chess.C4) == chess.Piece.from_symbol("B")
