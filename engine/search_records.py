"""What the search writes down besides its score (jitted helpers of engine.search.negamax).

* ``update_pv``: the triangular PV table (``pv[ply]`` = the line from ``ply`` on).
* ``is_excluded``: the MultiPV root exclusions the driver stores in ``ctl[CTL_EXCLUDED...]``.
* ``root_exclusions``: how many of them, clamped.
* ``record_root_move``: the search lab's per-root-move record in ``stats`` (move, nodes,
  score and whether the score is exact or a bound), see engine.searchstate.
* ``store_result``: a node's result into the transposition table (negamax's Step 11).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.searchstate import (
    CTL_EXCLUDED,
    CTL_EXCLUDED_COUNT,
    CTL_GENERATION,
    CTL_LAB_OFF,
    LAB_NO_ALPHA_BETA,
    LAB_NO_TT,
    MAX_EXCLUDED,
    MAX_ROOT_MOVES,
    ROOT_SCORE_EXACT,
    ROOT_SCORE_LOWER,
    ROOT_SCORE_UPPER,
    STAT_NODES,
    STAT_ROOT_BOUNDS,
    STAT_ROOT_COUNT,
    STAT_ROOT_MOVES,
    STAT_ROOT_NODES,
    STAT_ROOT_SCORES,
)
from engine.tt import result_bound, score_to_tt, tt_store


@njit(cache=True, nogil=True)
def update_pv(pv: np.ndarray, pv_len: np.ndarray, ply: int, move: int) -> None:
    pv[ply, ply] = move
    end = pv_len[ply + 1]
    for j in range(ply + 1, end):
        pv[ply, j] = pv[ply + 1, j]
    pv_len[ply] = end if end > ply + 1 else ply + 1


@njit(cache=True, nogil=True)
def is_excluded(ctl: np.ndarray, count: int, move: int) -> bool:
    """Whether ``move`` is one of the ``count`` excluded root moves (MultiPV)."""
    for j in range(count):
        if ctl[CTL_EXCLUDED + j] == move:
            return True
    return False


@njit(cache=True, nogil=True)
def root_exclusions(ctl: np.ndarray) -> int:
    """How many root moves the root skips (MultiPV), clamped: the count comes from the driver
    and indexes ctl."""
    return max(0, min(ctl[CTL_EXCLUDED_COUNT], MAX_EXCLUDED))


@njit(cache=True, nogil=True)
def record_root_move(
    stats: np.ndarray, ctl: np.ndarray, legal: int, move: int, score: int, alpha: int, beta: int
) -> None:
    """After the ``legal``-th root move's search: its move, the nodes under it (the caller
    subtracted the node count before searching it) and its score (a bound outside the window)."""
    slot = min(legal - 1, MAX_ROOT_MOVES - 1)
    stats[STAT_ROOT_COUNT] = slot + 1
    stats[STAT_ROOT_MOVES + slot] = move
    stats[STAT_ROOT_NODES + slot] += stats[STAT_NODES]
    stats[STAT_ROOT_SCORES + slot] = score
    if ctl[CTL_LAB_OFF] & LAB_NO_ALPHA_BETA:
        stats[STAT_ROOT_BOUNDS + slot] = ROOT_SCORE_EXACT  # full window: every score is exact
    elif score <= alpha:
        stats[STAT_ROOT_BOUNDS + slot] = ROOT_SCORE_UPPER
    elif score >= beta:
        stats[STAT_ROOT_BOUNDS + slot] = ROOT_SCORE_LOWER
    else:
        stats[STAT_ROOT_BOUNDS + slot] = ROOT_SCORE_EXACT


@njit(cache=True, nogil=True)
def store_result(
    tt_keys: np.ndarray,
    tt_data: np.ndarray,
    ctl: np.ndarray,
    key: np.uint64,
    depth: int,
    best: int,
    beta: int,
    best_move: int,
    ply: int,
    raw_eval: int,
    is_pv: bool = False,
) -> None:
    """Store a searched node's fail-soft result ``best`` (a bound by ``beta`` and whether
    ``best_move`` raised alpha) with its raw static eval and the ttPv flag ``is_pv``, unless the
    search lab has the table off. The caller leaves out searches that are not the position's
    value (root exclusions, verification searches)."""
    if ctl[CTL_LAB_OFF] & LAB_NO_TT == 0:
        bound = result_bound(best, beta, best_move != 0)
        tt_store(
            tt_keys, tt_data, key, depth, bound, score_to_tt(best, ply), best_move, ctl[CTL_GENERATION], raw_eval, is_pv
        )
