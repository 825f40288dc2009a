"""How much the search prunes and reduces (jitted helpers of engine.search.negamax).

negamax decides where a rule applies (its Steps 7 and 8, each behind its FEATURE_* bit); the
amounts live here, computed from the thresholds in engine.params:

* ``is_improving``: whether the static eval beats our previous move's (FEATURE_IMPROVING).
* ``reverse_futility``: whether the static eval is so far above beta that the node is cut.
* ``null_move_pruning`` / ``null_move_reduction``: whether a null move is tried, and how much
  shallower its search is; ``has_non_pawn_material``: its zugzwang guard (pawn-only sides skip it).
* ``futility_pruning``: whether quiet moves at this node cannot reach alpha (futility).
* ``late_move_pruning`` / ``late_move_limit``: whether late quiet moves are skipped (LMP)
  and after how many legal moves.
* ``judge_unmade``: those two prunings decided before a quiet move is made, where they can be.
* ``late_move_reduction``: the plies a late quiet move is reduced by (LMR), from the
  log-log table, adjusted for PV nodes, killers, the move's history and "improving".
* ``see_prune_margin``: the material a move may lose by static exchange before the move loop
  skips it near the horizon (FEATURE_SEE_PRUNING).
* ``razoring``: whether a node near the horizon, far below alpha, tries quiescence first.
* ``singular_candidate``: whether the TT move's singularity is tested (FEATURE_SINGULAR).
* ``check_extension``: the ply a checking move is extended by (FEATURE_SEE_CHECK_EXTENSION).
* ``tt_adjusted_eval``: the eval those decisions read, the TT's score where its bound beats the
  static eval (FEATURE_TT_EVAL).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.attacks import quiet_move_gives_check, quiet_move_is_legal
from engine.history import NO_EVAL
from engine.movegen import make_move, unmake_move
from engine.params import (
    FUTILITY_MARGIN,
    FUTILITY_MAX_DEPTH,
    LMP_LIMIT,
    LMP_LIMIT_WORSENING,
    LMP_MAX_DEPTH,
    LMR,
    LMR_HISTORY_DIVISOR,
    NULL_MOVE_BASE_R,
    NULL_MOVE_DEPTH_DIVISOR,
    NULL_MOVE_EVAL_MAX_R,
    NULL_MOVE_EVAL_STEP,
    NULL_MOVE_MIN_DEPTH,
    RAZOR_MARGIN,
    RAZOR_MAX_DEPTH,
    RFP_MARGIN,
    RFP_MAX_DEPTH,
    SEE_NOISY_MARGIN,
    SEE_QUIET_MARGIN,
    SINGULAR_MIN_DEPTH,
    SINGULAR_TT_DEPTH_MARGIN,
)
from engine.position import (
    BISHOP,
    FLAG_CAPTURE,
    FLAG_CASTLE,
    KNIGHT,
    QUEEN,
    ROOK,
    ST_COUNT,
    move_flags,
    move_from,
    move_promo,
    move_to,
)
from engine.searchstate import (
    FEATURE_CHECK_EXTENSION,
    FEATURE_CONT_HISTORY,
    FEATURE_FUTILITY,
    FEATURE_HISTORY_LMR,
    FEATURE_IMPROVING,
    FEATURE_LMP,
    FEATURE_NULL_EVAL_R,
    FEATURE_NULL_MOVE,
    FEATURE_RAZORING,
    FEATURE_REVERSE_FUTILITY,
    FEATURE_SEE_CHECK_EXTENSION,
    FEATURE_SINGULAR,
    FEATURE_TT_EVAL,
    LAB_NO_QUIESCENCE,
)
from engine.see import see_ge
from engine.tt import (
    BOUND_UPPER,
    MATE_BOUND,
    bound_cuts,
    entry_bound,
    entry_depth,
    entry_score,
    score_from_tt,
)


@njit(cache=True, nogil=True)
def has_non_pawn_material(st: np.ndarray, side: int) -> bool:
    base = ST_COUNT + side * 8
    return st[base + KNIGHT] + st[base + BISHOP] + st[base + ROOK] + st[base + QUEEN] > 0


@njit(cache=True, nogil=True)
def is_improving(features: int, checked: bool, static_eval: int, previous_eval: int) -> bool:
    """'Improving': the static eval is better than at our previous move (2 plies up,
    ``previous_eval``, NO_EVAL when unknown); then the search prunes less and reduces less."""
    return (
        features & FEATURE_IMPROVING != 0 and not checked and previous_eval != NO_EVAL and static_eval > previous_eval
    )


@njit(cache=True, nogil=True)
def reverse_futility(features: int, depth: int, improving: bool, static_eval: int, beta: int) -> bool:
    """Whether the static eval beats beta by RFP_MARGIN a ply (a ply less when improving): the
    opponent cannot catch up in the plies left, so the node is cut (non-PV, not in check: the
    caller's conditions)."""
    rfp_depth = depth - 1 if improving else depth
    return (
        features & FEATURE_REVERSE_FUTILITY != 0
        and depth <= RFP_MAX_DEPTH
        and static_eval - RFP_MARGIN * rfp_depth >= beta
    )


@njit(cache=True, nogil=True)
def null_move_pruning(features: int, st: np.ndarray, side: int, depth: int, static_eval: int, beta: int) -> bool:
    """Whether the node tries a null move (non-PV, not in check, the previous move not a null
    move and not a verification search: the caller's conditions)."""
    return (
        features & FEATURE_NULL_MOVE != 0
        and depth >= NULL_MOVE_MIN_DEPTH
        and static_eval >= beta
        and has_non_pawn_material(st, side)
    )


@njit(cache=True, nogil=True)
def null_move_reduction(features: int, depth: int, static_eval: int, beta: int) -> int:
    """R: the null move's search is 1 + R plies shallower than the node's ``depth``; with
    FEATURE_NULL_EVAL_R also the more, the further ``static_eval`` (>= beta here) lies above beta."""
    r = NULL_MOVE_BASE_R + depth // NULL_MOVE_DEPTH_DIVISOR
    if features & FEATURE_NULL_EVAL_R != 0:
        r += min((static_eval - beta) // NULL_MOVE_EVAL_STEP, NULL_MOVE_EVAL_MAX_R)
    return r


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


UNMADE_SEARCH = 0
"""judge_unmade: no decision before the move is made (make_move and the tests after it decide)."""
UNMADE_SKIP = 1
"""judge_unmade: skip the move, uncounted; whatever its static exchange or legality, the pruning
would skip it and nothing would change (``legal`` is past the limits, ``best`` at the bound)."""
UNMADE_ILLEGAL = 2
"""judge_unmade: the move leaves the mover's king attacked (skipped after the SEE test, uncounted)."""
UNMADE_PRUNED = 3
"""judge_unmade: a legal quiet move that futility or late-move pruning skips, counted as legal."""


@njit(cache=True, nogil=True)
def judge_unmade(
    board: np.ndarray,
    st: np.ndarray,
    move: int,
    quiet: bool,
    futile: bool,
    prune_late: bool,
    legal: int,
    lmp_limit: int,
    at_futility_bound: bool,
) -> int:
    """Futility and late-move pruning of a quiet move, decided before it is made (UNMADE_*):
    exactly what making it, testing check and taking it back would decide (the search's nodes
    are the same), without the making: over half the moves made in the move loop were taken
    back at once. Neither pruning happens in check (``futile`` and ``prune_late`` are false
    there), so engine.attacks' quiet-move tests apply; castling is left to make_move."""
    if not quiet or not (futile or prune_late) or move_flags(move) & FLAG_CASTLE:
        return UNMADE_SEARCH
    frm = move_from(move)
    to = move_to(move)
    if not ((futile and legal > 0) or (prune_late and legal >= lmp_limit)):
        return UNMADE_ILLEGAL if not quiet_move_is_legal(board, st, frm, to) else UNMADE_SEARCH
    if quiet_move_gives_check(board, st, frm, to):
        return UNMADE_SEARCH  # checking moves are not pruned
    if not futile or at_futility_bound:
        return UNMADE_SKIP
    return UNMADE_PRUNED if quiet_move_is_legal(board, st, frm, to) else UNMADE_ILLEGAL


@njit(cache=True, nogil=True)
def drop_skipped(
    board: np.ndarray,
    st: np.ndarray,
    moves: np.ndarray,
    scores: np.ndarray,
    start: int,
    n: int,
    futile: bool,
    prune_late: bool,
    legal: int,
    lmp_limit: int,
) -> int:
    """After judge_unmade's first UNMADE_SKIP in a node (with these flags, the move count ``legal``
    and the futility bound reached), every later move it would skip is skipped too: the count and
    the best score only grow. Remove those from ``moves[start:n]`` and ``scores``, keeping the
    others in their order, and return the new count. The loop then no longer picks each of them (a
    scan of the rest) only to skip it."""
    kept = start
    for i in range(start, n):
        move = np.int64(moves[i])
        quiet = move_flags(move) & FLAG_CAPTURE == 0 and move_promo(move) == 0
        if judge_unmade(board, st, move, quiet, futile, prune_late, legal, lmp_limit, True) == UNMADE_SKIP:
            continue
        moves[kept] = moves[i]
        scores[kept] = scores[i]
        kept += 1
    return kept


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


@njit(cache=True, nogil=True)
def razoring(features: int, lab_off: int, depth: int, alpha: int, static_eval: int) -> bool:
    """Whether this node (non-PV, not in check: the caller's conditions) is so far below alpha,
    this near the horizon, that a quiescence search decides it when that fails low too
    (``depth`` >= 1; not with the search lab's quiescence switched off)."""
    return (
        features & FEATURE_RAZORING != 0
        and lab_off & LAB_NO_QUIESCENCE == 0
        and depth <= RAZOR_MAX_DEPTH
        and abs(alpha) < MATE_BOUND
        and static_eval + RAZOR_MARGIN[depth] <= alpha
    )


@njit(cache=True, nogil=True)
def check_extension(
    board: np.ndarray, st: np.ndarray, hashes: np.ndarray, undo: np.ndarray, features: int, move: int, gives_check: bool
) -> int:
    """Plies to extend ``move`` (already made on the board) by: 1 for a check that does not lose
    material by static exchange (FEATURE_SEE_CHECK_EXTENSION with FEATURE_CHECK_EXTENSION), else 0.
    SEE reads the position before the move, so the move is taken back and made again."""
    if not (gives_check and features & FEATURE_SEE_CHECK_EXTENSION and features & FEATURE_CHECK_EXTENSION):
        return 0
    unmake_move(board, st, undo)
    safe_check = see_ge(board, move, 0)
    make_move(board, st, hashes, undo, move)
    return 1 if safe_check else 0


@njit(cache=True, nogil=True)
def see_prune_margin(quiet: bool, depth: int) -> int:
    """Material (cp) a move may lose by static exchange at this depth before SEE pruning skips
    it: linear in depth for quiet moves, quadratic for captures and promotions."""
    return SEE_QUIET_MARGIN * depth if quiet else SEE_NOISY_MARGIN * depth * depth


@njit(cache=True, nogil=True)
def singular_candidate(
    features: int, lab_off: int, root: bool, excluded_move: int, depth: int, entry: int, tt_move: int
) -> bool:
    """Whether the node tests its TT move for singularity: deep enough, the table's entry a
    lower bound or exact and nearly as deep, no mate score, not the root, not itself a
    verification search (``excluded_move`` 0) and no search lab switch on."""
    return (
        features & FEATURE_SINGULAR != 0
        and lab_off == 0
        and not root
        and excluded_move == 0
        and tt_move != 0
        and depth >= SINGULAR_MIN_DEPTH
        and entry_depth(entry) >= depth - SINGULAR_TT_DEPTH_MARGIN
        and entry_bound(entry) != BOUND_UPPER
        and abs(entry_score(entry)) < MATE_BOUND
    )


@njit(cache=True, nogil=True)
def tt_adjusted_eval(features: int, entry: int, skip: bool, static_eval: int, ply: int) -> int:
    """The eval the pruning decisions read (FEATURE_TT_EVAL): the table's score where its bound
    says the node's value lies beyond the static eval in that direction (a lower bound above
    it, an upper bound below it, or an exact score), else the static eval. A search result
    knows the tactics a static eval misses. Not for mate scores, and ``skip`` (in check, or a
    singular verification search, whose entry belongs to the full node) keeps the static eval.
    ``entry`` is the TT entry (0: none) and ``ply`` the node's distance from the root."""
    if features & FEATURE_TT_EVAL == 0 or entry == 0 or skip:
        return static_eval
    tt_value = score_from_tt(entry_score(entry), ply)
    # The bound "settles" a zero-width window at the static eval: the same test as a TT cut-off.
    if abs(tt_value) < MATE_BOUND and bound_cuts(entry_bound(entry), tt_value, static_eval, static_eval):
        return tt_value
    return static_eval
