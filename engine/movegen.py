"""Pseudo-legal move generation on the mailbox board (jitted).

Moves are generated pseudo-legally into a preallocated int32 row; make_move
(engine.makemove) plays one, and if it leaves the mover's king attacked it is
taken back and make_move returns False. That one check covers pins, king moves
into check, check evasions and the rare en-passant capture that exposes the
king along the rank. Castling additionally checks here that the king is not in
check and does not pass through an attacked square (the landing square is the
general check).

make/unmake are re-exported from here for convenience.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.attacks import BISHOP_DIRS, KING_STEPS, KNIGHT_STEPS, ROOK_DIRS, in_check, is_attacked
from engine.makemove import (  # noqa: F401  (re-exported)
    compute_hash,
    compute_nonpawn_key,
    compute_pawn_key,
    ep_capturable,
    make_move,
    make_null,
    unmake_move,
    unmake_null,
)
from engine.position import (
    B1,
    B8,
    BK_CASTLE,
    BLACK,
    BQ_CASTLE,
    C1,
    C8,
    D1,
    D8,
    E1,
    E8,
    F1,
    F8,
    FLAG_CAPTURE,
    FLAG_CASTLE,
    FLAG_DOUBLE,
    FLAG_EP,
    G1,
    G8,
    KING,
    KNIGHT,
    PAWN,
    QUEEN,
    ROOK,
    ST_CASTLE,
    ST_EP,
    ST_SIDE,
    WHITE,
    WK_CASTLE,
    WQ_CASTLE,
    encode_move,
)

__all__ = [
    "gen_moves",
    "in_check",
    "is_attacked",
    "make_move",
    "unmake_move",
    "make_null",
    "unmake_null",
    "compute_hash",
    "compute_pawn_key",
    "compute_nonpawn_key",
    "ep_capturable",
]


@njit(cache=True, nogil=True)
def _add_pawn_moves(buf: np.ndarray, n: int, frm: int, to: int, flags: int, promotes: bool, noisy_only: bool) -> int:
    if promotes:
        buf[n] = encode_move(frm, to, QUEEN, flags)
        n += 1
        if not noisy_only:
            for promo in range(KNIGHT, QUEEN):
                buf[n] = encode_move(frm, to, promo, flags)
                n += 1
    else:
        buf[n] = encode_move(frm, to, 0, flags)
        n += 1
    return n


@njit(cache=True, nogil=True)
def gen_moves(board: np.ndarray, st: np.ndarray, buf: np.ndarray, noisy_only: bool) -> int:
    """Write pseudo-legal moves into ``buf`` and return their number.

    ``noisy_only`` restricts to captures and queen promotions (quiescence).
    """
    side = st[ST_SIDE]
    them = side ^ 1
    ep = st[ST_EP]
    n = np.int64(0)
    fwd = 10 if side == WHITE else -10
    for frm in range(21, 99):
        p = board[frm]
        if p == 0 or (p >> 3) != side:
            continue
        ptype = p & 7
        if ptype == PAWN:
            promotes = (side == WHITE and frm >= 81) or (side == BLACK and frm <= 38)
            to = frm + fwd
            if board[to] == 0:
                if promotes or not noisy_only:
                    n = _add_pawn_moves(buf, n, frm, to, np.int64(0), promotes, noisy_only)
                if not noisy_only:
                    home = (side == WHITE and frm <= 38) or (side == BLACK and frm >= 81)
                    if home and board[to + fwd] == 0:
                        buf[n] = encode_move(frm, to + fwd, 0, FLAG_DOUBLE)
                        n += 1
            for d in range(fwd - 1, fwd + 2, 2):
                to = frm + d
                q = board[to]
                if q != 0 and (q >> 3) == them:
                    n = _add_pawn_moves(buf, n, frm, to, np.int64(FLAG_CAPTURE), promotes, noisy_only)
                elif to == ep and q == 0:
                    buf[n] = encode_move(frm, to, 0, FLAG_EP | FLAG_CAPTURE)
                    n += 1
        elif ptype == KNIGHT or ptype == KING:
            for i in range(8):
                to = frm + (KNIGHT_STEPS[i] if ptype == KNIGHT else KING_STEPS[i])
                q = board[to]
                if q == 0:
                    if not noisy_only:
                        buf[n] = encode_move(frm, to, 0, 0)
                        n += 1
                elif (q >> 3) == them:
                    buf[n] = encode_move(frm, to, 0, FLAG_CAPTURE)
                    n += 1
        else:
            lo = 0 if ptype == ROOK else 4
            hi = 4 if ptype == ROOK else 8
            if ptype == QUEEN:
                lo = 0
            for i in range(lo, hi):
                d = ROOK_DIRS[i] if i < 4 else BISHOP_DIRS[i - 4]
                to = frm + d
                while True:
                    q = board[to]
                    if q == 0:
                        if not noisy_only:
                            buf[n] = encode_move(frm, to, 0, 0)
                            n += 1
                    else:
                        if (q >> 3) == them:
                            buf[n] = encode_move(frm, to, 0, FLAG_CAPTURE)
                            n += 1
                        break
                    to += d
    if not noisy_only:
        n = _gen_castling(board, st, buf, n)
    return n  # type: ignore[return-value]  # a numpy int64 scalar; Numba treats it as int


@njit(cache=True, nogil=True)
def _gen_castling(board: np.ndarray, st: np.ndarray, buf: np.ndarray, n: int) -> int:
    rights = st[ST_CASTLE]
    side = st[ST_SIDE]
    if side == WHITE:
        if rights & (WK_CASTLE | WQ_CASTLE) == 0 or is_attacked(board, np.int64(E1), np.int64(BLACK)):
            return n
        if (
            rights & WK_CASTLE
            and board[F1] == 0
            and board[G1] == 0
            and not is_attacked(board, np.int64(F1), np.int64(BLACK))
        ):
            buf[n] = encode_move(E1, G1, 0, FLAG_CASTLE)
            n += 1
        if (
            rights & WQ_CASTLE
            and board[D1] == 0
            and board[C1] == 0
            and board[B1] == 0
            and not is_attacked(board, np.int64(D1), np.int64(BLACK))
        ):
            buf[n] = encode_move(E1, C1, 0, FLAG_CASTLE)
            n += 1
    else:
        if rights & (BK_CASTLE | BQ_CASTLE) == 0 or is_attacked(board, np.int64(E8), np.int64(WHITE)):
            return n
        if (
            rights & BK_CASTLE
            and board[F8] == 0
            and board[G8] == 0
            and not is_attacked(board, np.int64(F8), np.int64(WHITE))
        ):
            buf[n] = encode_move(E8, G8, 0, FLAG_CASTLE)
            n += 1
        if (
            rights & BQ_CASTLE
            and board[D8] == 0
            and board[C8] == 0
            and board[B8] == 0
            and not is_attacked(board, np.int64(D8), np.int64(WHITE))
        ):
            buf[n] = encode_move(E8, C8, 0, FLAG_CASTLE)
            n += 1
    return n
