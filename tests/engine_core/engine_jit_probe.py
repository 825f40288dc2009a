"""Run a few fixed-depth searches and print the results as JSON.

Used by test_jit_equivalence.py twice: jitted and with NUMBA_DISABLE_JIT=1.
"""

from __future__ import annotations

import json

from engine import Searcher, SearchLimit, perft
from engine.searchstate import ALL_FEATURES, FEATURE_NNUE, PENDING_FEATURES

PROBES = (
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
    ("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10", 4),
)

MULTIPV_PROBE = ("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5)


def run() -> list[dict[str, object]]:
    out = []
    searcher = Searcher(hash_mb=1)
    for fen, depth in PROBES:
        searcher.new_game()
        result = searcher.search(fen, limit=SearchLimit(depth=depth))
        info = result.info
        out.append(
            {
                "fen": fen,
                "best": result.best_move,
                "cp": info.score_cp,
                "mate": info.mate_in,
                "nodes": info.nodes,
                "pv": list(info.pv),
                "counters": searcher.counters(),
            }
        )
    # MultiPV: the root exclusions and the per-line aspiration windows.
    fen, depth = MULTIPV_PROBE
    searcher.new_game()
    result = searcher.search(fen, limit=SearchLimit(depth=depth, multipv=3))
    out.append(
        {
            "fen": fen,
            "best": result.best_move,
            "nodes": result.info.nodes,
            "lines": [[line.multipv, line.score_cp, line.mate_in, list(line.pv)] for line in result.lines],
            "counters": searcher.counters(),
        }
    )
    # The features awaiting their matches (engine.searchstate.PENDING_FEATURES) switched on,
    # the evaluation network among them.
    pending = Searcher(hash_mb=1)
    pending.features = ALL_FEATURES | PENDING_FEATURES
    fen, depth = PROBES[3]
    result = pending.search(fen, limit=SearchLimit(depth=depth + 1))
    info = result.info
    out.append({"pending": fen, "best": result.best_move, "nodes": info.nodes, "pv": list(info.pv)})
    # Deep enough for singular extensions (and their multi-cuts) and ProbCut to happen in a small
    # tree (with the hand-written evaluation, whose margins the probe was chosen for).
    fen = PROBES[2][0]
    pending.features = ALL_FEATURES | (PENDING_FEATURES & ~FEATURE_NNUE)
    pending.new_game()
    result = pending.search(fen, limit=SearchLimit(depth=8))
    info = result.info
    out.append({"pending": fen, "best": result.best_move, "nodes": info.nodes, "counters": pending.counters()})
    # A playing level: the evaluation noise and damped knowledge (engine.strength_hook), the
    # root choice; fixed game seed, node-bound, so pure Python must match exactly.
    level = Searcher(hash_mb=1)
    level.set_strength(1400)
    level.human_pace = False
    level.new_game(seed=2024)
    result = level.search(MULTIPV_PROBE[0], limit=SearchLimit(nodes=10**9))
    out.append({"level": 1400, "best": result.best_move, "nodes": result.info.nodes, "pv": list(result.info.pv)})
    out.append({"perft": perft(PROBES[1][0], 2)})
    return out


if __name__ == "__main__":
    print(json.dumps(run()))
