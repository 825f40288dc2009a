"""The null move's reduction: depth-based, plus an eval-based part behind FEATURE_NULL_EVAL_R."""

from __future__ import annotations

from engine.params import NULL_MOVE_BASE_R, NULL_MOVE_DEPTH_DIVISOR, NULL_MOVE_EVAL_MAX_R, NULL_MOVE_EVAL_STEP
from engine.pruning import null_move_reduction
from engine.searchstate import ALL_FEATURES, FEATURE_NULL_EVAL_R, LEVEL_FEATURES


def test_without_the_feature_only_depth_counts() -> None:
    features = ALL_FEATURES & ~FEATURE_NULL_EVAL_R
    for depth in (3, 6, 12, 30):
        base = NULL_MOVE_BASE_R + depth // NULL_MOVE_DEPTH_DIVISOR
        assert null_move_reduction(features, depth, 0, 0) == base
        assert null_move_reduction(features, depth, 900, 0) == base


def test_with_the_feature_each_step_above_beta_adds_a_ply_up_to_the_cap() -> None:
    features = ALL_FEATURES | FEATURE_NULL_EVAL_R
    depth, beta = 8, 40
    base = NULL_MOVE_BASE_R + depth // NULL_MOVE_DEPTH_DIVISOR
    assert null_move_reduction(features, depth, beta, beta) == base
    assert null_move_reduction(features, depth, beta + NULL_MOVE_EVAL_STEP - 1, beta) == base
    assert null_move_reduction(features, depth, beta + NULL_MOVE_EVAL_STEP, beta) == base + 1
    assert null_move_reduction(features, depth, beta + 2 * NULL_MOVE_EVAL_STEP, beta) == base + 2
    assert null_move_reduction(features, depth, beta + 50 * NULL_MOVE_EVAL_STEP, beta) == base + NULL_MOVE_EVAL_MAX_R


def test_the_levels_never_get_it() -> None:
    assert LEVEL_FEATURES & FEATURE_NULL_EVAL_R == 0
