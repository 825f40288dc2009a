"""Move ordering: TT move, then captures by MVV-LVA, then killers, then history.

Scores are written next to the moves (``scores`` row, same index); the search
then picks the best remaining move lazily with :func:`pick_move`, so a
beta cut-off on the first move costs no full sort.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.params import PIECE_VALUE_PAWNS, SEE_GOOD_CAPTURE
from engine.position import FLAG_CAPTURE, PAWN, QUEEN, move_flags, move_from, move_promo, move_to
from engine.see import see_ge

SCORE_TT = 100_000_000
SCORE_CAPTURE = 10_000_000
SCORE_KILLER1 = 9_000_000
SCORE_KILLER2 = 8_000_000
HISTORY_MAX = 4_000_000
"""History entries are halved when one reaches this, so they stay below the killers."""
SCORE_BAD_CAPTURE = -2 * HISTORY_MAX
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
    n: int,
    tt_move: int,
    killer1: int,
    killer2: int,
    history: np.ndarray,
) -> None:
    """Fill ``scores[:n]`` for ``moves[:n]`` (higher = searched earlier)."""
    for i in range(n):
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
        else:
            scores[i] = history[board[frm], to]


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


@njit(cache=True, nogil=True)
def update_quiet_stats(
    board: np.ndarray,
    killers: np.ndarray,
    history: np.ndarray,
    move: int,
    ply: int,
    depth: int,
    tried: np.ndarray,
    n_tried: int,
) -> None:
    """A quiet move caused a beta cut-off: remember it as killer, reward it in the
    history table and penalise the quiet moves tried before it."""
    if killers[ply, 0] != move:
        killers[ply, 1] = killers[ply, 0]
        killers[ply, 0] = move
    bonus = depth * depth
    frm = move_from(move)
    to = move_to(move)
    # The move has been unmade: the piece is back on its from-square.
    history[board[frm], to] += bonus
    for i in range(n_tried):
        other = np.int64(tried[i])
        if other != move and move_flags(other) & FLAG_CAPTURE == 0 and move_promo(other) == 0:
            ofrm = move_from(other)
            oto = move_to(other)
            history[board[ofrm], oto] -= bonus
            if history[board[ofrm], oto] < -HISTORY_MAX:
                history[board[ofrm], oto] = -HISTORY_MAX
    if history[board[frm], to] > HISTORY_MAX:
        for p in range(history.shape[0]):
            for s in range(history.shape[1]):
                history[p, s] //= 2
