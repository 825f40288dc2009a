"""What a search reports: UCI scores, each line's SearchInfo and each iteration's counters.

Plain Python over the arrays the jitted search fills (engine.searchstate's STAT_* layout, the
PV table, the transposition table); engine.searcher calls these after each completed iteration.
"""

from __future__ import annotations

import numpy as np

from engine.api import SearchInfo
from engine.position import move_to_uci
from engine.searchstate import (
    ROOT_SCORE_LOWER,
    ROOT_SCORE_UPPER,
    STAT_ASPIRATION_RESEARCHES,
    STAT_CUTOFFS,
    STAT_FIRST_CUTOFFS,
    STAT_LMR_RESEARCHES,
    STAT_MULTI_CUTS,
    STAT_NODES,
    STAT_NULL_CUTOFFS,
    STAT_PROBCUTS,
    STAT_QNODES,
    STAT_RESEARCHES,
    STAT_SELDEPTH,
    STAT_SINGULAR,
    STAT_TT_HITS,
)
from engine.searchstats import RootMoveStats, SearchStats
from engine.tt import MATE, MATE_BOUND, tt_hashfull

ITERATION_COUNTERS = (
    STAT_NODES,
    STAT_QNODES,
    STAT_CUTOFFS,
    STAT_FIRST_CUTOFFS,
    STAT_TT_HITS,
    STAT_NULL_CUTOFFS,
    STAT_LMR_RESEARCHES,
    STAT_ASPIRATION_RESEARCHES,
    STAT_RESEARCHES,
)
"""The stats counters an iteration's SearchStats counts (the driver diffs them per iteration)."""


def score_to_uci(score: int) -> tuple[int | None, int | None]:
    """Internal score -> (centipawns, mate in moves); exactly one is not None."""
    if score >= MATE_BOUND:
        return None, (MATE - score + 1) // 2
    if score <= -MATE_BOUND:
        return None, -((MATE + score) // 2)
    return score, None


def search_counters(stats: np.ndarray) -> dict[str, int]:
    """Counters of the last search (nodes, qnodes, tt_hits, cutoffs, ...)."""
    s = stats
    return {
        "nodes": int(s[STAT_NODES]),
        "qnodes": int(s[STAT_QNODES]),
        "tt_hits": int(s[STAT_TT_HITS]),
        "cutoffs": int(s[STAT_CUTOFFS]),
        "first_move_cutoffs": int(s[STAT_FIRST_CUTOFFS]),
        "researches": int(s[STAT_RESEARCHES]),
        "null_move_cutoffs": int(s[STAT_NULL_CUTOFFS]),
        "lmr_researches": int(s[STAT_LMR_RESEARCHES]),
        "aspiration_researches": int(s[STAT_ASPIRATION_RESEARCHES]),
        "singular_extensions": int(s[STAT_SINGULAR]),
        "multi_cuts": int(s[STAT_MULTI_CUTS]),
        "probcuts": int(s[STAT_PROBCUTS]),
    }


def iteration_stats(
    depth: int,
    counts: np.ndarray,
    seconds: float,
    previous_nodes: int | None,
    legal: list[int],
    root_nodes: dict[int, list[int]],
) -> SearchStats:
    """The counters of one completed iteration (``counts`` in ITERATION_COUNTERS order);
    ``root_nodes`` is the iteration's tally per root move: [nodes, score, bound]."""
    values = dict(zip(ITERATION_COUNTERS, (int(c) for c in counts), strict=True))
    bounds = {ROOT_SCORE_UPPER: "upper", ROOT_SCORE_LOWER: "lower"}
    root_moves = []
    for move, (nodes, score, bound) in root_nodes.items():
        cp, mate = score_to_uci(score)
        root_moves.append(RootMoveStats(move_to_uci(move), nodes, cp, mate, bounds.get(bound, "exact")))
    root_moves.sort(key=lambda m: -m.nodes)
    return SearchStats(
        depth=depth,
        nodes=values[STAT_NODES],
        qnodes=values[STAT_QNODES],
        time_ms=seconds * 1000.0,
        cutoffs=values[STAT_CUTOFFS],
        first_move_cutoffs=values[STAT_FIRST_CUTOFFS],
        tt_hits=values[STAT_TT_HITS],
        null_move_cutoffs=values[STAT_NULL_CUTOFFS],
        lmr_researches=values[STAT_LMR_RESEARCHES],
        aspiration_researches=values[STAT_ASPIRATION_RESEARCHES],
        pvs_researches=values[STAT_RESEARCHES] - values[STAT_ASPIRATION_RESEARCHES],
        previous_nodes=previous_nodes,
        root_legal_moves=len(legal),
        root_moves=tuple(root_moves),
    )


def pv_moves(pv: np.ndarray, pv_len: np.ndarray, legal: list[int]) -> list[int]:
    """The root's principal variation from the PV table (empty if its first move is not legal)."""
    length = int(pv_len[0])
    line = [int(pv[0, i]) for i in range(length)]
    if line and line[0] not in legal:
        return []
    return line


def make_info(
    stats: np.ndarray,
    tt_data: np.ndarray,
    generation: int,
    depth: int,
    score: int,
    pv: tuple[str, ...],
    elapsed_ms: float,
    multipv: int = 1,
) -> SearchInfo:
    """The SearchInfo of one line (``multipv`` rank) of a completed iteration."""
    nodes = int(stats[STAT_NODES])
    time_ms = int(elapsed_ms)
    cp, mate = score_to_uci(score)
    return SearchInfo(
        depth=depth,
        seldepth=max(depth, int(stats[STAT_SELDEPTH])),
        score_cp=cp,
        mate_in=mate,
        nodes=nodes,
        nps=int(nodes * 1000 / max(elapsed_ms, 1.0)),
        time_ms=time_ms,
        hashfull=int(tt_hashfull(tt_data, generation)),
        pv=pv,
        multipv=multipv,
    )
