"""The TT's "on a principal variation" flag (FEATURE_TT_PV, Stockfish's ttPv): packed beside the
entry's other fields, set by the search only with its feature, on the positions of the PV."""

from __future__ import annotations

import numpy as np

from engine import Searcher, SearchLimit
from engine.fen import position_from_game
from engine.position import ST_HPLY, encode_move
from engine.searchstate import ALL_FEATURES, FEATURE_TT_PV, LEVEL_FEATURES, PENDING_FEATURES
from engine.tt import (
    BOUND_UPPER,
    TT_PV_BIT,
    allocate,
    entry_bound,
    entry_depth,
    entry_generation,
    entry_is_pv,
    entry_move,
    entry_score,
    tt_probe,
    tt_probe_eval,
    tt_store,
)

FEN = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"


def test_the_flag_round_trips_without_touching_the_other_fields() -> None:
    keys, data = allocate(1)
    key = np.uint64(0xFEEDFACE87654321)
    move = encode_move(35, 55, 5, 8)
    for is_pv in (False, True):
        tt_store(keys, data, key, 9, BOUND_UPPER, -321, move, 255, 77, is_pv)
        entry, static_eval = tt_probe_eval(keys, data, key)
        assert entry_is_pv(entry) == is_pv
        assert (entry_score(entry), entry_depth(entry), entry_bound(entry), entry_move(entry)) == (
            -321,
            9,
            BOUND_UPPER,
            move,
        )
        assert (entry_generation(entry), static_eval) == (255, 77)
    tt_store(keys, data, key, 9, BOUND_UPPER, -321, move, 255)
    assert not entry_is_pv(tt_probe(keys, data, key))  # the default: not on a PV


def _flags_after_a_search(features: int) -> tuple[list[bool], bool]:
    """(the flag of each PV position the table holds, whether any entry has the flag)."""
    searcher = Searcher(hash_mb=1)
    searcher.features = features
    result = searcher.search(FEN, limit=SearchLimit(depth=7))
    assert result.info is not None and len(result.info.pv) >= 2
    along_the_pv = []
    for plies in range(len(result.info.pv)):
        pos = position_from_game(FEN, result.info.pv[:plies])
        entry = tt_probe(searcher._tt_keys, searcher._tt_data, pos.hashes[pos.st[ST_HPLY]])
        if entry != 0:
            along_the_pv.append(entry_is_pv(entry))
    return along_the_pv, bool(np.any(searcher._tt_data & TT_PV_BIT))


def test_the_search_flags_pv_positions_only_with_the_feature() -> None:
    along_the_pv, _ = _flags_after_a_search(ALL_FEATURES | FEATURE_TT_PV)
    assert along_the_pv[0] and all(along_the_pv)  # the root and the stored PV positions were PV nodes
    along_the_pv, any_flag = _flags_after_a_search(ALL_FEATURES)
    assert along_the_pv and not any(along_the_pv) and not any_flag  # off: no entry carries the flag
    assert FEATURE_TT_PV & PENDING_FEATURES and not FEATURE_TT_PV & (ALL_FEATURES | LEVEL_FEATURES)
