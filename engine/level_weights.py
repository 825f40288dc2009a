"""The evaluation weights of the playing levels: the table they were calibrated with.

The playing levels below full strength (engine.strength) were calibrated against Stockfish with
the evaluation of 2026-11-23..27 (docs/levels.md). A level searches node- and depth-capped, so a
better evaluation makes every level stronger and moves it off its calibrated Elo. The search
therefore reads :data:`LEVEL_WEIGHTS` whenever ``FEATURE_FULL_EVAL`` is off, as it is for every
level below engine.strength.FULL_EVAL_FROM (engine.strength.level_features), and
:data:`engine.eval_weights.WEIGHTS` from there up and at full strength.

The numbers are the table of that calibration laid out as WEIGHTS is: its linear mobility
(``slope * (squares - base)`` per piece type) written out as the per-count tables, no
connected-pawn term, and ``mobility_safe`` 0 (every empty or enemy square counts). With them
:func:`engine.evaluate.evaluate_with` gives exactly the evaluation of that calibration
(tests/engine_core/test_level_weights.py pins it). Do not re-tune them: a change here needs a
new calibration of every level.
"""

from __future__ import annotations

import numpy as np

from engine.eval_weights import WEIGHT_BLOCKS, WEIGHTS


def _linear(slope: int, base: int, length: int) -> tuple[int, ...]:
    """A mobility table scoring ``slope`` cp per square beyond ``base`` (0 .. length - 1 squares)."""
    return tuple(slope * (count - base) for count in range(length))


_LEVEL_VALUES: dict[str, int | tuple[int, ...]] = {
    "tempo": 11,
    "passed_mg": (0, 0, 10, -32, -33, -19, 9, -37, 0),
    "passed_eg": (0, 0, -11, 2, 17, 10, -22, 37, 0),
    "passer_connected_mg": (0, 0, -2, 19, 10, 41, 52, 182, 0),
    "passer_connected_eg": (0, 0, 9, 9, 18, 28, 61, 61, 0),
    "passer_free_mg": (0, 0, 0, 0, 29, 26, 21, 96, 0),
    "passer_free_eg": (0, 0, 0, 0, 0, 8, 19, -19, 0),
    "passer_safe_mg": (0, 0, 0, 0, 4, -22, 20, -45, 0),
    "passer_safe_eg": (0, 0, 0, 0, 21, 30, 48, 122, 0),
    "passer_king_theirs_eg": (0, 0, 0, 0, 7, 13, 26, 32, 0),
    "passer_king_ours_eg": (0, 0, 0, 0, 12, 12, 21, 40, 0),
    "passer_unstoppable_eg": 189,
    "doubled_mg": 13,
    "doubled_eg": 34,
    "isolated_mg": 6,
    "isolated_eg": 1,
    "connected_mg": (0, 0, 0, 0, 0, 0, 0, 0, 0),
    "connected_eg": (0, 0, 0, 0, 0, 0, 0, 0, 0),
    "bishop_pair_mg": 10,
    "bishop_pair_eg": 58,
    "rook_open_mg": 7,
    "rook_open_eg": 7,
    "rook_half_open_mg": 1,
    "rook_half_open_eg": 23,
    # The calibration's mobility was linear: slope * (squares - base) per piece type.
    "mobility_knight_mg": _linear(-1, 4, 9),
    "mobility_knight_eg": _linear(3, 4, 9),
    "mobility_bishop_mg": _linear(2, 6, 14),
    "mobility_bishop_eg": _linear(1, 6, 14),
    "mobility_rook_mg": _linear(2, 6, 15),
    "mobility_rook_eg": _linear(2, 6, 15),
    "mobility_queen_mg": _linear(1, 12, 28),
    "mobility_queen_eg": _linear(2, 12, 28),
    "mobility_safe": 0,
    "threat_by_pawn_mg": (0, 0, 36, 40, 38, 47, 0, 0),
    "threat_by_pawn_eg": (0, 0, 28, 67, 29, -10, 0, 0),
    "threat_by_minor_mg": (0, 0, -18, -6, 31, 37, 0, 0),
    "threat_by_minor_eg": (0, 0, 13, 19, 34, 28, 0, 0),
    "threat_by_rook_mg": (0, 0, 38, -5, -8, 63, 0, 0),
    "threat_by_rook_eg": (0, 0, -5, 33, 13, 25, 0, 0),
    "hanging_mg": 23,
    "hanging_eg": 5,
    "outpost_mg": (0, 0, 23, 17, 0, 0, 0, 0),
    "outpost_eg": (0, 0, 15, 17, 0, 0, 0, 0),
    "shelter_near": -3,
    "shelter_far": -3,
    "ks_attacker": (0, 0, 35, 20, 40, 15, 0, 0),
    "ks_zone_hit": 30,
    "ks_offset": 85,
    "ks_no_queen": 144,
    "ks_max_units": 600,
    "ks_divisor": 720,
    "ks_eg_divisor": 20,
    "ks_semi_open_file_mg": 14,
    "ks_open_file_mg": 11,
    "storm_mg": (0, 0, -64, 16, 13, 0, -3, -2, 0),
    "storm_blocked_mg": (0, 0, 0, 18, -7, -8, -7, 30, 0),
    "scale_pawnless": 1,
    "scale_ocb_pure": 33,
    "scale_ocb_pieces": 64,
}


def _pack(values: dict[str, int | tuple[int, ...]]) -> np.ndarray:
    """The blocks of ``values`` laid out as WEIGHTS (every block named, each of its length)."""
    if set(values) != set(WEIGHT_BLOCKS):
        raise ValueError(f"level weights name other blocks than WEIGHTS: {set(values) ^ set(WEIGHT_BLOCKS)}")
    table = np.zeros(len(WEIGHTS), dtype=np.int64)
    for name, (start, length) in WEIGHT_BLOCKS.items():
        block = values[name]
        items = (block,) if isinstance(block, int) else block
        if len(items) != length:
            raise ValueError(f"level weight block {name!r} has {len(items)} values, WEIGHTS {length}")
        table[start : start + length] = items
    return table


LEVEL_WEIGHTS = _pack(_LEVEL_VALUES)
"""The table the playing levels' evaluation reads (a compile-time constant for Numba, as WEIGHTS)."""
