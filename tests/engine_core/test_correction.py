"""Correction history (engine.correction): the pawn and non-pawn keys, the tables' update rule, and
the search reading and teaching them only with FEATURE_CORRECTION."""

from __future__ import annotations

import chess
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Searcher, SearchLimit
from engine.correction import (
    CORRECTION_GRAIN,
    CORRECTION_MAX,
    allocate_correction,
    corrected_eval,
    learn_correction,
    static_value,
    update_correction,
)
from engine.fen import Position, position_from_board, position_from_fen
from engine.movegen import (
    compute_nonpawn_key,
    compute_pawn_key,
    gen_moves,
    make_move,
    make_null,
    unmake_move,
    unmake_null,
)
from engine.position import BLACK, ST_NONPAWN_KEY, ST_PAWN_KEY, ST_SIDE, WHITE, move_to_uci
from engine.searchstate import ALL_FEATURES, FEATURE_CORRECTION, FEATURE_NONPAWN_CORRECTION, LEVEL_FEATURES
from engine.tt import MATE_BOUND

START = chess.STARTING_FEN


def _pos(fen: str = START) -> Position:
    return position_from_fen(fen)


def _move(pos: Position, uci: str) -> int:
    buf = np.zeros(256, dtype=np.int32)
    n = gen_moves(pos.board, pos.st, buf, False)
    return next(int(m) for m in buf[:n] if move_to_uci(int(m)) == uci)


def test_the_pawn_key_depends_on_the_pawns_only() -> None:
    a = _pos("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1")
    b = _pos("r3k3/pp6/8/8/8/2N5/PP6/4K2R b - - 0 1")  # other pieces, other side to move
    c = _pos("4k3/p1p5/8/8/8/8/PP6/4K3 w - - 0 1")  # one pawn elsewhere
    assert a.st[ST_PAWN_KEY] == b.st[ST_PAWN_KEY]
    assert a.st[ST_PAWN_KEY] != c.st[ST_PAWN_KEY]
    assert _pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1").st[ST_PAWN_KEY] == 0  # no pawns, no key


def test_each_non_pawn_key_depends_on_that_colours_pieces_only() -> None:
    a = _pos("r3k3/pp6/8/8/8/2N5/PP6/4K2R w - - 0 1")
    b = _pos("r3k3/p7/1p6/8/8/2N5/PP6/4K2R b - - 0 1")  # other pawns, other side to move
    c = _pos("r3k3/pp6/8/8/8/8/PP3N2/4K2R w - - 0 1")  # White's knight elsewhere
    d = _pos("4k2r/pp6/8/8/8/2N5/PP6/4K2R w - - 0 1")  # Black's rook elsewhere
    assert a.st[ST_NONPAWN_KEY + WHITE] == b.st[ST_NONPAWN_KEY + WHITE] == d.st[ST_NONPAWN_KEY + WHITE]
    assert a.st[ST_NONPAWN_KEY + BLACK] == b.st[ST_NONPAWN_KEY + BLACK] == c.st[ST_NONPAWN_KEY + BLACK]
    assert a.st[ST_NONPAWN_KEY + WHITE] != c.st[ST_NONPAWN_KEY + WHITE]
    assert a.st[ST_NONPAWN_KEY + BLACK] != d.st[ST_NONPAWN_KEY + BLACK]


@settings(deadline=None, max_examples=30)
@given(st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=60))
def test_the_pawn_key_follows_moves_null_moves_and_takebacks(choices: list[int]) -> None:
    """Incremental key equals the key from scratch along random games (captures, promotions, en
    passant, castling included), and every takeback restores it."""
    board = chess.Board()
    pos = position_from_board(board)
    keys = [tuple(int(pos.st[k]) for k in (ST_PAWN_KEY, ST_NONPAWN_KEY, ST_NONPAWN_KEY + 1))]
    buf = np.zeros(256, dtype=np.int32)
    made = 0
    for choice in choices:
        if board.is_game_over():
            break
        n = gen_moves(pos.board, pos.st, buf, False)
        legal = [int(m) for m in buf[:n] if chess.Move.from_uci(move_to_uci(int(m))) in board.legal_moves]
        move = legal[choice % len(legal)]
        assert make_move(pos.board, pos.st, pos.hashes, pos.undo, move)
        board.push_uci(move_to_uci(move))
        made += 1
        fresh = position_from_board(board).st
        assert pos.st[ST_PAWN_KEY] == compute_pawn_key(pos.board) == fresh[ST_PAWN_KEY]
        for colour in (WHITE, BLACK):
            assert pos.st[ST_NONPAWN_KEY + colour] == compute_nonpawn_key(pos.board, colour)
            assert pos.st[ST_NONPAWN_KEY + colour] == fresh[ST_NONPAWN_KEY + colour]
        if not board.is_check():
            make_null(pos.st, pos.hashes, pos.undo)
            assert pos.st[ST_PAWN_KEY] == compute_pawn_key(pos.board)
            unmake_null(pos.st, pos.undo)
        keys.append(tuple(int(pos.st[k]) for k in (ST_PAWN_KEY, ST_NONPAWN_KEY, ST_NONPAWN_KEY + 1)))
    for _ in range(made):
        keys.pop()
        unmake_move(pos.board, pos.st, pos.undo)
        assert tuple(int(pos.st[k]) for k in (ST_PAWN_KEY, ST_NONPAWN_KEY, ST_NONPAWN_KEY + 1)) == keys[-1]


def test_a_fail_high_above_the_eval_raises_the_entry_towards_the_error() -> None:
    corr = allocate_correction()
    pos = _pos()
    update_correction(corr, pos.st, True, 4, 40, 0, 0, True, False)
    assert 0 < corrected_eval(corr, pos.st, True, 0) < 40  # part of the way: one search is a hint
    assert (corr[pos.st[ST_SIDE]] > 0).sum() == 3  # the pawn table and both non-pawn tables
    for _ in range(200):
        update_correction(corr, pos.st, True, 10, 40, 0, 0, True, False)
    assert corrected_eval(corr, pos.st, True, 0) in (39, 40)  # converges on the measured error
    assert corrected_eval(corr, pos.st, True, 100) in (139, 140)


def test_deeper_results_move_the_entry_further() -> None:
    pos = _pos()
    moved = []
    for depth in (1, 3, 12):
        corr = allocate_correction()
        update_correction(corr, pos.st, True, depth, -100, 0, 0, False, True)  # a fail-low below the eval
        moved.append(-int(corr.sum()))
    assert 0 < moved[0] < moved[1] < moved[2]


def test_bounds_that_say_nothing_about_the_error_are_ignored() -> None:
    pos = _pos()
    corr = allocate_correction()
    update_correction(corr, pos.st, True, 8, -50, 0, 0, True, False)  # at least -50: eval 0 may be right
    update_correction(corr, pos.st, True, 8, 50, 0, 0, False, True)  # at most +50: eval 0 may be right
    update_correction(corr, pos.st, True, 8, MATE_BOUND + 3, 0, 0, False, False)  # a mate, not an eval error
    assert not corr.any()
    update_correction(corr, pos.st, True, 8, 50, 0, 0, False, False)  # exact
    assert corr.any()


def test_the_correction_is_bounded_and_keeps_clear_of_mate_scores() -> None:
    pos = _pos()
    corr = allocate_correction()
    for _ in range(500):
        update_correction(corr, pos.st, True, 20, 3000, 0, 0, False, False)
    assert corr.max() == CORRECTION_MAX  # each entry is bounded; the pawn entry plus the non-pawn mean:
    assert corrected_eval(corr, pos.st, True, 0) == 2 * CORRECTION_MAX // CORRECTION_GRAIN
    assert corrected_eval(corr, pos.st, True, MATE_BOUND - 2) == MATE_BOUND - 1
    other = _pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    assert corrected_eval(corr, other.st, True, 0) == 0  # other pawns, other side to move: no entry


def test_only_quiet_best_moves_outside_check_teach_with_the_feature_on() -> None:
    pos = _pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
    quiet, capture = _move(pos, "e1d2"), _move(pos, "e4d5")
    on, off = ALL_FEATURES & ~FEATURE_NONPAWN_CORRECTION, ALL_FEATURES & ~FEATURE_CORRECTION

    def taught(features: int, checked: bool, best_move: int, best: int = 120) -> bool:
        corr = allocate_correction()
        learn_correction(features, corr, pos.st, checked, 6, best, best_move, 100, 0, 0)
        return bool(corr.any())

    assert taught(on, False, quiet)  # a quiet move's fail-high above the eval
    assert taught(on, False, 0, -120)  # no move reached alpha: a fail-low below the eval
    assert not taught(on, False, 0, 120)  # (a fail-low above the eval says nothing)
    assert not taught(on, False, capture)  # the capture's gain is material, not an eval error
    assert not taught(on, True, quiet)
    assert not taught(off, False, quiet)
    corr = allocate_correction()
    corr[:] = 40 * CORRECTION_GRAIN
    assert static_value(on, corr, pos.st, 10) == 50  # 40 for the pawns
    assert static_value(on | FEATURE_NONPAWN_CORRECTION, corr, pos.st, 10) == 90  # and 40 for the pieces
    assert static_value(off, corr, pos.st, 10) == 10


def test_the_non_pawn_tables_take_part_only_with_their_feature() -> None:
    pos = _pos()
    side = pos.st[ST_SIDE]
    for features, tables in ((ALL_FEATURES & ~FEATURE_NONPAWN_CORRECTION, 1), (ALL_FEATURES, 3)):
        corr = allocate_correction()
        learn_correction(features, corr, pos.st, False, 6, -120, 0, 100, 0, 0)  # a fail-low below the eval
        assert (corr[side] < 0).sum() == tables
    assert ALL_FEATURES & FEATURE_NONPAWN_CORRECTION  # full strength plays with all three (docs/strength.md)
    assert LEVEL_FEATURES & FEATURE_NONPAWN_CORRECTION == 0
    corr = allocate_correction()
    for _ in range(200):
        update_correction(corr, pos.st, False, 10, 40, 0, 0, True, False)
    assert corrected_eval(corr, pos.st, False, 0) in (39, 40)  # the pawn table alone converges too
    assert not corr[:, 1:].any()


def test_the_search_fills_the_table_only_with_the_feature_and_a_new_game_empties_it() -> None:
    assert LEVEL_FEATURES & FEATURE_CORRECTION == 0  # the playing levels keep their calibration
    fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    assert ALL_FEATURES & FEATURE_CORRECTION  # full strength plays with it
    searcher = Searcher(hash_mb=1)
    searcher.features = ALL_FEATURES & ~FEATURE_CORRECTION
    searcher.search(fen, limit=SearchLimit(depth=7))
    assert not searcher._corr.any()
    searcher.features = ALL_FEATURES
    first = searcher.search(fen, limit=SearchLimit(depth=7))
    assert first.best_move is not None
    assert np.count_nonzero(searcher._corr) > 10
    searcher.new_game()
    assert not searcher._corr.any()


def test_the_mating_endings_keep_their_own_gradient() -> None:
    """Against a bare king the evaluation's corner gradient leads to mate: no correction there
    (every pawnless position shares one pawn entry, which would flatten it), and no teaching."""
    corr = allocate_correction()
    corr[:] = 40 * CORRECTION_GRAIN
    kbnk = _pos("8/8/8/3k4/8/8/2N5/1B2K3 w - - 0 1")
    assert static_value(ALL_FEATURES, corr, kbnk.st, 500) == 500
    empty = allocate_correction()
    learn_correction(ALL_FEATURES, empty, kbnk.st, False, 8, 100, 0, 1000, 500, 500)  # a fail-low below the eval
    assert not empty.any()
