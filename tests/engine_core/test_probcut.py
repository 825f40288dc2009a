"""ProbCut (FEATURE_PROBCUT): a non-PV node deep enough is cut when a good capture beats beta by
params.PROBCUT_MARGIN in a quiescence search and then in a reduced search."""

from __future__ import annotations

import chess
import numpy as np
import pytest
from engine_test_helpers import random_positions

from engine import Searcher, SearchLimit
from engine.bench import BENCH_DEPTH, bench_nodes
from engine.evaluate import evaluate
from engine.fen import position_from_fen
from engine.history import SS_EXCLUDED
from engine.movegen import gen_moves
from engine.params import PROBCUT_MARGIN, PROBCUT_MIN_DEPTH, PROBCUT_REDUCTION, PROBCUT_TT_DEPTH
from engine.position import ST_HPLY, move_to_uci
from engine.probcut import probcut_candidate, probcut_moves
from engine.root import RootSearch
from engine.search import negamax
from engine.searchstate import (
    ALL_FEATURES,
    CTL_FEATURES,
    FEATURE_PROBCUT,
    LAB_NO_TT,
    LEVEL_FEATURES,
    PENDING_FEATURES,
    STAT_PROBCUTS,
)
from engine.tt import BOUND_LOWER, BOUND_UPPER, MATE, allocate, entry_bound, entry_depth, entry_move, tt_probe, tt_store

ON = ALL_FEATURES | FEATURE_PROBCUT

# White (to move) is a queen down by the static eval, but e2xf3 wins Black's queen back (the king
# on g1, not e1, so that ...Rh1+ is no skewer of the rook a1 afterwards).
QUEEN_HANGS = "4k2r/8/8/8/8/5q2/4P3/R5K1 w k - 0 1"


def _entry(depth: int, bound: int, score: int) -> int:
    keys, data = allocate(1)
    tt_store(keys, data, np.uint64(42 << 20), depth, bound, score, 0, 1)
    return tt_probe(keys, data, np.uint64(42 << 20))


def _engine_move(fen: str, uci: str) -> int:
    pos = position_from_fen(fen)
    buf = np.zeros(256, dtype=np.int32)
    n = gen_moves(pos.board, pos.st, buf, False)
    return next(int(m) for m in buf[:n] if move_to_uci(int(m)) == uci)


def test_the_feature_is_pending_and_not_at_the_levels() -> None:
    assert FEATURE_PROBCUT == 0x100000
    assert PENDING_FEATURES & FEATURE_PROBCUT and not ALL_FEATURES & FEATURE_PROBCUT
    assert ALL_FEATURES == 0x39EBFFFF  # ProbCut is not in the default engine (nor the bench pin)
    assert LEVEL_FEATURES & FEATURE_PROBCUT == 0
    assert PROBCUT_MIN_DEPTH - PROBCUT_REDUCTION >= 1  # the reduced search is never a quiescence search
    assert PROBCUT_TT_DEPTH == PROBCUT_REDUCTION - 1 and PROBCUT_MARGIN > 0


def test_probcut_is_tried_only_where_it_applies() -> None:
    depth = PROBCUT_MIN_DEPTH + 2
    beta = 40
    pc_beta = beta + PROBCUT_MARGIN
    assert probcut_candidate(ON, 0, False, depth, beta, pc_beta, 0, 3)
    assert not probcut_candidate(ALL_FEATURES, 0, False, depth, beta, pc_beta, 0, 3)  # bit off
    assert not probcut_candidate(ON, LAB_NO_TT, False, depth, beta, pc_beta, 0, 3)  # search lab
    assert not probcut_candidate(ON, 0, True, depth, beta, pc_beta, 0, 3)  # the root
    assert not probcut_candidate(ON, 0, False, PROBCUT_MIN_DEPTH - 1, beta, pc_beta, 0, 3)  # too shallow
    assert probcut_candidate(ON, 0, False, PROBCUT_MIN_DEPTH, beta, pc_beta, 0, 3)
    assert not probcut_candidate(ON, 0, False, depth, MATE - 10, MATE - 10 + PROBCUT_MARGIN, 0, 3)  # mate scores
    assert not probcut_candidate(ON, 0, False, depth, -MATE + 10, -MATE + 10 + PROBCUT_MARGIN, 0, 3)
    # A table entry nearly as deep whose score stays below pc_beta says ProbCut would fail ...
    low = _entry(depth - PROBCUT_TT_DEPTH, BOUND_UPPER, pc_beta - 1)
    assert not probcut_candidate(ON, 0, False, depth, beta, pc_beta, low, 3)
    # ... but not when it is shallower or its score reaches pc_beta.
    assert probcut_candidate(ON, 0, False, depth, beta, pc_beta, _entry(depth - PROBCUT_TT_DEPTH - 1, 3, 0), 3)
    assert probcut_candidate(ON, 0, False, depth, beta, pc_beta, _entry(depth, BOUND_LOWER, pc_beta), 3)


def test_probcut_tries_only_captures_that_win_enough_by_static_exchange() -> None:
    # Rook a4 can take the undefended queen a8 or the pawn d4 defended by c5; pawn g7 promotes.
    fen = "q3k3/6P1/8/2p5/R2p4/8/8/4K3 w - - 0 1"
    pos = position_from_fen(fen)
    buf = np.zeros(256, dtype=np.int32)
    sc = np.zeros(256, dtype=np.int32)
    history, cont_hist = np.zeros((17, 120), dtype=np.int64), np.zeros((1024, 1024), dtype=np.int16)

    def kept(threshold: int) -> list[str]:
        n = probcut_moves(pos.board, pos.st, buf, sc, 0, history, cont_hist, threshold)
        order = sorted(range(n), key=lambda i: -int(sc[i]))
        return [move_to_uci(int(buf[i])) for i in order]

    # Everything noisy at a low threshold (quiet moves never), best capture first.
    assert kept(-1000) == ["a4a8", "g7g8q", "a4d4"]
    assert kept(0) == ["a4a8", "g7g8q"]  # Rxd4 cxd4 loses the exchange
    assert kept(900) == ["a4a8"]  # the queen (975) and the promotion (875) differ
    assert kept(1000) == []
    assert (pos.board == position_from_fen(fen).board).all()  # SEE leaves the board as it was


def _node(fen: str, features: int, depth: int, beta: int, excluded: str = "") -> tuple[int, RootSearch, np.uint64]:
    """Search ``fen`` as a non-PV node at ply 1 in (beta - 1, beta) with fresh tables; (score, the
    tables, the position's hash). ``excluded``: searched as a singular verification search without it."""
    t = RootSearch(1)
    t._ctl[CTL_FEATURES] = features
    if excluded:
        t._stack[1 + 2, SS_EXCLUDED] = _engine_move(fen, excluded)
    pos = position_from_fen(fen)
    board, st, hashes = pos.board.copy(), pos.st.copy(), pos.hashes.copy()
    score = negamax(
        pos.board, pos.st, pos.hashes, pos.undo, t._tt_keys, t._tt_data, t._moves, t._scores, t._killers,
        t._history, t._counters, t._cont_hist, t._corr, t._stack, t._pv, t._pv_len, t._stats, t._ctl, t._stop, depth, 1,
        beta - 1, beta, True,
    )  # fmt: skip
    # Whatever was cut, every move was taken back.
    assert (
        (pos.board == board).all()
        and (pos.st == st).all()
        and (pos.hashes[: st[ST_HPLY] + 1] == hashes[: st[ST_HPLY] + 1]).all()
    )
    return int(score), t, pos.hashes[pos.st[ST_HPLY]]


def test_a_winning_capture_cuts_the_node_and_is_stored_as_a_lower_bound() -> None:
    pos = position_from_fen(QUEEN_HANGS)
    assert evaluate(pos.board, pos.st) < -500  # no reverse futility or null move: the static eval is far below
    beta = -300
    # One ply more than ProbCut needs: internal iterative reduction takes one (no TT move yet).
    depth = PROBCUT_MIN_DEPTH + 1
    score, tables, key = _node(QUEEN_HANGS, ON, depth, beta)
    assert tables._stats[STAT_PROBCUTS] == 1
    assert score >= beta + PROBCUT_MARGIN  # the reduced search's score, which beat pc_beta
    entry = tt_probe(tables._tt_keys, tables._tt_data, key)
    assert entry_bound(entry) == BOUND_LOWER
    assert entry_depth(entry) == depth - 1 - PROBCUT_TT_DEPTH
    assert move_to_uci(entry_move(entry)) == "e2f3"
    # Without ProbCut the node reaches the same verdict with a full-depth search of the capture.
    off_score, off_tables, _ = _node(QUEEN_HANGS, ALL_FEATURES, depth, beta)
    assert off_score >= beta and off_tables._stats[STAT_PROBCUTS] == 0


@pytest.mark.parametrize(
    ("depth", "beta"),
    [
        (PROBCUT_MIN_DEPTH, -300),  # IIR leaves one ply too few
        (PROBCUT_MIN_DEPTH + 1, 800),  # no capture wins enough for beta + the margin
    ],
)
def test_no_cut_when_too_shallow_or_out_of_reach(depth: int, beta: int) -> None:
    _, tables, _ = _node(QUEEN_HANGS, ON, depth, beta)
    assert tables._stats[STAT_PROBCUTS] == 0


def test_a_verification_search_skips_its_excluded_move_and_stores_nothing() -> None:
    score, tables, key = _node(QUEEN_HANGS, ON, PROBCUT_MIN_DEPTH + 1, -300, excluded="e2f3")
    assert tables._stats[STAT_PROBCUTS] == 0  # the only capture is the excluded move
    assert score < -300  # without it White stays a queen down
    assert tt_probe(tables._tt_keys, tables._tt_data, key) == 0


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    searcher = Searcher(hash_mb=8)
    searcher.features = ON
    return searcher


def test_mates_are_still_found_with_probcut(searcher: Searcher) -> None:
    searcher.new_game()
    result = searcher.search(
        "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10", limit=SearchLimit(depth=6)
    )
    assert result.best_move == "d5f6" and result.info.mate_in == 2
    result = searcher.search("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", limit=SearchLimit(depth=6))
    assert result.best_move == "a1a8" and result.info.mate_in == 1
    lost = searcher.search("k7/2K5/8/8/8/8/8/1R6 b - - 0 1", limit=SearchLimit(depth=6))
    assert lost.best_move == "a8a7" and lost.info.mate_in == -1


def test_tactics_are_still_found_with_probcut(searcher: Searcher) -> None:
    searcher.new_game()
    # Rxd5 wins the queen back (tests/engine_core/test_singular.py's position).
    result = searcher.search("4k2r/8/8/3q4/8/8/5PPP/3R2K1 w k - 0 1", limit=SearchLimit(depth=8))
    assert result.best_move == "d1d5" and result.info.score_cp is not None and result.info.score_cp > 0
    searcher.new_game()
    result = searcher.search(QUEEN_HANGS, limit=SearchLimit(depth=8))
    assert result.best_move == "e2f3"


def test_probcut_cuts_in_real_searches_and_every_move_is_legal(searcher: Searcher) -> None:
    cuts = 0
    for board in random_positions(6, seed=29):
        if board.is_game_over():
            continue
        searcher.new_game()
        result = searcher.search(board.fen(), limit=SearchLimit(depth=8))
        assert result.best_move is not None
        assert chess.Move.from_uci(result.best_move) in board.legal_moves
        cuts += searcher.counters()["probcuts"]
    assert cuts > 0
    # With the bit off it never runs.
    plain = Searcher(hash_mb=8)
    plain.search(chess.Board().fen(), limit=SearchLimit(depth=8))
    assert plain.counters()["probcuts"] == 0


def test_the_bench_with_probcut_is_deterministic_and_differs() -> None:
    depth = BENCH_DEPTH - 3
    with_probcut = bench_nodes(depth, features=ON)[0]
    assert bench_nodes(depth, features=ON)[0] == with_probcut
    assert bench_nodes(depth)[0] != with_probcut
