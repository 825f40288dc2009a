"""Lazy SMP (engine.smp): helper threads share the transposition table; the result stays a legal
move of the best-completed thread, limits and stop still hold, and Threads = 1 is the old search."""

from __future__ import annotations

import threading
import time

import chess
import numpy as np
import pytest
from engine_test_helpers import UciProcess, assert_legal_answer, random_positions

from engine import Searcher, SearchLimit
from engine.smp import MAX_THREADS, Completed, Helper, pick_best, skips_depth

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    return Searcher(hash_mb=8, threads=2)


def helper_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("search-helper")]


def test_threads_are_clamped_and_make_helpers() -> None:
    searcher = Searcher(hash_mb=1, threads=99)
    assert searcher.threads == MAX_THREADS and len(searcher._pool.helpers) == MAX_THREADS - 1
    assert searcher.set_threads(0) == "Threads 0 is below the minimum; using 1"
    assert searcher.threads == 1 and searcher._pool.helpers == []
    assert searcher.set_threads(3) is None and len(searcher._pool.helpers) == 2
    # Every helper shares the main table, also after it is resized.
    searcher.set_hash_mb(2)
    assert all(h._tt_keys is searcher._tt_keys and h._tt_data is searcher._tt_data for h in searcher._pool.helpers)
    assert all(h._stop is searcher._stop for h in searcher._pool.helpers)


def test_helpers_spread_over_the_depths() -> None:
    # Two threads: the helper takes the even depths, so it is mostly an iteration ahead.
    assert [d for d in range(1, 9) if not skips_depth(1, d)] == [1, 2, 4, 6, 8]
    assert [d for d in range(1, 9) if not skips_depth(2, d)] == [1, 3, 5, 7]
    assert all(not skips_depth(k, 1) for k in range(1, MAX_THREADS))


def test_the_best_completed_thread_is_chosen() -> None:
    main = Completed(10, 30, ())
    deeper = Completed(11, -20, (1,))
    better = Completed(10, 45, (2,))
    worse = Completed(10, 10, (3,))
    assert pick_best(main, [worse, None], False) is None
    assert pick_best(main, [worse, better], False) is better
    assert pick_best(main, [better, deeper], False) is deeper
    # The main thread's interrupted iteration already improved on depth 10: it keeps ties.
    assert pick_best(main, [better], True) is None
    assert pick_best(main, [Completed(12, 0, ())], False) is None  # no move: never chosen


def test_two_threads_always_return_a_legal_move() -> None:
    searcher = Searcher(hash_mb=4, threads=2)
    for board in random_positions(40, seed=11):
        result = searcher.search(board.fen(), limit=SearchLimit(nodes=3000))
        assert_legal_answer(board, result.best_move, result.ponder)
        assert helper_threads() == []  # joined before search() returns


def test_a_helper_chosen_result_is_reported_with_all_threads_nodes(searcher: Searcher) -> None:
    infos = []
    result = searcher.search(KIWIPETE, limit=SearchLimit(depth=7), on_info=infos.append)
    board = chess.Board(KIWIPETE)
    assert chess.Move.from_uci(result.best_move) in board.legal_moves
    assert result.info is infos[-1] and result.info.pv[0] == result.best_move
    main_nodes = int(searcher._stats[0])
    assert result.info.nodes >= main_nodes and result.info.depth == 7


def test_stop_ends_every_thread_promptly(searcher: Searcher) -> None:
    first_info = threading.Event()
    results = []
    thread = threading.Thread(
        target=lambda: results.append(
            searcher.search(KIWIPETE, limit=SearchLimit(infinite=True), on_info=lambda info: first_info.set())
        )
    )
    thread.start()
    assert first_info.wait(30)
    searcher.stop()
    thread.join(5)
    assert not thread.is_alive() and helper_threads() == []
    assert chess.Move.from_uci(results[0].best_move) in chess.Board(KIWIPETE).legal_moves


def test_time_limits_hold_with_two_threads(searcher: Searcher) -> None:
    # Generous bounds, as for one thread: exact overshoot is benchmarks/engine_timing.py's job.
    start = time.monotonic()
    result = searcher.search(chess.STARTING_FEN, limit=SearchLimit(movetime_ms=300))
    assert time.monotonic() - start < 1.0 and result.best_move is not None
    start = time.monotonic()
    result = searcher.search(KIWIPETE, limit=SearchLimit(wtime_ms=40, btime_ms=40))
    assert time.monotonic() - start < 0.5
    assert chess.Move.from_uci(result.best_move) in chess.Board(KIWIPETE).legal_moves


def test_garbage_table_entries_cannot_produce_an_illegal_move() -> None:
    """Entries that pass the key check but hold nonsense (random moves, scores, depths, bounds)
    are at worst bad advice: every move played is generated and checked by the search itself."""
    rng = np.random.default_rng(5)
    for threads in (1, 2):
        searcher = Searcher(hash_mb=1, threads=threads)
        for board in random_positions(12, seed=21 + threads):
            legal = {m.uci() for m in board.legal_moves}
            if not legal:
                continue
            searcher.search(board.fen(), limit=SearchLimit(depth=4))
            keys, data = searcher._tt_keys, searcher._tt_data
            used = data != 0
            real_keys = keys[used] ^ data[used].astype(np.uint64)
            garbage = rng.integers(1, 2**62, size=int(used.sum()), dtype=np.int64)
            data[used] = garbage
            keys[used] = real_keys ^ garbage.astype(np.uint64)  # still "valid" for their positions
            result = searcher.search(board.fen(), limit=SearchLimit(depth=5))
            assert result.best_move in legal, board.fen()


def test_one_thread_again_is_the_single_threaded_search() -> None:
    fresh = Searcher(hash_mb=4)
    expected = fresh.search(KIWIPETE, limit=SearchLimit(depth=6)).info
    searcher = Searcher(hash_mb=4, threads=2)
    searcher.search(KIWIPETE, limit=SearchLimit(depth=6))
    searcher.set_threads(1)
    searcher.new_game()
    again = searcher.search(KIWIPETE, limit=SearchLimit(depth=6)).info
    assert (again.nodes, again.score_cp, again.pv) == (expected.nodes, expected.score_cp, expected.pv)


def test_a_playing_level_searches_with_one_thread() -> None:
    searcher = Searcher(hash_mb=1, threads=2)
    searcher.set_strength(1500)
    searcher.human_pace = False
    result = searcher.search(chess.STARTING_FEN, limit=SearchLimit(depth=3))
    assert result.best_move in {m.uci() for m in chess.Board().legal_moves}
    assert all(h.completed is None for h in searcher._pool.helpers)


def test_a_helpers_error_is_not_swallowed(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: Helper, *args: object) -> None:
        raise RuntimeError("helper broke")

    monkeypatch.setattr(Helper, "_search_lines", broken)
    searcher = Searcher(hash_mb=1, threads=2)
    with pytest.raises(RuntimeError, match="helper broke"):
        searcher.search(chess.STARTING_FEN, limit=SearchLimit(depth=3))
    assert helper_threads() == []


def test_uci_threads_option_round_trips() -> None:
    uci = UciProcess()
    try:
        uci.send("uci")
        lines = uci.expect("uciok")
        assert f"option name Threads type spin default 1 min 1 max {MAX_THREADS}" in lines
        uci.send("setoption name Threads value 2")
        uci.send("position fen " + KIWIPETE)
        uci.send("go depth 6")
        bestmove = uci.expect("bestmove")[-1].split()[1]
        assert chess.Move.from_uci(bestmove) in chess.Board(KIWIPETE).legal_moves
        uci.send("setoption name Threads value 99")
        uci.is_ready()
        assert f"info string Threads 99 is beyond the maximum; using {MAX_THREADS}" in uci.lines
        uci.send("go movetime 200")
        bestmove = uci.expect("bestmove")[-1].split()[1]
        assert chess.Move.from_uci(bestmove) in chess.Board(KIWIPETE).legal_moves
    finally:
        assert uci.quit() == 0


def test_a_helper_thread_that_cannot_start_ends_the_others(monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.smp

    started: list[threading.Thread] = []

    class FlakyThread(threading.Thread):
        def start(self) -> None:
            if started:
                raise RuntimeError("can't start new thread")
            started.append(self)
            super().start()

    searcher = Searcher(hash_mb=1, threads=3)
    monkeypatch.setattr(engine.smp.threading, "Thread", FlakyThread)
    with pytest.raises(RuntimeError, match="can't start new thread"):
        searcher.search(chess.STARTING_FEN, limit=SearchLimit(infinite=True))
    assert len(started) == 1 and not started[0].is_alive() and not searcher.is_searching
    monkeypatch.undo()
    result = searcher.search(chess.STARTING_FEN, limit=SearchLimit(depth=4))
    assert result.best_move in {m.uci() for m in chess.Board().legal_moves}
