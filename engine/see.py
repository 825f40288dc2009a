"""Static exchange evaluation (jitted): does a move win at least ``threshold`` material?

Contract
--------
``see_ge(board, move, threshold)`` answers whether playing ``move`` (pseudo-legal,
on the position *before* it is made) and then letting both sides recapture on its
target square, each with its least valuable attacker and each free to stop when
going on would lose, leaves the mover at least ``threshold`` centipawns ahead
(values: engine.params.SEE_VALUE). Like Stockfish's ``see_ge``:

* x-rays count: a slider behind a piece that has taken part joins in;
* pins and checks are ignored (a pinned piece may recapture);
* the king only recaptures when the other side has no attacker left;
* promotions: the mover's gain includes the promotion (queen minus pawn) and the
  piece at risk is the promoted piece; later recaptures by pawns on the last rank
  are counted as pawns;
* en passant wins a pawn (the captured pawn also leaves its square, which can open a file);
* castling is an even exchange (0).

The board is used as scratch space: pieces that have taken part are marked with
``REMOVED`` and the marks are cleared before returning, so the board is unchanged
afterwards. Nothing is allocated.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.attacks import BISHOP_DIRS, KING_STEPS, KNIGHT_STEPS, ROOK_DIRS
from engine.params import SEE_VALUE
from engine.position import (
    BISHOP,
    FLAG_CASTLE,
    FLAG_EP,
    KING,
    KNIGHT,
    OFFBOARD,
    PAWN,
    QUEEN,
    ROOK,
    WHITE,
    move_flags,
    move_from,
    move_promo,
    move_to,
)

REMOVED = 32
"""Mark on a board square whose piece has already taken part in the exchange (empty for SEE)."""
_NONE = 7
"""Piece type above KING: 'no attacker found yet'."""


@njit(cache=True, nogil=True, inline="always")
def _slider_attacker(board: np.ndarray, sq: int, d: int, colour: int, kind: int) -> int:
    """Square of the first piece along direction ``d`` from ``sq`` (skipping removed pieces)
    if it is ``colour``'s queen or ``kind`` (BISHOP on diagonals, ROOK on files and ranks); 0 otherwise."""
    t = sq + d
    while board[t] == 0 or board[t] & REMOVED:
        t += d
    p = board[t]
    if p != OFFBOARD and p >> 3 == colour and ((p & 7) == kind or (p & 7) == QUEEN):
        return t
    return 0


@njit(cache=True, nogil=True)
def least_attacker(board: np.ndarray, sq: int, colour: int) -> int:
    """Mailbox square of ``colour``'s least valuable piece attacking ``sq`` (removed pieces
    do not attack and do not block), 0 if none."""
    base = colour * 8
    if colour == WHITE:
        if board[sq - 9] == base + PAWN:
            return sq - 9
        if board[sq - 11] == base + PAWN:
            return sq - 11
    else:
        if board[sq + 9] == base + PAWN:
            return sq + 9
        if board[sq + 11] == base + PAWN:
            return sq + 11
    for i in range(8):
        t = sq + KNIGHT_STEPS[i]
        if board[t] == base + KNIGHT:
            return t
    best_sq = 0
    best_type = _NONE
    for i in range(4):
        t = _slider_attacker(board, sq, BISHOP_DIRS[i], colour, BISHOP)
        if t != 0 and (board[t] & 7) < best_type:
            best_sq = t
            best_type = board[t] & 7
    if best_type == BISHOP:
        return best_sq
    for i in range(4):
        t = _slider_attacker(board, sq, ROOK_DIRS[i], colour, ROOK)
        if t != 0 and (board[t] & 7) < best_type:
            best_sq = t
            best_type = board[t] & 7
    if best_sq != 0:
        return best_sq
    for i in range(8):
        t = sq + KING_STEPS[i]
        if board[t] == base + KING:
            return t
    return 0


_MARKS_PER_WORD = 9
"""Marked squares remembered per int64 (7 bits each); more than two words' worth (a rare
exchange of over 18 pieces) falls back to clearing every square that can be marked."""


@njit(cache=True, nogil=True, inline="always")
def _remember(marks: int, count: int, sq: int) -> int:
    """``marks`` (one word of packed squares) with ``sq`` added if it is this word's turn."""
    if 0 <= count < _MARKS_PER_WORD:
        return marks | (sq << (7 * count))
    return marks


@njit(cache=True, nogil=True, inline="always")
def _unmark(board: np.ndarray, marks: int, count: int) -> None:
    for k in range(min(count, _MARKS_PER_WORD)):
        board[(marks >> (7 * k)) & 127] &= ~REMOVED


@njit(cache=True, nogil=True)
def _clear_all_marks(board: np.ndarray, sq: int) -> None:
    """Take the REMOVED marks off every square that can have been marked: those on the
    eight rays from ``sq`` and its knight squares (every attacker stands on one)."""
    for i in range(4):
        for d in (BISHOP_DIRS[i], ROOK_DIRS[i]):
            t = sq + d
            while board[t] != OFFBOARD:
                board[t] &= ~REMOVED
                t += d
    for i in range(8):
        t = sq + KNIGHT_STEPS[i]
        if board[t] & REMOVED:
            board[t] &= ~REMOVED


@njit(cache=True, nogil=True)
def see_ge(board: np.ndarray, move: int, threshold: int) -> bool:
    """Whether the static exchange started by ``move`` gains at least ``threshold`` (module contract)."""
    flags = move_flags(move)
    if flags & FLAG_CASTLE:
        return threshold <= 0
    frm = move_from(move)
    to = move_to(move)
    promo = move_promo(move)
    mover = board[frm]
    gain = SEE_VALUE[board[to] & 7]
    at_risk = SEE_VALUE[mover & 7]
    if flags & FLAG_EP:
        gain = SEE_VALUE[PAWN]
    if promo != 0:
        gain += SEE_VALUE[promo] - SEE_VALUE[PAWN]
        at_risk = SEE_VALUE[promo]
    # ``swap`` is what the side to move in the exchange must win back for the balance to stay
    # on the mover's side of the threshold; ``result`` is 1 while the mover is winning.
    swap = gain - threshold
    if swap < 0:
        return False  # even if nothing recaptures, the gain falls short
    swap = at_risk - swap
    if swap <= 0:
        return True  # even losing the piece at once keeps the threshold
    # The squares marked REMOVED are remembered (two words of packed squares) to unmark them.
    board[frm] |= REMOVED
    marks1 = _remember(0, 0, frm)
    marks2 = 0
    count = 1
    if flags & FLAG_EP:
        cap = to - 10 if mover >> 3 == WHITE else to + 10
        board[cap] |= REMOVED
        marks1 = _remember(marks1, count, cap)
        count += 1
    side = mover >> 3
    result = 1
    while True:
        side ^= 1
        a = least_attacker(board, to, side)
        if a == 0:
            break
        result ^= 1
        kind = board[a] & 7
        if kind == KING:
            # The king may only take last: if the other side still attacks, it cannot.
            if least_attacker(board, to, side ^ 1) != 0:
                result ^= 1
            break
        swap = SEE_VALUE[kind] - swap
        if swap < result:
            break
        board[a] |= REMOVED
        marks1 = _remember(marks1, count, a)
        marks2 = _remember(marks2, count - _MARKS_PER_WORD, a)
        count += 1
    if count <= 2 * _MARKS_PER_WORD:
        _unmark(board, marks1, count)
        _unmark(board, marks2, count - _MARKS_PER_WORD)
    else:
        _clear_all_marks(board, to)
    return result != 0
