"""Benchmarks (scripts, not timed tests): ``python -m engine bench`` and ``perftbench``.

The bench node count is deterministic (fresh tables per position, fixed
depth), so tests/engine/test_bench.py pins it: any change to search or
evaluation shows up as a changed signature.
"""

from __future__ import annotations

import time

import chess

from engine.api import SearchLimit

BENCH_DEPTH = 11

BENCH_POSITIONS = (
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r3k2r/2pb1ppp/2pp1q2/p7/1nP1B3/1P2P3/P2N1PPP/R2QK2R w KQkq a6 0 14",
    "4rrk1/2p1b1p1/p1p3q1/4p3/2P2n1p/1P1NR2P/PB3PP1/3R1QK1 b - - 2 24",
    "r3qbrk/6p1/2b2pPp/p3pP1Q/PpPpP2P/3P1B2/2PB3K/R5R1 w - - 16 42",
    "6k1/1R3p2/6p1/2Bp3p/3P2q1/P7/1P2rQ1K/5R2 b - - 4 44",
    "8/8/1p2k1p1/3p3p/1p1P1P1P/1P2PK2/8/8 w - - 3 54",
    "7r/2p3k1/1p1p1qp1/1P1Bp3/p1P2r1P/P7/4R3/Q4RK1 w - - 0 36",
    "r1bq1rk1/pp2b1pp/n1pp1n2/3P1p2/2P1p3/2N1P2N/PP2BPPP/R1BQ1RK1 b - - 2 10",
    "3r3k/2r4p/1p1b3q/p4P2/P2Pp3/1B2P3/3BQ1RP/6K1 w - - 3 87",
    "2r4r/1p4k1/1Pnp4/3Qb1pq/8/4BpPp/5P2/2RR1BK1 w - - 0 42",
    "4q1bk/6b1/7p/p1p4p/PNPpP2P/KN4P1/3Q4/4R3 b - - 0 37",
    "2q3r1/1r2pk2/pp3pp1/2pP3p/P1Pb1BbP/1P4Q1/R3NPP1/4R1K1 w - - 2 34",
    "1r2r2k/1b4q1/pp5p/2pPp1p1/P3Pn2/1P1B1Q1P/2R3P1/4BR1K b - - 1 37",
    "6k1/3b3r/1p1p4/p1n2p2/1PPNpP1q/P3Q1p1/1R1RB1P1/5K2 b - - 0 1",
    "r2r1n2/pp2bk2/2p1p2p/3q4/3PN1QP/2P3R1/P4PP1/5RK1 w - - 0 1",
    "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10",
    "8/8/8/8/5kp1/P7/8/1K1N4 w - - 0 1",
    "8/8/3P3k/8/1p6/8/1P6/1K3n2 b - - 0 1",
    "8/R7/2q5/8/6k1/8/1P5p/K6R w - - 0 124",
    "8/8/8/4k3/8/8/8/4KQ2 w - - 0 1",
    "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
)
"""Openings, middlegames, tactics, endgames (mostly the classic engine-bench set)."""


def bench_nodes(depth: int = BENCH_DEPTH, report: bool = False, features: int | None = None) -> tuple[int, float]:
    """Search every bench position to ``depth`` with fresh tables; (total nodes, seconds).
    ``features``: the FEATURE_* bits to search with (None: ALL_FEATURES, the engine as it plays)."""
    from engine.searcher import Searcher

    searcher = Searcher(hash_mb=16)
    if features is not None:
        searcher.features = features
    total = 0
    elapsed = 0.0
    for i, fen in enumerate(BENCH_POSITIONS, 1):
        searcher.new_game()
        start = time.perf_counter()
        result = searcher.search(fen, (), SearchLimit(depth=depth))
        spent = time.perf_counter() - start
        nodes = result.info.nodes if result.info else 0
        total += nodes
        elapsed += spent
        if report:
            print(
                f"Position {i:2d}/{len(BENCH_POSITIONS)}: {nodes:9d} nodes "
                f"{spent * 1000:8.0f} ms  bestmove {result.best_move}"
            )
    return total, elapsed


def run_bench(depth: int | None = None, features: int | None = None) -> None:
    """``python -m engine bench``: print load time, per-position results and totals (``features``:
    as for :func:`bench_nodes`)."""
    from engine.searchstate import ALL_FEATURES
    from engine.warmup import warm_up

    start = time.perf_counter()
    warm_up()
    load = time.perf_counter() - start
    print(f"JIT warm-up (compile, or load from cache): {load:.2f} s")
    nodes, elapsed = bench_nodes(depth or BENCH_DEPTH, report=True, features=features)
    print("=" * 40)
    print(f"Depth            : {depth or BENCH_DEPTH}")
    print(f"Features         : {ALL_FEATURES if features is None else features:#x}")
    print(f"Total time (ms)  : {elapsed * 1000:.0f}")
    print(f"Nodes searched   : {nodes}")
    print(f"Nodes/second     : {int(nodes / max(elapsed, 1e-9))}")


PERFT_BENCH = (
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
)


def python_chess_perft(board: chess.Board, depth: int) -> int:
    """Reference leaf count from python-chess (for checking and timing our perft)."""
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += python_chess_perft(board, depth - 1)
        board.pop()
    return total


def run_perft_bench(extra_depth: int | None = None) -> None:
    """``python -m engine perftbench``: perft speed of the engine vs python-chess."""
    from engine.perft import perft
    from engine.warmup import warm_up

    warm_up()
    ours_nodes = ours_time = theirs_nodes = theirs_time = 0.0
    for fen, depth in PERFT_BENCH:
        depth += extra_depth or 0
        start = time.perf_counter()
        ours = perft(fen, depth + 1)
        ours_time += time.perf_counter() - start
        ours_nodes += ours
        start = time.perf_counter()
        theirs = python_chess_perft(chess.Board(fen), depth)
        theirs_time += time.perf_counter() - start
        theirs_nodes += theirs
        print(f"{fen}\n  engine perft({depth + 1}) = {ours}   python-chess perft({depth}) = {theirs}")
    ours_nps = ours_nodes / max(ours_time, 1e-9)
    theirs_nps = theirs_nodes / max(theirs_time, 1e-9)
    print("=" * 40)
    print(f"engine       : {int(ours_nodes)} leaves in {ours_time:.2f} s = {int(ours_nps)} leaves/s")
    print(f"python-chess : {int(theirs_nodes)} leaves in {theirs_time:.2f} s = {int(theirs_nps)} leaves/s")
    print(f"speed-up     : {ours_nps / max(theirs_nps, 1e-9):.1f}x")
