"""Quiescence search (jitted): captures and queen promotions until the position is quiet.

Same contract as engine.search.negamax: side-to-move scores, fail-soft, mate
as ``-MATE + ply``, every frame returns 0 once the search is aborted.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.accumulators import search_eval
from engine.attacks import in_check, is_attacked
from engine.correction import static_value
from engine.draws import draw_score, insufficient_material
from engine.movegen import gen_moves, make_move, unmake_move
from engine.ordering import SCORE_BAD_CAPTURE_MAX, SCORE_TT, pick_move, pick_move_see, score_moves
from engine.params import BAD_CAPTURE_MARGIN, DELTA_MARGIN, PIECE_VALUE, SEE_GOOD_CAPTURE
from engine.position import MAX_PLY, PAWN, ST_HALFMOVE, ST_HPLY, ST_SIDE, move_from, move_promo, move_to
from engine.searchstate import (
    CTL_FEATURES,
    CTL_GENERATION,
    FEATURE_BAD_CAPTURE_PRUNING,
    FEATURE_DELTA_PRUNING,
    FEATURE_QS_TT,
    FEATURE_SEE_ORDERING,
    FEATURE_SEE_QS,
    POLL_MASK,
    STAT_ABORTED,
    STAT_NODES,
    STAT_QNODES,
    STAT_SELDEPTH,
    STAT_TT_HITS,
    poll_stop,
)
from engine.see import see_ge
from engine.strength_hook import weaken
from engine.tt import (
    BOUND_EXACT,
    BOUND_LOWER,
    BOUND_UPPER,
    EVAL_NONE,
    INFINITE,
    MATE,
    entry_bound,
    entry_move,
    entry_score,
    score_from_tt,
    score_to_tt,
    tt_probe_eval,
    tt_store,
)


@njit(cache=True, nogil=True)
def quiescence(
    board: np.ndarray,
    st: np.ndarray,
    hashes: np.ndarray,
    undo: np.ndarray,
    tt_keys: np.ndarray,
    tt_data: np.ndarray,
    moves: np.ndarray,
    scores: np.ndarray,
    killers: np.ndarray,
    history: np.ndarray,
    cont_hist: np.ndarray,
    corr: np.ndarray,
    pv: np.ndarray,
    pv_len: np.ndarray,
    stats: np.ndarray,
    ctl: np.ndarray,
    stop: np.ndarray,
    ply: int,
    alpha: int,
    beta: int,
) -> int:
    """Captures and queen promotions until the position is quiet (all evasions when in check).

    Step 1. Bookkeeping, abort polling, ply ceiling and cheap draws.
    Step 2. Transposition table probe.
    Step 3. Stand pat (not in check).
    Step 4. Noisy moves (TT move, then MVV-LVA) with delta and losing-capture (SEE) pruning;
            mate when in check without moves.
    Step 5. Transposition table store.
    """
    # Step 1.
    pv_len[ply] = ply
    if stats[STAT_ABORTED] != 0:
        return 0
    features = ctl[CTL_FEATURES]
    stats[STAT_NODES] += 1
    stats[STAT_QNODES] += 1
    if (stats[STAT_NODES] & POLL_MASK) == 0:
        poll_stop(stats, ctl, stop)
    if ply > stats[STAT_SELDEPTH]:
        stats[STAT_SELDEPTH] = ply
    if ply >= MAX_PLY - 2:
        return search_eval(board, st, hashes, undo, features)
    if st[ST_HALFMOVE] >= 100 or insufficient_material(st):
        return draw_score(features, ply)
    checked = in_check(board, st)

    # Step 2. Transposition table: any stored bound is deep enough here.
    key = hashes[st[ST_HPLY]]
    tt_move = np.int64(0)
    raw_eval = EVAL_NONE
    use_tt = features & FEATURE_QS_TT != 0
    if use_tt:
        entry, raw_eval = tt_probe_eval(tt_keys, tt_data, key)
        if entry != 0:
            stats[STAT_TT_HITS] += 1
            tt_move = entry_move(entry)
            tt_score = score_from_tt(entry_score(entry), ply)
            bound = entry_bound(entry)
            if (
                bound == BOUND_EXACT
                or (bound == BOUND_LOWER and tt_score >= beta)
                or (bound == BOUND_UPPER and tt_score <= alpha)
            ):
                return tt_score

    # Step 3.
    stand = -INFINITE
    best = -INFINITE
    if checked:
        raw_eval = EVAL_NONE
    else:
        if raw_eval == EVAL_NONE:
            raw_eval = search_eval(
                board, st, hashes, undo, features
            )  # not in the table (engine.tt keeps it with the entry)
        stand = weaken(st, ctl, key, static_value(features, corr, st, raw_eval))  # engine.correction, levels
        if stand >= beta:
            return stand
        if stand > alpha:
            alpha = stand
        best = stand

    # Step 4.
    buf = moves[ply]
    sc = scores[ply]
    n = gen_moves(board, st, buf, not checked)
    zero = np.int64(0)  # no killers, counter move or continuation history here
    score_moves(board, buf, sc, 0, n, tt_move, zero, zero, zero, history, cont_hist, zero, zero)
    see_ordering = features & FEATURE_SEE_ORDERING != 0
    original_alpha = alpha
    best_move = np.int64(0)
    legal = 0
    for i in range(n):
        move = pick_move_see(board, buf, sc, i, n) if see_ordering else pick_move(buf, sc, i, n)
        if not checked and move_promo(move) == 0:
            to = move_to(move)
            victim = board[to] & 7
            if victim == 0:
                victim = PAWN
            if features & FEATURE_DELTA_PRUNING and stand + PIECE_VALUE[victim] + DELTA_MARGIN <= alpha:
                continue  # even winning this piece for free cannot reach alpha
            if features & FEATURE_SEE_QS:
                if see_ordering and sc[i] < SCORE_BAD_CAPTURE_MAX:
                    break  # this capture and all after it lose material (pick_move_see checked them)
                if (sc[i] >= SCORE_TT or not see_ordering) and not see_ge(board, move, SEE_GOOD_CAPTURE):
                    continue  # the exchange on the target square loses material
            elif (
                features & FEATURE_BAD_CAPTURE_PRUNING
                and PIECE_VALUE[board[move_from(move)] & 7] > PIECE_VALUE[victim] + BAD_CAPTURE_MARGIN
                and is_attacked(board, to, st[ST_SIDE] ^ 1)
            ):
                continue  # a bigger piece takes a defended smaller one: likely losing
        if not make_move(board, st, hashes, undo, move):
            continue
        legal += 1
        # fmt: off
        score = -quiescence(
            board, st, hashes, undo, tt_keys, tt_data, moves, scores, killers, history, cont_hist, corr, pv, pv_len,
            stats, ctl, stop, ply + 1, -beta, -alpha
        )
        # fmt: on
        unmake_move(board, st, undo)
        if stats[STAT_ABORTED] != 0:
            return 0
        if score > best:
            best = score
            if score > alpha:
                alpha = score
                best_move = move
                if score >= beta:
                    break
    if checked and legal == 0:
        return -MATE + ply

    # Step 5. Store the result as a depth-0 entry.
    if use_tt:
        bound = np.int64(BOUND_UPPER)
        if best >= beta:
            bound = np.int64(BOUND_LOWER)
        elif best > original_alpha:
            bound = np.int64(BOUND_EXACT)
        # fmt: off
        tt_store(
            tt_keys, tt_data, key, np.int64(0), bound, score_to_tt(best, ply), best_move, ctl[CTL_GENERATION], raw_eval
        )
        # fmt: on
    return best
