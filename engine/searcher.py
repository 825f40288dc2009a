"""Searcher: the thin Python driver around the jitted search.

Python only runs the iterative-deepening loop (one jitted call per iteration and
MultiPV line, plus aspiration re-searches), the time manager and the reports; everything per
node happens inside Numba with the GIL released, so a GUI thread or a timer
thread keeps running while the engine thinks. The root of each iteration (MultiPV lines,
aspiration windows) is engine.root, the reports engine.search_report. With ``threads`` > 1
helper threads search alongside, sharing the transposition table (Lazy SMP, engine.smp).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

import numpy as np

from engine.api import SearchInfo, SearchLimit, SearchResult
from engine.fen import Position
from engine.history import reset_stack
from engine.limits import MAX_DEPTH, clamp_limit
from engine.position import ST_SIDE, WHITE, move_to_uci
from engine.replay import GameReplay
from engine.root import RootSearch
from engine.search_report import ITERATION_COUNTERS, iteration_stats, make_info, search_counters
from engine.searchstate import (
    ALL_FEATURES,
    CTL_FEATURES,
    CTL_GENERATION,
    CTL_LAB_OFF,
    CTL_NODE_LIMIT,
    FEATURE_QS_TT,
    LAB_NO_ALPHA_BETA,
    LAB_NO_ORDERING,
    LAB_NO_TT,
    MAX_MULTIPV,
    STAT_ABORTED,
    STAT_NODES,
    STAT_ROOT_BEST,
    STAT_SELDEPTH,
)
from engine.smp import Completed, HelperPool, clamp_threads, pick_best
from engine.strength import LEVEL_THREADS, LevelParams, configure_ctl, level_params, new_game_seed, play_at_level
from engine.timeman import DEFAULT_MOVE_OVERHEAD_MS, LatencyMeter, MoveTiming, TimeBudget, TimeManager, plan_time
from engine.tt import MATE, MATE_BOUND, allocate
from engine.warmup import warm_up

TIMER_LEAD_MS = 3.0
DEFAULT_LIMIT = SearchLimit()
"""No limit given: the search's default (see SearchLimit; the limit is frozen, so sharing it is safe)."""
MINIMAX_MAX_DEPTH = 4
"""Deepest iteration a plain-minimax search (LAB_NO_ALPHA_BETA) runs: b^d grows too fast."""


class Searcher(RootSearch):
    """One engine instance: its own transposition table, history and buffers (engine.root), the
    configuration, the set-up and time of a search and its iterative deepening.

    Use one Searcher per thread; ``stop`` is the only method meant to be called
    from another thread.
    """

    def __init__(self, hash_mb: int = 64, move_overhead_ms: int = DEFAULT_MOVE_OVERHEAD_MS, threads: int = 1) -> None:
        super().__init__(hash_mb)
        self._pool = HelperPool()  # Lazy SMP helpers (engine.smp): threads - 1 of them
        self._active_pool: HelperPool | None = None  # the helpers searching in the current search
        self.threads = 1
        """Search threads (1..engine.smp.MAX_THREADS; see set_threads)."""
        self.move_overhead_ms = move_overhead_ms
        self._generation = 0
        self._lock = threading.Lock()
        self._searching = False
        self.features = ALL_FEATURES
        """engine.searchstate.FEATURE_* bits in use (for measuring each pruning idea)."""
        self.use_aspiration = True
        # Playing levels (engine.strength): None plays at full strength, bit-identical.
        self.strength: LevelParams | None = None
        """The level played at, or None for full strength (see set_strength)."""
        self.human_pace = True
        """At a level, pause to a plausible thinking time (off for calibration matches)."""
        self.game_seed = new_game_seed()
        """Seed of this game's misjudgements and choices at a level (new_game draws another)."""
        self.lab_off = 0
        """engine.searchstate.LAB_NO_* bits: core techniques switched off (search lab only)."""
        self._replay = GameReplay()  # the last game's position: the next move's set-up is incremental
        self.latency = LatencyMeter()
        """What every move costs whatever the search does (the caller's latency, a depth-1
        move's own time) and how late searches stop: the time manager's reserves (timeman)."""
        self.last_timing: MoveTiming | None = None
        """How the last clock search went (budget, latency reserve, time spent), for reports."""
        self.set_threads(threads)

    # -- configuration ---------------------------------------------------------
    def set_hash_mb(self, hash_mb: int) -> None:
        """Resize (and clear) the transposition table (stops a running search first)."""
        self.stop()
        with self._lock:
            self._tt_keys, self._tt_data = allocate(hash_mb)
            self._pool.share((self._tt_keys, self._tt_data))

    def set_threads(self, threads: int) -> str | None:
        """Search with ``threads`` threads (Lazy SMP, engine.smp), clamped to 1..MAX_THREADS;
        returns a plain-words note when it was clamped. 1 is the single-threaded search.
        A playing level searches with engine.strength.LEVEL_THREADS instead. Stops a running
        search first (unless the count is unchanged: the GUI sets it before every search)."""
        threads, note = clamp_threads(threads)
        if threads == self.threads:
            return note
        self.stop()
        with self._lock:
            self.threads = threads
            self._pool.resize(threads - 1, (self._tt_keys, self._tt_data), self._stop)
        return note

    @property
    def hash_entries(self) -> int:
        """Number of transposition table slots."""
        return int(self._tt_keys.shape[0])

    def set_strength(self, elo: int | None) -> None:
        """Play at the level nearest ``elo`` (800..2400), or at full strength for None.

        The transposition table is cleared: scores stored at another level would leak into this one."""
        params = None if elo is None else level_params(elo)
        if params == self.strength:
            return
        self.strength = params
        self.new_game(self.game_seed)

    def new_game(self, seed: int | None = None) -> None:
        """Forget everything learnt: transposition table, killers, history.

        A search still running is stopped first (a new game ends it promptly). A level's
        misjudgements and choices get a new seed (``seed``, or a random one)."""
        self.stop()
        self.game_seed = new_game_seed() if seed is None else int(seed)
        with self._lock:
            self._tt_keys.fill(0)
            self._tt_data.fill(0)
            self._killers.fill(0)
            self._history.fill(0)
            self._counters.fill(0)
            self._cont_hist.fill(0)
            self._corr.fill(0)
            self._pool.clear()
            self._generation = 0
            self.latency.new_game()

    def prepare(self, fen: str, moves: Sequence[str] = ()) -> None:
        """Check the game ``moves`` from ``fen`` and keep it for the next search of it (the UCI
        ``position`` command): that search then only sets up what changed.

        Raises engine.api.InvalidFenError / IllegalMoveError for bad input. Not while
        a search runs (it waits for it)."""
        with self._lock:
            self._replay.position(fen, moves)

    def stop(self) -> None:
        """Ask a running search to return as soon as possible (thread-safe).

        It affects the search in progress; a search that starts afterwards clears
        the flag. A caller that may race with the start of search() can check
        :attr:`is_searching` and repeat the call (the UCI loop does).
        """
        self._stop[0] = 1

    @property
    def is_searching(self) -> bool:
        """True from the moment search() has cleared the stop flag until it returns."""
        return self._searching

    def counters(self) -> dict[str, int]:
        """Counters of the last search (nodes, qnodes, tt_hits, cutoffs, ...)."""
        return search_counters(self._stats)

    # -- searching ---------------------------------------------------------------
    def search(
        self,
        fen: str,
        moves: Sequence[str] = (),
        limit: SearchLimit = DEFAULT_LIMIT,
        on_info: Callable[[SearchInfo], None] | None = None,
    ) -> SearchResult:
        """Search the position after ``moves`` from ``fen`` (blocking).

        Raises engine.api.InvalidFenError / IllegalMoveError for bad input.
        Returns a legal best move whenever one exists.
        """
        warm_up()
        with self._lock:
            try:
                if self.strength is not None:
                    return play_at_level(self, fen, moves, limit, on_info)
                return self._search(fen, moves, limit, on_info)
            finally:
                self._searching = False

    def _search(
        self, fen: str, moves: Sequence[str], limit: SearchLimit, on_info: Callable[[SearchInfo], None] | None
    ) -> SearchResult:
        # Step 1. Set up the position, the legal root moves and the limits
        # (the set-up time, and the wait since the caller's clock started, count against the budget).
        now = time.monotonic()
        started = now if limit.started_at is None else min(now, limit.started_at)
        self._stop[0] = 0
        limit, _ = clamp_limit(limit)  # the UCI loop reports the clamping; other callers get it silently
        self._searching = True
        pos = self._replay.position(fen, moves)
        legal = pos.legal_moves()
        if not legal:
            return SearchResult(None, None, None)
        white = int(pos.st[ST_SIDE]) == WHITE
        remaining = limit.wtime_ms if white else limit.btime_ms
        clock_play = remaining is not None and not limit.infinite and limit.movetime_ms is None
        self.latency.before_move(
            (fen, len(moves)), white, remaining if clock_play else None, limit.winc_ms if white else limit.binc_ms
        )
        meter = self.latency
        latency, overshoot = meter.latency_ms, meter.overshoot_ms
        overhead = max(float(self.move_overhead_ms), meter.peak_ms) + overshoot
        budget = plan_time(limit, white, round(overhead), latency)
        clock = TimeManager(budget, start=started)
        try:
            result = self._iterate(pos, legal, limit, clock, on_info)
        finally:
            spent = clock.elapsed_ms()
            meter.after_move(spent, budget.hard_ms)
        depth = result.info.depth if result.info else 0
        self.last_timing = MoveTiming(budget, latency, overhead, overshoot, (now - started) * 1000.0, spent, depth)
        return result

    def _iterate(
        self,
        pos: Position,
        legal: list[int],
        limit: SearchLimit,
        clock: TimeManager,
        on_info: Callable[[SearchInfo], None] | None,
    ) -> SearchResult:
        """Steps 1b-3: the timer, the search state, then iterative deepening (see _search)."""
        timer = None
        hard_remaining = clock.hard_remaining_ms()
        if hard_remaining is not None and clock.budget != TimeBudget(0.0, 0.0):
            # Fire a little early: waking the timer thread and unwinding the
            # search take a few milliseconds.
            timer = threading.Timer(max(0.0, hard_remaining - TIMER_LEAD_MS) / 1000.0, self.stop)
            timer.daemon = True
            timer.start()
        self._generation = (self._generation + 1) & 0xFF
        self._ctl[CTL_GENERATION] = self._generation
        lab_off = self._ctl[CTL_LAB_OFF] = int(self.lab_off) & 0xFF
        # Without the TT, quiescence must not use it either (its own FEATURE_QS_TT bit).
        self._ctl[CTL_FEATURES] = self.features & ~FEATURE_QS_TT if lab_off & LAB_NO_TT else self.features
        configure_ctl(self._ctl, self.strength, self.game_seed)
        node_limit = limit.nodes or 0
        self._stats.fill(0)
        self._killers.fill(0)
        self._history //= 8  # keep a hint of the old ordering, mostly relearn
        reset_stack(self._stack)  # the moves before the root are not looked at
        if lab_off & LAB_NO_ORDERING:
            self._history.fill(0)
            self._counters.fill(0)
            self._cont_hist.fill(0)
        max_depth = MAX_DEPTH if limit.depth is None else limit.depth
        if lab_off & LAB_NO_ALPHA_BETA:
            max_depth = min(max_depth, MINIMAX_MAX_DEPTH)
        line_count = min(max(limit.multipv, 1), MAX_MULTIPV, len(legal))
        # Step 1c. Lazy SMP: the helpers search the same position meanwhile (engine.smp). A level
        # searches with its own thread count (engine.strength.LEVEL_THREADS), whatever Threads says.
        threads = self.threads if self.strength is None else LEVEL_THREADS
        if len(self._pool.helpers) != threads - 1:
            self._pool.resize(threads - 1, (self._tt_keys, self._tt_data), self._stop)
        pool = self._pool if self._pool.helpers else None
        self._active_pool = pool

        # Step 2. Iterative deepening; the move of the last completed iteration stands.
        best_move = legal[0]
        best_pv: tuple[str, ...] = (move_to_uci(best_move),)
        info: SearchInfo | None = None
        lines: tuple[SearchInfo, ...] = ()
        score = 0
        line_scores = [0] * line_count  # each line's last score: its aspiration centre
        instability = 1.0
        partial = False  # the interrupted iteration changed the move
        counted = np.zeros(len(ITERATION_COUNTERS), dtype=np.int64)  # counters at the last iteration's end
        iteration_started = time.monotonic()
        previous_nodes: int | None = None
        iteration_ms = 0.0
        try:
            if pool is not None:
                pool.start(pos, legal, max_depth, self._ctl, lab_off, self.use_aspiration)
            for depth in range(1, max_depth + 1):
                self._stats[STAT_ROOT_BEST] = 0
                self._root_nodes = {}
                self._stats[STAT_SELDEPTH] = 0
                # Depth 1 always completes (well under a millisecond), so even a
                # tiny budget yields a searched move rather than an arbitrary one.
                self._ctl[CTL_NODE_LIMIT] = node_limit if depth > 1 else 0
                found = self._search_lines(pos, depth, line_scores, legal)
                if self._stats[STAT_ABORTED] != 0:
                    # Step 3. An interrupted iteration only counts for a completed line 1
                    # (MultiPV) or for a root move that beat the previous best (it was
                    # searched first).
                    if found and found[0][1]:
                        partial = found[0][1][0] != best_move
                        best_move = found[0][1][0]
                        best_pv = tuple(move_to_uci(m) for m in found[0][1])
                    else:
                        improved = int(self._stats[STAT_ROOT_BEST])
                        if improved in legal and improved != best_move:
                            partial = True
                            best_move = improved
                            best_pv = (move_to_uci(improved),)
                    break
                # A later line can come back better than an earlier one (the tree
                # changed in between): rank them by score, as reported (stable sort).
                found.sort(key=lambda line: -line[0])
                new_score, pv = found[0]
                # Spend more time while the choice is unstable, less once it is settled.
                if depth > 1 and pv and pv[0] != best_move:
                    instability = 2.0
                elif depth > 1 and new_score < score - 40:
                    instability = max(instability, 1.5)
                else:
                    instability = max(0.7, instability * 0.8)
                score = new_score
                if pv:
                    best_move = pv[0]
                best_pv = tuple(move_to_uci(m) for m in pv) or (move_to_uci(best_move),)
                line_scores = [s for s, _ in found] + line_scores[len(found) :]
                elapsed_ms = clock.elapsed_ms()
                lines = (self._make_info(depth, score, best_pv, elapsed_ms),) + tuple(
                    self._make_info(depth, s, tuple(move_to_uci(m) for m in line_pv), elapsed_ms, rank)
                    for rank, (s, line_pv) in enumerate(found[1:], 2)
                )
                now = time.monotonic()
                totals = self._stats[list(ITERATION_COUNTERS)].copy()
                iteration = iteration_stats(
                    depth, totals - counted, now - iteration_started, previous_nodes, legal, self._root_nodes
                )
                iteration_ms = (now - iteration_started) * 1000.0
                counted, iteration_started, previous_nodes = totals, now, iteration.nodes
                lines = (replace(lines[0], stats=iteration),) + lines[1:]
                info = lines[0]
                if on_info is not None:
                    for line in lines:
                        on_info(line)
                if limit.infinite:
                    continue
                if abs(score) >= MATE_BOUND and limit.depth is None and depth >= MATE - abs(score) + 4:
                    break  # a forced mate found with room to spare: deeper won't change it
                if len(legal) == 1 and limit.depth is None and limit.nodes is None and limit.movetime_ms is None:
                    break  # the only move: no point spending clock time
                if not clock.should_start_iteration(min(instability, 2.0), iteration_ms):
                    break
        finally:
            if timer is not None:
                timer.cancel()
            if pool is not None:
                self._stop[0] = 1  # this search is over: so is every helper's
                pool.join()
        if pool is not None and info is not None and line_count == 1:
            # Step 4. Lazy SMP: the best-completed thread's move (engine.smp.pick_best).
            chosen = pick_best(Completed(info.depth, score, ()), pool.results(), partial)
            if chosen is not None:
                best_move = chosen.pv[0]
                best_pv = tuple(move_to_uci(m) for m in chosen.pv)
                info = self._make_info(chosen.depth, chosen.score, best_pv, clock.elapsed_ms())
                lines = (info,)
                if on_info is not None:
                    on_info(info)
        ponder = best_pv[1] if len(best_pv) > 1 else None
        return SearchResult(move_to_uci(best_move), ponder, info, lines)

    def _make_info(
        self, depth: int, score: int, pv: tuple[str, ...], elapsed_ms: float, multipv: int = 1
    ) -> SearchInfo:
        stats = self._stats
        if self._active_pool is not None:  # nodes (and nps) of every thread
            stats = stats.copy()
            stats[STAT_NODES] += self._active_pool.nodes()
        return make_info(stats, self._tt_data, self._generation, depth, score, pv, elapsed_ms, multipv)
