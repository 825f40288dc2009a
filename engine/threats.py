"""Threats and outposts (jitted; engine.pawns' board scan calls these, White's or Black's view
as the caller says: each function returns a bonus for the attacking / owning side).

* :func:`piece_threat`: a knight, bishop, rook or queen that attacks an enemy
  piece (not a pawn or the king) scores when the victim is worth more than the
  attacker, or is not defended at all (hanging: worth an extra bonus).
  Defence is tested only when the attacker is not the lesser piece, so most
  attacks never pay for it.
* :func:`pawn_threat`: a pawn attacking an enemy piece (defended or not).
* :func:`outpost`: a knight or bishop on the 4th to 6th rank, defended by a pawn,
  that no enemy pawn can ever attack (none on the neighbouring files ahead of it).

All weights are in engine.eval_weights (blocks indexed by the victim's or the piece's type).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.attacks import attacked_by
from engine.eval_weights import (
    HANGING_EG,
    HANGING_MG,
    OUTPOST_EG,
    OUTPOST_MG,
    THREAT_BY_MINOR_EG,
    THREAT_BY_MINOR_MG,
    THREAT_BY_PAWN_EG,
    THREAT_BY_PAWN_MG,
    THREAT_BY_ROOK_EG,
    THREAT_BY_ROOK_MG,
)
from engine.params import PIECE_VALUE_PAWNS
from engine.position import KING, KNIGHT, PAWN, QUEEN, ROOK

OUTPOST_MIN_RANK = 4
OUTPOST_MAX_RANK = 6
"""Relative ranks on which a supported, unassailable minor piece counts as an outpost."""


@njit(cache=True, nogil=True)
def piece_threat(board: np.ndarray, st: np.ndarray, t: int, attacker: int, them: int, w: np.ndarray) -> tuple[int, int]:
    """(middlegame, endgame) bonus for the side attacking the piece on mailbox square ``t``
    (colour ``them``) with a piece of type ``attacker``; (0, 0) for pawns and kings."""
    victim = board[t] & 7
    if victim == PAWN or victim == KING:
        return 0, 0
    lesser = PIECE_VALUE_PAWNS[attacker] < PIECE_VALUE_PAWNS[victim]
    hanging = False
    if not lesser:
        hanging = not attacked_by(board, st, t, them)
        if not hanging:
            return 0, 0
    mg = 0
    eg = 0
    if attacker == ROOK:
        mg = w[THREAT_BY_ROOK_MG + victim]
        eg = w[THREAT_BY_ROOK_EG + victim]
    elif attacker != QUEEN:
        mg = w[THREAT_BY_MINOR_MG + victim]
        eg = w[THREAT_BY_MINOR_EG + victim]
    if hanging:
        mg += w[HANGING_MG]
        eg += w[HANGING_EG]
    return mg, eg


@njit(cache=True, nogil=True, inline="always")
def pawn_threat(victim_code: int, them: int, w: np.ndarray) -> tuple[int, int]:
    """(middlegame, endgame) bonus for a pawn attacking a square holding ``victim_code``:
    non-zero only for a knight, bishop, rook or queen of ``them``."""
    kind = victim_code & 7
    # An empty square (code 0) would pass the colour test for White: the type test rejects it.
    if (victim_code >> 3) != them or kind < KNIGHT or kind > QUEEN:
        return 0, 0
    return w[THREAT_BY_PAWN_MG + kind], w[THREAT_BY_PAWN_EG + kind]


@njit(cache=True, nogil=True)
def outpost(board: np.ndarray, m: int, kind: int, us: int, enemy_reach: int, w: np.ndarray) -> tuple[int, int]:
    """(middlegame, endgame) outpost bonus of the knight or bishop ``kind`` of colour
    ``us`` on mailbox square ``m``. ``enemy_reach``: per file (4 bits), the farthest
    relative rank, from ``us``'s side, that an enemy pawn on it stands on (0 = none):
    an enemy pawn beyond the piece's rank on a neighbouring file may attack it one day."""
    f = m % 10
    r = m // 10 - 1 if us == 0 else 10 - m // 10
    if r < OUTPOST_MIN_RANK or r > OUTPOST_MAX_RANK:
        return 0, 0
    pawn = us * 8 + PAWN
    back = -10 if us == 0 else 10
    if board[m + back - 1] != pawn and board[m + back + 1] != pawn:
        return 0, 0
    if ((enemy_reach >> (4 * (f - 1))) & 15) > r or ((enemy_reach >> (4 * (f + 1))) & 15) > r:
        return 0, 0
    return w[OUTPOST_MG + kind], w[OUTPOST_EG + kind]
