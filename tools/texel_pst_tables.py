"""The piece-square tables as one parameter vector, and the sparse per-position features
that turn a vector into the evaluation's incremental sums (tools/texel_pst fits them).

Layout of a parameter vector: the middlegame part, then the endgame part, each ``PART`` long:
6 x 64 table entries (piece type 1..6, a1 = 0 as written in engine.evaluate), then the
material values of piece types 0..6.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numba import njit

from engine import evaluate as ev
from engine.position import KING, SQ120_TO_64, ST_EG, ST_MG
from engine.scaling import SCALE_NORMAL
from tools.texel_tune import Positions

EVALUATE_FILE = Path(ev.__file__).resolve()
TYPES = ("PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING")
"""Piece type names in table order (type = index + 1)."""
MATERIAL = 6 * 64
"""Offset of the material values (piece types 0..6) inside one phase part."""
PART = MATERIAL + 7
"""Length of one phase part (middlegame first, then endgame)."""
N_PARAMS = 2 * PART
MAX_PIECES = 32
MIN_WORTH = 0.25
"""A piece on any square is worth at least this share of its material value (both parts)."""


# Parameters <-> tables --------------------------------------------------------------------------


def current_vector() -> np.ndarray:
    """int64[N_PARAMS]: engine.evaluate's current tables and material values as one vector."""
    x = np.zeros(N_PARAMS, dtype=np.int64)
    for part, (tables, values) in enumerate(((ev._MG, ev.MG_VALUE), (ev._EG, ev.EG_VALUE))):
        base = part * PART
        for ptype in range(1, 7):
            x[base + (ptype - 1) * 64 : base + ptype * 64] = tables[ptype]
        x[base + MATERIAL : base + PART] = values
    return x


def tunable_mask() -> np.ndarray:
    """bool[N_PARAMS]: the parameters the fit may move (not pawns on ranks 1/8, not the
    material of 'no piece' or the king)."""
    mask = np.ones(N_PARAMS, dtype=np.bool_)
    for base in (0, PART):
        mask[base : base + 8] = False  # pawn table, rank 8 (written first)
        mask[base + 56 : base + 64] = False  # pawn table, rank 1
        mask[base + MATERIAL] = False
        mask[base + MATERIAL + KING] = False
    return mask


@njit(cache=True, nogil=True)
def piece_features(boards: np.ndarray, idx: np.ndarray, sgn: np.ndarray) -> None:
    """For each position ``i``: ``idx[i, j]`` = table index ``(type - 1) * 64 + written square``
    of its j-th piece and ``sgn[i, j]`` = +1 (White) / -1 (Black); unused slots have sign 0
    and come last. White reads the table flipped (``sq ^ 56``), Black as written
    (engine.evaluate._build)."""
    for i in range(boards.shape[0]):
        j = 0
        for m in range(21, 99):
            p = boards[i, m]
            if p == 0 or p == 16:
                continue
            sq = SQ120_TO_64[m]
            if p < 8:
                idx[i, j] = (p - 1) * 64 + (sq ^ 56)
                sgn[i, j] = 1
            else:
                idx[i, j] = ((p & 7) - 1) * 64 + sq
                sgn[i, j] = -1
            j += 1
        for jj in range(j, idx.shape[1]):
            idx[i, jj] = 0
            sgn[i, jj] = 0


@dataclass(frozen=True, slots=True)
class Features:
    """Which table entries each position reads (see :func:`piece_features`)."""

    idx: np.ndarray
    """int16[N, MAX_PIECES]."""
    sgn: np.ndarray
    """int8[N, MAX_PIECES]."""


def features(data: Positions) -> Features:
    """The :class:`Features` of packed positions."""
    n = data.boards.shape[0]
    idx = np.zeros((n, MAX_PIECES), dtype=np.int16)
    sgn = np.zeros((n, MAX_PIECES), dtype=np.int8)
    piece_features(data.boards, idx, sgn)
    return Features(idx, sgn)


@njit(cache=True, nogil=True)
def table_sums(idx: np.ndarray, sgn: np.ndarray, x: np.ndarray, mg: np.ndarray, eg: np.ndarray) -> None:
    """``mg[i]``, ``eg[i]`` = the sums st[ST_MG], st[ST_EG] of position ``i`` with parameters ``x``
    (White's view: material + table entry of every piece, signed by colour)."""
    for i in range(idx.shape[0]):
        mg[i], eg[i] = position_sums(idx, sgn, x, i)


@njit(cache=True, nogil=True)
def position_sums(idx: np.ndarray, sgn: np.ndarray, x: np.ndarray, i: int) -> tuple[float, float]:
    """The middlegame and endgame sums of position ``i`` with parameters ``x`` (see table_sums)."""
    smg = 0.0
    seg = 0.0
    for j in range(idx.shape[1]):
        s = sgn[i, j]
        if s == 0:
            break
        t = idx[i, j]
        v = MATERIAL + t // 64 + 1
        smg += s * (x[t] + x[v])
        seg += s * (x[PART + t] + x[PART + v])
    return smg, seg


def with_tables(data: Positions, feats: Features, x: np.ndarray) -> Positions:
    """``data`` with the sums of the integer parameters ``x`` written into (copies of) the states."""
    n = data.boards.shape[0]
    mg = np.zeros(n, dtype=np.float64)
    eg = np.zeros(n, dtype=np.float64)
    table_sums(feats.idx, feats.sgn, np.asarray(x, dtype=np.float64), mg, eg)
    states = data.states.copy()
    states[:, ST_MG] = np.rint(mg).astype(np.int64)
    states[:, ST_EG] = np.rint(eg).astype(np.int64)
    return Positions(data.boards, states)


@njit(cache=True, nogil=True)
def blend_coefficients(boards: np.ndarray, states: np.ndarray, w: np.ndarray, a: np.ndarray, b: np.ndarray) -> None:
    """``a[i]``, ``b[i]``: d (White's-view evaluation) / d st[ST_MG], d st[ST_EG] of position ``i``.

    Taken from engine.evaluate.blend_parts, the blend evaluate_with itself uses: ``phase / 24``
    and ``(24 - phase) * scale / (24 * SCALE_NORMAL)``; both 0 when the endgame scale calls it
    a known draw (the evaluation is then 0 whatever the sums). Holds while the blend keeps its
    sign (the scale depends on it)."""
    board = np.zeros(120, dtype=np.int64)
    for i in range(boards.shape[0]):
        for m in range(120):
            board[m] = boards[i, m]
        st = states[i]
        _mg, _eg, phase, scale = ev.blend_parts(board, st, w)
        if scale == 0:
            a[i] = 0.0
            b[i] = 0.0
        else:
            a[i] = phase / 24.0
            b[i] = (24 - phase) * scale / (24.0 * SCALE_NORMAL)
