"""Evaluation: PeSTO's tapered middlegame/endgame piece-square tables plus material.

The sums are kept incrementally by make_move (``st[ST_MG]``, ``st[ST_EG]``,
``st[ST_PHASE]``, always from White's view); :func:`evaluate` only blends them
and turns the result to the side to move's view, so it is symmetric: a position
and its colour-mirrored twin evaluate identically.

Tables are PeSTO's published values (Ronald Friederich, via the Chess
Programming Wiki), written rank 8 first so they read like a diagram.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
from numba import njit

from engine.eval_weights import TEMPO, WEIGHTS
from engine.params import PIECE_VALUE  # noqa: F401  (re-exported: the table used to live here)
from engine.pawns import board_terms, king_shelter, material_terms
from engine.position import (
    BISHOP,
    BLACK,
    KING,
    KNIGHT,
    PAWN,
    PIECE_CODES,
    QUEEN,
    ROOK,
    SQ64_TO_120,
    ST_EG,
    ST_MG,
    ST_PHASE,
    ST_SIDE,
)
from engine.scaling import SCALE_NORMAL, endgame_scale

MG_VALUE = (0, 82, 337, 365, 477, 1025, 0)
EG_VALUE = (0, 94, 281, 297, 512, 936, 0)
PHASE_INC = np.array([0, 0, 1, 1, 2, 4, 0, 0], dtype=np.int64)
"""Phase weight per piece type (index = type); a full board is 24."""

# fmt: off
_MG = {
    PAWN: (
        0, 0, 0, 0, 0, 0, 0, 0,
        98, 134, 61, 95, 68, 126, 34, -11,
        -6, 7, 26, 31, 65, 56, 25, -20,
        -14, 13, 6, 21, 23, 12, 17, -23,
        -27, -2, -5, 12, 17, 6, 10, -25,
        -26, -4, -4, -10, 3, 3, 33, -12,
        -35, -1, -20, -23, -15, 24, 38, -22,
        0, 0, 0, 0, 0, 0, 0, 0),
    KNIGHT: (
        -167, -89, -34, -49, 61, -97, -15, -107,
        -73, -41, 72, 36, 23, 62, 7, -17,
        -47, 60, 37, 65, 84, 129, 73, 44,
        -9, 17, 19, 53, 37, 69, 18, 22,
        -13, 4, 16, 13, 28, 19, 21, -8,
        -23, -9, 12, 10, 19, 17, 25, -16,
        -29, -53, -12, -3, -1, 18, -14, -19,
        -105, -21, -58, -33, -17, -28, -19, -23),
    BISHOP: (
        -29, 4, -82, -37, -25, -42, 7, -8,
        -26, 16, -18, -13, 30, 59, 18, -47,
        -16, 37, 43, 40, 35, 50, 37, -2,
        -4, 5, 19, 50, 37, 37, 7, -2,
        -6, 13, 13, 26, 34, 12, 10, 4,
        0, 15, 15, 15, 14, 27, 18, 10,
        4, 15, 16, 0, 7, 21, 33, 1,
        -33, -3, -14, -21, -13, -12, -39, -21),
    ROOK: (
        32, 42, 32, 51, 63, 9, 31, 43,
        27, 32, 58, 62, 80, 67, 26, 44,
        -5, 19, 26, 36, 17, 45, 61, 16,
        -24, -11, 7, 26, 24, 35, -8, -20,
        -36, -26, -12, -1, 9, -7, 6, -23,
        -45, -25, -16, -17, 3, 0, -5, -33,
        -44, -16, -20, -9, -1, 11, -6, -71,
        -19, -13, 1, 17, 16, 7, -37, -26),
    QUEEN: (
        -28, 0, 29, 12, 59, 44, 43, 45,
        -24, -39, -5, 1, -16, 57, 28, 54,
        -13, -17, 7, 8, 29, 56, 47, 57,
        -27, -27, -16, -16, -1, 17, -2, 1,
        -9, -26, -9, -10, -2, -4, 3, -3,
        -14, 2, -11, -2, -5, 2, 14, 5,
        -35, -8, 11, 2, 8, 15, -3, 1,
        -1, -18, -9, 10, -15, -25, -31, -50),
    KING: (
        -65, 23, 16, -15, -56, -34, 2, 13,
        29, -1, -20, -7, -8, -4, -38, -29,
        -9, 24, 2, -16, -20, 6, 22, -22,
        -17, -20, -12, -27, -30, -25, -14, -36,
        -49, -1, -27, -39, -46, -44, -33, -51,
        -14, -14, -22, -46, -44, -30, -15, -27,
        1, 7, -8, -64, -43, -16, 9, 8,
        -15, 36, 12, -54, 8, -28, 24, 14),
}
# fmt: on

# fmt: off
_EG = {
    PAWN: (
        0, 0, 0, 0, 0, 0, 0, 0,
        178, 173, 158, 134, 147, 132, 165, 187,
        94, 100, 85, 67, 56, 53, 82, 84,
        32, 24, 13, 5, -2, 4, 17, 17,
        13, 9, -3, -7, -7, -8, 3, -1,
        4, 7, -6, 1, 0, -5, -1, -8,
        13, 8, 8, 10, 13, 0, 2, -7,
        0, 0, 0, 0, 0, 0, 0, 0),
    KNIGHT: (
        -58, -38, -13, -28, -31, -27, -63, -99,
        -25, -8, -25, -2, -9, -25, -24, -52,
        -24, -20, 10, 9, -1, -9, -19, -41,
        -17, 3, 22, 22, 22, 11, 8, -18,
        -18, -6, 16, 25, 16, 17, 4, -18,
        -23, -3, -1, 15, 10, -3, -20, -22,
        -42, -20, -10, -5, -2, -20, -23, -44,
        -29, -51, -23, -15, -22, -18, -50, -64),
    BISHOP: (
        -14, -21, -11, -8, -7, -9, -17, -24,
        -8, -4, 7, -12, -3, -13, -4, -14,
        2, -8, 0, -1, -2, 6, 0, 4,
        -3, 9, 12, 9, 14, 10, 3, 2,
        -6, 3, 13, 19, 7, 10, -3, -9,
        -12, -3, 8, 10, 13, 3, -7, -15,
        -14, -18, -7, -1, 4, -9, -15, -27,
        -23, -9, -23, -5, -9, -16, -5, -17),
    ROOK: (
        13, 10, 18, 15, 12, 12, 8, 5,
        11, 13, 13, 11, -3, 3, 8, 3,
        7, 7, 7, 5, 4, -3, -5, -3,
        4, 3, 13, 1, 2, 1, -1, 2,
        3, 5, 8, 4, -5, -6, -8, -11,
        -4, 0, -5, -1, -7, -12, -8, -16,
        -6, -6, 0, 2, -9, -9, -11, -3,
        -9, 2, 3, -1, -5, -13, 4, -20),
    QUEEN: (
        -9, 22, 22, 27, 27, 19, 10, 20,
        -17, 20, 32, 41, 58, 25, 30, 0,
        -20, 6, 9, 49, 47, 35, 19, 9,
        3, 22, 24, 45, 57, 40, 57, 36,
        -18, 28, 19, 47, 31, 34, 39, 23,
        -16, -27, 15, 6, 9, 17, 10, 5,
        -22, -23, -30, -16, -16, -23, -36, -32,
        -33, -28, -22, -43, -5, -32, -20, -41),
    KING: (
        -74, -35, -18, -18, -11, 15, 4, -17,
        -12, 17, 14, 17, 17, 38, 23, 11,
        10, 17, 23, 15, 20, 45, 44, 13,
        -8, 22, 24, 27, 26, 33, 26, 3,
        -18, -4, 21, 24, 27, 23, 9, -11,
        -19, -3, 11, 21, 23, 16, 7, -9,
        -27, -11, 4, 13, 14, 4, -5, -17,
        -53, -34, -21, -11, -28, -14, -24, -43),
}
# fmt: on


def _build(tables: Mapping[int, tuple[int, ...]], values: tuple[int, ...]) -> np.ndarray:
    """Signed per-(piece code, mailbox square) table: + for White, - for Black."""
    out = np.zeros((PIECE_CODES, 120), dtype=np.int64)
    for ptype, table in tables.items():
        for sq in range(64):  # python-chess numbering, a1 = 0
            m = SQ64_TO_120[sq]
            out[ptype, m] = values[ptype] + table[sq ^ 56]  # White reads it flipped
            out[BLACK * 8 + ptype, m] = -(values[ptype] + table[sq])  # Black reads it as written
    return out


PST_MG = _build(_MG, MG_VALUE)
"""Middlegame material + PST per piece code and mailbox square, White's view."""
PST_EG = _build(_EG, EG_VALUE)
"""Endgame material + PST per piece code and mailbox square, White's view."""


@njit(cache=True, nogil=True)
def evaluate(board: np.ndarray, st: np.ndarray) -> int:
    """Static evaluation in centipawns from the side to move's view, with the
    engine's weights (engine.eval_weights.WEIGHTS); see :func:`evaluate_with`."""
    return evaluate_with(board, st, WEIGHTS)


@njit(cache=True, nogil=True)
def blend_parts(board: np.ndarray, st: np.ndarray, w: np.ndarray) -> tuple[int, int, int, int]:
    """The parts :func:`evaluate_with` blends, White's view: ``(mg, eg, phase, scale)``.

    ``mg`` and ``eg`` are the incremental sums plus the scanned terms, ``phase`` is clamped
    to 0..24 and ``scale`` is the endgame factor (SCALE_NORMAL when the blend is exactly 0;
    0 for a known draw). The Texel tools call this too, so their model of the blend cannot
    drift from the engine's.
    """
    phase = st[ST_PHASE]
    if phase > 24:
        phase = 24
    scan_mg, scan_eg, bishops, white_files, black_files = board_terms(board, st, w)
    pair_mg, pair_eg = material_terms(st, w)
    mg = st[ST_MG] + scan_mg + pair_mg + king_shelter(board, st, w)
    eg = st[ST_EG] + scan_eg + pair_eg
    blended = mg * phase + eg * (24 - phase)
    # The factor depends only on material, squares and the sign of the blend, so mirrored
    # positions scale alike; a blend of exactly 0 names no side ahead and is left as it is.
    scale = SCALE_NORMAL
    if blended != 0:
        scale = endgame_scale(st, bishops, white_files, black_files, blended > 0, w)
    return mg, eg, phase, scale


@njit(cache=True, nogil=True)
def evaluate_with(board: np.ndarray, st: np.ndarray, w: np.ndarray) -> int:
    """Static evaluation in centipawns from the side to move's view, with weights ``w``
    (laid out as engine.eval_weights.WEIGHTS; a tuner passes its own candidates).

    Blends the incrementally kept middlegame and endgame sums (plus pawn
    structure, king safety, threats, the bishop pair: engine.pawns) by game
    phase, the endgame part scaled by engine.scaling (0: a known draw, the
    evaluation is 0); the blend is computed on the side-to-move score before
    the (floor) division, so mirrored positions give exactly the same number.
    """
    mg, eg, phase, scale = blend_parts(board, st, w)
    if scale == 0:
        return 0  # a known draw
    blended = mg * phase * SCALE_NORMAL + eg * (24 - phase) * scale
    if st[ST_SIDE] == BLACK:
        blended = -blended
    return blended // (24 * SCALE_NORMAL) + w[TEMPO]


@njit(cache=True, nogil=True)
def recompute_sums(board: np.ndarray, st: np.ndarray) -> None:
    """Recompute the incremental PST sums and phase from scratch (used when setting up a position)."""
    mg = 0
    eg = 0
    phase = 0
    for m in range(21, 99):
        p = board[m]
        if p != 0 and p != 16:
            mg += PST_MG[p, m]
            eg += PST_EG[p, m]
            phase += PHASE_INC[p & 7]
    st[ST_MG] = mg
    st[ST_EG] = eg
    st[ST_PHASE] = phase
