"""The search on a clock: when its time starts, what it learns of the caller's latency,
and a long game with almost no time left (UCI level). Deterministic checks on the
budgets the engine reports, never wall-clock timings."""

from __future__ import annotations

import random
import time

import chess
import pytest

from engine import Searcher, SearchLimit
from engine.timeman import PER_MOVE_LATENCY_MS, plan_time
from engine.uci import UciEngine
from engine.uci_protocol import timed_lines


def long_game(plies: int = 150, seed: int = 7) -> list[str]:
    """A legal game of ``plies`` plies that is not over (random moves, retried until it lasts)."""
    rng = random.Random(seed)
    while True:
        board = chess.Board()
        while board.ply() < plies and not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
        if board.ply() == plies and not board.is_game_over():
            return [move.uci() for move in board.move_stack]


def timing_fields(lines: list[str]) -> dict[str, str]:
    timing = [line for line in lines if line.startswith("info string timing")]
    assert len(timing) == 1, lines
    return dict(part.split("=", 1) for part in timing[0].split()[3:])


def test_the_budget_counts_from_when_the_callers_clock_started() -> None:
    searcher = Searcher(hash_mb=1)
    # The request was sent 5 s ago (the worker thread was busy): a 2 s clock's budget is
    # long spent, so the engine answers from depth 1 at once instead of thinking anew.
    limit = SearchLimit(wtime_ms=2000, btime_ms=2000, started_at=time.monotonic() - 5.0)
    result = searcher.search(chess.STARTING_FEN, (), limit)
    assert result.best_move is not None and result.info is not None and result.info.depth == 1
    assert searcher.last_timing is not None and searcher.last_timing.waited_ms >= 5000
    # A reading in the future counts as now.
    searcher.search(chess.STARTING_FEN, (), SearchLimit(depth=1, started_at=time.monotonic() + 100))
    assert searcher.last_timing.waited_ms == 0


def test_the_searcher_learns_the_latency_its_callers_clock_charges() -> None:
    searcher = Searcher(hash_mb=1, move_overhead_ms=30)
    moves = ["e2e4", "e7e5", "g1f3", "b8c6"]
    first = searcher.search(chess.STARTING_FEN, moves, SearchLimit(wtime_ms=3000, btime_ms=3000, winc_ms=20))
    spent = searcher.last_timing.spent_ms
    # The caller's clock charged 40 ms more than the engine's own time for that move.
    remaining = round(3000 - spent + 20 - 40)
    moves += [first.best_move, "a7a6" if first.best_move != "a7a6" else "h7h6"]
    board = chess.Board()
    for uci in moves:
        board.push_uci(uci)  # still legal
    limit = SearchLimit(wtime_ms=remaining, btime_ms=3000, winc_ms=20)
    searcher.search(chess.STARTING_FEN, moves, limit)
    assert searcher.latency.peak_ms == pytest.approx(40.0, abs=1.0)
    timing = searcher.last_timing
    # The spike (and any overshoot of the first search) is the next move's overhead, above
    # the option's 30 ms; a tenth of it joins the mean reserved for every move to go.
    assert timing.overhead_ms == pytest.approx(40.0 + timing.overshoot_ms, abs=1.0)
    assert timing.latency_ms == max(PER_MOVE_LATENCY_MS, searcher.latency.latency_ms)
    assert timing.budget == plan_time(limit, True, round(timing.overhead_ms), timing.latency_ms)
    assert timing.budget.hard_ms < plan_time(limit, True, 30, timing.latency_ms).hard_ms


def test_a_long_game_with_50_ms_left_is_answered_from_depth_one_at_once(uci_until_bestmove) -> None:
    moves = " ".join(long_game())
    uci, lines = uci_until_bestmove("debug on", f"position startpos moves {moves}", "go wtime 50 btime 50")
    fields = timing_fields(lines)
    # 50 ms is less than the overhead and the latency reserve: no iteration may start
    # that could not end; the depth-1 move comes at once.
    assert float(fields["hard"]) == 0.0 and fields["depth"] == "1"
    assert not any(line.startswith("info depth 2") for line in lines)
    board = chess.Board()
    for uci_move in moves.split():
        board.push_uci(uci_move)
    assert chess.Move.from_uci(lines[-1].split()[1]) in board.legal_moves
    assert uci.handle("quit") is False


def test_the_go_clock_runs_from_when_the_line_arrived(uci_until_bestmove) -> None:
    lines: list[str] = []
    uci = UciEngine(write=lines.append)
    uci.handle("debug on")
    uci.handle("position startpos moves e2e4")
    uci.handle("go wtime 3000 btime 3000", received=time.monotonic() - 10.0)  # stuck 10 s in the pipe
    assert uci.handle("quit") is False  # waits for the search (it is over at once)
    fields = timing_fields(lines)
    assert float(fields["waited"]) >= 10_000 and fields["depth"] == "1"
    assert float(fields["go_to_bestmove"]) >= 10_000
    assert lines[-1].startswith("bestmove")


def test_timed_lines_stamps_each_line_on_arrival() -> None:
    before = time.monotonic()
    pairs = list(timed_lines(iter(["uci\n", "isready\n", "go depth 1\n"])))
    assert [line for _, line in pairs] == ["uci\n", "isready\n", "go depth 1\n"]
    stamps = [stamp for stamp, _ in pairs]
    assert before <= stamps[0] <= stamps[1] <= stamps[2] <= time.monotonic()
