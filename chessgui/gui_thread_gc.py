"""Python's cyclic garbage collection, run in the GUI thread only.

Python collects reference cycles in whichever thread happens to allocate when a generation's
threshold is crossed. Here that is most often a worker thread: the engine worker, the UCI
worker's event loop, the PGN indexer parsing 10,000 games. A cycle that holds a Qt object
(a dialog's wrapper and the lambdas connected to it, a finished QThread, a QTimer) is then
destroyed in that worker, while the GUI thread may be delivering events to the same object;
Qt objects must be deleted in the thread they live in. That race is a segfault in the GUI
thread's event loop, seen twice in whole-suite runs (docs/reliability.md) and known from PyQt
(Riverbank's mailing list, 2011) and other apps' fixes (OpenCue PR #598).

So automatic collection is switched off and this object does the same work from a GUI-thread
timer: generation 0 when Python would have collected it, the older generations on Python's own
schedule (every ``threshold[1]`` collections of the one below). Reference counting still frees
everything that is not in a cycle at once, in any thread; only cycles wait for the next tick.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer, Slot

__all__ = ["GuiThreadGarbageCollector", "COLLECT_INTERVAL_MS"]

COLLECT_INTERVAL_MS = 500
"""How often the GUI thread checks whether a collection is due: cycles wait at most this long."""


class GuiThreadGarbageCollector(QObject):
    """Switches Python's automatic collection off and collects cycles from a GUI-thread timer.

    Create it in the GUI thread (a child of the application); :meth:`stop` restores the
    collector's previous state. :meth:`collect_due` may also be called directly by code that
    runs long stretches without an event loop (the test suite calls it after every test).
    """

    def __init__(self, parent: QObject | None = None, interval_ms: int = COLLECT_INTERVAL_MS) -> None:
        super().__init__(parent)
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._timer = QTimer(self)
        self._timer.setInterval(max(1, interval_ms))
        self._timer.timeout.connect(self.collect_due)
        self._timer.start()

    @Slot()
    def collect_due(self) -> int:
        """Collect the generations Python would have collected by now; returns the objects freed."""
        thresholds = gc.get_threshold()
        counts = gc.get_count()
        # Python collects generation g when its count passes threshold[g] (for g = 0, allocations
        # minus deallocations; above it, collections of the generation below), oldest first.
        for generation in (2, 1, 0):
            if thresholds[generation] and counts[generation] > thresholds[generation]:
                return gc.collect(generation)
        return 0

    def stop(self) -> None:
        """Stop the timer and give collection back to Python (as it was before this object)."""
        self._timer.stop()
        if self._was_enabled:
            gc.enable()
