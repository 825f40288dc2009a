"""How long does a game review take, and does the window stay responsive meanwhile?

Reviews a game of ``--plies`` moves (default 60) at ``--seconds`` per position (default 0.5)
with the built-in engine, in the real main window (offscreen), and reports:

* the wall time from the start of the review to its end, the number of positions the
  engine analysed, and the overhead over ``positions × seconds``;
* the lateness of a 10 ms timer on the GUI thread during the review (as in
  ``benchmarks/responsiveness.py``): target p99 < 16 ms.

The game is a fixed pseudo-random legal game (seeded), long enough and never finished
early; its quality does not matter for timing.

    python benchmarks/review_time.py [--plies 60] [--seconds 0.5]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))  # for responsiveness.py
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import chess  # noqa: E402
import chess.pgn  # noqa: E402
from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402
from responsiveness import TickRecorder, percentile, summary  # noqa: E402

from chessgui.engines.review import ReviewLimit  # noqa: E402
from chessgui.gui_thread_gc import GuiThreadGarbageCollector  # noqa: E402
from chessgui.main_window import MainWindow  # noqa: E402

TARGET_P99_MS = 16.0


def seeded_game(plies: int, seed: int = 2026) -> chess.pgn.Game:
    """A legal game of ``plies`` moves that does not end before (captures preferred, like real games)."""
    rng = random.Random(seed)
    while True:
        board = chess.Board()
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            captures = [move for move in moves if board.is_capture(move)]
            board.push(rng.choice(captures if captures and rng.random() < 0.5 else moves))
            if board.is_game_over():
                break
        if len(board.move_stack) == plies:
            return chess.pgn.Game.from_board(board)
        seed += 1
        rng = random.Random(seed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=60, help="moves (plies) in the game (default 60)")
    parser.add_argument("--seconds", type=float, default=0.5, help="time per position (default 0.5)")
    args = parser.parse_args(argv)

    app = QApplication(sys.argv[:1])
    GuiThreadGarbageCollector(app)  # as the app does: cycles are collected in this thread only
    import engine

    started = time.perf_counter()
    engine.warm_up()  # compile or cache load, not part of the review
    print(f"engine ready after {time.perf_counter() - started:.1f} s")
    window = MainWindow()
    window.show()
    window.controller.view_game(seeded_game(args.plies))
    recorder = TickRecorder()
    review = window.review
    timing: dict[str, float] = {}

    def on_finished() -> None:
        timing["end"] = time.perf_counter()
        recorder.stop()
        app.quit()

    def on_failed(message: str) -> None:
        print("review failed:", message)
        recorder.stop()
        app.exit(1)

    review.job.finished.connect(on_finished)
    review.job.failed.connect(on_failed)
    idle: list[float] = []

    def on_baseline_done() -> None:
        recorder.stop()
        idle.extend(recorder.lateness_ms)
        recorder.start()
        timing["start"] = time.perf_counter()
        review.start(ReviewLimit(movetime_ms=round(args.seconds * 1000)))

    recorder.start()  # first a second of idle baseline: what the machine's load alone costs
    QTimer.singleShot(1000, on_baseline_done)
    code = app.exec()
    positions = window.review.job.cache_size()
    searching = window.review.job.analysis_seconds()
    window.close()
    if code != 0:
        return code
    wall = timing["end"] - timing["start"]
    ideal = positions * args.seconds
    print(f"{args.plies}-ply game, {positions} positions analysed at {args.seconds:g} s each")
    per_position_ms = (wall - ideal) / max(1, positions) * 1000
    print(f"took {wall:.2f} s; ideal {ideal:.2f} s; overhead {wall - ideal:.2f} s ({per_position_ms:.0f} ms each)")
    print(f"engine time {searching:.2f} s; review machinery overhead (wall - engine) {wall - searching:.2f} s")
    print(summary("idle GUI thread (baseline)", idle))
    print(summary("GUI thread during review", recorder.lateness_ms))
    p99 = percentile(recorder.lateness_ms, 0.99) if recorder.lateness_ms else 0.0
    print(f"target p99 < {TARGET_P99_MS:g} ms: {'met' if p99 < TARGET_P99_MS else 'NOT met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
