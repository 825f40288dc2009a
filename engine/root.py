"""The root of one iteration: MultiPV lines, aspiration windows, the jitted root call.

RootSearch holds a search's tables (transposition table, killers and histories, the per-ply
buffers, the stats/ctl/stop arrays: engine.search lists them) and searches one iteration at
the root. MultiPV line k is the best root move apart from the first moves of lines 1..k-1
(ctl[CTL_EXCLUDED...]), searched in an aspiration window around its own previous score that
widens on failure. engine.searcher.Searcher, the driver, builds on it (configuration, time,
iterative deepening, reports).
"""

from __future__ import annotations

import numpy as np

from engine.correction import allocate_correction
from engine.fen import Position
from engine.history import allocate_tables as allocate_history_tables
from engine.params import ASPIRATION_DEPTH, ASPIRATION_MAX_WINDOW, ASPIRATION_WINDOW
from engine.position import MAX_PLY, PIECE_CODES
from engine.search import negamax
from engine.search_report import pv_moves
from engine.searchstate import (
    CTL_EXCLUDED,
    CTL_EXCLUDED_COUNT,
    CTL_SIZE,
    LAB_NO_ALPHA_BETA,
    MAX_EXCLUDED,
    MAX_ROOT_MOVES,
    STAT_ABORTED,
    STAT_ASPIRATION_RESEARCHES,
    STAT_RESEARCHES,
    STAT_ROOT_BOUNDS,
    STAT_ROOT_COUNT,
    STAT_ROOT_MOVES,
    STAT_ROOT_NODES,
    STAT_ROOT_SCORES,
    STATS_SIZE,
)
from engine.tt import INFINITE, MATE_BOUND, allocate


class RootSearch:
    """A search's tables and one iteration's root searches (see the module doc)."""

    use_aspiration: bool
    """Aspiration windows on (set by the driver)."""
    lab_off: int
    """engine.searchstate.LAB_NO_* bits (set by the driver); plain minimax ignores windows."""

    def __init__(self, hash_mb: int, table: tuple[np.ndarray, np.ndarray] | None = None) -> None:
        """Tables for one search thread; ``table`` (keys, data) shares another searcher's
        transposition table instead of allocating one of ``hash_mb`` (Lazy SMP, engine.smp)."""
        self._tt_keys, self._tt_data = allocate(hash_mb) if table is None else table
        self._moves = np.zeros((MAX_PLY, 256), dtype=np.int32)
        self._scores = np.zeros((MAX_PLY, 256), dtype=np.int32)
        self._killers = np.zeros((MAX_PLY, 2), dtype=np.int64)
        self._history = np.zeros((PIECE_CODES, 120), dtype=np.int64)
        self._counters, self._cont_hist, self._stack = allocate_history_tables()
        self._corr = allocate_correction()
        self._pv = np.zeros((MAX_PLY, MAX_PLY), dtype=np.int32)
        self._pv_len = np.zeros(MAX_PLY, dtype=np.int64)
        self._stats = np.zeros(STATS_SIZE, dtype=np.int64)
        self._ctl = np.zeros(CTL_SIZE, dtype=np.int64)
        self._stop = np.zeros(1, dtype=np.int8)
        self._never_stop = np.zeros(1, dtype=np.int8)
        self._root_nodes: dict[int, list[int]] = {}  # the iteration's root moves: [nodes, score, bound]

    def _search_lines(
        self, pos: Position, depth: int, previous: list[int], legal: list[int]
    ) -> list[tuple[int, list[int]]]:
        """One iteration of ``len(previous)`` MultiPV lines: line k is the best root move
        apart from the first moves of lines 1..k-1, searched in an aspiration window
        around its own previous score. Returns (score, PV) of the lines completed, in
        search order; fewer when the search is aborted."""
        found: list[tuple[int, list[int]]] = []
        try:
            for previous_score in previous:
                self._exclude_root_moves([line_pv[0] for _, line_pv in found])
                line_score = self._aspiration(pos, depth, previous_score)
                if self._stats[STAT_ABORTED] != 0:
                    break
                line_pv = pv_moves(self._pv, self._pv_len, legal)
                found.append((line_score, line_pv))
                if not line_pv:
                    break  # cannot happen after a full search; without a move, nothing to exclude
        finally:
            self._exclude_root_moves([])
        return found

    def _exclude_root_moves(self, moves: list[int]) -> None:
        """Tell the root search which moves to skip (clamped to the slots in ctl)."""
        count = min(len(moves), MAX_EXCLUDED)
        self._ctl[CTL_EXCLUDED : CTL_EXCLUDED + count] = moves[:count]
        self._ctl[CTL_EXCLUDED_COUNT] = count

    def _aspiration(self, pos: Position, depth: int, previous: int) -> int:
        """One iteration; from ASPIRATION_DEPTH on, a narrow window around the
        previous score that widens on failure."""
        if (
            depth < ASPIRATION_DEPTH
            or abs(previous) >= MATE_BOUND
            or not self.use_aspiration
            or self.lab_off & LAB_NO_ALPHA_BETA  # minimax ignores windows
        ):
            return self._root(pos, depth, -INFINITE, INFINITE)
        delta = ASPIRATION_WINDOW
        alpha = max(previous - delta, -INFINITE)
        beta = min(previous + delta, INFINITE)
        while True:
            score = self._root(pos, depth, alpha, beta)
            if self._stats[STAT_ABORTED] != 0:
                return score
            if score <= alpha:
                alpha = max(score - delta, -INFINITE)
            elif score >= beta:
                beta = min(score + delta, INFINITE)
            else:
                return score
            self._stats[STAT_RESEARCHES] += 1
            self._stats[STAT_ASPIRATION_RESEARCHES] += 1
            delta *= 2
            if delta > ASPIRATION_MAX_WINDOW:
                alpha, beta = -INFINITE, INFINITE

    def _root(self, pos: Position, depth: int, alpha: int, beta: int) -> int:
        self._stats[STAT_ROOT_COUNT] = 0
        self._stats[STAT_ROOT_NODES : STAT_ROOT_NODES + MAX_ROOT_MOVES] = 0
        score = int(
            negamax(
                pos.board,
                pos.st,
                pos.hashes,
                pos.undo,
                self._tt_keys,
                self._tt_data,
                self._moves,
                self._scores,
                self._killers,
                self._history,
                self._counters,
                self._cont_hist,
                self._corr,
                self._stack,
                self._pv,
                self._pv_len,
                self._stats,
                self._ctl,
                self._stop if depth > 1 else self._never_stop,
                depth,
                0,
                alpha,
                beta,
                False,
            )
        )
        self._collect_root_moves()
        return score

    def _collect_root_moves(self) -> None:
        """Add the last root call's per-move nodes to the iteration's tally (search lab)."""
        s = self._stats
        for k in range(min(int(s[STAT_ROOT_COUNT]), MAX_ROOT_MOVES)):
            move = int(s[STAT_ROOT_MOVES + k])
            entry = self._root_nodes.setdefault(move, [0, 0, 0])
            entry[0] += int(s[STAT_ROOT_NODES + k])
            entry[1] = int(s[STAT_ROOT_SCORES + k])
            entry[2] = int(s[STAT_ROOT_BOUNDS + k])
