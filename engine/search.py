"""The search proper, entirely jitted: negamax with PVS and quiescence.

Contract
--------
* Scores are centipawns from the side to move's point of view (negamax).
* Fail-soft alpha-beta: the returned score may lie outside (alpha, beta); a
  score <= alpha is an upper bound, >= beta a lower bound.
* Mate scores: being mated at ply p scores ``-MATE + p``; delivering mate at
  ply p scores ``MATE - p`` (p counted from the root). The TT stores them
  relative to the node (engine.tt).
* Draws (repetition incl. positions before the root, 50-move rule,
  insufficient material) score 0.
* When the stop flag is seen or the node limit is hit, ``stats[STAT_ABORTED]``
  is set and every frame returns 0 at once; callers must discard such scores.
  The root records its best move so far in ``stats[STAT_ROOT_BEST]`` whenever
  a fully searched move raises alpha, so an interrupted iteration can still
  contribute a better move.
* MultiPV: the root skips the ``ctl[CTL_EXCLUDED_COUNT]`` moves stored from
  ``ctl[CTL_EXCLUDED]`` on (the first moves of the lines already found), so the
  search returns the best of the other root moves. Such a root search does not
  store its result in the TT (it is not the position's value).

Arrays shared by all frames (allocated once per Searcher)
----------------------------------------------------------
moves, scores  int32[MAX_PLY, 256]    per-ply move list and ordering scores
killers        int64[MAX_PLY, 2]
history        int64[PIECE_CODES, 120]   with counters, cont_hist, stack: engine.history
corr           int16[2, 3, 16384]     correction history: engine.correction
pv             int32[MAX_PLY, MAX_PLY] triangular PV table, pv_len int64[MAX_PLY]
stats          int64[STATS_SIZE]      counters and root outputs (STAT_*)
ctl            int64[CTL_SIZE]        inputs: node limit, TT generation, excluded root moves (CTL_*)
stop           int8[1]                set to 1 by another thread to abort
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.accumulators import search_eval
from engine.borrow import borrowed
from engine.correction import learn_correction, static_value
from engine.draws import draw_score, is_draw
from engine.history import NO_EVAL, SS_EXCLUDED, SS_MOVE_KEY, SS_STATIC_EVAL, move_key, update_quiet_stats
from engine.movegen import gen_moves, in_check, make_move, make_null, unmake_move, unmake_null
from engine.ordering import order_moves, pick_move, pick_move_see, put_first
from engine.params import (
    FUTILITY_MARGIN,
    IIR_MIN_DEPTH,
    LMR_MIN_DEPTH,
    LMR_MIN_MOVES,
    PROBCUT_MARGIN,
    PROBCUT_REDUCTION,
    SEE_PRUNE_MAX_DEPTH,
    SINGULAR_MARGIN,
)
from engine.position import FLAG_CAPTURE, MAX_PLY, ST_HPLY, ST_SIDE, move_flags, move_promo
from engine.probcut import probcut_candidate, probcut_cut, probcut_moves
from engine.pruning import (
    UNMADE_ILLEGAL,
    UNMADE_PRUNED,
    UNMADE_SKIP,
    check_extension,
    drop_skipped,
    futility_pruning,
    is_improving,
    judge_unmade,
    late_move_limit,
    late_move_pruning,
    late_move_reduction,
    null_move_pruning,
    null_move_reduction,
    razoring,
    reverse_futility,
    see_prune_margin,
    singular_candidate,
    tt_adjusted_eval,
)
from engine.quiescence import quiescence
from engine.search_records import is_excluded, record_root_move, root_exclusions, store_result, update_pv
from engine.searchstate import (
    CTL_FEATURES,
    CTL_LAB_OFF,
    FEATURE_CHECK_EXTENSION,
    FEATURE_IIR,
    FEATURE_LAZY_ORDERING,
    FEATURE_LMR,
    FEATURE_SEE_CHECK_EXTENSION,
    FEATURE_SEE_ORDERING,
    FEATURE_SEE_PRUNING,
    FEATURE_TT_PV,
    LAB_NO_ALPHA_BETA,
    LAB_NO_ORDERING,
    LAB_NO_QUIESCENCE,
    LAB_NO_TT,
    MAX_ROOT_MOVES,
    STAT_ABORTED,
    STAT_CUTOFFS,
    STAT_FIRST_CUTOFFS,
    STAT_LMR_RESEARCHES,
    STAT_MULTI_CUTS,
    STAT_NODES,
    STAT_NULL_CUTOFFS,
    STAT_RESEARCHES,
    STAT_ROOT_BEST,
    STAT_ROOT_NODES,
    STAT_ROOT_SCORE,
    STAT_SINGULAR,
    STAT_TT_HITS,
    enter_node,
)
from engine.see import see_ge
from engine.strength_hook import weaken
from engine.tt import (
    EVAL_NONE,
    INFINITE,
    MATE,
    MATE_BOUND,
    bound_cuts,
    entry_bound,
    entry_depth,
    entry_is_pv,
    entry_move,
    entry_score,
    score_from_tt,
    tt_probe_eval,
)


@njit(cache=True, nogil=True)
def negamax(
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
    counters: np.ndarray,
    cont_hist: np.ndarray,
    corr: np.ndarray,
    stack: np.ndarray,
    pv: np.ndarray,
    pv_len: np.ndarray,
    stats: np.ndarray,
    ctl: np.ndarray,
    stop: np.ndarray,
    depth: int,
    ply: int,
    alpha: int,
    beta: int,
    allow_null: bool,
) -> int:
    """Principal variation search to ``depth`` plies (see the module contract).

    Step 0. The arrays borrowed: no reference counting below this frame (engine.borrow).
    Step 1. Bookkeeping and abort polling.
    Step 2. Draws and the ply ceiling (not at the root).
    Step 3. Mate distance pruning.
    Step 4. Check extension (here for every node in check, or in the move loop for
            checking moves that do not lose material, FEATURE_SEE_CHECK_EXTENSION).
    Step 5. Quiescence at the horizon.
    Step 6. Transposition table probe (cut-offs only in zero-window nodes); internal
            iterative reduction when the table knows no move.
    Step 7. Static evaluation (the table's if it has one; kept per ply: "improving"
            compares it with 2 plies up), static pruning: razoring, reverse futility, null move,
            ProbCut (a good capture that beats beta by a margin in a reduced search; engine.probcut).
    Step 8. Singular extension: is the TT move far better than the rest (a reduced search
            without it, the node's "verification search")?
    Step 9. Move loop: ordering, MultiPV root exclusions, SEE, futility and late-move
            pruning (decided before the move is made where it can be: judge_unmade), PVS with
            late-move reductions.
    Step 10. Checkmate and stalemate.
    Step 11. Transposition table store (not for a root search with exclusions, nor for a
             verification search).
    """
    # Step 0. Every array borrowed (engine.borrow): the calls below this frame, the recursion too,
    # then pass arrays whose reference count Numba skips (those atomic counts were half the time).
    board, st, hashes, undo = borrowed(board), borrowed(st), borrowed(hashes), borrowed(undo)
    tt_keys, tt_data, moves, scores = borrowed(tt_keys), borrowed(tt_data), borrowed(moves), borrowed(scores)
    killers, history = borrowed(killers), borrowed(history)
    counters, cont_hist = borrowed(counters), borrowed(cont_hist)
    corr, stack, pv, pv_len = borrowed(corr), borrowed(stack), borrowed(pv), borrowed(pv_len)
    stats, ctl, stop = borrowed(stats), borrowed(ctl), borrowed(stop)
    # Step 1.
    pv_len[ply] = ply
    if not enter_node(stats, ctl, stop, ply):
        return 0
    # Search lab switches (ctl[CTL_LAB_OFF]) are read where used: no extra locals live
    # across the recursive calls, so the normal search keeps its speed.
    if ctl[CTL_LAB_OFF] & LAB_NO_ALPHA_BETA:
        alpha = -INFINITE  # search lab: plain minimax, every node sees the full window
        beta = INFINITE
    pv_node = beta - alpha > 1
    root = ply == 0
    side = st[ST_SIDE]
    features = ctl[CTL_FEATURES]

    if not root:
        # Step 2.
        if is_draw(st, hashes):
            return draw_score(features, ply)
        if ply >= MAX_PLY - 2:
            return search_eval(board, st, hashes, undo, features)
        # Step 3.
        alpha = max(alpha, -MATE + ply)
        beta = min(beta, MATE - ply - 1)
        if alpha >= beta:
            return alpha

    # Step 4.
    checked = in_check(board, st)
    if checked and features & FEATURE_CHECK_EXTENSION and features & FEATURE_SEE_CHECK_EXTENSION == 0:
        depth += 1

    # Step 5.
    if depth <= 0:
        if ctl[CTL_LAB_OFF] & LAB_NO_QUIESCENCE:
            return search_eval(board, st, hashes, undo, features)
        # fmt: off
        return quiescence(
            board, st, hashes, undo, tt_keys, tt_data, moves, scores, killers, history, cont_hist, corr, pv, pv_len,
            stats, ctl, stop, ply, alpha, beta
        )
        # fmt: on

    # Step 6.
    key = hashes[st[ST_HPLY]]
    entry, raw_eval = tt_probe_eval(tt_keys, tt_data, key) if ctl[CTL_LAB_OFF] & LAB_NO_TT == 0 else (0, EVAL_NONE)
    tt_move = np.int64(0)
    excluded_move = stack[ply + 2, SS_EXCLUDED]  # non-zero in a singular extension's verification search
    tt_pv = features & FEATURE_TT_PV != 0 and (pv_node or entry_is_pv(entry))  # on a PV, now or before
    if entry != 0:
        stats[STAT_TT_HITS] += 1
        tt_move = entry_move(entry)
        if not pv_node and excluded_move == 0 and entry_depth(entry) >= depth:
            tt_score = score_from_tt(entry_score(entry), ply)
            if bound_cuts(entry_bound(entry), tt_score, alpha, beta):
                return tt_score
    if features & FEATURE_IIR and tt_move == 0 and depth >= IIR_MIN_DEPTH:
        depth -= 1  # no best move known: a shallower search here is cheaper and finds one

    # Step 7.
    static_eval = -INFINITE
    stack[ply + 2, SS_STATIC_EVAL] = NO_EVAL
    if checked:
        raw_eval = EVAL_NONE
    else:
        # The table's static evaluation if it has one.
        raw_eval = search_eval(board, st, hashes, undo, features) if raw_eval == EVAL_NONE else raw_eval
        # Corrected by this game's searches (engine.correction), weakened at the playing levels.
        static_eval = weaken(st, ctl, key, static_value(features, corr, st, raw_eval))
        stack[ply + 2, SS_STATIC_EVAL] = static_eval
    improving = is_improving(features, checked, static_eval, stack[ply, SS_STATIC_EVAL])
    prune_eval = tt_adjusted_eval(features, entry, checked or excluded_move != 0, static_eval, ply)
    if not pv_node and not checked and abs(beta) < MATE_BOUND:
        if razoring(features, ctl[CTL_LAB_OFF], depth, alpha, prune_eval):
            # fmt: off
            score = quiescence(
                board, st, hashes, undo, tt_keys, tt_data, moves, scores, killers, history, cont_hist, corr, pv, pv_len,
                stats, ctl, stop, ply, alpha, beta
            )
            # fmt: on
            if score <= alpha:
                return score  # even the captures cannot lift it to alpha: no quiet move will
        if reverse_futility(features, depth, improving, prune_eval, beta):
            return prune_eval
        if allow_null and excluded_move == 0 and null_move_pruning(features, st, side, depth, prune_eval, beta):
            r = null_move_reduction(features, depth, prune_eval, beta)
            make_null(st, hashes, undo)
            stack[ply + 2, SS_MOVE_KEY] = 0  # a null move has no continuation
            # fmt: off
            score = -negamax(
                board, st, hashes, undo, tt_keys, tt_data, moves, scores, killers, history, counters, cont_hist, corr,
                stack, pv, pv_len, stats, ctl, stop, depth - 1 - r, ply + 1, -beta, -beta + 1, np.bool_(False)
            )
            # fmt: on
            unmake_null(st, undo)
            if stats[STAT_ABORTED] != 0:
                return 0
            if score >= beta:
                stats[STAT_NULL_CUTOFFS] += 1
                return beta if score >= MATE_BOUND else score
        pc_beta = beta + PROBCUT_MARGIN
        if probcut_candidate(features, ctl[CTL_LAB_OFF], root, depth, beta, pc_beta, entry, ply):
            n = probcut_moves(board, st, moves[ply], scores[ply], tt_move, history, cont_hist, pc_beta - prune_eval)
            for i in range(n):
                move = pick_move(moves[ply], scores[ply], i, n)
                stack[ply + 2, SS_MOVE_KEY] = move_key(board, move)
                if move == excluded_move or not make_move(board, st, hashes, undo, move):
                    continue
                # fmt: off
                score = -quiescence(
                    board, st, hashes, undo, tt_keys, tt_data, moves, scores, killers, history, cont_hist, corr, pv,
                    pv_len, stats, ctl, stop, ply + 1, -pc_beta, -pc_beta + 1
                )
                if score >= pc_beta:  # the capture holds at once: verify it with the reduced search
                    score = -negamax(
                        board, st, hashes, undo, tt_keys, tt_data, moves, scores, killers, history, counters,
                        cont_hist, corr, stack, pv, pv_len, stats, ctl, stop, depth - PROBCUT_REDUCTION, ply + 1,
                        -pc_beta, -pc_beta + 1, np.bool_(True)
                    )
                # fmt: on
                unmake_move(board, st, undo)
                if stats[STAT_ABORTED] != 0:
                    return 0
                if score >= pc_beta:
                    return probcut_cut(
                        tt_keys, tt_data, stats, ctl, key, entry, excluded_move, depth, score, ply, move, raw_eval
                    )

    # Step 8.
    singular_ext = 0
    if singular_candidate(features, ctl[CTL_LAB_OFF], root, excluded_move, depth, entry, tt_move):
        s_beta = score_from_tt(entry_score(entry), ply) - SINGULAR_MARGIN * depth
        stack[ply + 2, SS_EXCLUDED] = tt_move
        # fmt: off
        score = negamax(
            board, st, hashes, undo, tt_keys, tt_data, moves, scores, killers, history, counters, cont_hist, corr,
            stack, pv, pv_len, stats, ctl, stop, (depth - 1) // 2, ply, s_beta - 1, s_beta, np.bool_(False)
        )
        # fmt: on
        stack[ply + 2, SS_EXCLUDED] = 0
        pv_len[ply] = ply  # the verification search's line is not this node's
        if stats[STAT_ABORTED] != 0:
            return 0
        if score < s_beta:
            stats[STAT_SINGULAR] += 1
            singular_ext = 1  # no other move comes close: the TT move is worth a ply more
        elif s_beta >= beta:
            stats[STAT_MULTI_CUTS] += 1
            return s_beta  # multi-cut: even without the TT move, a move beats beta

    # Step 9.
    buf = moves[ply]
    sc = scores[ply]
    n = gen_moves(board, st, buf, np.bool_(False))
    # The TT move goes first unscored: most often it cuts off, and the other moves are then never
    # scored. They are scored when the loop reaches them (with the history the TT move's search left).
    first = put_first(buf, sc, n, tt_move) if features & FEATURE_LAZY_ORDERING else 0
    killer1 = killer2 = counter = np.int64(0)
    see_ordering = features & FEATURE_SEE_ORDERING != 0
    futile = futility_pruning(features, pv_node, checked, depth, alpha, prune_eval)
    futility_bound = prune_eval + FUTILITY_MARGIN[depth] if futile else INFINITE  # indexed within the table only
    prune_late = late_move_pruning(features, pv_node, checked, depth, alpha)
    lmp_limit = late_move_limit(features, depth, improving) if prune_late else 0  # indexed within the tables only
    see_prune = features & FEATURE_SEE_PRUNING != 0 and not root and not checked and depth <= SEE_PRUNE_MAX_DEPTH
    excluded = root_exclusions(ctl) if root else 0
    best = -INFINITE
    best_move = np.int64(0)
    legal = 0
    skipping = False  # judge_unmade has skipped a move: drop_skipped took the later ones out
    i = -1
    while i + 1 < n:  # n shrinks when drop_skipped takes moves out
        i += 1
        if i == first:  # the moves after the one put first (all of them if none was) are scored now
            # fmt: off
            killer1, killer2, counter = order_moves(
                board, buf, sc, first, n, ply, tt_move, killers, history, counters, cont_hist, stack, features,
                ctl[CTL_LAB_OFF]
            )
            # fmt: on
        if i < first:
            move = np.int64(buf[0])
        else:
            move = pick_move_see(board, buf, sc, i, n) if see_ordering else pick_move(buf, sc, i, n)
        if move == excluded_move or (excluded > 0 and is_excluded(ctl, excluded, move)):
            continue  # the verification search's TT move, or an earlier MultiPV line's root move
        quiet = move_flags(move) & FLAG_CAPTURE == 0 and move_promo(move) == 0
        verdict = judge_unmade(board, st, move, quiet, futile, prune_late, legal, lmp_limit, best >= futility_bound)
        if verdict == UNMADE_SKIP:
            if not skipping and features & FEATURE_LAZY_ORDERING:
                skipping = True
                n = drop_skipped(board, st, buf, sc, i + 1, n, futile, prune_late, legal, lmp_limit)
            continue
        if see_prune and best > -MATE_BOUND:
            if not see_ge(board, move, -see_prune_margin(quiet, depth)):
                continue  # near the horizon, a move that loses this much material rarely recovers
        if verdict == UNMADE_ILLEGAL:
            continue
        if verdict == UNMADE_PRUNED:  # as the futility and late-move pruning after make_move below
            if futile and legal > 0:
                best = max(best, futility_bound)
            legal += 1
            continue
        stack[ply + 2, SS_MOVE_KEY] = move_key(board, move)
        if not make_move(board, st, hashes, undo, move):
            continue
        legal += 1
        gives_check = in_check(board, st)
        if futile and legal > 1 and quiet and not gives_check:
            unmake_move(board, st, undo)
            best = max(best, futility_bound)
            continue
        if prune_late and legal > lmp_limit and quiet and not gives_check:
            unmake_move(board, st, undo)  # late quiet moves near the horizon rarely matter
            continue
        extension = check_extension(board, st, hashes, undo, features, move, gives_check)
        new_depth = depth - 1 + max(extension, singular_ext if move == tt_move else 0)
        if root:  # search lab: the nodes under this root move are counted as a difference
            stats[STAT_ROOT_NODES + min(legal - 1, MAX_ROOT_MOVES - 1)] -= stats[STAT_NODES]
        if legal == 1 or ctl[CTL_LAB_OFF] & LAB_NO_ALPHA_BETA:
            # fmt: off
            score = -negamax(
                board, st, hashes, undo, tt_keys, tt_data, moves, scores, killers, history, counters, cont_hist, corr,
                stack, pv, pv_len, stats, ctl, stop, new_depth, ply + 1, -beta, -alpha, np.bool_(True)
            )
            # fmt: on
        else:
            r = 0
            if (
                features & FEATURE_LMR
                and depth >= LMR_MIN_DEPTH
                and legal > LMR_MIN_MOVES
                and quiet
                and not checked
                and not gives_check
            ):
                r = late_move_reduction(
                    features, depth, new_depth, legal, pv_node, move, killer1, killer2, counter, sc[i], improving
                )
                if tt_pv and not pv_node and r > 0:
                    r -= 1  # a node once on the PV may be again: reduce it as a PV node
            # fmt: off
            score = -negamax(
                board, st, hashes, undo, tt_keys, tt_data, moves, scores, killers, history, counters, cont_hist, corr,
                stack, pv, pv_len, stats, ctl, stop, new_depth - r, ply + 1, -alpha - 1, -alpha, np.bool_(True)
            )
            # fmt: on
            if score > alpha and r > 0:
                stats[STAT_LMR_RESEARCHES] += 1
                # fmt: off
                score = -negamax(
                    board, st, hashes, undo, tt_keys, tt_data, moves, scores, killers, history, counters,
                    cont_hist, corr, stack, pv, pv_len, stats, ctl, stop, new_depth, ply + 1, -alpha - 1, -alpha,
                    np.bool_(True)
                )
                # fmt: on
            if score > alpha and score < beta:
                stats[STAT_RESEARCHES] += 1
                # fmt: off
                score = -negamax(
                    board, st, hashes, undo, tt_keys, tt_data, moves, scores, killers, history, counters,
                    cont_hist, corr, stack, pv, pv_len, stats, ctl, stop, new_depth, ply + 1, -beta, -alpha,
                    np.bool_(True)
                )
                # fmt: on
        unmake_move(board, st, undo)
        if stats[STAT_ABORTED] != 0:
            return 0
        if root:
            record_root_move(stats, ctl, legal, move, score, alpha, beta)  # search lab
        if score > best:
            best = score
            if score > alpha:
                best_move = move
                alpha = score
                update_pv(pv, pv_len, ply, move)
                if root:
                    stats[STAT_ROOT_BEST] = move
                    stats[STAT_ROOT_SCORE] = score
                if score >= beta:
                    stats[STAT_CUTOFFS] += 1
                    if legal == 1:
                        stats[STAT_FIRST_CUTOFFS] += 1
                    if quiet and ctl[CTL_LAB_OFF] & LAB_NO_ORDERING == 0:
                        # fmt: off
                        update_quiet_stats(
                            board, killers, history, counters, cont_hist, stack, features, move, ply, depth, buf, i
                        )
                        # fmt: on
                    break

    # Step 10.
    if legal == 0:  # (a verification search without other moves fails low)
        return alpha if excluded_move != 0 else (-MATE + ply if checked else 0)

    # Step 11.
    if excluded == 0 and excluded_move == 0:
        store_result(tt_keys, tt_data, ctl, key, depth, best, beta, best_move, ply, raw_eval, tt_pv)
        learn_correction(features, corr, st, checked, depth, best, best_move, beta, raw_eval, static_eval)
    return best
