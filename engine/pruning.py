"""How much the search prunes and reduces (jitted helpers of engine.search.negamax).

negamax decides where a rule applies (its Steps 7 and 8, each behind its FEATURE_* bit); the
amounts live here, computed from the thresholds in engine.params:

* ``has_non_pawn_material``: the null move's zugzwang guard (pawn-only sides skip it).
* ``futility_pruning``: whether quiet moves at this node cannot reach alpha (futility).
* ``late_move_pruning`` / ``late_move_limit``: whether late quiet moves are skipped (LMP)
  and after how many legal moves.
* ``late_move_reduction``: the plies a late quiet move is reduced by (LMR), from the
  log-log table, adjusted for PV nodes, killers, the move's history and "improving".
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.params import (
    FUTILITY_MARGIN,
    FUTILITY_MAX_DEPTH,
    LMP_LIMIT,
    LMP_LIMIT_WORSENING,
    LMP_MAX_DEPTH,
    LMR,
    LMR_HISTORY_DIVISOR,
)
from engine.position import BISHOP, KNIGHT, QUEEN, ROOK, ST_COUNT
from engine.searchstate import (
    FEATURE_CONT_HISTORY,
    FEATURE_FUTILITY,
    FEATURE_HISTORY_LMR,
    FEATURE_IMPROVING,
    FEATURE_LMP,
)
from engine.tt import MATE_BOUND


@njit(cache=True, nogil=True)
def has_non_pawn_material(st: np.ndarray, side: int) -> bool:
    base = ST_COUNT + side * 8
    return st[base + KNIGHT] + st[base + BISHOP] + st[base + ROOK] + st[base + QUEEN] > 0


@njit(cache=True, nogil=True)
def futility_pruning(features: int, pv_node: bool, checked: bool, depth: int, alpha: int, static_eval: int) -> bool:
    """Whether a quiet move here may be skipped: even FUTILITY_MARGIN[depth] over the static
    eval does not reach alpha (not in PV nodes, in check or near mate scores)."""
    return (
        features & FEATURE_FUTILITY != 0
        and not pv_node
        and not checked
        and depth <= FUTILITY_MAX_DEPTH
        and abs(alpha) < MATE_BOUND
        and static_eval + FUTILITY_MARGIN[depth] <= alpha
    )


@njit(cache=True, nogil=True)
def late_move_pruning(features: int, pv_node: bool, checked: bool, depth: int, alpha: int) -> bool:
    """Whether late quiet moves are skipped here (LMP), after late_move_limit legal moves."""
    return (
        features & FEATURE_LMP != 0
        and not pv_node
        and not checked
        and depth <= LMP_MAX_DEPTH
        and abs(alpha) < MATE_BOUND
    )


@njit(cache=True, nogil=True)
def late_move_limit(features: int, depth: int, improving: bool) -> int:
    """Legal moves searched before LMP skips late quiet ones (fewer where the eval got worse);
    ``depth`` within the tables (late_move_pruning holds)."""
    return LMP_LIMIT[depth] if improving or features & FEATURE_IMPROVING == 0 else LMP_LIMIT_WORSENING[depth]


@njit(cache=True, nogil=True)
def late_move_reduction(
    features: int,
    depth: int,
    new_depth: int,
    legal: int,
    pv_node: bool,
    move: int,
    killer1: int,
    killer2: int,
    counter: int,
    history_score: int,
    improving: bool,
) -> int:
    """Plies to reduce the ``legal``-th move (a quiet one, no check either way) by, in
    [0, new_depth - 1]; ``history_score`` is the move's ordering score."""
    r = LMR[min(depth, 63), min(legal, 255)]
    if pv_node:
        r -= 1
    if move == killer1 or move == killer2:
        r -= 1
    elif features & FEATURE_HISTORY_LMR and features & FEATURE_CONT_HISTORY and move != counter:
        # The move's history score (butterfly + continuation, its ordering score):
        # a move that often refuted here is reduced less, one that often failed more.
        h = np.int64(history_score)
        r -= h // LMR_HISTORY_DIVISOR if h >= 0 else -((-h) // LMR_HISTORY_DIVISOR)
    if features & FEATURE_IMPROVING and not improving:
        r += 1
    if r > new_depth - 1:
        r = new_depth - 1
    if r < 0:
        r = 0
    return r
