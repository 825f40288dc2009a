"""How responsive is the GUI thread while the built-in engine thinks?

Runs the engine in its :class:`~chessgui.engines.builtin_worker.EngineWorker` thread for
a fixed time (default 5 s) and, meanwhile, a 10 ms QTimer on the GUI thread.
The lateness of each tick (actual interval minus 10 ms) is what a user feels as
stutter. The engine's hot path runs in Numba with ``nogil=True``, so the GIL
should be free while it searches; target p99 lateness < 30 ms.

    python benchmarks/responsiveness.py [--seconds 5] [--fen FEN]

Also reports an idle baseline (the same timer with no search) for comparison.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication, QObject, QTimer  # noqa: E402

from chessgui.engines.builtin_worker import EngineWorker  # noqa: E402
from engine.api import SearchLimit  # noqa: E402

TICK_MS = 10
MIDDLEGAME_FEN = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


class TickRecorder:
    """Records the lateness of a 10 ms timer's ticks."""

    def __init__(self) -> None:
        self.lateness_ms: list[float] = []
        self._last = 0.0
        self.timer = QTimer()
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._on_tick)

    def start(self) -> None:
        self.lateness_ms.clear()
        self._last = time.perf_counter()
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()

    def _on_tick(self) -> None:
        now = time.perf_counter()
        self.lateness_ms.append(max(0.0, (now - self._last) * 1000 - TICK_MS))
        self._last = now


def summary(label: str, lateness: list[float]) -> str:
    if not lateness:
        return f"{label}: no ticks"
    return (
        f"{label}: {len(lateness)} ticks, lateness p50 {statistics.median(lateness):.2f} ms, "
        f"p99 {percentile(lateness, 0.99):.2f} ms, max {max(lateness):.2f} ms"
    )


class Benchmark(QObject):
    """Drives the run. Its slots are bound methods of a GUI-thread QObject, so the
    worker's signals are queued to this thread (a plain function would run in the worker)."""

    def __init__(self, app: QCoreApplication, fen: str, seconds: float) -> None:
        super().__init__()
        self.app = app
        self.fen = fen
        self.seconds = seconds
        self.recorder = TickRecorder()
        self.idle: list[float] = []
        self.search: list[float] = []
        self.best_move = ""
        self.last_info: object | None = None
        self.started = time.perf_counter()
        self.worker = EngineWorker(hash_mb=64)
        self.worker.search_info.connect(self.on_search_info)
        self.worker.best_move.connect(self.on_best_move)
        self.worker.failed.connect(self.on_failed)
        self.worker.ready.connect(self.on_ready)
        self._began = False
        if self.worker.is_ready():
            self.on_ready()

    def on_ready(self) -> None:
        if self._began:
            return
        self._began = True
        print(f"engine ready after {time.perf_counter() - self.started:.1f} s (warm-up: compile or cache load)")
        self.recorder.start()
        QTimer.singleShot(1000, self.on_baseline_done)

    def on_baseline_done(self) -> None:
        self.recorder.stop()
        self.idle = list(self.recorder.lateness_ms)
        self.recorder.start()
        self.worker.request_search(1, self.fen, [], SearchLimit(movetime_ms=int(self.seconds * 1000)))

    def on_search_info(self, request_id: int, info: object) -> None:
        self.last_info = info

    def on_best_move(self, request_id: int, uci: str) -> None:
        self.recorder.stop()
        self.search = list(self.recorder.lateness_ms)
        self.best_move = uci
        self.app.quit()

    def on_failed(self, request_id: int, message: str) -> None:
        print("search failed:", message)
        self.app.exit(1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="search time (default 5)")
    parser.add_argument("--fen", default=MIDDLEGAME_FEN, help="position to search")
    args = parser.parse_args(argv)

    app = QCoreApplication(sys.argv[:1])
    bench = Benchmark(app, args.fen, args.seconds)
    code = app.exec()
    bench.worker.shutdown(2000)
    if code != 0:
        return code
    print(summary("idle GUI thread     ", bench.idle))
    print(summary(f"during {args.seconds:g} s search", bench.search))
    info = bench.last_info
    if info is not None:
        print(f"search: depth {info.depth}, {info.nodes:,} nodes, {info.nps:,} nps, best {bench.best_move}")  # type: ignore[attr-defined]
    p99 = percentile(bench.search, 0.99)
    print(f"target p99 < 30 ms: {'met' if p99 < 30 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
