"""Index a PGN file in a QThread so a 10,000-game file never freezes the window.

Only values cross the thread boundary: the path in, progress percentages and a
frozen :class:`~chessgui.storage.pgn.read.PgnReadResult` (or an error message) out.
"""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QObject, QThread, Signal, Slot

from chessgui.storage.pgn.read import PgnReadError, PgnReadResult, read_pgn_file

__all__ = ["PgnIndexer"]


class _IndexThread(QThread):
    """Runs read_pgn_file in ``run()`` and reports by signals tagged with its run id.

    The thread object itself lives in the GUI thread, so its signals reach GUI-thread
    slots queued; nothing is moved between threads and no object is deleted while the
    thread still runs (PySide6 has crashed on both).
    """

    progressed = Signal(int, int)  # run id, percent
    read = Signal(int, object)  # run id, PgnReadResult
    failed = Signal(int, str)  # run id, message

    def __init__(self, run_id: int, path: Path, stop: threading.Event, check_moves: bool | None) -> None:
        super().__init__()
        self.setObjectName("PgnIndexer")
        self._run_id = run_id
        self._path = path
        self._stop = stop
        self._check_moves = check_moves

    def run(self) -> None:
        try:
            result = read_pgn_file(self._path, self._report_progress, self._stop.is_set, check_moves=self._check_moves)
        except PgnReadError as error:
            self.failed.emit(self._run_id, str(error))
        except Exception as error:  # never let a worker die silently
            self.failed.emit(
                self._run_id, self.tr("could not read {name}: {error}").format(name=self._path.name, error=error)
            )
        else:
            self.read.emit(self._run_id, result)

    def _report_progress(self, percent: int) -> None:
        self.progressed.emit(self._run_id, percent)


class PgnIndexer(QObject):
    """Reads the list of games of a PGN file in the background.

    ``start(path)`` begins; ``progressed(percent)`` follows; then exactly one
    of ``finished(PgnReadResult)`` or ``failed(message)``.  ``cancel()`` stops
    early (``finished`` then carries ``cancelled=True``).  Starting again
    cancels a run in progress; its late results are dropped.
    """

    progressed = Signal(int)
    finished = Signal(object)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread: _IndexThread | None = None
        # The last thread whose run ended, kept until another one replaces it: the slots
        # that learn a run ended (and whatever they call, up to a dialog's shutdown()) run
        # inside that thread's own signal, which is no place to delete the thread.
        self._retired: _IndexThread | None = None
        self._stop = threading.Event()
        self._run_id = 0

    def is_running(self) -> bool:
        return self._thread is not None and self._thread.isRunning()

    def start(self, path: str | Path, check_moves: bool | None = None) -> None:
        self.shutdown()
        self._run_id += 1
        self._stop = threading.Event()
        thread = _IndexThread(self._run_id, Path(path), self._stop, check_moves)
        # Bound slots of this GUI-thread object: results arrive queued, and the
        # run id lets late results of a replaced run be dropped.
        thread.progressed.connect(self._on_progressed)
        thread.read.connect(self._on_read)
        thread.failed.connect(self._on_failed)
        self._thread = thread
        thread.start()

    def cancel(self) -> None:
        self._stop.set()

    def shutdown(self) -> None:
        """Stop a run in progress and wait for its thread (call before closing)."""
        self._stop.set()
        self._retire_thread()

    @Slot(int, int)
    def _on_progressed(self, run_id: int, percent: int) -> None:
        if run_id == self._run_id:
            self.progressed.emit(percent)

    @Slot(int, object)
    def _on_read(self, run_id: int, result: PgnReadResult) -> None:
        if run_id == self._run_id:
            self._retire_thread()
            self.finished.emit(result)

    @Slot(int, str)
    def _on_failed(self, run_id: int, message: str) -> None:
        if run_id == self._run_id:
            self._retire_thread()
            self.failed.emit(message)

    def _retire_thread(self) -> None:
        """Wait for the current thread to leave run() (moments once it has reported) and keep it as retired."""
        if self._thread is not None:
            self._thread.wait()
            self._retired, self._thread = self._thread, None
