"""The playing levels keep the evaluation they were calibrated with (engine.level_weights).

The checksums below are of engine.evaluate.evaluate on main at 415763a, the evaluation of the
levels' calibration (docs/levels.md), over the same positions: the levels' table must give
exactly those numbers whatever the full-strength weights become.
"""

from __future__ import annotations

import numpy as np
from engine_test_helpers import random_positions

from engine.eval_weights import WEIGHT_BLOCKS, WEIGHTS
from engine.evaluate import evaluate_with
from engine.fen import position_from_board, position_from_fen
from engine.level_weights import LEVEL_WEIGHTS
from engine.nnue import position_eval
from engine.searchstate import ALL_FEATURES, FEATURE_FULL_EVAL, FEATURE_NNUE, LEVEL_FEATURES

CALIBRATED_SUM = -47606
CALIBRATED_WEIGHTED_SUM = -16009519
CALIBRATED_ABS_SUM = 448952


def test_level_weights_reproduce_the_calibrated_evaluation() -> None:
    values = []
    for board in random_positions(600, seed=11):
        pos = position_from_board(board)
        values.append(int(evaluate_with(pos.board, pos.st, LEVEL_WEIGHTS)))
    assert sum(values) == CALIBRATED_SUM
    assert sum(i * v for i, v in enumerate(values)) == CALIBRATED_WEIGHTED_SUM
    assert sum(abs(v) for v in values) == CALIBRATED_ABS_SUM


def test_level_weights_have_the_layout_of_the_full_table() -> None:
    assert LEVEL_WEIGHTS.shape == WEIGHTS.shape
    assert LEVEL_WEIGHTS.dtype == np.int64
    start, _ = WEIGHT_BLOCKS["mobility_safe"]
    assert LEVEL_WEIGHTS[start] == 0  # every empty or enemy square counts, as calibrated
    assert WEIGHTS[start] == 1
    for name in ("connected_mg", "connected_eg"):
        first, length = WEIGHT_BLOCKS[name]
        assert not LEVEL_WEIGHTS[first : first + length].any()


def test_full_eval_feature_selects_the_table() -> None:
    assert ALL_FEATURES & FEATURE_FULL_EVAL
    assert not LEVEL_FEATURES & FEATURE_FULL_EVAL
    # A knight facing pawn-guarded squares and a pawn phalanx: the two tables differ here.
    pos = position_from_fen("4k3/8/2p1p3/8/3N4/8/3PP3/4K3 w - - 0 1")
    # Without the network (FEATURE_NNUE, on at full strength since 2026-11-28) the bit picks the table.
    full = position_eval(pos.board, pos.st, ALL_FEATURES & ~FEATURE_NNUE)
    level = position_eval(pos.board, pos.st, LEVEL_FEATURES)
    assert full == evaluate_with(pos.board, pos.st, WEIGHTS)
    assert level == evaluate_with(pos.board, pos.st, LEVEL_WEIGHTS)
    assert full != level
