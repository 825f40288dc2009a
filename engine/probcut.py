"""ProbCut (FEATURE_PROBCUT, jitted helpers of engine.search.negamax's Step 7).

A non-PV node deep enough (params.PROBCUT_MIN_DEPTH) tries its captures that win enough by
static exchange against a raised beta, ``pc_beta = beta + params.PROBCUT_MARGIN``: each first
in a quiescence search, and if that holds, in a search params.PROBCUT_REDUCTION plies
shallower. One that beats ``pc_beta`` there very probably beats ``beta`` at full depth, so
the node returns its score without a move loop (Stockfish 15, Ethereal).

negamax runs the searches itself (Numba cannot recurse across modules); this module decides:

* ``probcut_candidate``: whether the node tries ProbCut at all.
* ``probcut_moves``: the captures (and queen promotions) worth trying, scored for pick_move.
* ``probcut_cut``: a cut: counted, and the table entry it leaves (a lower bound at depth - PROBCUT_TT_DEPTH).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.movegen import gen_moves
from engine.ordering import score_moves
from engine.params import PROBCUT_MIN_DEPTH, PROBCUT_TT_DEPTH
from engine.searchstate import CTL_GENERATION, FEATURE_PROBCUT, STAT_PROBCUTS
from engine.see import see_ge
from engine.tt import BOUND_LOWER, MATE_BOUND, entry_depth, entry_score, score_from_tt, score_to_tt, tt_store


@njit(cache=True, nogil=True)
def probcut_candidate(
    features: int, lab_off: int, root: bool, depth: int, beta: int, pc_beta: int, entry: int, ply: int
) -> bool:
    """Whether the node (non-PV, not in check: the caller's conditions) tries ProbCut against
    ``pc_beta``: deep enough, beta no mate score, not the root, no search lab switch on, and its
    table ``entry`` (0: none) does not already say, nearly as deep, that the score stays below
    ``pc_beta`` (any bound, as Stockfish 15 does: a stored score that low makes a cut unlikely)."""
    if features & FEATURE_PROBCUT == 0 or lab_off != 0 or root or depth < PROBCUT_MIN_DEPTH:
        return False
    if abs(beta) >= MATE_BOUND:
        return False
    return not (
        entry != 0
        and entry_depth(entry) >= depth - PROBCUT_TT_DEPTH
        and score_from_tt(entry_score(entry), ply) < pc_beta
    )


@njit(cache=True, nogil=True)
def probcut_moves(
    board: np.ndarray,
    st: np.ndarray,
    buf: np.ndarray,
    sc: np.ndarray,
    tt_move: int,
    history: np.ndarray,
    cont_hist: np.ndarray,
    threshold: int,
) -> int:
    """Write the captures and queen promotions whose static exchange wins at least ``threshold``
    (``pc_beta - static_eval``: what the move must gain for the node to reach ``pc_beta``) into
    ``buf`` (the node's own move row: its move loop generates again), score them like the move
    loop does (TT move first, then MVV-LVA) into ``sc`` and return their number."""
    n = gen_moves(board, st, buf, np.bool_(True))
    kept = 0
    for i in range(n):
        move = np.int64(buf[i])
        if see_ge(board, move, threshold):
            buf[kept] = move
            kept += 1
    zero = np.int64(0)  # captures only: no killers, counter move or continuation keys
    score_moves(board, buf, sc, 0, kept, tt_move, zero, zero, zero, history, cont_hist, zero, zero)
    return kept


@njit(cache=True, nogil=True)
def probcut_cut(
    tt_keys: np.ndarray,
    tt_data: np.ndarray,
    stats: np.ndarray,
    ctl: np.ndarray,
    key: np.uint64,
    entry: int,
    excluded_move: int,
    depth: int,
    score: int,
    ply: int,
    move: int,
    raw_eval: int,
) -> int:
    """A ProbCut cut by ``move`` (its reduced search scored ``score`` >= pc_beta): count it and
    return ``score``, the node's result (fail-soft, as Stockfish 15 and Ethereal return it; the
    table then holds the same number). The table records it as a lower bound at ``depth -
    PROBCUT_TT_DEPTH`` (the reduced search plus the capture's ply), unless the node's ``entry``
    (0: none) is that deep already or this is a singular verification search (``excluded_move``
    not 0: its result is not the position's value)."""
    stats[STAT_PROBCUTS] += 1
    tt_depth = depth - PROBCUT_TT_DEPTH
    if excluded_move == 0 and (entry == 0 or entry_depth(entry) < tt_depth):
        tt_score = score_to_tt(score, ply)
        tt_store(tt_keys, tt_data, key, tt_depth, BOUND_LOWER, tt_score, move, ctl[CTL_GENERATION], raw_eval)
    return score
