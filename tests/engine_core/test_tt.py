"""Transposition table: packing, mate-score conversion, replacement."""

from __future__ import annotations

import numpy as np

from engine.position import encode_move
from engine.tt import (
    BOUND_EXACT,
    BOUND_LOWER,
    BOUND_UPPER,
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
