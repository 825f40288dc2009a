"""The engine's own board: a 10x12 mailbox in numpy arrays, plus the FEN boundary.

Layout (mailbox index ``m``): a1 = 21, h1 = 28, a8 = 91, h8 = 98; the two-square
border holds ``OFFBOARD`` so that knight jumps and slider rays stop without
bounds checks. White pawns move by +10.

A position is four arrays that every jitted function receives unchanged:

* ``board``  int64[120]  piece codes (below)
* ``st``     int64[ST_SIZE]  side, castling, en-passant square, clocks, king
  squares, incremental PST sums, piece counts (``ST_*`` indices)
* ``hashes`` uint64[MAX_HISTORY]  Zobrist key of every position of the game so
  far; ``hashes[st[ST_HPLY]]`` is the current one (repetition detection looks back)
* ``undo``   int64[MAX_HISTORY, UNDO_SIZE]  what make_move needs to take a move back, and the
  evaluation network's accumulators of each position (``U_*`` indices)

Piece codes: colour * 8 + type with type PAWN..KING = 1..6, so white pieces are
1..6 and black ones 9..14; ``piece >> 3`` is the colour (OFFBOARD >> 3 == 2).
"""

from __future__ import annotations

import numpy as np
from numba import njit

# Colours and piece types -----------------------------------------------------
WHITE = 0
BLACK = 1
EMPTY = 0
PAWN = 1
KNIGHT = 2
BISHOP = 3
ROOK = 4
QUEEN = 5
KING = 6
OFFBOARD = 16
PIECE_CODES = 17  # first dimension of per-piece tables

# Mailbox squares used by castling --------------------------------------------
A1, B1, C1, D1, E1, F1, G1, H1 = 21, 22, 23, 24, 25, 26, 27, 28
A8, B8, C8, D8, E8, F8, G8, H8 = 91, 92, 93, 94, 95, 96, 97, 98

# Castling-right bits -----------------------------------------------------------
WK_CASTLE = 1
WQ_CASTLE = 2
BK_CASTLE = 4
BQ_CASTLE = 8

# State array layout ------------------------------------------------------------
ST_SIDE = 0
ST_CASTLE = 1
ST_EP = 2  # mailbox square behind a double-pushed pawn, 0 if none capturable
ST_HALFMOVE = 3  # plies since the last capture or pawn move (50-move rule)
ST_HPLY = 4  # index of the current position in hashes / undo
ST_KING = 5  # ST_KING + colour: king squares
ST_MG = 7  # middlegame PST + material sum, White's view
ST_EG = 8  # endgame PST + material sum, White's view
ST_PHASE = 9  # game phase 0..24 (knights/bishops 1, rooks 2, queens 4)
ST_FULLMOVE = 10
ST_PAWN_KEY = 11  # Zobrist key of the pawns alone (int64 bits), for the correction history
ST_NONPAWN_KEY = 12  # ST_NONPAWN_KEY + colour: Zobrist key of that colour's pieces and king (int64 bits)
ST_CHECKED = 14  # 1 if the side to move is in check: set up from the FEN, kept by make/unmake and the null move
ST_COUNT = 16  # ST_COUNT + piece code: number of such pieces
ST_SIZE = ST_COUNT + PIECE_CODES

# Undo record layout ------------------------------------------------------------
U_MOVE = 0
U_CAPTURED = 1
U_CASTLE = 2
U_EP = 3
U_HALFMOVE = 4
U_MG = 5
U_EG = 6
U_PHASE = 7
U_PAWN_KEY = 8
U_NONPAWN_KEY = 9  # U_NONPAWN_KEY + colour
U_CHECKED = 11
U_PIECE = 12  # the piece that moved: the evaluation network replays the move on its accumulators
# The rest of row ``h`` belongs to the position at ``hashes[h]`` itself, not to the move made from
# it: the evaluation network's accumulators for it, kept by engine.accumulators (make_move passes
# them on from the parent's row; an evaluation catches up or rebuilds where a row has none).
U_ACC_KEY = 13  # the Zobrist key (its bits) of the position the accumulators were computed for
U_ACC_VIEW = 14  # the king buckets and flips they were computed with (engine.nnue)
U_ACC = 16  # first word of the accumulators: int16[2, ACC_HIDDEN] packed four to an int64 word
ACC_HIDDEN = 128  # hidden units the accumulators have room for (engine.nnue checks its net fits)
UNDO_SIZE = U_ACC + 2 * ACC_HIDDEN // 4

MAX_PLY = 128  # deepest search ply (buffers are sized by it)
MAX_GAME_PLIES = 512  # plies of game history kept before the root
MAX_HISTORY = MAX_GAME_PLIES + MAX_PLY + 8

# Move encoding (one int32) -----------------------------------------------------
# bits 0-6 from, 7-13 to, 14-16 promotion piece type, 17-20 flags. Every packing
# and unpacking goes through the functions below; inline="always" makes them cost
# nothing in the hot path (Numba pastes their bodies into the caller).
FLAG_EP = 1
FLAG_CASTLE = 2
FLAG_DOUBLE = 4
FLAG_CAPTURE = 8

MOVE_TO_SHIFT = 7
MOVE_PROMO_SHIFT = 14
MOVE_FLAGS_SHIFT = 17
MOVE_SQUARE_MASK = 127  # 7 bits: mailbox squares are 21..98
MOVE_PROMO_MASK = 7  # 3 bits: piece type KNIGHT..QUEEN, 0 = no promotion
MOVE_FLAGS_MASK = 15  # 4 bits: FLAG_* above


@njit(cache=True, nogil=True, inline="always")
def encode_move(frm: int, to: int, promo: int, flags: int) -> int:
    """Pack a move (mailbox squares, promotion piece type or 0, FLAG_* bits) into one int32."""
    return frm | (to << MOVE_TO_SHIFT) | (promo << MOVE_PROMO_SHIFT) | (flags << MOVE_FLAGS_SHIFT)


@njit(cache=True, nogil=True, inline="always")
def move_from(move: int) -> int:
    """Mailbox square the move starts from."""
    return move & MOVE_SQUARE_MASK


@njit(cache=True, nogil=True, inline="always")
def move_to(move: int) -> int:
    """Mailbox square the move goes to (the king's square for castling)."""
    return (move >> MOVE_TO_SHIFT) & MOVE_SQUARE_MASK


@njit(cache=True, nogil=True, inline="always")
def move_promo(move: int) -> int:
    """Promotion piece type (KNIGHT..QUEEN), 0 if the move is no promotion."""
    return (move >> MOVE_PROMO_SHIFT) & MOVE_PROMO_MASK


@njit(cache=True, nogil=True, inline="always")
def move_flags(move: int) -> int:
    """The move's FLAG_* bits."""
    return (move >> MOVE_FLAGS_SHIFT) & MOVE_FLAGS_MASK


def square_to_mailbox(square: int) -> int:
    """python-chess square (a1 = 0) -> mailbox index."""
    return 21 + (square & 7) + 10 * (square >> 3)


def mailbox_to_square(m: int) -> int:
    """Mailbox index -> python-chess square (a1 = 0)."""
    return (m // 10 - 2) * 8 + (m % 10 - 1)


SQ64_TO_120 = np.array([square_to_mailbox(s) for s in range(64)], dtype=np.int64)
SQ120_TO_64 = np.full(120, -1, dtype=np.int64)
for _s in range(64):
    SQ120_TO_64[SQ64_TO_120[_s]] = _s

_FILES = "abcdefgh"


def mailbox_name(m: int) -> str:
    """Mailbox index -> algebraic square name such as 'e4'."""
    s = mailbox_to_square(m)
    return _FILES[s & 7] + str((s >> 3) + 1)


_PROMO_LETTER = {KNIGHT: "n", BISHOP: "b", ROOK: "r", QUEEN: "q"}


def move_to_uci(move: int) -> str:
    """Engine move -> UCI string (castling as king two squares, like python-chess)."""
    move = int(move)
    return mailbox_name(move_from(move)) + mailbox_name(move_to(move)) + _PROMO_LETTER.get(move_promo(move), "")
