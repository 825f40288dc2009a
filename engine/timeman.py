"""Time management: turn a SearchLimit into a soft and a hard time limit.

* soft limit: after an iteration completes, don't start another one past it
  (the next iteration typically costs several times the previous ones).
* hard limit: the search is aborted mid-iteration through the stop flag; the
  move then comes from the last completed iteration.

The clock is injectable (``clock`` returns seconds), so tests can drive it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from engine.api import SearchLimit
from engine.limits import MAX_TIME_MS

DEFAULT_MOVETIME_MS = 1000
DEFAULT_MOVE_OVERHEAD_MS = 30
DEFAULT_MOVES_TO_GO = 30
PER_MOVE_LATENCY_MS = 5
"""Time every move costs outside the search (thread hops, pipes, the GUI's event loop;
measured 3-15 ms under load, docs/reliability.md). The clock pays it on each move, so it
comes off the increment and is kept in reserve for each of the moves to go; otherwise a
bullet game settles a few ms above zero and the first latency spike flags."""


@dataclass(frozen=True, slots=True)
class TimeBudget:
    """Time limits for one search, in milliseconds; None means unlimited."""

    soft_ms: float | None
    """Don't start a new iteration after this much time."""
    hard_ms: float | None
    """Abort the search (stop flag) at this time."""


def plan_time(limit: SearchLimit, white_to_move: bool, move_overhead_ms: int = DEFAULT_MOVE_OVERHEAD_MS) -> TimeBudget:
    """Soft and hard limits for ``limit`` (see module docstring).

    Clock play spends about ``remaining / movestogo + 3/4 increment`` per move,
    never more than a safe share of the remaining time, and always keeps
    ``move_overhead_ms`` in reserve for the GUI and process latency, so the
    engine does not lose on time.
    """
    overhead = min(max(0, int(move_overhead_ms)), MAX_TIME_MS)
    if limit.infinite:
        return TimeBudget(None, None)
    if limit.movetime_ms is not None:
        hard = max(1.0, float(limit.movetime_ms) - overhead)
        return TimeBudget(hard, hard)
    remaining = limit.wtime_ms if white_to_move else limit.btime_ms
    if remaining is None:
        if limit.depth is not None or limit.nodes is not None:
            return TimeBudget(None, None)
        hard = float(DEFAULT_MOVETIME_MS)
        return TimeBudget(hard, hard)
    increment = max(0, limit.winc_ms if white_to_move else limit.binc_ms)
    if limit.movestogo is not None and limit.movestogo > 0:
        moves_to_go = min(limit.movestogo, 50)
    else:
        moves_to_go = DEFAULT_MOVES_TO_GO
    # What the search may spend: the clock less the overhead and the latency of the
    # moves to go; of each increment only what the latency leaves.
    available = max(1.0, float(remaining) - overhead - PER_MOVE_LATENCY_MS * moves_to_go)
    net_increment = max(0, increment - PER_MOVE_LATENCY_MS)
    target = available / moves_to_go + 0.75 * net_increment
    # Share of what is left that one move may ever use: most of it when this is
    # the last move before the time control, a small part in sudden death.
    max_share = 0.8 if moves_to_go == 1 else min(0.8, 0.2 + 1.0 / moves_to_go)
    hard = min(3.0 * target, max_share * available)
    soft = min(0.6 * target, hard)
    return TimeBudget(max(1.0, soft), max(1.0, hard))


class TimeManager:
    """Measures elapsed time for one search against a TimeBudget."""

    def __init__(
        self, budget: TimeBudget, clock: Callable[[], float] = time.monotonic, start: float | None = None
    ) -> None:
        """``start`` (a ``clock()`` reading) lets set-up work done before the
        budget was known count against it; default: now."""
        self.budget = budget
        self._clock = clock
        self._start = clock() if start is None else start

    def elapsed_ms(self) -> float:
        """Milliseconds since the search started."""
        return (self._clock() - self._start) * 1000.0

    def hard_remaining_ms(self) -> float | None:
        """Milliseconds until the hard limit (may be negative), None without one."""
        if self.budget.hard_ms is None:
            return None
        return self.budget.hard_ms - self.elapsed_ms()

    def should_start_iteration(self, scale: float = 1.0) -> bool:
        """False once the soft limit (times ``scale``) has passed: the next
        iteration would most likely be cut off by the hard limit and be wasted.

        The search passes ``scale`` > 1 while its choice is unstable (the best
        move just changed or the score dropped), < 1 when it is settled."""
        if self.budget.soft_ms is None:
            return True
        if self.budget.soft_ms == self.budget.hard_ms:
            scale = 1.0  # fixed move time: use it as given
        return self.elapsed_ms() < self.budget.soft_ms * scale
