"""Razoring (FEATURE_RAZORING): near the horizon, a non-PV node far below alpha returns its
quiescence score when that fails low too."""

from __future__ import annotations

import chess
import numpy as np
from engine_test_helpers import random_positions

from engine import Searcher, SearchLimit
from engine.evaluate import evaluate
from engine.fen import position_from_fen
from engine.params import RAZOR_MARGIN, RAZOR_MAX_DEPTH
from engine.pruning import razoring
from engine.quiescence import quiescence
from engine.root import RootSearch
from engine.search import negamax
from engine.searchstate import (
    ALL_FEATURES,
    CTL_FEATURES,
    FEATURE_FUTILITY,
    FEATURE_LMP,
    FEATURE_RAZORING,
    LAB_NO_QUIESCENCE,
    STAT_NODES,
)
from engine.tt import MATE

# White (to move) has a king and a pawn against a queen and a rook: quiet, hopeless.
LOST = "3qk2r/8/8/8/8/8/4P3/4K3 w k - 0 1"
# A queen down by the static eval, but Black's queen hangs to the pawn: the captures win it back.
QUEEN_HANGS = "4k2r/8/8/8/8/5q2/4P3/R3K3 w k - 0 1"


def test_razoring_applies_only_near_the_horizon_far_below_alpha() -> None:
    on = ALL_FEATURES | FEATURE_RAZORING
    for depth in range(1, RAZOR_MAX_DEPTH + 1):
        below = -RAZOR_MARGIN[depth]  # static eval + margin == alpha (0): razored
        assert razoring(on, 0, depth, 0, below)
        assert not razoring(on, 0, depth, 0, below + 1)
        assert not razoring(ALL_FEATURES & ~FEATURE_RAZORING, 0, depth, 0, below)
        assert not razoring(on, LAB_NO_QUIESCENCE, depth, 0, below)  # the lab's "no quiescence"
    assert not razoring(on, 0, RAZOR_MAX_DEPTH + 1, 0, -10000)
    assert not razoring(on, 0, 1, MATE - 10, -10000)  # near mate scores: never
    assert all(np.diff(RAZOR_MARGIN[1:]) > 0)


def _node(fen: str, features: int, depth: int, alpha: int, use_quiescence: bool = False) -> tuple[int, int]:
    """Search ``fen`` as a non-PV node at ply 1 in (alpha, alpha + 1) with fresh tables;
    (score, nodes). ``use_quiescence``: the quiescence search of the node instead."""
    tables = RootSearch(1)
    pos = position_from_fen(fen)
    t = tables
    t._ctl[CTL_FEATURES] = features
    if use_quiescence:
        score = quiescence(
            pos.board, pos.st, pos.hashes, pos.undo, t._tt_keys, t._tt_data, t._moves, t._scores, t._killers,
            t._history, t._cont_hist, t._corr, t._pv, t._pv_len, t._stats, t._ctl, t._stop, 1, alpha, alpha + 1,
        )  # fmt: skip
    else:
        score = negamax(
            pos.board, pos.st, pos.hashes, pos.undo, t._tt_keys, t._tt_data, t._moves, t._scores, t._killers,
            t._history, t._counters, t._cont_hist, t._corr, t._stack, t._pv, t._pv_len, t._stats, t._ctl, t._stop,
            depth, 1, alpha, alpha + 1, True,
        )  # fmt: skip
    return int(score), int(t._stats[STAT_NODES])


def test_a_razored_node_returns_its_quiescence_score() -> None:
    pos = position_from_fen(LOST)
    assert evaluate(pos.board, pos.st) + RAZOR_MARGIN[RAZOR_MAX_DEPTH] < 0
    # Futility pruning and LMP off, so that without razoring the node searches every move.
    base = ALL_FEATURES & ~(FEATURE_FUTILITY | FEATURE_LMP)
    on = base | FEATURE_RAZORING
    q_score, q_nodes = _node(LOST, on, 0, 0, use_quiescence=True)
    assert q_score <= 0  # fails low: the node is settled by it
    for depth in range(1, RAZOR_MAX_DEPTH + 1):
        score, nodes = _node(LOST, on, depth, 0)
        assert score == q_score
        assert nodes == 1 + q_nodes  # this node and its quiescence search: no move loop
        # Without razoring the node searches its moves (and still fails low).
        off_score, off_nodes = _node(LOST, base, depth, 0)
        assert off_score <= 0 and off_nodes > nodes


def test_a_node_whose_captures_recover_is_searched_normally() -> None:
    pos = position_from_fen(QUEEN_HANGS)
    assert evaluate(pos.board, pos.st) + RAZOR_MARGIN[1] < 0  # razoring is tried ...
    on = ALL_FEATURES | FEATURE_RAZORING
    q_score, q_nodes = _node(QUEEN_HANGS, on, 0, 0, use_quiescence=True)
    assert q_score > 0  # ... but the quiescence search wins the queen back
    score, nodes = _node(QUEEN_HANGS, on, 1, 0)
    assert score > 0 and nodes > 1 + q_nodes  # so the node searched its moves after it


def test_searches_with_razoring_play_legal_moves() -> None:
    searcher = Searcher(hash_mb=1)
    searcher.features = ALL_FEATURES | FEATURE_RAZORING
    for board in random_positions(8, seed=17):
        if board.is_game_over():
            continue
        result = searcher.search(board.fen(), limit=SearchLimit(depth=5))
        assert result.best_move is not None
        assert chess.Move.from_uci(result.best_move) in board.legal_moves
