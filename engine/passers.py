"""Passed pawns beyond the rank bonus (jitted, per passer): a free path, pawn
support, the kings' distances to the stop square, and the rule of the square.

engine.pawns finds the passers in its board scan and calls :func:`passer_terms`
for each; passers are few, so the attack test on the stop square is cheap.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.attacks import attacked_by
from engine.eval_weights import (
    PASSER_CONNECTED_EG,
    PASSER_CONNECTED_MG,
    PASSER_FREE_EG,
    PASSER_FREE_MG,
    PASSER_KING_OURS_EG,
    PASSER_KING_THEIRS_EG,
    PASSER_SAFE_EG,
    PASSER_SAFE_MG,
    PASSER_UNSTOPPABLE_EG,
)
from engine.position import BISHOP, KNIGHT, PAWN, QUEEN, ROOK, ST_COUNT, ST_KING, ST_SIDE

KING_DISTANCE_CAP = 5
"""Kings farther than this from the stop square count as this far."""
PASSER_MIN_RANK = 4
"""The free-path and king-distance terms start at this relative rank (a passer further
back is too slow for them to matter; it also saves the work for most passers)."""


@njit(cache=True, nogil=True, inline="always")
def distance(a: int, b: int) -> int:
    """King moves between mailbox squares ``a`` and ``b`` (Chebyshev distance)."""
    df = abs(a % 10 - b % 10)
    dr = abs(a // 10 - b // 10)
    return df if df > dr else dr


@njit(cache=True, nogil=True)
def has_pieces(st: np.ndarray, colour: int) -> bool:
    """True if ``colour`` has a knight, bishop, rook or queen."""
    base = ST_COUNT + 8 * colour
    return st[base + KNIGHT] + st[base + BISHOP] + st[base + ROOK] + st[base + QUEEN] > 0


@njit(cache=True, nogil=True)
def passer_terms(board: np.ndarray, st: np.ndarray, m: int, r: int, us: int, w: np.ndarray) -> tuple[int, int]:
    """(middlegame, endgame) bonus, positive for its owner ``us``, of the passed pawn on
    mailbox square ``m`` at relative rank ``r`` (2..7)."""
    them = us ^ 1
    up = 10 if us == 0 else -10
    stop = m + up
    pawn = us * 8 + PAWN
    mg = 0
    eg = 0
    # Supported by a pawn (diagonally behind it) or side by side with one.
    if board[m - up - 1] == pawn or board[m - up + 1] == pawn or board[m - 1] == pawn or board[m + 1] == pawn:
        mg += w[PASSER_CONNECTED_MG + r]
        eg += w[PASSER_CONNECTED_EG + r]
    if r >= PASSER_MIN_RANK:
        # Free path: nothing on the stop square, better still when the enemy does not attack it.
        if board[stop] == 0:
            mg += w[PASSER_FREE_MG + r]
            eg += w[PASSER_FREE_EG + r]
            if not attacked_by(board, st, stop, them):
                mg += w[PASSER_SAFE_MG + r]
                eg += w[PASSER_SAFE_EG + r]
        # Endgame: the own king near the stop square helps, the enemy king near it stops the pawn.
        ours = distance(st[ST_KING + us], stop)
        theirs = distance(st[ST_KING + them], stop)
        eg += w[PASSER_KING_THEIRS_EG + r] * min(theirs, KING_DISTANCE_CAP)
        eg -= w[PASSER_KING_OURS_EG + r] * min(ours, KING_DISTANCE_CAP)
    # Rule of the square: with no enemy pieces, a king that cannot catch the pawn loses to it.
    if not has_pieces(st, them):
        promote = m % 10 + (90 if us == 0 else 20)
        steps = 8 - r
        if r == 2:
            steps -= 1  # the double step
        path_free = True
        t = stop
        while path_free and t != promote + up:
            if board[t] != 0:
                path_free = False
            t += up
        king_steps = distance(st[ST_KING + them], promote)
        if st[ST_SIDE] == them:
            king_steps -= 1
        if path_free and king_steps > steps:
            eg += w[PASSER_UNSTOPPABLE_EG]
    return mg, eg
