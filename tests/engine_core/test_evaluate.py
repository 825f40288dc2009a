"""Evaluation symmetry and the consistency of the incrementally kept state."""

from __future__ import annotations

import chess
import numpy as np
from engine_test_helpers import random_positions

from engine.evaluate import evaluate, recompute_sums
from engine.fen import position_from_board, position_from_fen
from engine.movegen import compute_hash, compute_nonpawn_key, compute_pawn_key, gen_moves, make_move, unmake_move
from engine.position import ST_HPLY, ST_NONPAWN_KEY, ST_PAWN_KEY


def test_evaluate_equals_evaluate_of_colour_mirrored_position() -> None:
    boards = random_positions(400, seed=7)
    distinct_scores = set()
    for board in boards:
        ours = position_from_board(board)
        mirrored = position_from_board(board.mirror())
        score = evaluate(ours.board, ours.st)
        assert score == evaluate(mirrored.board, mirrored.st), board.fen()
        distinct_scores.add(score)
    assert len(distinct_scores) > 100  # the evaluation really varies


def test_start_position_is_balanced_apart_from_tempo() -> None:
    pos = position_from_fen(chess.STARTING_FEN)
    white = evaluate(pos.board, pos.st)
    black = position_from_fen(chess.STARTING_FEN.replace(" w ", " b "))
    assert white == evaluate(black.board, black.st) > 0


def test_material_advantage_is_seen_from_the_side_to_move() -> None:
    up_a_queen_white = position_from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
    up_a_queen_black_to_move = position_from_fen("4k3/8/8/8/8/8/8/3QK3 b - - 0 1")
    assert evaluate(up_a_queen_white.board, up_a_queen_white.st) > 800
    assert evaluate(up_a_queen_black_to_move.board, up_a_queen_black_to_move.st) < -800


def test_make_unmake_keeps_incremental_state_exact() -> None:
    buf = np.zeros(256, dtype=np.int32)
    for board in random_positions(60, seed=11, max_plies=80):
        pos = position_from_board(board)
        before = (pos.board.copy(), pos.st.copy(), pos.hash)
        n = gen_moves(pos.board, pos.st, buf, False)
        for i in range(n):
            move = int(buf[i])
            if not make_move(pos.board, pos.st, pos.hashes, pos.undo, move):
                continue
            # Incremental hash and PST sums equal a from-scratch computation.
            assert pos.hashes[pos.st[ST_HPLY]] == compute_hash(pos.board, pos.st)
            assert pos.st[ST_PAWN_KEY] == compute_pawn_key(pos.board)
            assert pos.st[ST_NONPAWN_KEY] == compute_nonpawn_key(pos.board, 0)
            assert pos.st[ST_NONPAWN_KEY + 1] == compute_nonpawn_key(pos.board, 1)
            fresh = pos.st.copy()
            recompute_sums(pos.board, fresh)
            assert (fresh == pos.st).all()
            unmake_move(pos.board, pos.st, pos.undo)
            assert (pos.board == before[0]).all() and (pos.st == before[1]).all()
            assert pos.hash == before[2]


CRAFTED = (
    # King attacks (queen + pieces on the zone), open files next to the king, pawn storms.
    "r1b2rk1/pppp1ppp/2n2q2/4p1N1/2B1P2Q/8/PPPP1PPP/RNB2RK1 w - - 0 1",
    "r1b2rk1/pppp1pp1/2n4p/4p2Q/4P3/3B2R1/PPPP1PP1/RNB3K1 b - - 0 1",
    "r2q1rk1/pp3p1p/8/6P1/7P/8/PP3P2/R2Q1RK1 w - - 0 1",
    "2kr3r/ppp2ppp/8/p7/1P6/8/P1P2PPP/2KR3R w - - 0 1",
    # Passed pawns (free, supported, far from the kings), pawnless and drawish endings.
    "8/5k2/8/1PP5/8/8/6K1/8 w - - 0 1",
    "8/8/8/3k4/8/8/P7/1K6 b - - 0 1",
    "8/3k4/8/8/2B5/8/P7/1K6 w - - 0 1",
    "8/8/4k3/5b2/8/2B5/1P3p2/K7 w - - 0 1",
    # Threats: pawns and minor pieces attacking bigger pieces, hanging pieces, outposts.
    "r1bqkb1r/ppp2ppp/2n5/3pp3/3Pn3/2P1PN2/PP1N1PPP/R1BQKB1R w KQkq - 0 1",
    "r2qk2r/ppp2ppp/2n1b3/3Np3/2B1P3/8/PPP2PPP/R2QK2R b KQkq - 0 1",
    "4k3/8/8/2n5/8/8/8/2R1K3 w - - 0 1",  # a loose knight attacked by a rook
    "4k3/pp4pp/8/3N4/4P3/8/8/4K3 w - - 0 1",  # a knight outpost
    "r1bq1rk1/pp3ppp/2n5/3Np3/4P3/5N2/PP3PPP/R2QKB1R b KQ - 0 1",
    # Endgame scaling: wrong rook pawn, rook pawn alone, opposite bishops with and without rooks.
    "6k1/8/8/4K3/7P/8/4B3/8 w - - 0 1",
    "7k/8/6K1/8/7P/8/8/8 w - - 0 1",
    "4k3/8/8/2b5/8/2PP4/2B5/4K3 w - - 0 1",
    "r3k3/8/8/2b5/8/2PP4/2B5/R3K3 w - - 0 1",
)


def test_crafted_positions_evaluate_like_their_colour_mirrors() -> None:
    for fen in CRAFTED:
        board = chess.Board(fen)
        for side in (chess.WHITE, chess.BLACK):
            board.turn = side
            ours = position_from_board(board)
            mirrored = position_from_board(board.mirror())
            assert evaluate(ours.board, ours.st) == evaluate(mirrored.board, mirrored.st), board.fen()
