"""ChessClock: the two-sided game clock, as a model with no widgets.

Time comes from an injected ``time_source`` (seconds, monotonic), so tests drive
the clock with a fake one and nothing here reads the wall clock itself. The only
Qt pieces are the signals and an optional tick timer that polls for flag fall;
tests call :meth:`ChessClock.check_flag` directly instead.

States: *idle* after :meth:`~ChessClock.reset` (times shown, nothing runs),
*running* (the side to move's time runs), *paused* and *stopped* (game over).
Untimed games never run and never flag.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable
from dataclasses import dataclass

import chess
from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

from chessgui.clock.time_control import UNTIMED, TimeControl

DEFAULT_TICK_INTERVAL_MS = 50
"""How often the GUI polls the clock: often enough for a smooth tenths display."""


class ClockRunState(enum.Enum):
    """What the clock is doing."""

    IDLE = "idle"
    """Reset and waiting for :meth:`ChessClock.start` (or untimed)."""
    RUNNING = "running"
    """The side to move's time is running."""
    PAUSED = "paused"
    """Held by the user (or AI-vs-AI pause); :meth:`ChessClock.resume` continues."""
    STOPPED = "stopped"
    """The game is over (flag fall, mate, resignation ...); times are frozen."""


@dataclass(frozen=True, slots=True)
class ClockState:
    """Clock times handed to an engine that plays from its clock (UCI go wtime/btime/...)."""

    white_ms: int
    """White's remaining time in milliseconds."""
    black_ms: int
    """Black's remaining time in milliseconds."""
    white_increment_ms: int = 0
    """White's increment per move in milliseconds."""
    black_increment_ms: int = 0
    """Black's increment per move in milliseconds."""
    moves_to_go: int | None = None
    """Moves until the next time control, if the control has one."""


@dataclass(frozen=True, slots=True)
class ClockSnapshot:
    """The clock's times at one moment, for takeback (one per ply) and autosave."""

    time_control: TimeControl
    """The game's time control."""
    white_ms: int
    """White's remaining time in milliseconds."""
    black_ms: int
    """Black's remaining time in milliseconds."""
    to_move: chess.Color
    """The side whose time runs next."""

    def remaining_ms(self, color: chess.Color) -> int:
        """The side's remaining time in milliseconds."""
        return self.white_ms if color == chess.WHITE else self.black_ms

    def to_setting(self) -> str:
        """Text form for autosave: "<time control setting>|<white ms>|<black ms>|w".

        Only the ``|`` separator is used because the time control's own form has none.
        """
        side = "w" if self.to_move == chess.WHITE else "b"
        return f"{self.time_control.to_setting()}|{self.white_ms}|{self.black_ms}|{side}"

    @classmethod
    def from_setting(cls, value: object) -> ClockSnapshot:
        """Read :meth:`to_setting`'s form; raise ``ValueError`` with plain words if unreadable."""
        if not isinstance(value, str) or value.count("|") != 3:
            raise ValueError(QCoreApplication.translate("ClockSnapshot", "The saved clock times are not readable."))
        control_text, white_text, black_text, side = value.split("|")
        if side not in ("w", "b") or not white_text.isdigit() or not black_text.isdigit():
            raise ValueError(QCoreApplication.translate("ClockSnapshot", "The saved clock times are not readable."))
        return cls(
            time_control=TimeControl.from_setting(control_text),
            white_ms=int(white_text),
            black_ms=int(black_text),
            to_move=side == "w",
        )


class ChessClock(QObject):
    """Both sides' clocks for one game.

    Signals:
        flag_fallen(bool color): ``color``'s time ran out. Emitted once; the clock stops.
        ticked(): the running time changed (every tick while running) — redraw.
        changed(): anything else changed (reset, move, pause, resume, stop, restore).

    Parameters:
        time_source: seconds from a monotonic clock; defaults to :func:`time.monotonic`.
        tick_interval_ms: how often the internal timer polls for flag fall and emits
            ``ticked`` while running; 0 disables the timer (tests call
            :meth:`check_flag` themselves).
    """

    flag_fallen = Signal(bool)
    ticked = Signal()
    changed = Signal()

    def __init__(
        self,
        time_source: Callable[[], float] = time.monotonic,
        tick_interval_ms: int = DEFAULT_TICK_INTERVAL_MS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._time_source = time_source
        self._time_control = UNTIMED
        self._remaining_ms = {chess.WHITE: 0.0, chess.BLACK: 0.0}
        self._to_move: chess.Color = chess.WHITE
        self._state = ClockRunState.IDLE
        self._running_since: float | None = None  # time_source() when the current run began
        self._flagged: chess.Color | None = None
        self._timer: QTimer | None = None
        if tick_interval_ms > 0:
            self._timer = QTimer(self)
            self._timer.setInterval(tick_interval_ms)
            self._timer.timeout.connect(self._on_tick)

    # Control --------------------------------------------------------------

    def reset(self, time_control: TimeControl, to_move: chess.Color = chess.WHITE) -> None:
        """Set both clocks to the control's base times, idle, with ``to_move`` next to run."""
        self._time_control = time_control
        self._remaining_ms = {
            chess.WHITE: float(time_control.base_ms(chess.WHITE)),
            chess.BLACK: float(time_control.base_ms(chess.BLACK)),
        }
        self._to_move = to_move
        self._flagged = None
        self._set_state(ClockRunState.IDLE)

    def start(self) -> None:
        """Start (or restart after a restore) the side to move's time. No-op if untimed,
        already running, paused (use :meth:`resume`) or flagged."""
        if not self._time_control.is_timed() or self._flagged is not None:
            return
        if self._state in (ClockRunState.IDLE, ClockRunState.STOPPED):
            self._set_state(ClockRunState.RUNNING)

    def on_move_made(self, color: chess.Color) -> bool:
        """``color`` completed a move: stop its time, add its increment, run the other's.

        Call it before the move is pushed. Returns False (and emits ``flag_fallen``)
        when the mover's time had already run out, in which case the move came too
        late and must not be played. A move while the clock is not running (idle,
        paused, stopped) just hands the turn over: no time charged, no increment.
        Untimed clocks only track the side to move.
        """
        if self._flagged is not None:
            return self._flagged != color
        if not self._time_control.is_timed():
            self._to_move = not color
            self.changed.emit()
            return True
        if self._state == ClockRunState.RUNNING and color == self._to_move:
            self._charge_running_time()
            if self._remaining_ms[color] <= 0:
                self._fall(color)
                return False
            self._remaining_ms[color] += self._time_control.increment_ms(color)
            self._to_move = not color
            self._running_since = self._time_source()
            self.changed.emit()
            return True
        # Not running (idle before the first move, paused for an AI-vs-AI "step"):
        # no time was spent, so no increment is earned either.
        self._to_move = not color
        self.changed.emit()
        return True

    def press(self) -> bool:
        """The side to move pressed the clock (same as :meth:`on_move_made` for it)."""
        return self.on_move_made(self._to_move)

    def pause(self) -> None:
        """Hold both clocks (a user pause or an AI-vs-AI pause)."""
        if self._state == ClockRunState.RUNNING:
            self._charge_running_time()
            self._set_state(ClockRunState.PAUSED)

    def resume(self) -> None:
        """Continue after :meth:`pause`; the side to move's time runs from now."""
        if self._state == ClockRunState.PAUSED:
            self._set_state(ClockRunState.RUNNING)

    def stop(self) -> None:
        """Freeze both clocks for good: the game is over."""
        if self._state == ClockRunState.RUNNING:
            self._charge_running_time()
        if self._state != ClockRunState.STOPPED:
            self._set_state(ClockRunState.STOPPED)

    def check_flag(self) -> chess.Color | None:
        """Look at the running clock; if its time is up, stop and emit ``flag_fallen`` once.

        Returns the side whose flag has fallen (now or earlier), else None. The tick
        timer calls this; callers may too (e.g. just before accepting a move).
        """
        running = self._flagged is None and self._state == ClockRunState.RUNNING
        if running and self.remaining_ms(self._to_move) <= 0:
            self._charge_running_time()
            self._fall(self._to_move)
        return self._flagged

    def flagged_color(self) -> chess.Color | None:
        """The side that lost on time, if a flag has fallen."""
        return self._flagged

    # Queries -----------------------------------------------------------------

    def time_control(self) -> TimeControl:
        """The control the clock was reset with."""
        return self._time_control

    def is_timed(self) -> bool:
        """True when the game is played on a clock."""
        return self._time_control.is_timed()

    def state(self) -> ClockRunState:
        """Idle, running, paused or stopped."""
        return self._state

    def is_running(self) -> bool:
        """True while a side's time is running."""
        return self._state == ClockRunState.RUNNING

    def is_paused(self) -> bool:
        """True while held by :meth:`pause`."""
        return self._state == ClockRunState.PAUSED

    def to_move(self) -> chess.Color:
        """The side whose time runs (or would run)."""
        return self._to_move

    def running_color(self) -> chess.Color | None:
        """The side whose time is running now, or None."""
        return self._to_move if self._state == ClockRunState.RUNNING else None

    def remaining_ms(self, color: chess.Color) -> int:
        """The side's remaining time in whole milliseconds, never below zero."""
        remaining = self._remaining_ms[color]
        if self._state == ClockRunState.RUNNING and color == self._to_move and self._running_since is not None:
            remaining -= _elapsed_ms(self._running_since, self._time_source())
        return max(0, int(remaining))

    def remaining_seconds(self, color: chess.Color) -> float:
        """The side's remaining time in seconds (e.g. for PGN ``[%clk]`` via ``node.set_clock``)."""
        return self.remaining_ms(color) / 1000.0

    def snapshot(self) -> ClockSnapshot:
        """The times now, frozen (store one per ply for takeback; save it for autosave)."""
        return ClockSnapshot(
            time_control=self._time_control,
            white_ms=self.remaining_ms(chess.WHITE),
            black_ms=self.remaining_ms(chess.BLACK),
            to_move=self._to_move,
        )

    def restore(self, snapshot: ClockSnapshot) -> None:
        """Go back to ``snapshot``'s times (takeback, autosave).

        A running clock keeps running, now for the snapshot's side to move; a paused
        one stays paused; a stopped (game over) or idle one becomes idle, and the
        caller decides when to :meth:`start` it. A fallen flag is forgotten.
        """
        self._time_control = snapshot.time_control
        self._remaining_ms = {chess.WHITE: float(snapshot.white_ms), chess.BLACK: float(snapshot.black_ms)}
        self._to_move = snapshot.to_move
        self._flagged = None
        if not snapshot.time_control.is_timed():
            self._set_state(ClockRunState.IDLE)
        elif self._state == ClockRunState.RUNNING:
            self._set_state(ClockRunState.RUNNING)  # restarts the run from now
        elif self._state == ClockRunState.STOPPED:
            self._set_state(ClockRunState.IDLE)
        else:
            self.changed.emit()

    def to_clock_state(self) -> ClockState | None:
        """Times for an engine playing on the clock (UCI wtime/btime/winc/binc); None if untimed."""
        if not self._time_control.is_timed():
            return None
        return ClockState(
            white_ms=self.remaining_ms(chess.WHITE),
            black_ms=self.remaining_ms(chess.BLACK),
            white_increment_ms=self._time_control.increment_ms(chess.WHITE),
            black_increment_ms=self._time_control.increment_ms(chess.BLACK),
        )

    # Internals ----------------------------------------------------------------

    def _charge_running_time(self) -> None:
        if self._running_since is None:
            return
        now = self._time_source()
        self._remaining_ms[self._to_move] -= _elapsed_ms(self._running_since, now)
        self._running_since = now

    def _fall(self, color: chess.Color) -> None:
        self._remaining_ms[color] = 0.0
        self._flagged = color
        self._set_state(ClockRunState.STOPPED)
        self.flag_fallen.emit(color)

    def _set_state(self, state: ClockRunState) -> None:
        self._state = state
        self._running_since = self._time_source() if state == ClockRunState.RUNNING else None
        if self._timer is not None:
            if state == ClockRunState.RUNNING:
                self._timer.start()
            else:
                self._timer.stop()
        self.changed.emit()

    def _on_tick(self) -> None:
        if self.check_flag() is None:
            self.ticked.emit()


def _elapsed_ms(since: float, now: float) -> float:
    # Rounded to the microsecond: float seconds from a large monotonic origin carry
    # noise in the last bits, which must not turn 59.999 s into 59.998999 s.
    return round((now - since) * 1000.0, 3)


def format_clock_ms(ms: int) -> str:
    """Clock text: "h:mm:ss" from an hour, "m:ss" from ten seconds, "0:09.4" below."""
    ms = max(0, int(ms))
    if ms < 10_000:
        return f"0:{ms // 1000:02d}.{(ms % 1000) // 100}"
    total_seconds = ms // 1000
    hours, rest = divmod(total_seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{seconds:02d}"
    return f"{minutes}:{seconds:02d}"
