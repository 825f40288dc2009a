"""Move ordering: TT move, then captures by MVV-LVA, then killers, the counter move, then
quiet moves by history (butterfly plus continuation, engine.history), then losing captures.

Scores are written next to the moves (``scores`` row, same index); the search
then picks the best remaining move lazily with :func:`pick_move`, so a
beta cut-off on the first move costs no full sort.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.history import OLD_HISTORY_MAX, SS_MOVE_KEY, move_key
from engine.params import PIECE_VALUE_PAWNS, SEE_GOOD_CAPTURE
from engine.position import FLAG_CAPTURE, PAWN, QUEEN, move_flags, move_from, move_promo, move_to
from engine.searchstate import FEATURE_CONT_HISTORY, FEATURE_COUNTER_MOVE, LAB_NO_ORDERING
from engine.see import see_ge

SCORE_TT = 100_000_000
SCORE_CAPTURE = 10_000_000
SCORE_KILLER1 = 9_000_000
SCORE_KILLER2 = 8_000_000
SCORE_COUNTER = 7_000_000
"""The quiet move that last refuted the opponent's previous move (engine.history), after the killers."""
SCORE_BAD_CAPTURE = -2 * OLD_HISTORY_MAX
"""Captures losing material by static exchange rank here plus their MVV-LVA: after every quiet move
(:func:`pick_move_see`)."""
SCORE_BAD_CAPTURE_MAX = SCORE_BAD_CAPTURE + 1_000_000
"""Every score below this is a capture known to lose material (MVV-LVA adds less than 1_000_000)."""

# MVV-LVA in whole pawns: the victim's value (times 100) dominates, the cheaper attacker breaks ties.
QUEEN_PROMOTION = int(PIECE_VALUE_PAWNS[QUEEN]) * 100
"""A capture that also promotes to a queen ranks as if it won a queen more."""
QUIET_QUEEN_PROMOTION = QUEEN_PROMOTION - int(PIECE_VALUE_PAWNS[PAWN]) * 100
"""A quiet queen promotion ranks as a capture worth a queen minus the pawn."""


@njit(cache=True, nogil=True)
def score_moves(
    board: np.ndarray,
    moves: np.ndarray,
    scores: np.ndarray,
    start: int,
    n: int,
    tt_move: int,
    killer1: int,
    killer2: int,
    counter: int,
    history: np.ndarray,
    cont_hist: np.ndarray,
    key1: int,
    key2: int,
) -> None:
    """Fill ``scores[start:n]`` for ``moves[start:n]`` (higher = searched earlier). ``counter`` is the
    counter move (0: none); a quiet move's score adds ``cont_hist[key1, its key]`` and
    ``cont_hist[key2, its key]`` for the keys that are not 0 (the moves 1 and 2 plies back)."""
    for i in range(start, n):
        move = np.int64(moves[i])
        frm = move_from(move)
        to = move_to(move)
        promo = move_promo(move)
        if move == tt_move:
            scores[i] = SCORE_TT
        elif move_flags(move) & FLAG_CAPTURE:
            victim = board[to] & 7
            if victim == 0:
                victim = 1  # en passant
            s = SCORE_CAPTURE + PIECE_VALUE_PAWNS[victim] * 100 - PIECE_VALUE_PAWNS[board[frm] & 7]
            if promo == QUEEN:
                s += QUEEN_PROMOTION
            elif promo != 0:
                s = -1_000_000 + promo  # under-promotions last
            scores[i] = s
        elif promo != 0:
            scores[i] = SCORE_CAPTURE + QUIET_QUEEN_PROMOTION if promo == QUEEN else -1_000_000 + promo
        elif move == killer1:
            scores[i] = SCORE_KILLER1
        elif move == killer2:
            scores[i] = SCORE_KILLER2
        elif move == counter:
            scores[i] = SCORE_COUNTER
        else:
            s = history[board[frm], to]
            if key1 != 0:
                s += cont_hist[key1, move_key(board, move)]
            if key2 != 0:
                s += cont_hist[key2, move_key(board, move)]
            scores[i] = s


@njit(cache=True, nogil=True)
def order_moves(
    board: np.ndarray,
    moves: np.ndarray,
    scores: np.ndarray,
    start: int,
    n: int,
    ply: int,
    tt_move: int,
    killers: np.ndarray,
    history: np.ndarray,
    counters: np.ndarray,
    cont_hist: np.ndarray,
    stack: np.ndarray,
    features: int,
    lab_off: int,
) -> tuple[int, int, int]:
    """Score a node's moves ``moves[start:n]`` (score_moves) with what the search knows at ``ply``:
    the killers, the counter move and continuation keys of the moves that led here (as ``features``
    and the search lab's ``lab_off`` allow). Returns (killer1, killer2, counter) as used (0: none)."""
    killer1 = killers[ply, 0]
    killer2 = killers[ply, 1]
    key1 = stack[ply + 1, SS_MOVE_KEY]  # the opponent's move that led here, and our own move before it
    key2 = stack[ply, SS_MOVE_KEY]
    counter = np.int64(counters[key1]) if features & FEATURE_COUNTER_MOVE and key1 != 0 else np.int64(0)
    if features & FEATURE_CONT_HISTORY == 0:
        key1 = np.int64(0)
        key2 = np.int64(0)
    if lab_off & LAB_NO_ORDERING:
        killer1 = np.int64(0)
        killer2 = np.int64(0)
        counter = np.int64(0)
        key1 = np.int64(0)
        key2 = np.int64(0)
    score_moves(board, moves, scores, start, n, tt_move, killer1, killer2, counter, history, cont_hist, key1, key2)
    return killer1, killer2, counter  # type: ignore[return-value]  # numpy int64 scalars; Numba treats them as int


@njit(cache=True, nogil=True)
def put_first(moves: np.ndarray, scores: np.ndarray, n: int, move: int) -> int:
    """Swap ``move`` into ``moves[0]`` with the score SCORE_TT, as :func:`pick_move` would pick it
    first, and return 1; return 0 when it is not among ``moves[:n]`` (0, or a TT move of another
    position that shares the key's table slot). The other scores are left unwritten."""
    if move == 0:
        return 0
    for i in range(n):
        if moves[i] == move:
            moves[i] = moves[0]
            moves[0] = move
            scores[0] = SCORE_TT
            return 1
    return 0


@njit(cache=True, nogil=True)
def pick_move(moves: np.ndarray, scores: np.ndarray, start: int, n: int) -> int:
    """Swap the best-scored move of ``start..n-1`` into ``start`` and return it."""
    best = start
    best_score = scores[start]
    for i in range(start + 1, n):
        if scores[i] > best_score:
            best = i
            best_score = scores[i]
    if best != start:
        m = moves[start]
        moves[start] = moves[best]
        moves[best] = m
        s = scores[start]
        scores[start] = scores[best]
        scores[best] = s
    return np.int64(moves[start])  # type: ignore[return-value]  # a numpy int64 scalar; Numba treats it as int


@njit(cache=True, nogil=True)
def pick_move_see(board: np.ndarray, moves: np.ndarray, scores: np.ndarray, start: int, n: int) -> int:
    """:func:`pick_move`, but a capture's static exchange is checked when it comes up: one that
    loses material is re-scored below the quiet moves (SCORE_BAD_CAPTURE plus its MVV-LVA) and
    the next best move is picked instead. Lazily, so a cut-off spares the other captures' SEE;
    each capture is checked once (afterwards it is out of the capture band). The TT move and
    promotions are not checked."""
    while True:
        move = pick_move(moves, scores, start, n)
        s = scores[start]
        if s < SCORE_CAPTURE or s >= SCORE_TT or move_promo(move) != 0 or see_ge(board, move, SEE_GOOD_CAPTURE):
            return move
        scores[start] = s - SCORE_CAPTURE + SCORE_BAD_CAPTURE
