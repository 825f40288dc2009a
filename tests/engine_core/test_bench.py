"""The bench node count is deterministic; pinning it makes any search change visible.

If you change the search or the evaluation on purpose, run ``python -m engine bench``
and update BENCH_SIGNATURE with the new "Nodes searched" figure.
"""

from __future__ import annotations

import chess

from engine.bench import BENCH_DEPTH, BENCH_POSITIONS, bench_nodes
from engine.searchstate import LEVEL_FEATURES

BENCH_SIGNATURE = 1653432


def test_bench_positions_are_valid_and_varied() -> None:
    assert len(BENCH_POSITIONS) >= 20
    boards = [chess.Board(fen) for fen in BENCH_POSITIONS]
    assert all(board.is_valid() for board in boards)
    piece_counts = {len(board.piece_map()) for board in boards}
    assert min(piece_counts) <= 4 and max(piece_counts) == 32


def test_bench_node_count_is_pinned() -> None:
    nodes, _ = bench_nodes(BENCH_DEPTH)
    assert nodes == BENCH_SIGNATURE


LEVEL_BENCH_DEPTH = 8
LEVEL_BENCH_SIGNATURE = 469506
"""The bench of the playing levels' search and evaluation (engine.searchstate.LEVEL_FEATURES,
which selects engine.level_weights), before any weakening: measured at 415763a, the engine of
the levels' calibration (docs/levels.md). It must not move while full strength changes; when it
does on purpose, the levels need a new calibration run."""


def test_level_bench_node_count_is_pinned() -> None:
    nodes, _ = bench_nodes(LEVEL_BENCH_DEPTH, features=LEVEL_FEATURES)
    assert nodes == LEVEL_BENCH_SIGNATURE
