"""Zobrist keys (fixed seed, so hashes are reproducible across runs and JIT on/off).

Hashing is done only with numpy uint64 values: XOR never overflows, so the
jitted and the pure-Python (NUMBA_DISABLE_JIT=1) runs give identical keys.
"""

from __future__ import annotations

import numpy as np

from engine.position import KING, KNIGHT, PAWN, PIECE_CODES

_rng = np.random.default_rng(0x5EED_C4E55)


def _keys(*shape: int) -> np.ndarray:
    return _rng.integers(0, np.iinfo(np.uint64).max, size=shape, dtype=np.uint64, endpoint=True)


ZOBRIST_PIECE = _keys(PIECE_CODES, 120)
"""Key per (piece code, mailbox square)."""
ZOBRIST_CASTLE = _keys(16)
"""Key per castling-rights bitmask (XOR old and new mask on change)."""
ZOBRIST_EP = _keys(120)
"""Key per en-passant target square (only set when a capture is possible)."""
ZOBRIST_SIDE = _keys(1)
"""XORed in when Black is to move."""
ZOBRIST_PAWN = np.zeros((PIECE_CODES, 120), dtype=np.int64)
"""The pawns' rows of ZOBRIST_PIECE as int64 bits, zero for every other piece: the pawn key
(``ST_PAWN_KEY``) is updated by XOR with no test of the piece type, in int64 arithmetic (the state
array's type)."""
for _pawn in (PAWN, 8 + PAWN):
    ZOBRIST_PAWN[_pawn] = ZOBRIST_PIECE[_pawn].view(np.int64)
ZOBRIST_NONPAWN = np.zeros((PIECE_CODES, 120), dtype=np.int64)
"""The other pieces' rows (knight to king, both colours) as int64 bits, zero for pawns: each
colour's non-pawn key (``ST_NONPAWN_KEY + colour``, the colour being ``piece code >> 3``)."""
for _piece in range(KNIGHT, KING + 1):
    for _code in (_piece, 8 + _piece):
        ZOBRIST_NONPAWN[_code] = ZOBRIST_PIECE[_code].view(np.int64)
