"""Which pieces glide and fade when the board animates one move."""

from __future__ import annotations

import chess

from chessgui.views.board.animation import PieceSlide, plan_move_animation
from chessgui.views.board.geometry import BoardGeometry


def after(board: chess.Board, uci: str) -> chess.Board:
    result = board.copy()
    result.push_uci(uci)
    return result


def test_plain_move_slides_one_piece() -> None:
    board = chess.Board()
    plan = plan_move_animation(board, chess.Move.from_uci("g1f3"), after(board, "g1f3"))
    assert plan is not None
    assert plan.slides == (PieceSlide(chess.Piece(chess.KNIGHT, chess.WHITE), chess.G1, chess.F3),)
    assert plan.captured == ()
    assert plan.landing_squares() == {chess.F3}


def test_castling_slides_king_and_rook() -> None:
    board = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    plan = plan_move_animation(board, chess.Move.from_uci("e1c1"), after(board, "e1c1"))
    assert plan is not None
    assert {(s.from_square, s.to_square) for s in plan.slides} == {(chess.E1, chess.C1), (chess.A1, chess.D1)}


def test_chess960_castling_notation_slides_rook_too() -> None:
    board = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", chess960=True)
    plan = plan_move_animation(board, chess.Move.from_uci("e1h1"), after(board, "e1h1"))
    assert plan is not None
    assert {(s.from_square, s.to_square) for s in plan.slides} == {(chess.E1, chess.G1), (chess.H1, chess.F1)}


def test_en_passant_fades_the_captured_pawn() -> None:
    board = chess.Board("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")
    plan = plan_move_animation(board, chess.Move.from_uci("e5d6"), after(board, "e5d6"))
    assert plan is not None
    assert plan.captured == ((chess.Piece(chess.PAWN, chess.BLACK), chess.D5),)


def test_capture_fades_victim_and_promotion_slides_the_pawn() -> None:
    board = chess.Board("2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    plan = plan_move_animation(board, chess.Move.from_uci("b7c8q"), after(board, "b7c8q"))
    assert plan is not None
    assert plan.slides[0].piece == chess.Piece(chess.PAWN, chess.WHITE)
    assert plan.captured == ((chess.Piece(chess.ROOK, chess.BLACK), chess.C8),)


def test_positions_not_one_move_apart_are_not_animated() -> None:
    board = chess.Board()
    two_moves = after(after(board, "e2e4"), "e7e5")
    assert plan_move_animation(board, chess.Move.from_uci("e2e4"), two_moves) is None
    assert plan_move_animation(board, chess.Move.from_uci("e2e5"), two_moves) is None  # illegal
    assert plan_move_animation(board, chess.Move.null(), board) is None


def test_geometry_round_trips_every_square_both_ways() -> None:
    for flipped in (False, True):
        geometry = BoardGeometry.fit(515, 400, flipped)
        assert geometry.square_size == 50 and geometry.left == 57
        for square in chess.SQUARES:
            assert geometry.square_at(geometry.square_center(square)) == square
    assert BoardGeometry.fit(400, 400).square_at(BoardGeometry.fit(400, 400).square_center(chess.A1)) == chess.A1
    assert BoardGeometry.fit(400, 400, flipped=True).square_rect(chess.A1).topLeft().toTuple() == (350.0, 0.0)
