"""Transposition table: packing, mate-score conversion, replacement, the stored static evaluation."""

from __future__ import annotations

import numpy as np

from engine import Searcher, SearchLimit
from engine.fen import position_from_game
from engine.nnue import position_eval
from engine.position import ST_HPLY, encode_move
from engine.tt import (
    BOUND_EXACT,
    BOUND_LOWER,
    BOUND_UPPER,
    EVAL_NONE,
    MATE,
    allocate,
    entries_for_mb,
    entry_bound,
    entry_depth,
    entry_move,
    entry_score,
    score_from_tt,
    score_to_tt,
    tt_hashfull,
    tt_probe,
    tt_probe_eval,
    tt_store,
)


def test_size_follows_hash_megabytes() -> None:
    assert entries_for_mb(1) == 65536
    assert entries_for_mb(64) == 64 * 65536
    keys, data = allocate(2)
    assert keys.shape == data.shape == (131072,)


def test_store_and_probe_round_trip() -> None:
    keys, data = allocate(1)
    key = np.uint64(0xDEADBEEF12345678)
    move = encode_move(35, 55, 5, 8)
    tt_store(keys, data, key, 7, BOUND_LOWER, -1234, move, 3)
    entry = tt_probe(keys, data, key)
    assert (entry_score(entry), entry_depth(entry), entry_bound(entry), entry_move(entry)) == (
        -1234,
        7,
        BOUND_LOWER,
        move,
    )
    assert tt_probe(keys, data, np.uint64(0x1111)) == 0


def test_mate_scores_are_stored_relative_to_the_node() -> None:
    keys, data = allocate(1)
    key = np.uint64(987654321)
    # Found at ply 5: "mate in 3 plies from here" = MATE - 8 from the root.
    tt_store(keys, data, key, 4, BOUND_EXACT, score_to_tt(MATE - 8, 5), 0, 1)
    stored = entry_score(tt_probe(keys, data, key))
    assert stored == MATE - 3
    # Probed through a transposition at ply 9: mate is 3 plies further, 12 from the root.
    assert score_from_tt(stored, 9) == MATE - 12
    # Being mated works the same way with the opposite sign.
    assert score_from_tt(score_to_tt(-MATE + 10, 4), 6) == -MATE + 12
    # Ordinary scores are untouched.
    assert score_from_tt(score_to_tt(250, 17), 3) == 250


def test_depth_preferred_replacement_and_aging() -> None:
    keys, data = allocate(1)
    n = keys.shape[0]
    a, b = np.uint64(5), np.uint64(5 + n)  # same slot
    tt_store(keys, data, a, 10, BOUND_UPPER, 1, 0, 1)
    tt_store(keys, data, b, 3, BOUND_UPPER, 2, 0, 1)  # shallower, same search: kept out
    assert tt_probe(keys, data, a) != 0 and tt_probe(keys, data, b) == 0
    tt_store(keys, data, b, 3, BOUND_UPPER, 2, 0, 2)  # a newer search replaces old entries
    assert tt_probe(keys, data, b) != 0 and tt_probe(keys, data, a) == 0
    assert tt_hashfull(data, 2) == 1  # one used slot among the first 1000


def test_a_torn_entry_fails_validation() -> None:
    """Threads write the key and the data words separately, without a lock: a slot can end up
    with one thread's key word and another's data word. That mix must read as absent, not as
    the other position's score and move under this key."""
    keys, data = allocate(1)
    n = keys.shape[0]
    a, b = np.uint64(7), np.uint64(7 + n)  # same slot
    tt_store(keys, data, a, 5, BOUND_EXACT, 100, encode_move(35, 55, 0, 0), 1)
    key_word_a = keys[7]
    tt_store(keys, data, b, 6, BOUND_EXACT, -300, encode_move(85, 65, 0, 0), 1)
    keys[7] = key_word_a  # thread A's key word landed after thread B's data word
    assert tt_probe(keys, data, a) == 0
    assert tt_probe(keys, data, b) == 0


def test_the_static_evaluation_round_trips_beside_the_entry() -> None:
    keys, data = allocate(1)
    key = np.uint64(0xDEADBEEF12345678)
    move = encode_move(35, 55, 5, 8)
    for stored in (-32767, -1234, 0, 1, 599, 32767):
        tt_store(keys, data, key, 7, BOUND_LOWER, -1234, move, 3, stored)
        entry, static_eval = tt_probe_eval(keys, data, key)
        assert static_eval == stored
        # The evaluation does not disturb the entry's fields.
        assert (entry_score(entry), entry_depth(entry), entry_bound(entry), entry_move(entry)) == (
            -1234,
            7,
            BOUND_LOWER,
            move,
        )
    assert tt_probe_eval(keys, data, np.uint64(0x1111)) == (0, EVAL_NONE)


def test_a_store_without_evaluation_keeps_this_positions_but_not_anothers() -> None:
    keys, data = allocate(1)
    n = keys.shape[0]
    a, b = np.uint64(9), np.uint64(9 + n)  # same slot
    tt_store(keys, data, a, 2, BOUND_UPPER, 10, 0, 1, 345)
    tt_store(keys, data, a, 3, BOUND_EXACT, 20, 0, 1)  # e.g. the node was in check
    assert tt_probe_eval(keys, data, a)[1] == 345
    tt_store(keys, data, b, 4, BOUND_EXACT, 30, 0, 1)  # another position takes the slot
    assert tt_probe_eval(keys, data, b)[1] == EVAL_NONE
    assert tt_probe_eval(keys, data, a) == (0, EVAL_NONE)


def test_an_evaluation_outside_the_field_is_not_stored_rather_than_clipped() -> None:
    keys, data = allocate(1)
    key = np.uint64(12345)
    for outside in (EVAL_NONE, -40000, 32768, -(1 << 40)):
        tt_store(keys, data, key, 1, BOUND_EXACT, 5, 0, 1, outside)
        entry, static_eval = tt_probe_eval(keys, data, key)
        assert entry != 0 and static_eval == EVAL_NONE


def test_a_torn_entry_never_pairs_a_position_with_another_ones_evaluation() -> None:
    keys, data = allocate(1)
    n = keys.shape[0]
    a, b = np.uint64(11), np.uint64(11 + n)  # same slot
    tt_store(keys, data, a, 5, BOUND_EXACT, 100, 0, 1, 111)
    word_a = keys[11]
    tt_store(keys, data, b, 6, BOUND_EXACT, -300, 0, 1, -222)
    word_b, data_b = keys[11], data[11]
    keys[11] = word_a  # A's key word (with A's evaluation) beside B's data word
    assert tt_probe_eval(keys, data, a) == (0, EVAL_NONE)
    assert tt_probe_eval(keys, data, b) == (0, EVAL_NONE)
    keys[11], data[11] = word_b, data_b
    assert tt_probe_eval(keys, data, b)[1] == -222


def test_the_search_stores_each_positions_own_evaluation() -> None:
    """After a search, every position along the principal variation that the table knows with
    an evaluation holds exactly what the search's evaluation (position_eval) says for it: reuse
    never changes a node's eval."""
    searcher = Searcher(hash_mb=1)
    fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
    result = searcher.search(fen, limit=SearchLimit(depth=6))
    assert result.info is not None and len(result.info.pv) >= 3
    checked = 0
    for plies in range(len(result.info.pv) + 1):
        pos = position_from_game(fen, result.info.pv[:plies])
        key = pos.hashes[pos.st[ST_HPLY]]
        entry, static_eval = tt_probe_eval(searcher._tt_keys, searcher._tt_data, key)
        if entry != 0 and static_eval != EVAL_NONE:
            assert static_eval == position_eval(pos.board, pos.st, searcher.features)
            checked += 1
    assert checked >= 2
