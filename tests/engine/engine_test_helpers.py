"""Shared helpers for the engine tests (random positions from playouts)."""

from __future__ import annotations

import random

import chess


def random_positions(count: int, seed: int, max_plies: int = 120) -> list[chess.Board]:
    """Positions reached by random playouts from the start (captures favoured now
    and then so that endgames appear too). Game-over positions are included."""
    rng = random.Random(seed)
    boards = []
    while len(boards) < count:
        board = chess.Board()
        for _ in range(rng.randint(2, max_plies)):
            moves = list(board.legal_moves)
            if not moves:
                break
            noisy = [m for m in moves if board.is_capture(m) or m.promotion]
            board.push(rng.choice(noisy if noisy and rng.random() < 0.4 else moves))
        boards.append(board)
    return boards
