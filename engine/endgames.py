"""Endgame knowledge the network lacks (jitted): the mop-up bonus, the endgame scale and the
fifty-move damping of its value.

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

Bishop and knight against a bare king mate only in a corner of the bishop's colour, and the
hand-written king tables pull the lone king to any edge: full strength drew 3 and level 1600 5 of
benchmarks/endgame_conversion.py's 8 KBN vs K positions, mostly by the fifty-move rule with the
king sitting in the wrong corner (docs/levels.md). :func:`kbnk_corner` adds Stockfish's KBNK terms:
a bonus for each step of the weak king towards a corner of the bishop's colour and for the kings
standing close.

The network also calls drawn endings won: at the end of the games against Stockfish that reached
the 240-ply cap it gave itself +1 to +4 pawns in opposite-coloured bishop endings, a rook against
a bishop and rook endings a pawn up, where Stockfish said 0.00 (docs/strength.md). Self-play cannot
show this, since both sides share the blind spot. With FEATURE_ENDGAME_SCALE (pending, off until
a match against Stockfish shows a gain), :func:`scaled_net_value` applies the
hand-written evaluation's endgame scale (engine.scaling: known draws, pawnless endings at most a
minor up, opposite-coloured bishops) to the network's value, and shrinks it as the fifty-move
counter runs (Stockfish's ``v * (200 - rule50)``), so that shuffling in a "won" ending stops
looking like a win.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from engine.eval_weights import WEIGHTS
from engine.params import PIECE_VALUE_PAWNS
from engine.position import (
    BISHOP,
    BLACK,
    KNIGHT,
    PAWN,
    SQ64_TO_120,
    ST_COUNT,
    ST_HALFMOVE,
    ST_KING,
    ST_SIDE,
    WHITE,
)
from engine.scaling import SCALE_NORMAL, bishop_flag, endgame_scale, pieces_value, square_colour

MOP_UP_MARGIN = 6
"""Pawns by which the attacker's pieces must exceed the defender's (queen 9 against a minor 3)."""
MATING_MARGIN = 5
"""Pawns by which the attacker's pieces must exceed the defender's for :func:`is_mating_ending`
(a rook against a bare king 5; a rook against a minor 2 is a draw)."""
MOP_UP_EDGE = 20
"""Centipawns per step of the weak king from the centre (0 on d4-e5, 6 in a corner)."""
MOP_UP_CLOSE = 10
"""Centipawns per step the kings stand closer than the board's width (distance 7 earns 0)."""
KBNK_CORNER = 40
"""Centipawns per step of the weak king towards a corner of the bishop's colour against bishop and
knight (0 on the long diagonal of the other colour, 7 steps in the corner: Stockfish's
push_to_corner). Its 280 in the corner outweigh the king tables' pull to the wrong corner."""
RULE50_SPAN = 200
"""The network's value is multiplied by (RULE50_SPAN - halfmove clock) / RULE50_SPAN: at the
fifty-move limit (100 plies) half of it is left (Stockfish 15.1's damping)."""


@njit(cache=True, nogil=True, inline="always")
def _centre_distance(m: int) -> int:
    """Files plus ranks from mailbox square ``m`` to the four centre squares: 0..6."""
    f = m % 10 - 1
    r = m // 10 - 2
    return max(3 - f, f - 4) + max(3 - r, r - 4)


@njit(cache=True, nogil=True, inline="always")
def _king_distance(a: int, b: int) -> int:
    """King steps between mailbox squares ``a`` and ``b``: 0..7."""
    return max(abs(a % 10 - b % 10), abs(a // 10 - b // 10))


@njit(cache=True, nogil=True)
def lone_defender(st: np.ndarray, margin: int) -> int:
    """The colour that holds no pawns and at most a minor piece against pieces worth ``margin``
    pawns more, or -1 if neither does."""
    for weak in range(2):
        if st[ST_COUNT + 8 * weak + PAWN] != 0:  # first, as it is on nearly every call: one load
            continue
        weak_pieces = pieces_value(st, weak)
        if weak_pieces <= PIECE_VALUE_PAWNS[BISHOP] and pieces_value(st, weak ^ 1) - weak_pieces >= margin:
            return weak
    return -1


@njit(cache=True, nogil=True)
def mop_up(st: np.ndarray) -> int:
    """The mop-up bonus in centipawns from White's view, 0 unless one side holds no pawns and at
    most a minor piece against pieces worth MOP_UP_MARGIN more (module docstring)."""
    weak = lone_defender(st, MOP_UP_MARGIN)
    if weak < 0:
        return 0
    strong = weak ^ 1
    weak_king = st[ST_KING + weak]
    strong_king = st[ST_KING + strong]
    bonus = MOP_UP_EDGE * _centre_distance(weak_king) + MOP_UP_CLOSE * (7 - _king_distance(weak_king, strong_king))
    return bonus if strong == 0 else -bonus


_BISHOP_AND_KNIGHT = PIECE_VALUE_PAWNS[BISHOP] + PIECE_VALUE_PAWNS[KNIGHT]


@njit(cache=True, nogil=True)
def kbnk_corner(board: np.ndarray, st: np.ndarray) -> int:
    """The bishop-and-knight mating bonus in centipawns from White's view, 0 unless one side has
    exactly king, bishop and knight and the other a bare king (module docstring)."""
    for strong in range(2):
        weak = strong ^ 1
        base = ST_COUNT + 8 * strong
        if st[base + KNIGHT] != 1 or st[base + BISHOP] != 1 or pieces_value(st, strong) != _BISHOP_AND_KNIGHT:
            continue  # no rook or queen beside them
        if st[base + PAWN] != 0 or st[ST_COUNT + 8 * weak + PAWN] != 0 or pieces_value(st, weak) != 0:
            continue
        flip = False
        for square in range(64):
            m = SQ64_TO_120[square]
            if board[m] == strong * 8 + BISHOP:
                flip = square_colour(m) == 0  # a light bishop mates on a8 and h1: mirror the files
                break
        weak_king = st[ST_KING + weak]
        strong_king = st[ST_KING + strong]
        file = weak_king % 10 - 1
        if flip:
            file = 7 - file
        corner = abs(7 - (weak_king // 10 - 2) - file)  # 7 on a1 and h8, 0 on the a8-h1 diagonal
        bonus = KBNK_CORNER * corner + MOP_UP_CLOSE * (7 - _king_distance(weak_king, strong_king))
        return bonus if strong == 0 else -bonus
    return 0


@njit(cache=True, nogil=True)
def is_mating_ending(st: np.ndarray) -> bool:
    """A side without pawns holds at most a minor piece against pieces worth MATING_MARGIN more:
    a queen or rook against a bare king, a queen against a minor (the endings a club player
    converts by technique, engine.strength_hook)."""
    return lone_defender(st, MATING_MARGIN) >= 0


@njit(cache=True, nogil=True)
def _may_scale(st: np.ndarray) -> bool:
    """Whether engine.scaling.endgame_scale can return anything but SCALE_NORMAL (its cases need a
    pawnless side, a side with at most a bishop's worth of pieces, or one bishop each)."""
    for colour in range(2):
        if st[ST_COUNT + 8 * colour + PAWN] == 0 or pieces_value(st, colour) <= PIECE_VALUE_PAWNS[BISHOP]:
            return True
    return st[ST_COUNT + BISHOP] == 1 and st[ST_COUNT + 8 + BISHOP] == 1


@njit(cache=True, nogil=True)
def scaled_net_value(board: np.ndarray, st: np.ndarray, value: int) -> int:
    """The network's ``value`` (side to move's view) scaled by the endgame scale and damped by the
    fifty-move counter (module docstring)."""
    if value == 0:
        return 0
    if _may_scale(st):
        # The scale wants the bishops' square colours and each side's pawns per file, 4 bits per
        # mailbox file, as engine.pawns.board_terms collects them for the hand-written evaluation.
        bishops = 0
        white_files = 0
        black_files = 0
        for square in range(64):
            m = SQ64_TO_120[square]
            p = board[m]
            if p == PAWN:
                white_files += 1 << (4 * (m % 10))
            elif p == BLACK * 8 + PAWN:
                black_files += 1 << (4 * (m % 10))
            elif p & 7 == BISHOP:
                bishops |= bishop_flag(p >> 3, m)
        white_ahead = (value > 0) == (st[ST_SIDE] == WHITE)
        scale = endgame_scale(st, bishops, white_files, black_files, white_ahead, WEIGHTS)
        if scale == 0:
            return 0
        value = value * scale // SCALE_NORMAL
    halfmove = min(max(st[ST_HALFMOVE], 0), 100)  # clamped: a FEN may carry any count
    return value * (RULE50_SPAN - halfmove) // RULE50_SPAN
