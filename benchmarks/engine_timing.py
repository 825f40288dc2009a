"""How precisely the engine honours its time limits (a script, not a timed test).

    .venv/bin/python benchmarks/engine_timing.py

* movetime searches: wall time of Searcher.search vs the requested time
  (target: never more than 30 ms past the hard limit);
* a simulated sudden-death game (engine vs itself, 10 s + 0.1 s per side):
  the clock must never run out;
* the set-up of a search in a long game (engine.replay.GameReplay, what every move
  pays before searching): per move in a shuffling endgame with a 5, 45 and 85-ply
  reversible tail, against a full replay (position_from_game).
"""

from __future__ import annotations

import statistics
import time

import chess

from engine import Searcher, SearchLimit, warm_up

POSITIONS = (
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
)


def movetime_overshoot() -> None:
    searcher = Searcher(hash_mb=32, move_overhead_ms=0)
    overs = []
    for movetime in (20, 50, 100, 250, 500):
        for fen in POSITIONS:
            start = time.perf_counter()
            searcher.search(fen, limit=SearchLimit(movetime_ms=movetime))
            overs.append((time.perf_counter() - start) * 1000 - movetime)
    print(
        f"movetime: {len(overs)} searches, past the limit by: mean {statistics.mean(overs):.1f} ms, "
        f"max {max(overs):.1f} ms"
    )


def sudden_death_game(base_ms: int = 10_000, inc_ms: int = 100) -> None:
    engines = {chess.WHITE: Searcher(hash_mb=32), chess.BLACK: Searcher(hash_mb=32)}
    clocks = {chess.WHITE: float(base_ms), chess.BLACK: float(base_ms)}
    board = chess.Board()
    moves: list[str] = []
    lowest = {chess.WHITE: float(base_ms), chess.BLACK: float(base_ms)}
    while not board.is_game_over(claim_draw=True) and len(moves) < 300:
        limit = SearchLimit(
            wtime_ms=int(clocks[chess.WHITE]), btime_ms=int(clocks[chess.BLACK]), winc_ms=inc_ms, binc_ms=inc_ms
        )
        start = time.perf_counter()
        result = engines[board.turn].search(chess.STARTING_FEN, moves, limit)
        spent = (time.perf_counter() - start) * 1000
        clocks[board.turn] -= spent
        lowest[board.turn] = min(lowest[board.turn], clocks[board.turn])
        if clocks[board.turn] <= 0:
            print(f"FLAGGED: {'White' if board.turn else 'Black'} after {len(moves)} plies")
            return
        clocks[board.turn] += inc_ms
        moves.append(result.best_move)
        board.push_uci(result.best_move)
    print(
        f"sudden death {base_ms / 1000:.0f}s+{inc_ms / 1000:.1f}s: {len(moves)} plies, "
        f"result {board.result(claim_draw=True)}, lowest clock white {lowest[chess.WHITE]:.0f} ms, "
        f"black {lowest[chess.BLACK]:.0f} ms"
    )


def setup_cost() -> None:
    import random

    from engine.fen import position_from_game
    from engine.replay import GameReplay

    fen = "8/5k2/8/8/8/8/2K5/R6r w - - 0 60"
    board, moves, rng = chess.Board(fen), [], random.Random(1)
    while len(moves) < 95:
        board.push(rng.choice([m for m in board.legal_moves if not board.is_capture(m)]))
        moves.append(board.peek().uci())
    for tail in (5, 45, 85):
        replay = GameReplay()
        replay.position(fen, moves[:tail])
        start = time.perf_counter()
        for k in range(tail + 1, tail + 11):
            replay.position(fen, moves[:k])
        incremental = (time.perf_counter() - start) / 10 * 1000
        start = time.perf_counter()
        for k in range(tail + 1, tail + 11):
            position_from_game(fen, moves[:k])
        full = (time.perf_counter() - start) / 10 * 1000
        print(f"set-up with a {tail}-ply reversible tail: {incremental:.2f} ms a move (full replay {full:.2f} ms)")


if __name__ == "__main__":
    warm_up()
    setup_cost()
    movetime_overshoot()
    sudden_death_game()
