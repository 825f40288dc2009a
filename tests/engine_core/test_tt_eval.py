"""The TT-adjusted eval (FEATURE_TT_EVAL): pruning reads the table's score where its bound says
the node's value lies beyond the static eval."""

from __future__ import annotations

import numpy as np

from engine.evaluate import evaluate
from engine.fen import position_from_fen
from engine.params import RFP_MARGIN
from engine.position import ST_HPLY
from engine.pruning import tt_adjusted_eval
from engine.root import RootSearch
from engine.search import negamax
from engine.searchstate import (
    ALL_FEATURES,
    CTL_FEATURES,
    CTL_GENERATION,
    FEATURE_TT_EVAL,
    LEVEL_FEATURES,
    STAT_NODES,
)
from engine.tt import BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, MATE, score_to_tt, tt_probe_eval, tt_store

# A quiet middlegame position (White to move), roughly level by the static eval.
QUIET = "r1bq1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2QK2R w KQ - 0 9"
ON = ALL_FEATURES
OFF = ALL_FEATURES & ~FEATURE_TT_EVAL


def _entry(bound: int, score: int, ply: int = 0, depth: int = 2) -> int:
    """A packed table entry with this bound and score, read back as the search reads it."""
    keys = np.zeros(16, dtype=np.uint64)
    data = np.zeros(16, dtype=np.int64)
    key = np.uint64(0x1234_5678_9ABC_DEF0)
    tt_store(keys, data, key, depth, bound, score_to_tt(score, ply), 0, 1)
    entry, _ = tt_probe_eval(keys, data, key)
    assert entry != 0
    return int(entry)


def test_the_bound_decides_which_eval_pruning_reads() -> None:
    static = 40
    assert tt_adjusted_eval(ON, _entry(BOUND_LOWER, 300), False, static, 3) == 300  # at least 300: above
    assert tt_adjusted_eval(ON, _entry(BOUND_LOWER, -100), False, static, 3) == static  # says nothing more
    assert tt_adjusted_eval(ON, _entry(BOUND_UPPER, -100), False, static, 3) == -100  # at most -100: below
    assert tt_adjusted_eval(ON, _entry(BOUND_UPPER, 300), False, static, 3) == static
    assert tt_adjusted_eval(ON, _entry(BOUND_EXACT, -5), False, static, 3) == -5
    assert tt_adjusted_eval(ON, _entry(BOUND_EXACT, 75), False, static, 3) == 75


def test_no_entry_mate_scores_checks_and_the_switch_keep_the_static_eval() -> None:
    static = 40
    assert tt_adjusted_eval(ON, 0, False, static, 3) == static
    assert tt_adjusted_eval(ON, _entry(BOUND_LOWER, MATE - 10, ply=3), False, static, 3) == static
    assert tt_adjusted_eval(ON, _entry(BOUND_UPPER, -MATE + 10, ply=3), False, static, 3) == static
    assert tt_adjusted_eval(ON, _entry(BOUND_LOWER, 300), True, static, 3) == static  # in check / verification
    assert tt_adjusted_eval(OFF, _entry(BOUND_LOWER, 300), False, static, 3) == static


def test_the_playing_levels_keep_their_calibrated_search() -> None:
    assert ALL_FEATURES & FEATURE_TT_EVAL
    assert LEVEL_FEATURES & FEATURE_TT_EVAL == 0


def _search_node(features: int, depth: int, beta: int, tt_bound: int, tt_score: int) -> tuple[int, int]:
    """Search QUIET as a non-PV node at ply 1 in (beta - 1, beta) with a shallow table entry
    (depth 0, too shallow to cut the node by itself) holding ``tt_score``; (score, nodes)."""
    t = RootSearch(1)
    pos = position_from_fen(QUIET)
    key = pos.hashes[pos.st[ST_HPLY]]
    tt_store(t._tt_keys, t._tt_data, key, 0, tt_bound, score_to_tt(tt_score, 1), 0, int(t._ctl[CTL_GENERATION]))
    t._ctl[CTL_FEATURES] = features
    score = negamax(
        pos.board, pos.st, pos.hashes, pos.undo, t._tt_keys, t._tt_data, t._moves, t._scores, t._killers,
        t._history, t._counters, t._cont_hist, t._corr, t._stack, t._pv, t._pv_len, t._stats, t._ctl, t._stop, depth, 1,
        beta - 1, beta, True,
    )  # fmt: skip
    return int(score), int(t._stats[STAT_NODES])


def test_a_lower_bound_far_above_beta_lets_reverse_futility_cut_at_once() -> None:
    pos = position_from_fen(QUIET)
    static = int(evaluate(pos.board, pos.st))
    depth = 3
    beta = static + depth * RFP_MARGIN  # the static eval alone is not enough to cut ...
    high = beta + depth * RFP_MARGIN + 100  # ... the table's lower bound is
    score_on, nodes_on = _search_node(ON, depth, beta, BOUND_LOWER, high)
    score_off, nodes_off = _search_node(OFF, depth, beta, BOUND_LOWER, high)
    assert nodes_on == 1 and score_on == high  # cut without a move searched
    assert nodes_off > 1
    # An upper bound below the static eval says nothing that lets the node be cut: it is searched.
    _, nodes_upper = _search_node(ON, depth, beta, BOUND_UPPER, static - 500)
    assert nodes_upper > 1
