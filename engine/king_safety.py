"""King safety (jitted): attacks on the king zone, open files near the king, pawn storms.

The board scan in engine.pawns collects, per attacking side, how many pieces hit
the enemy king zone, their summed type weights and the number of zone squares
hit (a square hit by two pieces counts twice); :func:`king_danger` turns those
into a penalty that grows with the square of the attack (Ethereal / Stockfish
classic style), applied only when at least two pieces, or one together with
the queen, take part: a lone attacker is rarely dangerous.
:func:`king_files_and_storm` scores the pawn structure around the king.
All weights are in engine.eval_weights.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.eval_weights import (
    KS_DIVISOR,
    KS_EG_DIVISOR,
    KS_MAX_UNITS,
    KS_NO_QUEEN,
    KS_OFFSET,
    KS_OPEN_FILE_MG,
    KS_SEMI_OPEN_FILE_MG,
    KS_ZONE_HIT,
    STORM_BLOCKED_MG,
    STORM_MG,
)
from engine.position import PAWN


def _build_zones() -> np.ndarray:
    """KING_ZONE[colour, king square, square] = 1 when ``square`` is in the zone: the
    king's file and its neighbours, from one rank behind the king to two ranks in
    front (toward the enemy), on the board."""
    zone = np.zeros((2, 120, 120), dtype=np.uint8)
    for colour in (0, 1):
        forward = 1 if colour == 0 else -1
        for king in range(21, 99):
            kf, kr = king % 10, king // 10
            if not 1 <= kf <= 8:
                continue
            for df in (-1, 0, 1):
                for step in (-1, 0, 1, 2):
                    f, r = kf + df, kr + step * forward
                    if 1 <= f <= 8 and 2 <= r <= 9:
                        zone[colour, king, r * 10 + f] = 1
    return zone


KING_ZONE = _build_zones()
"""Zone membership by (colour of the king, king's mailbox square, mailbox square); 0 off the board."""


@njit(cache=True, nogil=True)
def king_danger(
    attackers: int, weight: int, hits: int, queen_attacks: bool, has_queen: bool, w: np.ndarray
) -> tuple[int, int]:
    """(middlegame, endgame) penalty for the king under attack; positive numbers.

    ``attackers`` pieces hit the zone, with summed type weights ``weight`` and
    ``hits`` zone squares attacked; ``queen_attacks`` if the queen is one of
    them, ``has_queen`` if the attacking side has a queen at all."""
    if attackers < 2 and not (attackers >= 1 and queen_attacks):
        return 0, 0
    units = weight + w[KS_ZONE_HIT] * hits - w[KS_OFFSET]
    if not has_queen:
        units -= w[KS_NO_QUEEN]
    if units <= 0:
        return 0, 0
    if units > w[KS_MAX_UNITS]:
        units = w[KS_MAX_UNITS]
    return units * units // w[KS_DIVISOR], units // w[KS_EG_DIVISOR]


@njit(cache=True, nogil=True)
def king_files_and_storm(
    board: np.ndarray, king: int, white: bool, own: int, enemy: int, front: int, w: np.ndarray
) -> int:
    """Middlegame penalty (positive) for the king on mailbox square ``king``: files
    next to it without own pawns (``own``: 4-bit pawn counts per file) or without
    any (``enemy`` likewise), and enemy pawns advancing on those files
    (``front``: per file the relative rank, from the king's side, of the most
    advanced enemy pawn, 0 = none; smaller when an own pawn blocks it)."""
    kf = king % 10
    kr = king // 10 - 1 if white else 10 - king // 10  # relative rank 1..8
    penalty = 0
    lo = kf - 1 if kf > 1 else 1
    hi = kf + 1 if kf < 8 else 8
    for f in range(lo, hi + 1):
        if (own >> (4 * f)) & 15 == 0:
            penalty += w[KS_SEMI_OPEN_FILE_MG]
            if (enemy >> (4 * f)) & 15 == 0:
                penalty += w[KS_OPEN_FILE_MG]
        r = (front >> (4 * f)) & 15
        if r > kr:  # in front of the king
            # The square in front of the storming pawn (toward the king), as a mailbox index.
            ahead = r * 10 + f if white else (11 - r) * 10 + f
            if board[ahead] == (PAWN if white else 8 + PAWN):
                penalty += w[STORM_BLOCKED_MG + r]
            else:
                penalty += w[STORM_MG + r]
    return penalty
