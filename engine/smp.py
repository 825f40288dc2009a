"""Lazy SMP: helper threads that search the same position and share the transposition table.

The main searcher (engine.searcher) runs iterative deepening, the time manager and the
reports as with one thread. With ``threads`` > 1 it also starts ``threads - 1`` helpers for the
search: Python threads, each with its own copy of the position and its own tables (move
buffers, killers, histories, search stack, PV, stats, ctl: a RootSearch), sharing only the
transposition table arrays and the stop flag with the main searcher. The jitted negamax
releases the GIL (nogil), so the threads really search in parallel; what they share is only
what they learn through the table. Writes to it are not locked: engine.tt's key-XOR-data
check makes a torn entry read as absent, and a table move is only ever an ordering hint.

Each helper runs its own iterative deepening until the stop flag is raised (the main
searcher raises it when it is done), skipping some depths for diversity the way Stockfish's
Lazy SMP did (SKIP_SIZE / SKIP_PHASE): with two threads the helper searches the even depths
only, so it is usually an iteration ahead of the main thread. The result is the
best-completed thread's: the deepest completed iteration, on equal depth the higher score
(Stockfish's thread vote in its simplest form); see :func:`pick_best`.

A node limit (``go nodes``) counts the main thread's nodes: the helpers end with it. The
reported nodes and nps are every thread's; the per-iteration counters (SearchStats) the main
thread's. A playing level (engine.strength) and a MultiPV search (its lines) use the main
thread's result (helpers search line 1 only, and not at all at a level).

Threads = 1 starts no helper: the search is exactly the single-threaded one (bench and
NUMBA_DISABLE_JIT equivalence are checked with it).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np

from engine.fen import Position
from engine.history import reset_stack
from engine.limits import clamp_int
from engine.root import RootSearch
from engine.searchstate import CTL_EXCLUDED_COUNT, CTL_NODE_LIMIT, LAB_NO_ORDERING, STAT_ABORTED, STAT_NODES

MAX_THREADS = 16
"""Most search threads one searcher runs (the UCI Threads option's maximum)."""
SKIP_SIZE = (1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4)
SKIP_PHASE = (0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7)
"""Helper k (1, 2, ...) skips depth d when ((d + SKIP_PHASE[k - 1]) // SKIP_SIZE[k - 1]) is odd
(Stockfish 9's depth distribution; depth 1 is never skipped, so every helper has a move)."""


def clamp_threads(threads: int) -> tuple[int, str | None]:
    """Thread count within 1..MAX_THREADS and a note when it was outside."""
    return clamp_int("Threads", threads, 1, MAX_THREADS)


def skips_depth(helper: int, depth: int) -> bool:
    """Whether helper number ``helper`` (1-based) leaves out the iteration of ``depth``."""
    if depth <= 1:
        return False
    k = (helper - 1) % len(SKIP_SIZE)
    return ((depth + SKIP_PHASE[k]) // SKIP_SIZE[k]) % 2 == 1


@dataclass(frozen=True, slots=True)
class Completed:
    """A thread's last completed iteration."""

    depth: int
    """Its depth."""
    score: int
    """Its score (centipawns or mate score, side to move's view)."""
    pv: tuple[int, ...]
    """Its principal variation (engine move encoding; starts with a legal root move)."""


def pick_best(main: Completed, helpers: list[Completed | None], main_partial: bool) -> Completed | None:
    """The helper result to play instead of the main thread's, or None to keep the main's.

    A helper wins with a deeper completed iteration, or with the same depth and a higher
    score, unless the main thread already improved on its completed iteration in the one it
    was interrupted in (``main_partial``: that move beat the completed one at a greater depth)."""
    best: Completed | None = None
    for done in helpers:
        if done is None or not done.pv:
            continue
        top = best or main
        if done.depth > top.depth or (done.depth == top.depth and done.score > top.score and not main_partial):
            best = done
    return best


class Helper(RootSearch):
    """One helper thread's tables and iterative deepening (see the module doc)."""

    def __init__(self, number: int, table: tuple[np.ndarray, np.ndarray], stop: np.ndarray) -> None:
        super().__init__(0, table)
        self.number = number
        """1-based helper number: picks the depths it skips."""
        self._stop = stop  # the main searcher's flag: one stop ends every thread
        self.use_aspiration = True
        self.lab_off = 0
        self.completed: Completed | None = None
        """The last iteration this helper completed in the current search."""
        self.error: BaseException | None = None
        """What ended the helper's search with an exception (re-raised by the main thread)."""

    def clear(self) -> None:
        """Forget killers and histories (a new game)."""
        self._killers.fill(0)
        self._history.fill(0)
        self._counters.fill(0)
        self._cont_hist.fill(0)
        self._corr.fill(0)

    def run(self, pos: Position, legal: list[int], max_depth: int) -> None:
        """Iterative deepening on ``pos`` (this helper's own copy) until the stop flag or
        ``max_depth`` (in the helper's thread, after :meth:`prepare`)."""
        try:
            score = 0
            for depth in range(1, max_depth + 1):
                if self._stop[0] != 0:
                    break
                if skips_depth(self.number, depth):
                    continue
                self._root_nodes = {}
                found = self._search_lines(pos, depth, [score], legal)
                if self._stats[STAT_ABORTED] != 0 or not found or not found[0][1]:
                    break
                score, pv = found[0]
                self.completed = Completed(depth, score, tuple(pv))
        except BaseException as exc:  # noqa: BLE001 - handed to the main thread
            self.error = exc

    def prepare(self, ctl: np.ndarray) -> None:
        """As the main searcher prepares its own tables for a search (in the main thread, before
        the helper's starts: its counters are read from the first info line on). ``ctl`` is the
        main searcher's (generation, features, lab bits)."""
        self.completed = None
        self.error = None
        self._ctl[:] = ctl
        self._ctl[CTL_NODE_LIMIT] = 0  # the main thread's limit ends the search for all
        self._ctl[CTL_EXCLUDED_COUNT] = 0
        self._stats.fill(0)
        self._killers.fill(0)
        self._history //= 8
        reset_stack(self._stack)
        if self.lab_off & LAB_NO_ORDERING:
            self._history.fill(0)
            self._counters.fill(0)
            self._cont_hist.fill(0)

    @property
    def nodes(self) -> int:
        """Nodes searched by this helper in the current search."""
        return int(self._stats[STAT_NODES])


class HelperPool:
    """The helpers of one searcher and their threads for one search."""

    def __init__(self) -> None:
        self.helpers: list[Helper] = []
        self._threads: list[threading.Thread] = []

    def resize(self, count: int, table: tuple[np.ndarray, np.ndarray], stop: np.ndarray) -> None:
        """Keep ``count`` helpers (0..MAX_THREADS - 1), sharing ``table`` and ``stop``."""
        count = max(0, min(int(count), MAX_THREADS - 1))
        del self.helpers[count:]
        while len(self.helpers) < count:
            self.helpers.append(Helper(len(self.helpers) + 1, table, stop))
        self.share(table)

    def share(self, table: tuple[np.ndarray, np.ndarray]) -> None:
        """Point every helper at the (new) transposition table."""
        for helper in self.helpers:
            helper._tt_keys, helper._tt_data = table

    def clear(self) -> None:
        for helper in self.helpers:
            helper.clear()

    def start(
        self, pos: Position, legal: list[int], max_depth: int, ctl: np.ndarray, lab_off: int, use_aspiration: bool
    ) -> None:
        """Start every helper's search of ``pos`` (each on its own copy) in its own thread."""
        self._threads = []
        try:
            for helper in self.helpers:
                helper.lab_off = lab_off
                helper.use_aspiration = use_aspiration
                helper.prepare(ctl)
                own = Position(pos.board.copy(), pos.st.copy(), pos.hashes.copy(), pos.undo.copy())
                thread = threading.Thread(
                    target=helper.run, args=(own, legal, max_depth), name=f"search-helper-{helper.number}"
                )
                thread.daemon = True
                thread.start()
                self._threads.append(thread)
        except BaseException:
            if self.helpers:  # e.g. no thread could be created: end those already searching
                self.helpers[0]._stop[0] = 1
            self.join()
            raise

    def join(self) -> None:
        """Wait for the helpers (the caller has raised the stop flag); re-raise a helper's error."""
        for thread in self._threads:
            thread.join()
        self._threads = []
        for helper in self.helpers:
            if helper.error is not None:
                error, helper.error = helper.error, None
                raise error

    def nodes(self) -> int:
        """Nodes the helpers searched in the current search."""
        return sum(helper.nodes for helper in self.helpers)

    def results(self) -> list[Completed | None]:
        return [helper.completed for helper in self.helpers]
