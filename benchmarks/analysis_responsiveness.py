"""How responsive is the GUI thread while analysis mode runs (MultiPV, infinite search)?

Like ``responsiveness.py`` but through :class:`~chessgui.engines.analysis.PositionAnalyser`,
so the per-line reports, their SAN conversion and the throttled snapshots all run on the
GUI thread as in the app. Analyses a position for a fixed time (default 5 s) with N lines,
moving to a new position every second (as a user stepping through a game would), while a
10 ms QTimer measures its own lateness. Target p99 lateness < 30 ms.

    python benchmarks/analysis_responsiveness.py [--seconds 5] [--lines 3] [--engine "python -m engine"]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import chess  # noqa: E402
from PySide6.QtCore import QCoreApplication, QObject, QTimer  # noqa: E402
from responsiveness import MIDDLEGAME_FEN, TickRecorder, percentile, summary  # noqa: E402

from chessgui.engines.analysis import AnalysisEngineSpec, PositionAnalyser  # noqa: E402


class Benchmark(QObject):
    """Starts the analysis once the first lines arrive (warm-up excluded), then measures."""

    def __init__(self, app: QCoreApplication, seconds: float, lines: int, engine: str) -> None:
        super().__init__()
        self.app = app
        self.seconds = seconds
        self.recorder = TickRecorder()
        self.snapshots = 0
        self.board = chess.Board(MIDDLEGAME_FEN)
        self.analyser = PositionAnalyser(self)
        self.analyser.configure(AnalysisEngineSpec(engine, label=engine or "built-in"), lines)
        self.analyser.snapshot_changed.connect(self.on_snapshot)
        self.analyser.failed.connect(self.on_failed)
        self.measuring = False
        self.started = time.perf_counter()
        self.analyser.analyse(self.board)
        self.stepper = QTimer(self)
        self.stepper.setInterval(1000)
        self.stepper.timeout.connect(self.on_step)

    def on_snapshot(self, snapshot: object) -> None:
        if self.measuring:
            self.snapshots += 1
        elif self.analyser.lines():
            print(f"first lines after {time.perf_counter() - self.started:.1f} s (warm-up included)")
            self.measuring = True
            self.recorder.start()
            self.stepper.start()
            QTimer.singleShot(int(self.seconds * 1000), self.on_done)

    def on_step(self) -> None:
        lines = self.analyser.lines()
        if lines and lines[0].pv_uci:
            self.board.push_uci(lines[0].pv_uci[0])
            self.analyser.analyse(self.board)

    def on_done(self) -> None:
        self.recorder.stop()
        self.stepper.stop()
        self.analyser.stop()
        self.app.quit()

    def on_failed(self, message: str) -> None:
        print("analysis failed:", message)
        self.app.exit(1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="measuring time (default 5)")
    parser.add_argument("--lines", type=int, default=3, help="MultiPV lines (default 3)")
    parser.add_argument("--engine", default="", help="UCI command line; empty for the built-in engine")
    args = parser.parse_args(argv)
    app = QCoreApplication(sys.argv[:1])
    bench = Benchmark(app, args.seconds, args.lines, args.engine)
    code = app.exec()
    info = bench.analyser.lines()[0] if bench.analyser.lines() else None
    bench.analyser.shutdown()
    if code != 0:
        return code
    print(summary(f"during {args.seconds:g} s analysis, {args.lines} lines", bench.recorder.lateness_ms))
    print(f"{bench.snapshots} panel updates; last line: depth {info.depth if info else '-'}")
    p99 = percentile(bench.recorder.lateness_ms, 0.99)
    print(f"target p99 < 30 ms: {'met' if p99 < 30 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
