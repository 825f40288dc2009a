"""Won pawnless endings the network cannot play (jitted): the mop-up bonus.

The network learned from Stockfish's games, which end by adjudication once a side is far ahead,
so it scores a queen against a lone knight (KQKN) about the same wherever the kings stand: the
search has nothing to steer by and shuffles until the fifty-move rule (it drew KQKN against
Stockfish from a won position, docs/strength.md). Against a bare king the hand-written evaluation
takes over (engine.nnue.position_eval); with a minor piece left to the defender, :func:`mop_up`
adds what Stockfish's KXK evaluator adds: a bonus for driving the weak king to the edge and for
bringing the strong king close, so the search finds the fork or the mating net.

It applies only when the defender has no pawns and at most one minor piece, and the attacker's
pieces are worth at least MOP_UP_MARGIN pawns more (a queen against a minor; a rook against a
minor is a draw and is left alone).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.params import PIECE_VALUE_PAWNS
from engine.position import BISHOP, PAWN, ST_COUNT, ST_KING
from engine.scaling import pieces_value

MOP_UP_MARGIN = 6
"""Pawns by which the attacker's pieces must exceed the defender's (queen 9 against a minor 3)."""
MOP_UP_EDGE = 20
"""Centipawns per step of the weak king from the centre (0 on d4-e5, 6 in a corner)."""
MOP_UP_CLOSE = 10
"""Centipawns per step the kings stand closer than the board's width (distance 7 earns 0)."""


@njit(cache=True, nogil=True, inline="always")
def _centre_distance(m: int) -> int:
    """Files plus ranks from mailbox square ``m`` to the four centre squares: 0..6."""
    f = m % 10 - 1
    r = m // 10 - 2
    return max(3 - f, f - 4) + max(3 - r, r - 4)


@njit(cache=True, nogil=True)
def mop_up(st: np.ndarray) -> int:
    """The mop-up bonus in centipawns from White's view, 0 unless one side holds no pawns and at
    most a minor piece against pieces worth MOP_UP_MARGIN more (module docstring)."""
    for weak in range(2):
        strong = weak ^ 1
        weak_pieces = pieces_value(st, weak)
        if st[ST_COUNT + 8 * weak + PAWN] != 0 or weak_pieces > PIECE_VALUE_PAWNS[BISHOP]:
            continue
        if pieces_value(st, strong) - weak_pieces < MOP_UP_MARGIN:
            continue
        weak_king = st[ST_KING + weak]
        strong_king = st[ST_KING + strong]
        distance = max(abs(weak_king % 10 - strong_king % 10), abs(weak_king // 10 - strong_king // 10))
        bonus = MOP_UP_EDGE * _centre_distance(weak_king) + MOP_UP_CLOSE * (7 - distance)
        return bonus if strong == 0 else -bonus
    return 0
