"""Time management: turn a SearchLimit into a soft and a hard time limit.

* soft limit: after an iteration completes, don't start another one past it
  (the next iteration typically costs several times the previous ones).
* hard limit: the search is aborted mid-iteration through the stop flag; the
  move then comes from the last completed iteration.
* the time counts from when the caller's clock started (the GUI sent the request,
  the UCI loop read ``go``: ``SearchLimit.started_at``), not from when the search
  thread got round to it.
* what a move costs whatever the search does is measured move by move
  (:class:`LatencyMeter`): what the caller's clock charges beyond the engine's own time
  (pipes, thread hops, the GUI's event loop) and the engine's own time for a depth-1
  move; their mean is kept in reserve for every move to go. The move overhead (a
  cushion kept once) grows to the latency's recent peak plus how far searches have
  recently run past their hard limit (the timer thread woken late on a loaded machine).
* with almost nothing left, the budget is zero: the search plays its depth-1 move
  at once (depth 1 always completes) instead of starting iterations it cannot finish.

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
"""Least time every move is assumed to cost outside the search (thread hops, pipes, the
GUI's event loop; measured 3-15 ms under load, docs/reliability.md). The clock pays it on
each move, so it comes off the increment and is kept in reserve for each of the moves to
go; otherwise a bullet game settles a few ms above zero and the first latency spike
flags. :class:`LatencyMeter` raises it to what the caller's clock actually charges."""
MAX_LATENCY_MS = 250.0
"""Largest per-move latency or overshoot believed: a bigger gap between two clocks is a
GUI that paused or edited its clock, not latency."""
LATENCY_MEAN_WEIGHT = 0.1
"""Weight of the newest sample in the running mean of the latency (the reserve for
every move to go: what the moves to come will cost on average)."""
PEAK_DECAY = 0.05
"""How fast a peak (the latency's, the overshoot's) forgets a spike: share of the gap
closed per move. A spike is believed at once, calm moves bring it down over some 20-40
moves: a high quantile, the reserve for the next move."""
MIN_SEARCH_MS = 3.0
"""Below this much usable time the budget is zero: depth 1 only, at once (an iteration
started with less is cut off by the hard limit and wasted, and waking the timer thread
alone costs about this much under load)."""
SOFT_SHARE = 0.8
"""The soft limit as a share of the move's target time. At 0.6 the clock settled where the
soft limit equals the increment, about 2.7 s at 10 s + 0.1 s: time never spent (40 games
against Stockfish 2300 at 10+0.1: our clock ended at 3.1 s on average, Stockfish's at 1.3 s,
and Stockfish's strength does not grow with its time). 0.8 settles near 1.5 s and moves that
reserve into the opening and middlegame, where the games were decided; self-play at 5+0.05,
200 games: 0.8 +8.7 [-22.7, +40.2], 1.0 -5.2 [-34.8, +24.3] against 0.6 (docs/strength.md).
Only with an increment: see SUDDEN_DEATH_SOFT_SHARE."""
SUDDEN_DEATH_SOFT_SHARE = 0.6
"""The soft share without an increment: there is no level for the clock to settle at, and what
the early moves spend more the last ones lack (1 s + 0 over 60 moves would fall under its
100 ms cushion at 0.8; tests/engine_core/test_timeman.py)."""
NEXT_ITERATION_FACTOR = 2.0
"""An iteration costs about this many times the previous one: one that cannot end before
the hard limit is not started (it would be cut off and wasted)."""


@dataclass(frozen=True, slots=True)
class TimeBudget:
    """Time limits for one search, in milliseconds; None means unlimited."""

    soft_ms: float | None
    """Don't start a new iteration after this much time."""
    hard_ms: float | None
    """Abort the search (stop flag) at this time."""


def plan_time(
    limit: SearchLimit,
    white_to_move: bool,
    move_overhead_ms: int = DEFAULT_MOVE_OVERHEAD_MS,
    latency_ms: float = PER_MOVE_LATENCY_MS,
) -> TimeBudget:
    """Soft and hard limits for ``limit`` (see module docstring).

    Clock play spends about ``remaining / movestogo + 3/4 increment`` per move,
    never more than a safe share of the remaining time, and always keeps
    ``move_overhead_ms`` plus ``latency_ms`` (at least PER_MOVE_LATENCY_MS) per move
    to go in reserve for the GUI and process latency, so the engine does not lose on
    time. Less than MIN_SEARCH_MS to spend gives TimeBudget(0, 0): depth 1 at once.
    """
    latency = min(max(float(latency_ms), PER_MOVE_LATENCY_MS), MAX_LATENCY_MS)
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
    available = max(1.0, float(remaining) - overhead - latency * moves_to_go)
    net_increment = max(0.0, increment - latency)
    target = available / moves_to_go + 0.75 * net_increment
    # Share of what is left that one move may ever use: most of it when this is
    # the last move before the time control, a small part in sudden death.
    max_share = 0.8 if moves_to_go == 1 else min(0.8, 0.2 + 1.0 / moves_to_go)
    hard = min(3.0 * target, max_share * available)
    if hard < MIN_SEARCH_MS:
        return TimeBudget(0.0, 0.0)  # the safety floor: depth 1 at once, no iteration that cannot end
    soft = min((SOFT_SHARE if net_increment > 0 else SUDDEN_DEATH_SOFT_SHARE) * target, hard)
    return TimeBudget(max(1.0, soft), hard)


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

    def should_start_iteration(self, scale: float = 1.0, last_iteration_ms: float = 0.0) -> bool:
        """False once the soft limit (times ``scale``) has passed: the next
        iteration would most likely be cut off by the hard limit and be wasted.

        The search passes ``scale`` > 1 while its choice is unstable (the best
        move just changed or the score dropped), < 1 when it is settled. In clock
        play, an iteration predicted (NEXT_ITERATION_FACTOR times ``last_iteration_ms``,
        the previous one's time) to end past the hard limit is not started either."""
        if self.budget.soft_ms is None:
            return True
        elapsed = self.elapsed_ms()
        if self.budget.soft_ms == self.budget.hard_ms:
            return elapsed < self.budget.soft_ms  # fixed move time: use it as given
        hard = self.budget.hard_ms
        if hard is not None and elapsed + NEXT_ITERATION_FACTOR * last_iteration_ms > hard:
            return False
        return elapsed < self.budget.soft_ms * scale


@dataclass(frozen=True, slots=True)
class MoveTiming:
    """How one clock move went, for reports (UCI ``debug on``) and the benchmarks."""

    budget: TimeBudget
    """The limits planned."""
    latency_ms: float
    """Per-move latency kept in reserve for each move to go (the measured mean, at least PER_MOVE_LATENCY_MS)."""
    overhead_ms: float
    """Move overhead used: the Move Overhead option or the latency's recent peak, the larger,
    plus the recent overshoot."""
    overshoot_ms: float
    """How far past its hard limit the search has recently been stopping (part of the overhead)."""
    waited_ms: float
    """From the caller's clock start (``started_at``) to the search starting."""
    spent_ms: float
    """From the caller's clock start to the move decided."""
    depth: int
    """Deepest completed iteration (0: none)."""


class Peak:
    """A high quantile of a noisy series: a larger sample is believed at once, a smaller
    one closes PEAK_DECAY of the gap."""

    def __init__(self, floor: float = 0.0) -> None:
        self.floor = floor
        self.value = floor

    def observe(self, sample: float) -> None:
        """Add one sample (clamped to 0..MAX_LATENCY_MS; larger ones are ignored)."""
        if sample > MAX_LATENCY_MS:
            return  # a paused or edited clock, not latency
        sample = max(0.0, sample)
        if sample >= self.value:
            self.value = sample
        else:
            self.value = max(self.floor, self.value + PEAK_DECAY * (sample - self.value))


@dataclass(frozen=True, slots=True)
class _ClockMove:
    game: tuple[str, int]
    white: bool
    remaining_ms: float
    increment_ms: float
    spent_ms: float


class LatencyMeter:
    """Measures what the caller's clock charges per move beyond the engine's own time,
    and how late the engine's own searches stop.

    After a move from ``remaining`` with ``spent`` ms of the engine's own time, the
    caller's clock should read ``remaining - spent + increment`` at the side's next
    move; whatever it reads less is latency outside the engine (pipes, the GUI's
    threads and event loop, process scheduling). Only consecutive moves of one side in
    one game are compared (same start position, two plies on).
    """

    def __init__(self) -> None:
        self._mean = 0.0
        self._floor = 0.0  # the engine's own time for a depth-1 (zero budget) move, running mean
        self._peak = Peak()
        self._overshoot = Peak()
        self._last: _ClockMove | None = None
        self._pending: _ClockMove | None = None

    @property
    def latency_ms(self) -> float:
        """What a move costs whatever the search does: the mean latency outside the engine plus
        the engine's mean time for a depth-1 move (at least PER_MOVE_LATENCY_MS). The reserve
        per move to go: on a starved machine (a loaded GUI process) a depth-1 move alone was
        measured at 10-25 ms, more than a 10 ms increment."""
        return max(float(PER_MOVE_LATENCY_MS), self._mean + self._floor)

    @property
    def peak_ms(self) -> float:
        """The latency's recent peak: what the next move may cost outside the engine."""
        return self._peak.value

    @property
    def overshoot_ms(self) -> float:
        """How far past its hard limit a search has recently ended (timer woken late)."""
        return self._overshoot.value

    def observe(self, latency_ms: float) -> None:
        """One measured latency (below 0 counts as 0; beyond MAX_LATENCY_MS is ignored)."""
        if latency_ms > MAX_LATENCY_MS:
            return  # a paused or edited clock, not latency
        sample = max(0.0, latency_ms)
        self._mean += LATENCY_MEAN_WEIGHT * (sample - self._mean)
        self._peak.observe(sample)

    def before_move(self, game: tuple[str, int], white: bool, remaining_ms: float | None, increment_ms: float) -> None:
        """A clock move starts: ``game`` is (start FEN, ply), ``remaining_ms`` the mover's
        clock as the caller sent it (None: not clock play)."""
        self._pending = None
        last = self._last
        self._last = None
        if remaining_ms is None:
            return
        if last is not None and last.white == white and last.game == (game[0], game[1] - 2):
            expected = last.remaining_ms - last.spent_ms + last.increment_ms
            self.observe(expected - remaining_ms)
        self._pending = _ClockMove(game, white, float(remaining_ms), float(increment_ms), 0.0)

    def after_move(self, spent_ms: float, hard_ms: float | None = None) -> None:
        """The move was decided ``spent_ms`` after the caller's clock started, with a hard
        limit of ``hard_ms`` (None: none; 0: depth 1 only, nothing to overshoot)."""
        if hard_ms:
            self._overshoot.observe(spent_ms - hard_ms)
        elif hard_ms == 0.0 and spent_ms <= MAX_LATENCY_MS:
            self._floor += LATENCY_MEAN_WEIGHT * (spent_ms - self._floor)
        pending = self._pending
        if pending is not None:
            self._last = _ClockMove(pending.game, pending.white, pending.remaining_ms, pending.increment_ms, spent_ms)
            self._pending = None

    def new_game(self) -> None:
        """Forget the last move (the estimates stay: they measure the caller and the machine, not the game)."""
        self._last = self._pending = None
