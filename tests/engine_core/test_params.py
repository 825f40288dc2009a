"""The engine's piece values, search thresholds and feature flags: named once, used everywhere."""

from __future__ import annotations

import numpy as np

import engine.ordering
import engine.params
import engine.probcut
import engine.pruning
import engine.quiescence
import engine.root
import engine.scaling
import engine.search
import engine.searchstate
import engine.threats
from engine.fen import position_from_fen
from engine.movegen import gen_moves
from engine.ordering import score_moves
from engine.position import BISHOP, KNIGHT, PAWN, QUEEN, ROOK, move_to_uci


def test_one_piece_value_table_for_the_whole_search() -> None:
    assert engine.quiescence.PIECE_VALUE is engine.params.PIECE_VALUE
    values = engine.params.PIECE_VALUE
    assert values[PAWN] < values[KNIGHT] <= values[BISHOP] < values[ROOK] < values[QUEEN]
    # MVV-LVA, the endgame scaling and the threat terms count the same table in whole pawns.
    assert list(engine.params.PIECE_VALUE_PAWNS) == list(values // values[PAWN])
    assert engine.ordering.PIECE_VALUE_PAWNS is engine.params.PIECE_VALUE_PAWNS
    assert engine.scaling.PIECE_VALUE_PAWNS is engine.params.PIECE_VALUE_PAWNS
    assert engine.threats.PIECE_VALUE_PAWNS is engine.params.PIECE_VALUE_PAWNS


def test_captures_are_ordered_most_valuable_victim_then_least_valuable_attacker() -> None:
    # Pawn d4 can take the queen e5 or the knight c5, knight c3 the rook b5.
    pos = position_from_fen("4k3/8/8/1rn1q3/3P4/2N5/8/4K3 w - - 0 1")
    buf = np.zeros(256, dtype=np.int32)
    scores = np.zeros(256, dtype=np.int32)
    n = gen_moves(pos.board, pos.st, buf, True)
    history, cont_hist = np.zeros((17, 120), dtype=np.int64), np.zeros((1024, 1024), dtype=np.int16)
    score_moves(pos.board, buf, scores, 0, n, 0, 0, 0, 0, history, cont_hist, 0, 0)
    ranked = [move_to_uci(m) for _, m in sorted(zip(scores[:n], buf[:n], strict=True), reverse=True)]
    assert ranked == ["d4e5", "c3b5", "d4c5"]


def test_search_thresholds_live_in_params() -> None:
    for name in ("FUTILITY_MARGIN", "SINGULAR_MARGIN"):
        assert getattr(engine.search, name) is getattr(engine.params, name), name
    for name in ("FUTILITY_MARGIN", "LMP_LIMIT", "LMR", "RFP_MARGIN", "RAZOR_MARGIN"):
        assert getattr(engine.pruning, name) is getattr(engine.params, name), name
    assert engine.params.RAZOR_MAX_DEPTH == len(engine.params.RAZOR_MARGIN) - 1
    assert engine.quiescence.DELTA_MARGIN == engine.params.DELTA_MARGIN
    assert engine.search.PROBCUT_MARGIN == engine.params.PROBCUT_MARGIN
    assert engine.probcut.PROBCUT_MIN_DEPTH == engine.params.PROBCUT_MIN_DEPTH
    assert engine.root.ASPIRATION_WINDOW == engine.params.ASPIRATION_WINDOW
    # Margins and limits are indexed by depth up to their own length.
    assert engine.params.FUTILITY_MAX_DEPTH == len(engine.params.FUTILITY_MARGIN) - 1
    assert engine.params.LMP_MAX_DEPTH == len(engine.params.LMP_LIMIT) - 1
    assert all(np.diff(engine.params.FUTILITY_MARGIN) > 0)


def test_all_features_is_every_feature_flag() -> None:
    flags = {name: value for name, value in vars(engine.searchstate).items() if name.startswith("FEATURE_")}
    assert len(flags) >= 10
    combined = 0
    for name, value in flags.items():
        assert value > 0 and value & (value - 1) == 0, f"{name} is not a single bit"
        assert combined & value == 0, f"{name} shares a bit with another flag"
        combined |= value
    pending = engine.searchstate.PENDING_FEATURES
    assert engine.searchstate.ALL_FEATURES & pending == 0
    assert engine.searchstate.ALL_FEATURES | pending == combined


def test_improving_and_history_lmr_thresholds() -> None:
    worsening = engine.params.LMP_LIMIT_WORSENING
    assert len(worsening) == len(engine.params.LMP_LIMIT)
    # Where the position got worse, fewer quiet moves are tried (but at least one).
    assert all(1 <= w <= limit for w, limit in zip(worsening[1:], engine.params.LMP_LIMIT[1:], strict=True))
    assert all(np.diff(worsening) > 0)
    # The history adjustment of LMR stays within a few plies over the whole history range.
    assert 3 * engine.params.HISTORY_MAX // engine.params.LMR_HISTORY_DIVISOR <= 4
    assert engine.pruning.LMP_LIMIT_WORSENING is worsening
