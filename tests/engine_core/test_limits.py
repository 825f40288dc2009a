"""Every number that reaches the jitted code from outside is clamped first (rule 5)."""

from __future__ import annotations

import chess
import numpy as np
import pytest

from engine import Searcher, SearchLimit, perft
from engine.fen import position_from_fen
from engine.limits import (
    MAX_DEPTH,
    MAX_MOVESTOGO,
    MAX_NODES,
    MAX_PERFT_DEPTH,
    MAX_TIME_MS,
    clamp_int,
    clamp_limit,
    clamp_perft_depth,
)
from engine.perft import perft_divide
from engine.position import MAX_PLY, ST_FULLMOVE, ST_HALFMOVE
from engine.timeman import plan_time
from engine.tt import MAX_HASH_MB, entries_for_mb

HUGE = 99_999_999_999
ENORMOUS = 10**400  # does not even fit a float


def test_limits_fit_the_arrays() -> None:
    assert MAX_DEPTH < MAX_PLY - 2
    assert MAX_PERFT_DEPTH < MAX_PLY
    assert MAX_NODES < 2**63  # the node limit lives in an int64 array


def test_clamp_int_reports_what_it_changed() -> None:
    assert clamp_int("depth", 5, 1, 10) == (5, None)
    value, note = clamp_int("depth", HUGE, 1, 10)
    assert value == 10 and note is not None and "depth" in note and str(HUGE) in note
    value, note = clamp_int("depth", -3, 1, 10)
    assert value == 1 and note is not None


def test_a_sane_limit_is_untouched() -> None:
    limit = SearchLimit(
        depth=9, nodes=1000, movetime_ms=500, wtime_ms=60_000, btime_ms=50_000, winc_ms=1000, binc_ms=0, movestogo=20
    )
    assert clamp_limit(limit) == (limit, ())
    assert clamp_limit(SearchLimit()) == (SearchLimit(), ())
    assert clamp_limit(SearchLimit(infinite=True)) == (SearchLimit(infinite=True), ())


@pytest.mark.parametrize("value", [HUGE, ENORMOUS, -HUGE, -ENORMOUS, 0])
def test_every_field_of_a_limit_is_clamped(value: int) -> None:
    limit = SearchLimit(
        depth=value,
        nodes=value,
        movetime_ms=value,
        wtime_ms=value,
        btime_ms=value,
        winc_ms=value,
        binc_ms=value,
        movestogo=value,
    )
    clamped, notes = clamp_limit(limit)
    assert 1 <= clamped.depth <= MAX_DEPTH
    assert 1 <= clamped.nodes <= MAX_NODES
    for field in (clamped.movetime_ms, clamped.wtime_ms, clamped.btime_ms):
        assert 1 <= field <= MAX_TIME_MS
    assert 0 <= clamped.winc_ms <= MAX_TIME_MS and 0 <= clamped.binc_ms <= MAX_TIME_MS
    assert clamped.movestogo is None or 1 <= clamped.movestogo <= MAX_MOVESTOGO
    assert notes  # every change is reported
    budget = plan_time(clamped, True, move_overhead_ms=ENORMOUS)
    assert budget.hard_ms is not None and budget.hard_ms >= 1


def test_perft_depth_is_clamped_to_the_ply_buffers() -> None:
    assert clamp_perft_depth(5) == (5, None)
    depth, note = clamp_perft_depth(HUGE)
    assert depth == MAX_PERFT_DEPTH and note is not None
    assert clamp_perft_depth(-4)[0] == 0


def test_perft_functions_survive_any_depth() -> None:
    assert perft(chess.STARTING_FEN, -HUGE) == 1
    stop = np.ones(1, dtype=np.int8)  # already stopped: returns at once instead of running for ever
    assert perft_divide(chess.STARTING_FEN, HUGE, stop=stop) == []


def test_searcher_clamps_a_limit_from_any_caller() -> None:
    searcher = Searcher(hash_mb=1)
    board = chess.Board()
    for limit in (
        SearchLimit(depth=HUGE, nodes=2000),
        SearchLimit(nodes=ENORMOUS, depth=3),
        SearchLimit(movetime_ms=ENORMOUS, depth=2),
        SearchLimit(nodes=0),
        SearchLimit(wtime_ms=ENORMOUS, btime_ms=-5, winc_ms=ENORMOUS, depth=2),
    ):
        result = searcher.search(board.fen(), limit=limit)
        assert chess.Move.from_uci(result.best_move) in board.legal_moves, limit


def test_hash_size_is_clamped() -> None:
    assert entries_for_mb(ENORMOUS) == entries_for_mb(MAX_HASH_MB)
    assert entries_for_mb(-HUGE) == entries_for_mb(1)


def test_fen_clocks_are_clamped() -> None:
    pos = position_from_fen(f"4k3/8/8/8/8/8/8/4K2R w K - {ENORMOUS} {ENORMOUS}")
    assert 100 <= pos.st[ST_HALFMOVE] < 2**31 and 1 <= pos.st[ST_FULLMOVE] < 2**31
