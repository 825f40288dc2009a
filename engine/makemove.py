"""make_move / unmake_move with incremental Zobrist hash, PST sums and piece counts (jitted)."""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.accumulators import pass_accumulators, push_accumulators
from engine.attacks import attacked_by, exposes_king
from engine.evaluate import PHASE_INC, PST_EG, PST_MG
from engine.position import (
    A1,
    A8,
    BK_CASTLE,
    BLACK,
    BQ_CASTLE,
    C1,
    D1,
    D8,
    E1,
    E8,
    F1,
    F8,
    FLAG_CASTLE,
    FLAG_DOUBLE,
    FLAG_EP,
    G1,
    G8,
    H1,
    H8,
    KING,
    OFFBOARD,
    PAWN,
    ROOK,
    ST_CASTLE,
    ST_CHECKED,
    ST_COUNT,
    ST_EG,
    ST_EP,
    ST_HALFMOVE,
    ST_HPLY,
    ST_KING,
    ST_MG,
    ST_NONPAWN_KEY,
    ST_PAWN_KEY,
    ST_PHASE,
    ST_SIDE,
    U_CAPTURED,
    U_CASTLE,
    U_CHECKED,
    U_EG,
    U_EP,
    U_HALFMOVE,
    U_MG,
    U_MOVE,
    U_NONPAWN_KEY,
    U_PAWN_KEY,
    U_PHASE,
    U_PIECE,
    WHITE,
    WK_CASTLE,
    WQ_CASTLE,
    move_flags,
    move_from,
    move_promo,
    move_to,
)
from engine.zobrist import ZOBRIST_CASTLE, ZOBRIST_EP, ZOBRIST_NONPAWN, ZOBRIST_PAWN, ZOBRIST_PIECE, ZOBRIST_SIDE

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
def _remove(board: np.ndarray, st: np.ndarray, sq: int, h: np.uint64) -> np.uint64:
    p = board[sq]
    board[sq] = 0
    st[ST_MG] -= PST_MG[p, sq]
    st[ST_EG] -= PST_EG[p, sq]
    st[ST_PHASE] -= PHASE_INC[p & 7]
    st[ST_COUNT + p] -= 1
    st[ST_PAWN_KEY] ^= ZOBRIST_PAWN[p, sq]
    st[ST_NONPAWN_KEY + (p >> 3)] ^= ZOBRIST_NONPAWN[p, sq]
    return h ^ ZOBRIST_PIECE[p, sq]


@njit(cache=True, nogil=True)
def _put(board: np.ndarray, st: np.ndarray, sq: int, p: int, h: np.uint64) -> np.uint64:
    board[sq] = p
    st[ST_MG] += PST_MG[p, sq]
    st[ST_EG] += PST_EG[p, sq]
    st[ST_PHASE] += PHASE_INC[p & 7]
    st[ST_COUNT + p] += 1
    st[ST_PAWN_KEY] ^= ZOBRIST_PAWN[p, sq]
    st[ST_NONPAWN_KEY + (p >> 3)] ^= ZOBRIST_NONPAWN[p, sq]
    return h ^ ZOBRIST_PIECE[p, sq]


@njit(cache=True, nogil=True)
def ep_capturable(board: np.ndarray, to: int, them: int) -> bool:
    """After a double push landing on ``to``: can an enemy pawn capture en passant (pseudo-legally)?"""
    pawn = them * 8 + PAWN
    return board[to - 1] == pawn or board[to + 1] == pawn


@njit(cache=True, nogil=True)
def make_move(board: np.ndarray, st: np.ndarray, hashes: np.ndarray, undo: np.ndarray, move: int) -> bool:
    """Play ``move``; return False (position unchanged) if it leaves the mover in check."""
    frm = move_from(move)
    to = move_to(move)
    promo = move_promo(move)
    flags = move_flags(move)
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
    u[U_PAWN_KEY] = st[ST_PAWN_KEY]
    u[U_NONPAWN_KEY] = st[ST_NONPAWN_KEY]
    u[U_NONPAWN_KEY + 1] = st[ST_NONPAWN_KEY + 1]
    u[U_CHECKED] = st[ST_CHECKED]

    if st[ST_EP] != 0:
        h ^= ZOBRIST_EP[st[ST_EP]]
        st[ST_EP] = 0
    piece = board[frm]
    u[U_PIECE] = piece
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
    # Legality: out of check, a move other than a king move or en passant can only uncover an
    # attack along the line through the square it left (engine.attacks.exposes_king).
    king = st[ST_KING + side]
    if u[U_CHECKED] != 0 or ptype == KING or flags & FLAG_EP:
        exposed = attacked_by(board, st, king, them)
    else:
        exposed = exposes_king(board, king, frm, them)
    if exposed:
        unmake_move(board, st, undo)
        return False
    st[ST_CHECKED] = attacked_by(board, st, st[ST_KING + them], side)
    push_accumulators(board, st, hashes, undo)
    return True


@njit(cache=True, nogil=True)
def unmake_move(board: np.ndarray, st: np.ndarray, undo: np.ndarray) -> None:
    """Take back the last move made with make_move."""
    hply = st[ST_HPLY] - 1
    st[ST_HPLY] = hply
    u = undo[hply]
    move = u[U_MOVE]
    frm = move_from(move)
    to = move_to(move)
    promo = move_promo(move)
    flags = move_flags(move)
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
    st[ST_PAWN_KEY] = u[U_PAWN_KEY]
    st[ST_NONPAWN_KEY] = u[U_NONPAWN_KEY]
    st[ST_NONPAWN_KEY + 1] = u[U_NONPAWN_KEY + 1]
    st[ST_CHECKED] = u[U_CHECKED]


@njit(cache=True, nogil=True)
def make_null(st: np.ndarray, hashes: np.ndarray, undo: np.ndarray) -> None:
    """Pass the move (null-move pruning, never in check). The halfmove clock is reset so that
    repetition detection never looks across a null move. The side that passes was not in
    check, so after it its opponent is not either (the side not to move never is)."""
    hply = st[ST_HPLY]
    h = hashes[hply]
    u = undo[hply]
    u[U_MOVE] = 0
    u[U_EP] = st[ST_EP]
    u[U_HALFMOVE] = st[ST_HALFMOVE]
    u[U_CHECKED] = st[ST_CHECKED]
    st[ST_CHECKED] = 0
    if st[ST_EP] != 0:
        h ^= ZOBRIST_EP[st[ST_EP]]
        st[ST_EP] = 0
    h ^= ZOBRIST_SIDE[0]
    st[ST_SIDE] ^= 1
    st[ST_HALFMOVE] = 0
    st[ST_HPLY] = hply + 1
    hashes[hply + 1] = h
    pass_accumulators(hashes, undo, hply + 1)


@njit(cache=True, nogil=True)
def unmake_null(st: np.ndarray, undo: np.ndarray) -> None:
    """Take back make_null."""
    hply = st[ST_HPLY] - 1
    st[ST_HPLY] = hply
    u = undo[hply]
    st[ST_SIDE] ^= 1
    st[ST_EP] = u[U_EP]
    st[ST_HALFMOVE] = u[U_HALFMOVE]
    st[ST_CHECKED] = u[U_CHECKED]


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


@njit(cache=True, nogil=True)
def compute_pawn_key(board: np.ndarray) -> int:
    """The pawn key (``ST_PAWN_KEY``) from scratch: set-up and consistency checks."""
    k = np.int64(0)
    for m in range(21, 99):
        p = board[m]
        if p != OFFBOARD:
            k ^= ZOBRIST_PAWN[p, m]
    return int(k)


@njit(cache=True, nogil=True)
def compute_nonpawn_key(board: np.ndarray, colour: int) -> int:
    """``colour``'s non-pawn key (``ST_NONPAWN_KEY + colour``) from scratch."""
    k = np.int64(0)
    for m in range(21, 99):
        p = board[m]
        if p != OFFBOARD and p != 0 and p >> 3 == colour:
            k ^= ZOBRIST_NONPAWN[p, m]
    return int(k)
