"""Perft: count leaf nodes of the legal move tree (the move generator's correctness test)."""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.fen import position_from_fen
from engine.movegen import gen_moves, make_move, unmake_move
from engine.position import MAX_PLY, move_to_uci


@njit(cache=True, nogil=True)
def perft_arrays(board: np.ndarray, st: np.ndarray, hashes: np.ndarray, undo: np.ndarray,
                 moves: np.ndarray, depth: int, ply: int) -> int:
    """Leaf count at ``depth`` plies; ``moves`` is an int32[MAX_PLY, 256] scratch buffer."""
    if depth == 0:
        return 1
    buf = moves[ply]
    n = gen_moves(board, st, buf, np.bool_(False))
    total = 0
    for i in range(n):
        move = np.int64(buf[i])
        if make_move(board, st, hashes, undo, move):
            if depth == 1:
                total += 1
            else:
                total += perft_arrays(board, st, hashes, undo, moves, depth - 1, ply + 1)
            unmake_move(board, st, undo)
    return total


def _scratch() -> np.ndarray:
    return np.zeros((MAX_PLY, 256), dtype=np.int32)


def perft(fen: str, depth: int) -> int:
    """Number of leaf positions ``depth`` plies below the position ``fen``."""
    pos = position_from_fen(fen)
    if depth <= 0:
        return 1
    return int(perft_arrays(pos.board, pos.st, pos.hashes, pos.undo, _scratch(), depth, 0))


def perft_divide(fen: str, depth: int) -> list[tuple[str, int]]:
    """Stockfish-style divide: leaf count below each legal root move (UCI, sorted)."""
    pos = position_from_fen(fen)
    scratch = _scratch()
    out = []
    for move in pos.legal_moves():
        make_move(pos.board, pos.st, pos.hashes, pos.undo, move)
        count = 1 if depth <= 1 else int(
            perft_arrays(pos.board, pos.st, pos.hashes, pos.undo, scratch, depth - 1, 1))
        unmake_move(pos.board, pos.st, pos.undo)
        out.append((move_to_uci(move), count))
    return sorted(out)
