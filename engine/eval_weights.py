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


TEMPO = _slot("tempo", 10)
"""Bonus for the side to move (added after the blend)."""

# Pawn structure ------------------------------------------------------------------
PASSED_MG = _slot("passed_mg", (0, 0, -6, -33, -19, -4, 13, 12, 0))
PASSED_EG = _slot("passed_eg", (0, 0, 5, 11, 32, 47, 19, 65, 0))
"""Passed pawn by relative rank."""
PASSER_CONNECTED_MG = _slot("passer_connected_mg", (0, 0, 1, 23, -2, 11, 65, 110, 0))
PASSER_CONNECTED_EG = _slot("passer_connected_eg", (0, 0, -6, -1, 14, 29, 77, 112, 0))
"""Passed pawn defended by a pawn or beside one, by relative rank."""
PASSER_FREE_MG = _slot("passer_free_mg", (0, 0, 0, 0, 12, 10, 16, 119, 0))
PASSER_FREE_EG = _slot("passer_free_eg", (0, 0, 0, 0, 12, 17, 21, -11, 0))
"""Passed pawn whose stop square is empty ..."""
PASSER_SAFE_MG = _slot("passer_safe_mg", (0, 0, 0, 0, -14, -13, -20, -108, 0))
PASSER_SAFE_EG = _slot("passer_safe_eg", (0, 0, 0, 0, 12, 20, 47, 110, 0))
"""... and not attacked by the enemy (extra)."""
PASSER_KING_THEIRS_EG = _slot("passer_king_theirs_eg", (0, 0, 0, 0, 10, 17, 29, 34, 0))
PASSER_KING_OURS_EG = _slot("passer_king_ours_eg", (0, 0, 0, 0, 16, 23, 30, 48, 0))
"""Per king step (at most 5) between the enemy king (bonus) / own king (penalty) and the stop square."""
PASSER_UNSTOPPABLE_EG = _slot("passer_unstoppable_eg", 197)
"""Passed pawn the enemy king cannot catch (rule of the square) when the enemy has no pieces."""
DOUBLED_MG = _slot("doubled_mg", 17)
DOUBLED_EG = _slot("doubled_eg", 21)
"""Penalty per extra pawn on a file."""
ISOLATED_MG = _slot("isolated_mg", 3)
ISOLATED_EG = _slot("isolated_eg", 6)
"""Penalty for a pawn with no own pawn on either neighbouring file."""
CONNECTED_MG = _slot("connected_mg", (0, 0, 2, 6, 10, 16, -9, 20, 0))
CONNECTED_EG = _slot("connected_eg", (0, 0, 2, 7, 5, -1, -18, 0, 0))
"""Pawn beside an own pawn (phalanx) or defended by one, by relative rank."""

# Pieces ----------------------------------------------------------------------------
BISHOP_PAIR_MG = _slot("bishop_pair_mg", 32)
BISHOP_PAIR_EG = _slot("bishop_pair_eg", 59)
ROOK_OPEN_MG = _slot("rook_open_mg", 17)
ROOK_OPEN_EG = _slot("rook_open_eg", 0)
"""Rook on a file without pawns."""
ROOK_HALF_OPEN_MG = _slot("rook_half_open_mg", 4)
ROOK_HALF_OPEN_EG = _slot("rook_half_open_eg", 19)
"""Rook on a file without own pawns."""
_MOBILITY_KNIGHT_MG = _slot("mobility_knight_mg", (7, 14, 20, 19, 19, 21, 22, 23, 16))
_MOBILITY_KNIGHT_EG = _slot("mobility_knight_eg", (-31, 32, 36, 40, 44, 47, 46, 38, 30))
_MOBILITY_BISHOP_MG = _slot("mobility_bishop_mg", (-11, -13, -2, 0, 3, 5, 5, 4, 0, 3, 19, -12, -28, -26))
_MOBILITY_BISHOP_EG = _slot("mobility_bishop_eg", (-6, 18, 17, 22, 34, 37, 39, 39, 45, 40, 36, 39, 58, 33))
_MOBILITY_ROOK_MG = _slot("mobility_rook_mg", (-1, 1, 3, 9, 9, 12, 13, 13, 17, 11, 18, 9, 15, 7, 60))
_MOBILITY_ROOK_EG = _slot("mobility_rook_eg", (28, 26, 30, 25, 34, 42, 45, 50, 54, 58, 56, 66, 68, 65, 42))
_MOBILITY_QUEEN_MG = _slot(
    "mobility_queen_mg",
    (17, 17, 15, 17, 15, 15, 15, 18, 20, 22, 24, 25, 25, 18, 20, 17, 19, 16, 12, 28, 57, 29, 57, 50, 33, 13, -26, 86),
)
_MOBILITY_QUEEN_EG = _slot(
    "mobility_queen_eg",
    (-122, 19, 20, 8, 1, 11, 21, 21, 16, 20, 26, 29, 39, 50, 54, 57, 48, 57, 63, 48, 26, 18, 20, 21, 14, -17, -16, 60),
)
MOBILITY_MG = np.array([0, 0, _MOBILITY_KNIGHT_MG, _MOBILITY_BISHOP_MG, _MOBILITY_ROOK_MG, _MOBILITY_QUEEN_MG, 0, 0])
MOBILITY_EG = np.array([0, 0, _MOBILITY_KNIGHT_EG, _MOBILITY_BISHOP_EG, _MOBILITY_ROOK_EG, _MOBILITY_QUEEN_EG, 0, 0])
"""By piece type, the first index of its mobility table: the bonus for each count (0 .. the most a
piece of that type can reach) of safe reachable squares (empty or enemy, not attacked by an enemy pawn)."""
MOBILITY_MAX = np.array([0, 0, 8, 13, 14, 27, 0, 0])
"""Most squares a knight, bishop, rook or queen can reach: its table's last index."""
MOBILITY_SAFE = _slot("mobility_safe", 1)
"""1: mobility counts only safe squares (no enemy pawn guards them); 0: every empty or enemy
square, as the evaluation the playing levels were calibrated with did
(engine.level_weights). A switch, not a weight: the tuner leaves it alone."""

# Threats and outposts (engine.threats) -------------------------------------------------
THREAT_BY_PAWN_MG = _slot("threat_by_pawn_mg", (0, 0, 39, 47, 44, 39, 0, 0))
THREAT_BY_PAWN_EG = _slot("threat_by_pawn_eg", (0, 0, 21, 54, 35, -1, 0, 0))
"""A pawn attacking an enemy piece, by the piece's type."""
THREAT_BY_MINOR_MG = _slot("threat_by_minor_mg", (0, 0, -17, 3, 46, 28, 0, 0))
THREAT_BY_MINOR_EG = _slot("threat_by_minor_eg", (0, 0, 30, 16, 13, 28, 0, 0))
"""A knight or bishop attacking a bigger or undefended enemy piece, by the victim's type."""
THREAT_BY_ROOK_MG = _slot("threat_by_rook_mg", (0, 0, 16, 17, -20, 52, 0, 0))
THREAT_BY_ROOK_EG = _slot("threat_by_rook_eg", (0, 0, 21, 29, 35, 22, 0, 0))
"""A rook attacking a bigger or undefended enemy piece, by the victim's type."""
HANGING_MG = _slot("hanging_mg", 26)
HANGING_EG = _slot("hanging_eg", -4)
"""Extra for a piece attacked by an equal or bigger piece that nothing defends (pawns not counted)."""
OUTPOST_MG = _slot("outpost_mg", (0, 0, 18, 24, 0, 0, 0, 0))
OUTPOST_EG = _slot("outpost_eg", (0, 0, 4, -3, 0, 0, 0, 0))
"""Knight / bishop on relative rank 4-6, defended by a pawn, out of reach of enemy pawns."""

# King safety ---------------------------------------------------------------------------
SHELTER_NEAR = _slot("shelter_near", 5)
SHELTER_FAR = _slot("shelter_far", 1)
"""Middlegame bonus per own pawn one (near) or two (far) squares in front of the king, files +-1."""

KS_ATTACKER = _slot("ks_attacker", (0, 0, 30, 9, 57, 27, 0, 0))
"""Danger units per piece (by type) that attacks the enemy king zone."""
KS_ZONE_HIT = _slot("ks_zone_hit", 31)
"""Danger units per attack on a king-zone square (pawn attacks included)."""
KS_OFFSET = _slot("ks_offset", 91)
"""Danger units subtracted from every attack (small attacks cost nothing)."""
KS_NO_QUEEN = _slot("ks_no_queen", 178)
"""Danger units subtracted when the attacker has no queen."""
KS_MAX_UNITS = _slot("ks_max_units", 600)
"""Cap on danger units (the penalty stops growing)."""
KS_DIVISOR = _slot("ks_divisor", 720)
"""Middlegame penalty = units * units // KS_DIVISOR ..."""
KS_EG_DIVISOR = _slot("ks_eg_divisor", 20)
"""... endgame penalty = units // KS_EG_DIVISOR."""
KS_SEMI_OPEN_FILE_MG = _slot("ks_semi_open_file_mg", 5)
"""Per file next to (or of) the king without own pawns."""
KS_OPEN_FILE_MG = _slot("ks_open_file_mg", 25)
"""Extra per such file without any pawns."""
STORM_MG = _slot("storm_mg", (0, 0, -49, 20, 13, 5, 1, 4, 0))
"""Enemy pawn advancing on a file next to the king, by its rank relative to the king's side (3 = two in front of a
back-rank king)."""
STORM_BLOCKED_MG = _slot("storm_blocked_mg", (0, 0, 0, 28, -1, -5, -7, 24, 0))
"""The same when an own pawn stands right in front of it."""

# Endgame scaling (64ths of the endgame score kept; engine.scaling) ------------------------
SCALE_PAWNLESS = _slot("scale_pawnless", 1)
"""No pawns for the side ahead and at most a minor piece more (it usually cannot win)."""
SCALE_OCB_PURE = _slot("scale_ocb_pure", 23)
"""Opposite-coloured bishops and pawns only."""
SCALE_OCB_PIECES = _slot("scale_ocb_pieces", 54)
"""Opposite-coloured bishops with other pieces."""

WEIGHTS = np.array(_values, dtype=np.int64)
"""The table the evaluation reads (treated as a compile-time constant by Numba)."""
WEIGHT_NAMES: tuple[str, ...] = tuple(_names)
"""Name of every element of WEIGHTS, e.g. ``"mobility_mg[2]"`` (a knight's weight)."""
