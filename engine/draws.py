"""Draw rules inside the search: repetition (positions before the root included),
the 50-move rule and insufficient material (jitted)."""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.params import DRAW_CONTEMPT
from engine.position import BISHOP, KNIGHT, PAWN, QUEEN, ROOK, ST_COUNT, ST_HALFMOVE, ST_HPLY
from engine.searchstate import FEATURE_DRAW_CONTEMPT


@njit(cache=True, nogil=True)
def insufficient_material(st: np.ndarray) -> bool:
    """Bare kings, or a single minor piece on the board: nobody can mate."""
    for colour in range(2):
        base = ST_COUNT + colour * 8
        if st[base + PAWN] != 0 or st[base + ROOK] != 0 or st[base + QUEEN] != 0:
            return False
    minors = st[ST_COUNT + KNIGHT] + st[ST_COUNT + BISHOP] + st[ST_COUNT + 8 + KNIGHT] + st[ST_COUNT + 8 + BISHOP]
    return minors <= 1


@njit(cache=True, nogil=True)
def is_draw(st: np.ndarray, hashes: np.ndarray) -> bool:
    """50-move rule, insufficient material, or the position occurred before
    (since the last irreversible move, positions before the root included)."""
    halfmove = st[ST_HALFMOVE]
    if halfmove >= 100:
        return True
    hply = st[ST_HPLY]
    key = hashes[hply]
    i = hply - 4
    limit = hply - halfmove
    while i >= limit and i >= 0:
        if hashes[i] == key:
            return True
        i -= 2
    return insufficient_material(st)


@njit(cache=True, nogil=True, inline="always")
def draw_score(features: int, ply: int) -> int:
    """A draw's value to the side to move at ``ply``: 0, or with FEATURE_DRAW_CONTEMPT
    DRAW_CONTEMPT for the root's side to move (even plies) and minus that for its opponent."""
    if features & FEATURE_DRAW_CONTEMPT == 0:
        return 0
    return DRAW_CONTEMPT if ply & 1 == 0 else -DRAW_CONTEMPT
