"""Move generation and make/unmake on the mailbox board (all jitted).

Moves are generated pseudo-legally into a preallocated int32 row; make_move
plays one, and if it leaves the mover's king attacked it is taken back and
make_move returns False. That one check covers pins, king moves into check,
check evasions and the rare en-passant capture that exposes the king along the
rank. Castling additionally checks that the king is not in check and does not
pass through an attacked square (the landing square is the general check).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.evaluate import PHASE_INC, PST_EG, PST_MG
from engine.position import (
    BISHOP, BLACK, C1, C8, D1, D8, E1, E8, F1, F8, FLAG_CAPTURE, FLAG_CASTLE,
    FLAG_DOUBLE, FLAG_EP, G1, G8, A1, A8, H1, H8, B1, B8, KING, KNIGHT, OFFBOARD,
    PAWN, QUEEN, ROOK, ST_CASTLE, ST_COUNT, ST_EG, ST_EP, ST_HALFMOVE, ST_HPLY,
    ST_KING, ST_MG, ST_PHASE, ST_SIDE, U_CAPTURED, U_CASTLE, U_EG, U_EP,
    U_HALFMOVE, U_MG, U_MOVE, U_PHASE, WHITE, WK_CASTLE, WQ_CASTLE, BK_CASTLE,
    BQ_CASTLE,
)
from engine.zobrist import ZOBRIST_CASTLE, ZOBRIST_EP, ZOBRIST_PIECE, ZOBRIST_SIDE

KNIGHT_STEPS = np.array([-21, -19, -12, -8, 8, 12, 19, 21], dtype=np.int64)
KING_STEPS = np.array([-11, -10, -9, -1, 1, 9, 10, 11], dtype=np.int64)
BISHOP_DIRS = np.array([-11, -9, 9, 11], dtype=np.int64)
ROOK_DIRS = np.array([-10, -1, 1, 10], dtype=np.int64)

# Castling rights that survive a move touching a square (from or to).
_mask = np.full(120, 15, dtype=np.int64)
_mask[E1] = 15 & ~(WK_CASTLE | WQ_CASTLE)
_mask[H1] = 15 & ~WK_CASTLE
_mask[A1] = 15 & ~WQ_CASTLE
_mask[E8] = 15 & ~(BK_CASTLE | BQ_CASTLE)
_mask[H8] = 15 & ~BK_CASTLE
_mask[A8] = 15 & ~BQ_CASTLE
CASTLE_KEEP = _mask


@njit(cache=True, nogil=True)
def is_attacked(board: np.ndarray, sq: int, by: int) -> bool:
    """True if side ``by`` attacks mailbox square ``sq``."""
    base = by * 8
    # Pawns: a White pawn attacks +9/+11, so it sits at sq-9 / sq-11.
    if by == WHITE:
        if board[sq - 9] == base + PAWN or board[sq - 11] == base + PAWN:
            return True
    else:
        if board[sq + 9] == base + PAWN or board[sq + 11] == base + PAWN:
            return True
    knight = base + KNIGHT
    for i in range(8):
        if board[sq + KNIGHT_STEPS[i]] == knight:
            return True
    king = base + KING
    for i in range(8):
        if board[sq + KING_STEPS[i]] == king:
            return True
    bishop = base + BISHOP
    rook = base + ROOK
    queen = base + QUEEN
    for i in range(4):
        d = BISHOP_DIRS[i]
        t = sq + d
        while board[t] == 0:
            t += d
        p = board[t]
        if p == bishop or p == queen:
            return True
    for i in range(4):
        d = ROOK_DIRS[i]
        t = sq + d
        while board[t] == 0:
            t += d
        p = board[t]
        if p == rook or p == queen:
            return True
    return False


@njit(cache=True, nogil=True)
def in_check(board: np.ndarray, st: np.ndarray) -> bool:
    """True if the side to move is in check."""
    side = st[ST_SIDE]
    return is_attacked(board, st[ST_KING + side], side ^ 1)


@njit(cache=True, nogil=True)
def _add_pawn_moves(buf: np.ndarray, n: int, frm: int, to: int, flags: int,
                    promotes: bool, noisy_only: bool) -> int:
    if promotes:
        buf[n] = frm | (to << 7) | (QUEEN << 14) | (flags << 17)
        n += 1
        if not noisy_only:
            for promo in range(KNIGHT, QUEEN):
                buf[n] = frm | (to << 7) | (promo << 14) | (flags << 17)
                n += 1
    else:
        buf[n] = frm | (to << 7) | (flags << 17)
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
                        buf[n] = frm | ((to + fwd) << 7) | (FLAG_DOUBLE << 17)
                        n += 1
            for d in range(fwd - 1, fwd + 2, 2):
                to = frm + d
                q = board[to]
                if q != 0 and (q >> 3) == them:
                    n = _add_pawn_moves(buf, n, frm, to, np.int64(FLAG_CAPTURE), promotes, noisy_only)
                elif to == ep and q == 0:
                    buf[n] = frm | (to << 7) | ((FLAG_EP | FLAG_CAPTURE) << 17)
                    n += 1
        elif ptype == KNIGHT or ptype == KING:
            for i in range(8):
                to = frm + (KNIGHT_STEPS[i] if ptype == KNIGHT else KING_STEPS[i])
                q = board[to]
                if q == 0:
                    if not noisy_only:
                        buf[n] = frm | (to << 7)
                        n += 1
                elif (q >> 3) == them:
                    buf[n] = frm | (to << 7) | (FLAG_CAPTURE << 17)
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
                            buf[n] = frm | (to << 7)
                            n += 1
                    else:
                        if (q >> 3) == them:
                            buf[n] = frm | (to << 7) | (FLAG_CAPTURE << 17)
                            n += 1
                        break
                    to += d
    if not noisy_only:
        n = _gen_castling(board, st, buf, n)
    return n


@njit(cache=True, nogil=True)
def _gen_castling(board: np.ndarray, st: np.ndarray, buf: np.ndarray, n: int) -> int:
    rights = st[ST_CASTLE]
    side = st[ST_SIDE]
    if side == WHITE:
        if rights & (WK_CASTLE | WQ_CASTLE) == 0 or is_attacked(board, np.int64(E1), np.int64(BLACK)):
            return n
        if rights & WK_CASTLE and board[F1] == 0 and board[G1] == 0 \
                and not is_attacked(board, np.int64(F1), np.int64(BLACK)):
            buf[n] = E1 | (G1 << 7) | (FLAG_CASTLE << 17)
            n += 1
        if rights & WQ_CASTLE and board[D1] == 0 and board[C1] == 0 and board[B1] == 0 \
                and not is_attacked(board, np.int64(D1), np.int64(BLACK)):
            buf[n] = E1 | (C1 << 7) | (FLAG_CASTLE << 17)
            n += 1
    else:
        if rights & (BK_CASTLE | BQ_CASTLE) == 0 or is_attacked(board, np.int64(E8), np.int64(WHITE)):
            return n
        if rights & BK_CASTLE and board[F8] == 0 and board[G8] == 0 \
                and not is_attacked(board, np.int64(F8), np.int64(WHITE)):
            buf[n] = E8 | (G8 << 7) | (FLAG_CASTLE << 17)
            n += 1
        if rights & BQ_CASTLE and board[D8] == 0 and board[C8] == 0 and board[B8] == 0 \
                and not is_attacked(board, np.int64(D8), np.int64(WHITE)):
            buf[n] = E8 | (C8 << 7) | (FLAG_CASTLE << 17)
            n += 1
    return n


@njit(cache=True, nogil=True)
def _remove(board, st, sq, h):
    p = board[sq]
    board[sq] = 0
    st[ST_MG] -= PST_MG[p, sq]
    st[ST_EG] -= PST_EG[p, sq]
    st[ST_PHASE] -= PHASE_INC[p & 7]
    st[ST_COUNT + p] -= 1
    return h ^ ZOBRIST_PIECE[p, sq]


@njit(cache=True, nogil=True)
def _put(board, st, sq, p, h):
    board[sq] = p
    st[ST_MG] += PST_MG[p, sq]
    st[ST_EG] += PST_EG[p, sq]
    st[ST_PHASE] += PHASE_INC[p & 7]
    st[ST_COUNT + p] += 1
    return h ^ ZOBRIST_PIECE[p, sq]


@njit(cache=True, nogil=True)
def ep_capturable(board: np.ndarray, to: int, them: int) -> bool:
    """After a double push landing on ``to``: can an enemy pawn capture en passant (pseudo-legally)?"""
    pawn = them * 8 + PAWN
    return board[to - 1] == pawn or board[to + 1] == pawn


@njit(cache=True, nogil=True)
def make_move(board: np.ndarray, st: np.ndarray, hashes: np.ndarray, undo: np.ndarray,
              move: int) -> bool:
    """Play ``move``; return False (position unchanged) if it leaves the mover in check."""
    frm = move & 127
    to = (move >> 7) & 127
    promo = (move >> 14) & 7
    flags = (move >> 17) & 15
    side = st[ST_SIDE]
    them = side ^ 1
    hply = st[ST_HPLY]
    h = hashes[hply]

    u = undo[hply]
    u[U_MOVE] = move
    u[U_CAPTURED] = board[to]
    u[U_CASTLE] = st[ST_CASTLE]
    u[U_EP] = st[ST_EP]
    u[U_HALFMOVE] = st[ST_HALFMOVE]
    u[U_MG] = st[ST_MG]
    u[U_EG] = st[ST_EG]
    u[U_PHASE] = st[ST_PHASE]

    if st[ST_EP] != 0:
        h ^= ZOBRIST_EP[st[ST_EP]]
        st[ST_EP] = 0
    piece = board[frm]
    st[ST_HALFMOVE] += 1
    if board[to] != 0:
        h = _remove(board, st, to, h)
        st[ST_HALFMOVE] = 0
    elif flags & FLAG_EP:
        h = _remove(board, st, to - 10 if side == WHITE else to + 10, h)
    h = _remove(board, st, frm, h)
    if promo != 0:
        h = _put(board, st, to, side * 8 + promo, h)
    else:
        h = _put(board, st, to, piece, h)
    ptype = piece & 7
    if ptype == PAWN:
        st[ST_HALFMOVE] = 0
        if flags & FLAG_DOUBLE and ep_capturable(board, to, them):
            st[ST_EP] = (frm + to) // 2
            h ^= ZOBRIST_EP[st[ST_EP]]
    elif ptype == KING:
        st[ST_KING + side] = to
        if flags & FLAG_CASTLE:
            if to == G1:
                h = _remove(board, st, np.int64(H1), h)
                h = _put(board, st, np.int64(F1), side * 8 + ROOK, h)
            elif to == C1:
                h = _remove(board, st, np.int64(A1), h)
                h = _put(board, st, np.int64(D1), side * 8 + ROOK, h)
            elif to == G8:
                h = _remove(board, st, np.int64(H8), h)
                h = _put(board, st, np.int64(F8), side * 8 + ROOK, h)
            else:
                h = _remove(board, st, np.int64(A8), h)
                h = _put(board, st, np.int64(D8), side * 8 + ROOK, h)
    rights = st[ST_CASTLE] & CASTLE_KEEP[frm] & CASTLE_KEEP[to]
    if rights != st[ST_CASTLE]:
        h ^= ZOBRIST_CASTLE[st[ST_CASTLE]] ^ ZOBRIST_CASTLE[rights]
        st[ST_CASTLE] = rights
    h ^= ZOBRIST_SIDE[0]
    st[ST_SIDE] = them
    st[ST_HPLY] = hply + 1
    hashes[hply + 1] = h
    if is_attacked(board, st[ST_KING + side], them):
        unmake_move(board, st, undo)
        return False
    return True


@njit(cache=True, nogil=True)
def unmake_move(board: np.ndarray, st: np.ndarray, undo: np.ndarray) -> None:
    """Take back the last move made with make_move."""
    hply = st[ST_HPLY] - 1
    st[ST_HPLY] = hply
    u = undo[hply]
    move = u[U_MOVE]
    frm = move & 127
    to = (move >> 7) & 127
    promo = (move >> 14) & 7
    flags = (move >> 17) & 15
    them = st[ST_SIDE]
    side = them ^ 1
    st[ST_SIDE] = side
    piece = board[to]
    st[ST_COUNT + piece] -= 1
    if promo != 0:
        piece = side * 8 + PAWN
    st[ST_COUNT + piece] += 1
    board[frm] = piece
    captured = u[U_CAPTURED]
    board[to] = captured
    if captured != 0:
        st[ST_COUNT + captured] += 1
    if flags & FLAG_EP:
        cap_sq = to - 10 if side == WHITE else to + 10
        board[cap_sq] = them * 8 + PAWN
        st[ST_COUNT + them * 8 + PAWN] += 1
    if piece & 7 == KING:
        st[ST_KING + side] = frm
        if flags & FLAG_CASTLE:
            rook = side * 8 + ROOK
            if to == G1:
                board[F1] = 0
                board[H1] = rook
            elif to == C1:
                board[D1] = 0
                board[A1] = rook
            elif to == G8:
                board[F8] = 0
                board[H8] = rook
            else:
                board[D8] = 0
                board[A8] = rook
    st[ST_CASTLE] = u[U_CASTLE]
    st[ST_EP] = u[U_EP]
    st[ST_HALFMOVE] = u[U_HALFMOVE]
    st[ST_MG] = u[U_MG]
    st[ST_EG] = u[U_EG]
    st[ST_PHASE] = u[U_PHASE]


@njit(cache=True, nogil=True)
def make_null(st: np.ndarray, hashes: np.ndarray, undo: np.ndarray) -> None:
    """Pass the move (null-move pruning). The halfmove clock is reset so that
    repetition detection never looks across a null move."""
    hply = st[ST_HPLY]
    h = hashes[hply]
    u = undo[hply]
    u[U_MOVE] = 0
    u[U_EP] = st[ST_EP]
    u[U_HALFMOVE] = st[ST_HALFMOVE]
    if st[ST_EP] != 0:
        h ^= ZOBRIST_EP[st[ST_EP]]
        st[ST_EP] = 0
    h ^= ZOBRIST_SIDE[0]
    st[ST_SIDE] ^= 1
    st[ST_HALFMOVE] = 0
    st[ST_HPLY] = hply + 1
    hashes[hply + 1] = h


@njit(cache=True, nogil=True)
def unmake_null(st: np.ndarray, undo: np.ndarray) -> None:
    """Take back make_null."""
    hply = st[ST_HPLY] - 1
    st[ST_HPLY] = hply
    u = undo[hply]
    st[ST_SIDE] ^= 1
    st[ST_EP] = u[U_EP]
    st[ST_HALFMOVE] = u[U_HALFMOVE]


@njit(cache=True, nogil=True)
def compute_hash(board: np.ndarray, st: np.ndarray) -> np.uint64:
    """Zobrist key from scratch (set-up and consistency checks)."""
    h = np.uint64(0)
    for m in range(21, 99):
        p = board[m]
        if p != 0 and p != OFFBOARD:
            h ^= ZOBRIST_PIECE[p, m]
    h ^= ZOBRIST_CASTLE[st[ST_CASTLE]]
    if st[ST_EP] != 0:
        h ^= ZOBRIST_EP[st[ST_EP]]
    if st[ST_SIDE] == BLACK:
        h ^= ZOBRIST_SIDE[0]
    return h
