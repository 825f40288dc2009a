"""Perft: count leaf nodes of the legal move tree (the move generator's correctness test).

Depths are clamped to MAX_PERFT_DEPTH (one move-buffer row per ply), and a
perft can be interrupted through a stop flag like a search (UCI ``stop``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.fen import position_from_fen
from engine.limits import clamp_perft_depth
from engine.movegen import gen_moves, is_attacked, make_move, unmake_move
from engine.position import (
    BISHOP,
    FLAG_EP,
    MAX_PLY,
    QUEEN,
    ROOK,
    SQ64_TO_120,
    ST_KING,
    ST_SIDE,
    move_flags,
    move_from,
    move_to,
    move_to_uci,
)


def _line_directions() -> np.ndarray:
    """LINE_DIR[a, b]: the step leading from mailbox square a towards b on a
    rank, file or diagonal, 0 when they are not aligned."""
    table = np.zeros((120, 120), dtype=np.int64)
    for a in SQ64_TO_120:
        for step in (-11, -10, -9, -1, 1, 9, 10, 11):
            b = a + step
            while b in SQ64_TO_120:
                table[a, b] = step
                b += step
    return table


LINE_DIR = _line_directions()


@njit(cache=True, nogil=True)
def _is_pinned(board: np.ndarray, king: int, frm: int, them: int) -> int:
    """The pin direction if the piece on ``frm`` is pinned to ``king``, else 0."""
    d = LINE_DIR[king, frm]
    if d == 0:
        return 0
    t = king + d
    while t != frm:
        if board[t] != 0:
            return 0
        t += d
    t = frm + d
    while board[t] == 0:
        t += d
    p = board[t]
    if (p >> 3) != them:
        return 0
    kind = p & 7
    diagonal = d == 9 or d == -9 or d == 11 or d == -11
    if kind == QUEEN or (diagonal and kind == BISHOP) or (not diagonal and kind == ROOK):
        return d
    return 0


@njit(cache=True, nogil=True)
def count_legal(
    board: np.ndarray, st: np.ndarray, hashes: np.ndarray, undo: np.ndarray, buf: np.ndarray, n: int
) -> int:
    """Number of legal moves among ``buf[:n]`` without making most of them.

    Out of check, a move is legal unless the king steps onto an attacked square
    or a pinned piece leaves its pin line. In check, and for en passant, the
    moves are made and tested (the general rule).
    """
    side = st[ST_SIDE]
    them = side ^ 1
    king = st[ST_KING + side]
    checked = is_attacked(board, king, them)
    count = 0
    for i in range(n):
        move = np.int64(buf[i])
        frm = move_from(move)
        to = move_to(move)
        if checked or move_flags(move) & FLAG_EP:
            if make_move(board, st, hashes, undo, move):
                unmake_move(board, st, undo)
                count += 1
        elif frm == king:
            # Not in check: no slider x-rays through the king's square.
            if not is_attacked(board, to, them):
                count += 1
        else:
            d = _is_pinned(board, king, frm, them)
            if d == 0 or LINE_DIR[king, to] == d:
                count += 1
    return count


@njit(cache=True, nogil=True)
def perft_arrays(
    board: np.ndarray,
    st: np.ndarray,
    hashes: np.ndarray,
    undo: np.ndarray,
    moves: np.ndarray,
    stop: np.ndarray,
    depth: int,
    ply: int,
) -> int:
    """Leaf count at ``depth`` plies; ``moves`` is an int32[MAX_PLY, 256] scratch buffer and
    ``depth + ply`` must not exceed MAX_PLY. Once ``stop[0]`` is set the count is partial."""
    if depth == 0:
        return 1
    buf = moves[ply]
    n = gen_moves(board, st, buf, np.bool_(False))
    if depth == 1:
        return count_legal(board, st, hashes, undo, buf, n)
    total = 0
    for i in range(n):
        if stop[0] != 0:
            break
        move = np.int64(buf[i])
        if make_move(board, st, hashes, undo, move):
            total += perft_arrays(board, st, hashes, undo, moves, stop, depth - 1, ply + 1)
            unmake_move(board, st, undo)
    return total


def _scratch() -> np.ndarray:
    return np.zeros((MAX_PLY, 256), dtype=np.int32)


def _no_stop() -> np.ndarray:
    return np.zeros(1, dtype=np.int8)


def perft(fen: str, depth: int) -> int:
    """Number of leaf positions ``depth`` plies below the position ``fen``
    (``depth`` clamped to 0..MAX_PERFT_DEPTH)."""
    depth, _ = clamp_perft_depth(depth)
    pos = position_from_fen(fen)
    if depth == 0:
        return 1
    return int(perft_arrays(pos.board, pos.st, pos.hashes, pos.undo, _scratch(), _no_stop(), depth, 0))


def perft_divide(fen: str, depth: int, stop: np.ndarray | None = None) -> list[tuple[str, int]]:
    """Stockfish-style divide: leaf count below each legal root move (UCI, sorted).

    ``depth`` is clamped to 0..MAX_PERFT_DEPTH. Once ``stop[0]`` (int8[1]) is set,
    the moves counted so far are returned (a move being counted is left out)."""
    depth, _ = clamp_perft_depth(depth)
    stop = _no_stop() if stop is None else stop
    pos = position_from_fen(fen)
    scratch = _scratch()
    out = []
    for move in pos.legal_moves():
        if stop[0] != 0:
            break
        make_move(pos.board, pos.st, pos.hashes, pos.undo, move)
        count = (
            1 if depth <= 1 else int(perft_arrays(pos.board, pos.st, pos.hashes, pos.undo, scratch, stop, depth - 1, 1))
        )
        unmake_move(pos.board, pos.st, pos.undo)
        if stop[0] != 0:
            break
        out.append((move_to_uci(move), count))
    return sorted(out)
