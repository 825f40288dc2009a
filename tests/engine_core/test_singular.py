"""Singular extensions (FEATURE_SINGULAR): the verification search without the TT move, the
extension of a TT move no other move comes close to, and the multi-cut."""

from __future__ import annotations

import chess
import numpy as np
from engine_test_helpers import random_positions

from engine import Searcher, SearchLimit
from engine.fen import position_from_fen
from engine.history import SS_EXCLUDED
from engine.params import SINGULAR_MIN_DEPTH, SINGULAR_TT_DEPTH_MARGIN
from engine.position import ST_HPLY, encode_move, move_to_uci
from engine.pruning import singular_candidate
from engine.root import RootSearch
from engine.search import negamax
from engine.searchstate import ALL_FEATURES, CTL_FEATURES, FEATURE_SINGULAR, LAB_NO_TT
from engine.tt import BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, MATE, allocate, tt_probe, tt_store

ON = ALL_FEATURES | FEATURE_SINGULAR


def _entry(depth: int, bound: int, score: int, move: int) -> int:
    keys, data = allocate(1)
    tt_store(keys, data, np.uint64(42 << 20), depth, bound, score, move, 1)
    return tt_probe(keys, data, np.uint64(42 << 20))


def test_the_tt_move_is_tested_only_with_a_deep_enough_lower_or_exact_entry() -> None:
    move = encode_move(35, 55, 0, 0)
    depth = SINGULAR_MIN_DEPTH + 2
    deep = _entry(depth - SINGULAR_TT_DEPTH_MARGIN, BOUND_LOWER, 40, move)
    assert singular_candidate(ON, 0, False, 0, depth, deep, move)
    assert singular_candidate(ON, 0, False, 0, depth, _entry(depth, BOUND_EXACT, 40, move), move)
    assert not singular_candidate(ON, 0, False, 0, depth + 1, deep, move)  # entry too shallow
    assert not singular_candidate(ON, 0, False, 0, depth, _entry(depth, BOUND_UPPER, 40, move), move)
    assert not singular_candidate(ON, 0, False, 0, depth, _entry(depth, BOUND_LOWER, MATE - 5, move), move)
    assert not singular_candidate(ON, 0, False, 0, SINGULAR_MIN_DEPTH - 1, deep, move)
    assert not singular_candidate(ON, 0, True, 0, depth, deep, move)  # the root
    assert not singular_candidate(ON, 0, False, move, depth, deep, move)  # already a verification search
    assert not singular_candidate(ON, 0, False, 0, depth, deep, 0)  # no TT move
    assert not singular_candidate(ON, LAB_NO_TT, False, 0, depth, deep, move)  # search lab
    assert not singular_candidate(ALL_FEATURES & ~FEATURE_SINGULAR, 0, False, 0, depth, deep, move)


def _verify(fen: str, excluded: str, depth: int, alpha: int) -> tuple[int, RootSearch, np.ndarray]:
    """A verification search of ``fen`` at ply 1 skipping ``excluded``, window (alpha, alpha + 1);
    (score, its tables, the position's hashes)."""
    t = RootSearch(1)
    t._ctl[CTL_FEATURES] = ON
    pos = position_from_fen(fen)
    board = chess.Board(fen)
    move = chess.Move.from_uci(excluded)
    assert move in board.legal_moves
    from engine.movegen import gen_moves

    buf = np.zeros(256, dtype=np.int32)
    n = gen_moves(pos.board, pos.st, buf, False)
    engine_move = next(int(m) for m in buf[:n] if move_to_uci(int(m)) == excluded)
    t._stack[1 + 2, SS_EXCLUDED] = engine_move
    score = negamax(
        pos.board, pos.st, pos.hashes, pos.undo, t._tt_keys, t._tt_data, t._moves, t._scores, t._killers,
        t._history, t._counters, t._cont_hist, t._corr, t._stack, t._pv, t._pv_len, t._stats, t._ctl, t._stop, depth, 1,
        alpha, alpha + 1, False,
    )  # fmt: skip
    return int(score), t, pos.hashes[pos.st[ST_HPLY]]


def test_the_verification_search_skips_the_tt_move_and_stores_nothing_for_its_node() -> None:
    # White's only good move is Rxd5, winning the queen back; anything else stays a queen down.
    fen = "4k2r/8/8/3q4/8/8/5PPP/3R2K1 w k - 0 1"
    score, tables, key = _verify(fen, "d1d5", 4, -300)
    assert score <= -300  # without the capture White cannot reach even -300
    assert tt_probe(tables._tt_keys, tables._tt_data, key) == 0  # the node's own entry is not written
    plain = Searcher(hash_mb=1)
    assert plain.search(fen, limit=SearchLimit(depth=4)).info.score_cp > -300


def test_a_verification_search_without_other_moves_fails_low() -> None:
    # Black is in check from the rook and Kb8 is the only move.
    fen = "k7/8/1K6/8/8/8/8/R7 b - - 0 1"
    assert [m.uci() for m in chess.Board(fen).legal_moves] == ["a8b8"]
    score, _, _ = _verify(fen, "a8b8", 3, 17)
    assert score == 17  # alpha: "no other move", never mate or stalemate


def test_singular_extensions_happen_and_every_move_is_legal() -> None:
    searcher = Searcher(hash_mb=4)
    searcher.features = ON
    extended = 0
    for board in random_positions(6, seed=23):
        if board.is_game_over():
            continue
        searcher.new_game()
        result = searcher.search(board.fen(), limit=SearchLimit(depth=SINGULAR_MIN_DEPTH + 3))
        assert result.best_move is not None
        assert chess.Move.from_uci(result.best_move) in board.legal_moves
        assert all(isinstance(m, str) for m in result.info.pv)
        counters = searcher.counters()
        extended += counters["singular_extensions"] + counters["multi_cuts"]
    assert extended > 0
    # With the bit off, the verification search never runs.
    searcher.features = ALL_FEATURES & ~FEATURE_SINGULAR
    searcher.search(chess.STARTING_FEN, limit=SearchLimit(depth=SINGULAR_MIN_DEPTH + 3))
    assert searcher.counters()["singular_extensions"] == searcher.counters()["multi_cuts"] == 0
