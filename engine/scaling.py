"""Endgame scaling (jitted): how much of the endgame score the side ahead can hope to keep.

:func:`endgame_scale` returns a factor in 64ths (SCALE_NORMAL = 64 keeps all) that
engine.evaluate applies to the endgame part of the blend. It depends only on the
material and a few squares, never on whose view the score is taken from, so
colour-mirrored positions scale alike. Known draws go to 0 (the evaluation is then 0):

* the side ahead has no pawns and at most a minor piece, or two knights against
  a bare king: it cannot mate (engine.draws.insufficient_material, which ends the
  search, covers only a lone minor on the whole board);
* rook pawns, alone or with a bishop that does not control the promotion square,
  with the defending king on or next to that square.

Drawish, not drawn:

* pawnless endings at most a minor piece up (SCALE_PAWNLESS; the rule the
  evaluation had before this module, as drawish_scale in engine.pawns);
* opposite-coloured bishops, more so without other pieces (SCALE_OCB_PURE / SCALE_OCB_PIECES).

The scale weights live in engine.eval_weights and are tuned (tools/texel_tune.py) like the others.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.eval_weights import SCALE_OCB_PIECES, SCALE_OCB_PURE, SCALE_PAWNLESS
from engine.params import PIECE_VALUE_PAWNS
from engine.position import BISHOP, KNIGHT, PAWN, QUEEN, ROOK, ST_COUNT, ST_KING

SCALE_NORMAL = 64
"""The factor that keeps the whole endgame score (the unit of endgame_scale)."""
PAWNLESS_MAX_MATERIAL = 13
"""Pawnless scaling applies only while the side ahead has less than this (in pawns, engine.params)."""
OCB_WHITE_LIGHT = 0b1001
OCB_WHITE_DARK = 0b0110
"""bishop_flag sets of opposite-coloured bishops: White's bishop on one square colour, Black's on the other."""


@njit(cache=True, nogil=True)
def pieces_value(st: np.ndarray, colour: int) -> int:
    """Knights, bishops, rooks and queens of ``colour`` in whole pawns."""
    base = ST_COUNT + 8 * colour
    return (
        PIECE_VALUE_PAWNS[KNIGHT] * st[base + KNIGHT]
        + PIECE_VALUE_PAWNS[BISHOP] * st[base + BISHOP]
        + PIECE_VALUE_PAWNS[ROOK] * st[base + ROOK]
        + PIECE_VALUE_PAWNS[QUEEN] * st[base + QUEEN]
    )


@njit(cache=True, nogil=True, inline="always")
def square_colour(m: int) -> int:
    """1 for dark squares (a1), 0 for light ones (h1), of mailbox square ``m``."""
    return (m % 10 + m // 10) & 1


@njit(cache=True, nogil=True, inline="always")
def bishop_flag(colour: int, m: int) -> int:
    """The bit for a bishop of ``colour`` on mailbox square ``m``: bit 2 * colour + square colour."""
    return 1 << (2 * colour + square_colour(m))


_FILE_A = 15 << 4
_FILE_H = 15 << 32
"""The a- and h-file nibbles of a per-file pawn count (4 bits per mailbox file 1..8)."""


@njit(cache=True, nogil=True, inline="always")
def rook_pawn_file(pawn_files: int) -> int:
    """The mailbox file (1 = a, 8 = h) if every pawn counted in ``pawn_files`` (4 bits per mailbox
    file, as engine.pawns.board_terms counts them) stands on the same rook file, else 0 (also with no pawns)."""
    if pawn_files == 0:
        return 0
    if (pawn_files & _FILE_A) == pawn_files:
        return 1
    if (pawn_files & _FILE_H) == pawn_files:
        return 8
    return 0


@njit(cache=True, nogil=True)
def endgame_scale(
    st: np.ndarray, bishops: int, white_files: int, black_files: int, white_ahead: bool, w: np.ndarray
) -> int:
    """Factor, in 64ths, of the endgame score to keep when ``white_ahead`` (else Black is ahead);
    ``bishops``: the bishop_flag bits of every bishop, ``white_files`` / ``black_files``: each side's
    pawns per file, 4 bits per mailbox file (engine.pawns.board_terms collects both)."""
    strong = 0 if white_ahead else 1
    weak = strong ^ 1
    s = ST_COUNT + 8 * strong
    strong_pawns = st[s + PAWN]
    strong_pieces = pieces_value(st, strong)
    weak_pieces = pieces_value(st, weak)
    if strong_pawns == 0:
        # A lone minor cannot mate; nor can two knights against a bare king.
        if strong_pieces <= PIECE_VALUE_PAWNS[BISHOP]:
            return 0
        if st[s + KNIGHT] == 2 and strong_pieces == 2 * PIECE_VALUE_PAWNS[KNIGHT] and weak_pieces == 0:
            if st[ST_COUNT + 8 * weak + PAWN] == 0:
                return 0
        if strong_pieces - weak_pieces <= PIECE_VALUE_PAWNS[KNIGHT] and strong_pieces < PAWNLESS_MAX_MATERIAL:
            return w[SCALE_PAWNLESS]
        return SCALE_NORMAL
    if strong_pieces == 0 or (strong_pieces == PIECE_VALUE_PAWNS[BISHOP] and st[s + BISHOP] == 1):
        # Rook pawns (and at most a bishop): a draw when the defending king holds the corner
        # and the bishop, if any, does not control the promotion square.
        f = rook_pawn_file(white_files if strong == 0 else black_files)
        if f != 0:
            corner = f + (90 if strong == 0 else 20)
            king = st[ST_KING + weak]
            if abs(king % 10 - f) <= 1 and abs(king // 10 - corner // 10) <= 1:
                if strong_pieces == 0 or bishops & bishop_flag(strong, corner) == 0:
                    return 0
    # Opposite-coloured bishops: one bishop each, on different square colours.
    if st[ST_COUNT + BISHOP] == 1 and st[ST_COUNT + 8 + BISHOP] == 1:
        if bishops == OCB_WHITE_LIGHT or bishops == OCB_WHITE_DARK:
            bishop_value = PIECE_VALUE_PAWNS[BISHOP]
            if strong_pieces == bishop_value and weak_pieces == bishop_value:
                return w[SCALE_OCB_PURE]
            return w[SCALE_OCB_PIECES]
    return SCALE_NORMAL
