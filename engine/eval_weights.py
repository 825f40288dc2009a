"""Every evaluation weight beyond the PeSTO tables, in one int64 array with named indices.

The jitted evaluation reads ``w[NAME]`` (or ``w[NAME + i]`` for a block such as a
per-rank table) from :data:`WEIGHTS`; :func:`engine.evaluate.evaluate_with` takes
the array as an argument, so a tuner (Texel's method) can evaluate positions with
its own candidate array without recompiling, and write the fitted numbers back
here. Each name is an offset into the array; :data:`WEIGHT_NAMES` names every
element (``"passed_mg[5]"``), :data:`WEIGHT_BLOCKS` maps a name to its slice.

Conventions: ``*_MG`` / ``*_EG`` are middlegame / endgame centipawns (blended
by phase), bonuses are positive and penalties are stored positive and
subtracted; per-type blocks are indexed by piece type (PAWN..KING = 1..6),
per-rank blocks by relative rank (1 = own back rank .. 8). King-safety
"units" are not centipawns: they are squared (see KS_DIVISOR).

Changing a number changes the bench signature and needs a match
(docs/strength.md).
"""

from __future__ import annotations

import numpy as np

_values: list[int] = []
_names: list[str] = []
WEIGHT_BLOCKS: dict[str, tuple[int, int]] = {}
"""Name -> (first index, length) of every weight block."""


def _slot(name: str, values: int | tuple[int, ...]) -> int:
    """Append a named scalar or block to the table; its first index."""
    block = (values,) if isinstance(values, int) else values
    start = len(_values)
    WEIGHT_BLOCKS[name] = (start, len(block))
    _values.extend(block)
    _names.extend([name] if isinstance(values, int) else [f"{name}[{i}]" for i in range(len(block))])
    return start


TEMPO = _slot("tempo", 11)
"""Bonus for the side to move (added after the blend)."""

# Pawn structure ------------------------------------------------------------------
PASSED_MG = _slot("passed_mg", (0, 0, 10, -32, -33, -19, 9, -37, 0))
PASSED_EG = _slot("passed_eg", (0, 0, -11, 2, 17, 10, -22, 37, 0))
"""Passed pawn by relative rank."""
PASSER_CONNECTED_MG = _slot("passer_connected_mg", (0, 0, -2, 19, 10, 41, 52, 182, 0))
PASSER_CONNECTED_EG = _slot("passer_connected_eg", (0, 0, 9, 9, 18, 28, 61, 61, 0))
"""Passed pawn defended by a pawn or beside one, by relative rank."""
PASSER_FREE_MG = _slot("passer_free_mg", (0, 0, 0, 0, 29, 26, 21, 96, 0))
PASSER_FREE_EG = _slot("passer_free_eg", (0, 0, 0, 0, 0, 8, 19, -19, 0))
"""Passed pawn whose stop square is empty ..."""
PASSER_SAFE_MG = _slot("passer_safe_mg", (0, 0, 0, 0, 4, -22, 20, -45, 0))
PASSER_SAFE_EG = _slot("passer_safe_eg", (0, 0, 0, 0, 21, 30, 48, 122, 0))
"""... and not attacked by the enemy (extra)."""
PASSER_KING_THEIRS_EG = _slot("passer_king_theirs_eg", (0, 0, 0, 0, 7, 13, 26, 32, 0))
PASSER_KING_OURS_EG = _slot("passer_king_ours_eg", (0, 0, 0, 0, 12, 12, 21, 40, 0))
"""Per king step (at most 5) between the enemy king (bonus) / own king (penalty) and the stop square."""
PASSER_UNSTOPPABLE_EG = _slot("passer_unstoppable_eg", 189)
"""Passed pawn the enemy king cannot catch (rule of the square) when the enemy has no pieces."""
DOUBLED_MG = _slot("doubled_mg", 13)
DOUBLED_EG = _slot("doubled_eg", 34)
"""Penalty per extra pawn on a file."""
ISOLATED_MG = _slot("isolated_mg", 6)
ISOLATED_EG = _slot("isolated_eg", 1)
"""Penalty for a pawn with no own pawn on either neighbouring file."""

# Pieces ----------------------------------------------------------------------------
BISHOP_PAIR_MG = _slot("bishop_pair_mg", 10)
BISHOP_PAIR_EG = _slot("bishop_pair_eg", 58)
ROOK_OPEN_MG = _slot("rook_open_mg", 7)
ROOK_OPEN_EG = _slot("rook_open_eg", 7)
"""Rook on a file without pawns."""
ROOK_HALF_OPEN_MG = _slot("rook_half_open_mg", 1)
ROOK_HALF_OPEN_EG = _slot("rook_half_open_eg", 23)
"""Rook on a file without own pawns."""
MOBILITY_MG = _slot("mobility_mg", (0, 0, -1, 2, 2, 1, 0, 0))
MOBILITY_EG = _slot("mobility_eg", (0, 0, 3, 1, 2, 2, 0, 0))
"""Per reachable square (empty or enemy) beyond MOBILITY_BASE, by piece type."""
MOBILITY_BASE = _slot("mobility_base", (0, 0, 4, 6, 6, 12, 0, 0))
"""A typical square count by piece type (mobility is scored around it)."""

# Threats and outposts (engine.threats) -------------------------------------------------
THREAT_BY_PAWN_MG = _slot("threat_by_pawn_mg", (0, 0, 36, 40, 38, 47, 0, 0))
THREAT_BY_PAWN_EG = _slot("threat_by_pawn_eg", (0, 0, 28, 67, 29, -10, 0, 0))
"""A pawn attacking an enemy piece, by the piece's type."""
THREAT_BY_MINOR_MG = _slot("threat_by_minor_mg", (0, 0, -18, -6, 31, 37, 0, 0))
THREAT_BY_MINOR_EG = _slot("threat_by_minor_eg", (0, 0, 13, 19, 34, 28, 0, 0))
"""A knight or bishop attacking a bigger or undefended enemy piece, by the victim's type."""
THREAT_BY_ROOK_MG = _slot("threat_by_rook_mg", (0, 0, 38, -5, -8, 63, 0, 0))
THREAT_BY_ROOK_EG = _slot("threat_by_rook_eg", (0, 0, -5, 33, 13, 25, 0, 0))
"""A rook attacking a bigger or undefended enemy piece, by the victim's type."""
HANGING_MG = _slot("hanging_mg", 23)
HANGING_EG = _slot("hanging_eg", 5)
"""Extra for a piece attacked by an equal or bigger piece that nothing defends (pawns not counted)."""
OUTPOST_MG = _slot("outpost_mg", (0, 0, 23, 17, 0, 0, 0, 0))
OUTPOST_EG = _slot("outpost_eg", (0, 0, 15, 17, 0, 0, 0, 0))
"""Knight / bishop on relative rank 4-6, defended by a pawn, out of reach of enemy pawns."""

# King safety ---------------------------------------------------------------------------
SHELTER_NEAR = _slot("shelter_near", -3)
SHELTER_FAR = _slot("shelter_far", -3)
"""Middlegame bonus per own pawn one (near) or two (far) squares in front of the king, files +-1."""

KS_ATTACKER = _slot("ks_attacker", (0, 0, 35, 20, 40, 15, 0, 0))
"""Danger units per piece (by type) that attacks the enemy king zone."""
KS_ZONE_HIT = _slot("ks_zone_hit", 30)
"""Danger units per attack on a king-zone square (pawn attacks included)."""
KS_OFFSET = _slot("ks_offset", 85)
"""Danger units subtracted from every attack (small attacks cost nothing)."""
KS_NO_QUEEN = _slot("ks_no_queen", 144)
"""Danger units subtracted when the attacker has no queen."""
KS_MAX_UNITS = _slot("ks_max_units", 600)
"""Cap on danger units (the penalty stops growing)."""
KS_DIVISOR = _slot("ks_divisor", 720)
"""Middlegame penalty = units * units // KS_DIVISOR ..."""
KS_EG_DIVISOR = _slot("ks_eg_divisor", 20)
"""... endgame penalty = units // KS_EG_DIVISOR."""
KS_SEMI_OPEN_FILE_MG = _slot("ks_semi_open_file_mg", 14)
"""Per file next to (or of) the king without own pawns."""
KS_OPEN_FILE_MG = _slot("ks_open_file_mg", 11)
"""Extra per such file without any pawns."""
STORM_MG = _slot("storm_mg", (0, 0, -64, 16, 13, 0, -3, -2, 0))
"""Enemy pawn advancing on a file next to the king, by its rank relative to the king's side (3 = two in front of a
back-rank king)."""
STORM_BLOCKED_MG = _slot("storm_blocked_mg", (0, 0, 0, 18, -7, -8, -7, 30, 0))
"""The same when an own pawn stands right in front of it."""

# Endgame scaling (64ths of the endgame score kept; engine.scaling) ------------------------
SCALE_PAWNLESS = _slot("scale_pawnless", 1)
"""No pawns for the side ahead and at most a minor piece more (it usually cannot win)."""
SCALE_OCB_PURE = _slot("scale_ocb_pure", 33)
"""Opposite-coloured bishops and pawns only."""
SCALE_OCB_PIECES = _slot("scale_ocb_pieces", 64)
"""Opposite-coloured bishops with other pieces."""

WEIGHTS = np.array(_values, dtype=np.int64)
"""The table the evaluation reads (treated as a compile-time constant by Numba)."""
WEIGHT_NAMES: tuple[str, ...] = tuple(_names)
"""Name of every element of WEIGHTS, e.g. ``"mobility_mg[2]"`` (a knight's weight)."""
