"""Evaluation symmetry and the consistency of the incrementally kept state."""

from __future__ import annotations

import chess
import numpy as np
from engine_test_helpers import random_positions

from engine.evaluate import evaluate, recompute_sums
from engine.fen import position_from_board, position_from_fen
from engine.movegen import compute_hash, gen_moves, make_move, unmake_move
from engine.position import ST_HPLY


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
            fresh = pos.st.copy()
            recompute_sums(pos.board, fresh)
            assert (fresh == pos.st).all()
            unmake_move(pos.board, pos.st, pos.undo)
            assert (pos.board == before[0]).all() and (pos.st == before[1]).all()
            assert pos.hash == before[2]
