"""Counting moves as chess players do: "1. e4 e5 2. Nf3" is 2 moves (3 plies)."""

from __future__ import annotations

import chess
import chess.pgn


def full_moves_played(start: chess.Board, board: chess.Board) -> int:
    """Moves as numbered in the score ("1. e4 e5 2. Nf3" is 2), from ``start`` to ``board``."""
    if board.fullmove_number == start.fullmove_number and board.turn == start.turn:
        return 0
    first = start.fullmove_number
    last = board.fullmove_number - (1 if board.turn == chess.WHITE else 0)  # the number of the last move made
    return last - first + 1


def full_move_count(game: chess.pgn.Game) -> int:
    """Moves in ``game``'s main line; a game starting with Black to move ("1... e5 2. Nf3") is 2 moves too."""
    return full_moves_played(game.board(), game.end().board())
