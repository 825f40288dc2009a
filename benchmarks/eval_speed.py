"""The evaluation's cost on a loaded machine: CPU time, not wall-clock time.

    .venv/bin/python benchmarks/eval_speed.py            # this checkout's engine/
    cd /tmp/base && /path/.venv/bin/python /path/benchmarks/eval_speed.py   # another tree

Prints evaluations per CPU-second over 1000 fixed random positions (the eval alone: the
hand-written one, and the search's own, engine.nnue.position_eval with ALL_FEATURES, i.e. the
network) and the bench's nodes per CPU-second (``python -m engine bench`` prints wall-clock
nps, which other processes on the machine skew). Both use process_time, so a
machine shared with other jobs disturbs them much less; still compare builds
back to back. The engine/ imported is the one in the current directory.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable

sys.path.insert(0, os.getcwd())

import chess  # noqa: E402
import numpy as np  # noqa: E402
from numba import njit  # noqa: E402

from engine.bench import bench_nodes  # noqa: E402
from engine.evaluate import evaluate  # noqa: E402
from engine.fen import position_from_board  # noqa: E402
from engine.nnue import position_eval  # noqa: E402
from engine.searchstate import ALL_FEATURES  # noqa: E402

POSITIONS = 1000
REPEATS = 200


def random_boards(count: int, seed: int = 3) -> list[chess.Board]:
    """Positions from random playouts (captures favoured now and then, so endgames appear)."""
    rng = random.Random(seed)
    boards: list[chess.Board] = []
    while len(boards) < count:
        board = chess.Board()
        for _ in range(rng.randint(2, 120)):
            moves = list(board.legal_moves)
            if not moves:
                break
            noisy = [m for m in moves if board.is_capture(m) or m.promotion]
            board.push(rng.choice(noisy if noisy and rng.random() < 0.4 else moves))
        if not board.is_game_over():
            boards.append(board)
    return boards


@njit
def _evaluate_all(boards: np.ndarray, sts: np.ndarray, repeats: int) -> int:
    total = 0
    for _ in range(repeats):
        for i in range(boards.shape[0]):
            total += evaluate(boards[i], sts[i])
    return total


@njit
def _search_eval_all(boards: np.ndarray, sts: np.ndarray, repeats: int, features: int) -> int:
    total = 0
    for _ in range(repeats):
        for i in range(boards.shape[0]):
            total += position_eval(boards[i], sts[i], features)
    return total


def _rate(run: Callable[..., int], boards: np.ndarray, sts: np.ndarray, *extra: int) -> float:
    """Evaluations per CPU-second of ``run`` over the positions, REPEATS times."""
    run(boards, sts, 1, *extra)
    start = time.process_time()
    run(boards, sts, REPEATS, *extra)
    return POSITIONS * REPEATS / (time.process_time() - start)


def main() -> None:
    positions = [position_from_board(b) for b in random_boards(POSITIONS)]
    boards = np.array([p.board for p in positions])
    sts = np.array([p.st for p in positions])
    evals = _rate(_evaluate_all, boards, sts)
    search_evals = _rate(_search_eval_all, boards, sts, ALL_FEATURES)
    bench_nodes(5)  # load the compiled search
    start = time.process_time()
    nodes, _ = bench_nodes()
    nps = nodes / (time.process_time() - start)
    print(f"eval : {evals / 1e6:.3f} M evaluations/cpu-s (hand-written)")
    print(f"eval : {search_evals / 1e6:.3f} M evaluations/cpu-s (the search's, ALL_FEATURES)")
    print(f"bench: {nodes} nodes, {nps / 1e6:.3f} M nodes/cpu-s")


if __name__ == "__main__":
    main()
