"""Notice when a running clock falls under a few seconds (for the low-time sound and announcement)."""

from __future__ import annotations

import chess
from PySide6.QtCore import QObject, Signal

from chessgui.clock.chess_clock import ChessClock

LOW_TIME_MS = 10_000
"""Warn when the side to move has less than this left (lichess warns at about 10 s too)."""


class LowTimeWatcher(QObject):
    """Emits ``low_time(color)`` once when ``color``'s running time drops under :data:`LOW_TIME_MS`.

    It warns again only after that side's time has been back above the threshold
    (an increment, a new game) — not on every tick.
    """

    low_time = Signal(bool)

    def __init__(self, clock: ChessClock, threshold_ms: int = LOW_TIME_MS, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._clock = clock
        self._threshold_ms = threshold_ms
        self._warned: set[chess.Color] = set()
        clock.ticked.connect(self.check)
        clock.changed.connect(self.check)

    def check(self) -> None:
        """Compare the times with the threshold now (the clock calls this on every tick and change)."""
        clock = self._clock
        if not clock.is_timed():
            self._warned.clear()
            return
        for color in chess.COLORS:
            remaining = clock.remaining_ms(color)
            if remaining >= self._threshold_ms:
                self._warned.discard(color)
            elif color == clock.running_color() and remaining > 0 and color not in self._warned:
                self._warned.add(color)
                self.low_time.emit(color)
