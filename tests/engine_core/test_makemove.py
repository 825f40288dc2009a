"""make_move's legality test and the check flag it keeps (st[ST_CHECKED]), against python-chess."""

from __future__ import annotations

import chess
import numpy as np
import pytest

from engine.attacks import LINE_STEP, exposes_king, quiet_move_gives_check, quiet_move_is_legal
from engine.fen import position_from_board, position_from_fen
from engine.movegen import gen_moves, in_check, make_move, make_null, unmake_move, unmake_null
from engine.position import (
    BLACK,
    FLAG_CAPTURE,
    FLAG_CASTLE,
    ST_CHECKED,
    WHITE,
    move_flags,
    move_from,
    move_promo,
    move_to,
    move_to_uci,
    square_to_mailbox,
)
from tests.engine_core.engine_test_helpers import random_positions

# Pins, discovered checks, en passant along a rank, promotions with check, castling.
TRICKY = (
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2",  # en passant would expose the king along the rank
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "4k3/8/8/8/1b6/8/3P4/4K2R w K - 0 1",  # the d2 pawn is pinned
    "2k5/8/8/8/8/8/3R4/3KB3 w - - 0 1",  # the rook uncovers nothing, the bishop is free
    "k7/8/8/3q4/8/8/6B1/7K w - - 0 1",  # the bishop on g2 is pinned along the diagonal
    "1k6/8/8/8/1N6/8/8/1Q2K3 w - - 0 1",  # every knight move uncovers the queen's check
    "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",  # b8=Q+ and b8=R+ check along the back rank
    "8/8/8/1K6/8/1P6/8/1q4k1 w - - 0 1",  # the pinned pawn may step towards its king (a search found it)
    "1Q6/8/8/1p6/8/1k6/8/6K1 b - - 0 1",  # the same for Black
)


def _check_every_move(board: chess.Board) -> int:
    """Play every pseudo-legal move of ``board`` in the engine; return how many were legal."""
    pos = position_from_board(board)
    assert pos.st[ST_CHECKED] == int(board.is_check())
    before = (pos.board.copy(), pos.st.copy())
    buf = np.zeros(256, dtype=np.int32)
    n = gen_moves(pos.board, pos.st, buf, False)
    legal = 0
    for move in (int(m) for m in buf[:n]):
        uci = move_to_uci(move)
        played = make_move(pos.board, pos.st, pos.hashes, pos.undo, move)
        assert played == (chess.Move.from_uci(uci) in board.legal_moves), (board.fen(), uci)
        if played:
            legal += 1
            board.push_uci(uci)
            assert bool(in_check(pos.board, pos.st)) == board.is_check(), (board.fen(), uci)
            board.pop()
            unmake_move(pos.board, pos.st, pos.undo)
        assert np.array_equal(pos.board, before[0]) and np.array_equal(pos.st, before[1]), (board.fen(), uci)
    return legal


@pytest.mark.parametrize("fen", TRICKY)
def test_legality_and_the_check_flag_in_tricky_positions(fen: str) -> None:
    board = chess.Board(fen)
    assert _check_every_move(board) == board.legal_moves.count()


def test_legality_and_the_check_flag_along_random_games() -> None:
    for board in random_positions(150, seed=41):
        if not board.is_game_over():
            assert _check_every_move(board) == board.legal_moves.count()


def test_the_null_move_clears_the_flag_and_its_takeback_restores_it() -> None:
    pos = position_from_fen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1")
    assert pos.st[ST_CHECKED] == 0
    make_null(pos.st, pos.hashes, pos.undo)
    assert pos.st[ST_CHECKED] == 0
    unmake_null(pos.st, pos.undo)
    checked = position_from_fen("4k3/8/8/8/8/8/8/r3K3 w - - 0 1")
    assert checked.st[ST_CHECKED] == 1 and in_check(checked.board, checked.st)


def test_line_step_walks_the_rays_and_nothing_else() -> None:
    c1, h5, e4 = square_to_mailbox(chess.C1), square_to_mailbox(chess.H5), square_to_mailbox(chess.E4)
    assert LINE_STEP[c1, h5] == 0  # 5 * 9 apart, but not on a diagonal
    assert LINE_STEP[c1, square_to_mailbox(chess.H6)] == 11
    assert LINE_STEP[e4, square_to_mailbox(chess.E8)] == 10
    assert LINE_STEP[e4, square_to_mailbox(chess.A4)] == -1
    assert LINE_STEP[e4, square_to_mailbox(chess.F6)] == 0  # a knight's jump


def test_exposes_king_sees_the_slider_behind_the_square_left() -> None:
    pos = position_from_fen("4k3/8/8/8/1b6/8/8/4K3 w - - 0 1")  # the pinning bishop, d2 empty
    king, d2 = square_to_mailbox(chess.E1), square_to_mailbox(chess.D2)
    assert exposes_king(pos.board, king, d2, BLACK)
    assert not exposes_king(pos.board, king, d2, WHITE)  # a Black piece does not attack for White
    assert not exposes_king(pos.board, king, square_to_mailbox(chess.E2), BLACK)  # nothing on the file


def _quiet_moves_before_and_after(board: chess.Board) -> int:
    """For each quiet move (no capture or promotion, not castling) of a side not in check, the
    answers before the move (quiet_move_is_legal, quiet_move_gives_check) against make_move's."""
    pos = position_from_board(board)
    buf = np.zeros(256, dtype=np.int32)
    n = gen_moves(pos.board, pos.st, buf, False)
    checked = 0
    for move in (int(m) for m in buf[:n]):
        if move_flags(move) & (FLAG_CAPTURE | FLAG_CASTLE) or move_promo(move):
            continue
        frm, to = move_from(move), move_to(move)
        legal = quiet_move_is_legal(pos.board, pos.st, frm, to)
        check = quiet_move_gives_check(pos.board, pos.st, frm, to)
        played = make_move(pos.board, pos.st, pos.hashes, pos.undo, move)
        assert legal == played, (board.fen(), move_to_uci(move))
        if played:
            assert check == bool(in_check(pos.board, pos.st)), (board.fen(), move_to_uci(move))
            unmake_move(pos.board, pos.st, pos.undo)
            checked += 1
    return checked


@pytest.mark.parametrize("fen", TRICKY)
def test_quiet_moves_are_judged_before_they_are_made_in_tricky_positions(fen: str) -> None:
    board = chess.Board(fen)
    if not board.is_check():
        _quiet_moves_before_and_after(board)


def test_quiet_moves_are_judged_before_they_are_made_along_random_games() -> None:
    judged = 0
    for board in random_positions(400, seed=43):
        if not board.is_game_over() and not board.is_check():
            judged += _quiet_moves_before_and_after(board)
    assert judged > 5000
