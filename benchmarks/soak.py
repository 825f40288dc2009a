"""Soak: many computer-vs-computer games through the real GameController, players and worker threads.

No window: a QCoreApplication runs the same model objects the app wires up
(GameController, ChessClock + GameClock, BuiltinEnginePlayer / UciEnginePlayer
with their worker threads). Games run on fast clocks from varied openings; the
pairings rotate in blocks between built-in vs built-in and built-in vs our
engine over UCI (``python -m engine``), colours alternating inside a block. Each
block makes new player objects, so engine start-up and shutdown are soaked too.

Checked for every game (any failure is counted and printed):
- the game ends (no hang: ``--hang-seconds`` without game_over is a hang);
- no player failure (crash, illegal move, watchdog) reached the controller;
- every move of the game replays legally from its start position;
- the result and termination agree with the final position (a rules ending is
  what python-chess says; a time forfeit has the flagged side at 0 on the clock);
- neither the built-in engine nor our engine over UCI lost on time.
Per built-in move the GUI's own latency is measured: the clock's charge (from
``thinking_started`` to ``move_made``) less the engine's own time (its Searcher's
``last_timing``). Resident memory (VmRSS), thread count and child processes are sampled after
every game; the per-move samples are kept in bounded histograms, so the probe itself does not grow.

Memory diagnosis (see docs/reliability.md, "Soak memory"):
- ``--malloc-trim``: after each game also record VmRSS after glibc's ``malloc_trim(0)``
  (free heap pages handed back to the system): growth that survives it is live memory,
  growth that does not is the allocator's high-water mark / fragmentation;
- ``--trace-memory N``: every N games a tracemalloc snapshot, printing the 15 allocation
  sites that grew most since the previous one, and the live objects by type (gc) that grew,
  with counts of QObjects, chess.Board, GameNode, QTimer, threads and the controller's and
  clock's signal connections.

    nice -n 5 .venv/bin/python benchmarks/soak.py --games 500 --tc 1s+0.01 --json /tmp/soak.json
"""

from __future__ import annotations

import argparse
import collections
import ctypes
import gc
import json
import math
import os
import random
import sys
import threading
import time
import tracemalloc
from dataclasses import asdict, dataclass
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import chess  # noqa: E402
from match_common import OPENINGS, opening_board  # noqa: E402
from PySide6.QtCore import QCoreApplication, QEventLoop, QMetaMethod, QObject, QTimer  # noqa: E402

from chessgui.clock.chess_clock import ChessClock  # noqa: E402
from chessgui.clock.game_clock import GameClock  # noqa: E402
from chessgui.clock.time_control import TimeControl  # noqa: E402
from chessgui.engines.players import BuiltinEnginePlayer, UciEnginePlayer  # noqa: E402
from chessgui.game.controller import GameController  # noqa: E402
from chessgui.game.players import HumanPlayer  # noqa: E402
from chessgui.game.result import Termination  # noqa: E402
from chessgui.gui_thread_gc import GuiThreadGarbageCollector  # noqa: E402
from chessgui.storage.settings import PlayerKind, PlayerSettings  # noqa: E402

RULE_ENDINGS = {
    Termination.CHECKMATE,
    Termination.STALEMATE,
    Termination.INSUFFICIENT_MATERIAL,
    Termination.SEVENTYFIVE_MOVES,
    Termination.FIVEFOLD_REPETITION,
}


def process_stats() -> tuple[int, int, int]:
    """(VmRSS in KiB, threads of this process, live child processes) from /proc."""
    rss = threads = 0
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1])
        elif line.startswith("Threads:"):
            threads = int(line.split()[1])
    children = 0
    for task in Path("/proc/self/task").iterdir():
        try:
            children += len((task / "children").read_text().split())
        except OSError:  # the thread ended between listing and reading (it did, at game 69 of a run)
            continue
    return rss, threads, children


def malloc_trim() -> bool:
    """Hand glibc's free heap pages back to the system (False where there is no glibc)."""
    try:
        return bool(ctypes.CDLL("libc.so.6").malloc_trim(0))
    except (OSError, AttributeError):
        return False


def signal_connections(obj: QObject) -> int:
    """How many connections all of ``obj``'s signals have (a leak of listeners shows here)."""
    meta = obj.metaObject()
    total = 0
    for index in range(meta.methodCount()):
        method = meta.method(index)
        if method.methodType() == QMetaMethod.MethodType.Signal:
            total += obj.receivers("2" + bytes(method.methodSignature().data()).decode())
    return total


class MemoryTracer:
    """Every ``every`` games: which allocation sites (tracemalloc) and object types (gc) grew."""

    def __init__(self, every: int, watched: dict[str, QObject]) -> None:
        self.every = every
        self.watched = watched
        tracemalloc.start(12)
        self.snapshot = self._snapshot()
        self.counts = self._counts()
        self.report: list[dict[str, object]] = []

    @staticmethod
    def _snapshot() -> tracemalloc.Snapshot:
        gc.collect()
        return tracemalloc.take_snapshot().filter_traces(
            (
                tracemalloc.Filter(False, tracemalloc.__file__),
                tracemalloc.Filter(False, "<frozen importlib._bootstrap*>"),
                tracemalloc.Filter(False, "<unknown>"),
            )
        )

    def _counts(self) -> collections.Counter[str]:
        counts: collections.Counter[str] = collections.Counter()
        for obj in gc.get_objects():
            kind = type(obj)
            counts[f"{kind.__module__}.{kind.__qualname__}"] += 1
            if isinstance(obj, QObject):
                counts["[QObject]"] += 1
            if isinstance(obj, chess.Board):
                counts["[chess.Board]"] += 1
        counts["[threads]"] = threading.active_count()
        for name, obj in self.watched.items():
            counts[f"[connections {name}]"] = signal_connections(obj)
        return counts

    def after_game(self, index: int) -> None:
        if index % self.every:
            return
        snapshot = self._snapshot()
        counts = self._counts()
        traced, peak = tracemalloc.get_traced_memory()
        print(f"--- memory after game {index}: traced {traced / 2**20:.1f} MiB (peak {peak / 2**20:.1f} MiB)")
        growth = [s for s in snapshot.compare_to(self.snapshot, "traceback") if s.size_diff > 0][:15]
        sites = []
        for stat in growth:
            frames = [
                f"{f.filename.rsplit('/', 2)[-1] if '/' in f.filename else f.filename}:{f.lineno}"
                for f in stat.traceback
            ]
            where = " <- ".join(reversed(frames[-4:]))
            print(f"  {stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+6d} blocks  {where}")
            sites.append({"kib": round(stat.size_diff / 1024, 1), "blocks": stat.count_diff, "where": where})
        grew = {k: counts[k] - self.counts.get(k, 0) for k in counts if counts[k] != self.counts.get(k, 0)}
        for key in ("[QObject]", "[chess.Board]", "chess.pgn.ChildNode", "chess.pgn.Game", "PySide6.QtCore.QTimer"):
            grew.setdefault(key, 0)
        shown = dict(sorted(grew.items(), key=lambda kv: -abs(kv[1]))[:25])
        print("  live objects (change): " + ", ".join(f"{k} {v:+d} (={counts[k]})" for k, v in shown.items()))
        self.report.append({"game": index, "traced_mib": round(traced / 2**20, 1), "sites": sites, "objects": shown})
        self.snapshot, self.counts = snapshot, counts


class Histogram:
    """Bounded percentiles of many samples (ms): 0.1 ms bins up to 100 ms, then ~1 % wide bins."""

    def __init__(self) -> None:
        self.bins: collections.Counter[int] = collections.Counter()
        self.n = 0
        self.max = -math.inf

    @staticmethod
    def _bin(value: float) -> int:
        if value < 100.0:
            return round(value * 10)  # negative samples (clock granularity) keep their own bins
        return 1000 + round(100 * math.log(value / 100.0))

    @staticmethod
    def _value(key: int) -> float:
        return key / 10 if key < 1000 else 100.0 * math.exp((key - 1000) / 100)

    def add(self, value: float) -> None:
        self.bins[self._bin(value)] += 1
        self.n += 1
        self.max = max(self.max, value)

    def summary(self) -> dict[str, float] | None:
        if not self.n:
            return None
        keys = sorted(self.bins)

        def at(q: float) -> float:
            rank, seen = min(self.n - 1, int(q * self.n)), 0
            for key in keys:
                seen += self.bins[key]
                if seen > rank:
                    return round(self._value(key), 1)
            return round(self.max, 1)

        return {"median": at(0.5), "p90": at(0.9), "p99": at(0.99), "max": round(self.max, 1), "n": self.n}


@dataclass(slots=True)
class GameRecord:
    index: int
    pairing: str
    white: str
    black: str
    opening: str
    result: str = "*"
    termination: str = ""
    plies: int = 0
    seconds: float = 0.0
    problems: tuple[str, ...] = ()
    builtin_flagged: bool = False
    uci_flagged: bool = False
    rss_kib: int = 0
    rss_trimmed_kib: int = 0  # after malloc_trim(0) (--malloc-trim), else 0
    threads: int = 0
    children: int = 0


def make_players(pairing: str, hash_mb: int) -> tuple[object, object]:
    builtin = PlayerSettings(kind=PlayerKind.BUILTIN, hash_mb=hash_mb)
    a = BuiltinEnginePlayer(builtin, name="Built-in A")
    if pairing == "builtin-builtin":
        b = BuiltinEnginePlayer(builtin, name="Built-in B")
    else:
        uci = PlayerSettings(kind=PlayerKind.UCI, uci_path=f"{sys.executable} -m engine", hash_mb=hash_mb)
        b = UciEnginePlayer(uci, name="Engine over UCI")
    return a, b


def wait_ready(players: tuple[object, ...], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if all(p.is_ready() or isinstance(p, UciEnginePlayer) for p in players):  # UCI starts on its first go
            return True
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        time.sleep(0.02)
    return False


def check_game(controller: GameController, clock: ChessClock, start_fen: str) -> list[str]:
    """Everything wrong with the finished game (empty list when it is sound)."""
    problems: list[str] = []
    result = controller.result()
    if result is None:
        return ["no result"]
    board = chess.Board(start_fen)
    for move in controller.game().mainline_moves():
        if not board.is_legal(move):
            problems.append(f"illegal move {move.uci()} at ply {board.ply()}")
            return problems
        board.push(move)
    if board.fen() != controller.board().fen():
        problems.append("replayed position differs from the controller's")
    outcome = board.outcome(claim_draw=False)
    if result.termination in RULE_ENDINGS:
        if outcome is None or Termination.from_python_chess(outcome.termination) is not result.termination:
            problems.append(f"termination {result.termination} but the position says {outcome}")
        elif outcome.winner != result.winner:
            problems.append(f"winner {result.winner} but the position says {outcome.winner}")
    elif result.termination in (Termination.TIME_FORFEIT, Termination.TIMEOUT_VS_INSUFFICIENT):
        loser = result.loser_on_time
        if loser != board.turn:
            problems.append("the flag fell for the side not to move")
        if clock.remaining_ms(loser) > 0:
            problems.append("time forfeit with time left on the clock")
        if outcome is not None:
            problems.append(f"time forfeit in a finished position ({outcome})")
        expected_winner = None if board.has_insufficient_material(not loser) else (not loser)
        if result.winner != expected_winner:
            problems.append(f"time forfeit scored for {result.winner}, expected {expected_winner}")
    else:
        problems.append(f"unexpected termination {result.termination}")
    header = controller.game().headers.get("Result")
    if header != result.result:
        problems.append(f"Result tag {header} differs from the result {result.result}")
    return problems


class MoveLatency:
    """Per built-in move: the GUI clock's charge (thinking_started to move_made) against the
    engine's own time (its Searcher's last_timing): the difference is the GUI's own latency."""

    def __init__(self, controller: GameController) -> None:
        self.controller = controller
        self.asked: float | None = None
        # Histograms, not lists: a 500-game soak has ~54 k built-in moves and the probe must not grow.
        self.charged_ms = Histogram()
        self.gui_ms = Histogram()
        self.waited_ms = Histogram()
        self.overshoot_ms = Histogram()
        self.game_moves: collections.deque[str] = collections.deque(maxlen=16)  # shown when one flags
        controller.thinking_started.connect(self.on_thinking_started)
        controller.move_made.connect(self.on_move_made)

    def on_thinking_started(self, _color: object) -> None:
        self.asked = time.monotonic()

    def on_move_made(self, _move: object, _san: str) -> None:
        asked, self.asked = self.asked, None
        mover = self.controller.player(not self.controller.board().turn)
        if asked is None or not isinstance(mover, BuiltinEnginePlayer):
            return
        searcher = getattr(mover.worker(), "_searcher", None)
        timing = getattr(searcher, "last_timing", None)
        charged = (time.monotonic() - asked) * 1000.0
        self.charged_ms.add(charged)
        if timing is not None:
            self.game_moves.append(
                f"ply {self.controller.live_ply()} {mover.name}: charged {charged:.1f} spent {timing.spent_ms:.1f} "
                f"hard {timing.budget.hard_ms} latency {timing.latency_ms:.1f} overhead {timing.overhead_ms:.1f} "
                f"overshoot {timing.overshoot_ms:.1f}"
            )
            self.gui_ms.add(charged - timing.spent_ms)
            self.waited_ms.add(timing.waited_ms)
            if timing.budget.hard_ms:
                self.overshoot_ms.add(timing.spent_ms - timing.budget.hard_ms)

    def summary(self) -> dict[str, object]:
        return {
            "clock_charge_ms": self.charged_ms.summary(),
            "gui_latency_ms": self.gui_ms.summary(),
            "request_to_search_ms": self.waited_ms.summary(),
            "past_hard_limit_ms": self.overshoot_ms.summary(),
        }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--tc", default="1s+0.01", help="time control in the app's notation")
    parser.add_argument("--block", type=int, default=10, help="games per pairing before new players are made")
    parser.add_argument("--hash-mb", type=int, default=8)
    parser.add_argument("--hang-seconds", type=float, default=60.0, help="extra time past both clocks = hung")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--malloc-trim", action="store_true", help="also record VmRSS after malloc_trim(0) per game")
    parser.add_argument(
        "--trace-memory",
        type=int,
        default=0,
        metavar="N",
        help="tracemalloc + gc report every N games (diagnosis only: slows every move, bullet games then flag)",
    )
    args = parser.parse_args(argv)

    app = QCoreApplication.instance() or QCoreApplication([])
    GuiThreadGarbageCollector(app)  # as the app does: cycles are collected in this thread only
    rng = random.Random(args.seed)
    control = TimeControl.parse(args.tc)
    controller = GameController()
    clock = ChessClock()
    GameClock(controller, clock, control)
    failures: list[str] = []
    controller.player_failed.connect(failures.append)
    latency = MoveLatency(controller)
    load = [os.getloadavg()[0]] * 2  # min, max
    from engine import warm_up

    started = time.monotonic()
    warm_up()
    print(f"engine ready in {time.monotonic() - started:.1f} s; start {process_stats()}", flush=True)
    start_stats = process_stats()
    tracer = MemoryTracer(args.trace_memory, {"controller": controller, "clock": clock}) if args.trace_memory else None
    records: list[GameRecord] = []
    players: tuple[object, object] | None = None
    pairings = ("builtin-builtin", "builtin-uci")
    for index in range(1, args.games + 1):
        block = (index - 1) // args.block
        if (index - 1) % args.block == 0:
            pairing = pairings[block % len(pairings)]
            new_players = make_players(pairing, args.hash_mb)
            wait_ready(new_players, 600)
            if players is not None:
                controller.set_players(*new_players)  # shuts the old pair down
            players = new_players
        white, black = players if index % 2 else players[::-1]
        board = opening_board(OPENINGS[rng.randrange(len(OPENINGS))])
        for _ in range(rng.randrange(3)):  # a random extra ply or two varies the openings further
            board.push(rng.choice(list(board.legal_moves)))
        start_fen = board.fen()
        failures.clear()
        loop = QEventLoop()
        controller.game_over.connect(loop.quit)
        controller.player_failed.connect(loop.quit)
        limit_s = 2 * control.estimated_game_seconds() + args.hang_seconds
        # One timer, stopped after the game: a singleShot per game stayed pending (holding its
        # finished event loop) for the whole hang limit, ~20 of them at any time.
        hang_timer = QTimer()
        hang_timer.setSingleShot(True)
        hang_timer.timeout.connect(loop.quit)
        hang_timer.start(int(limit_s * 1000))
        t0 = time.monotonic()
        latency.game_moves.clear()
        controller.new_game(start_fen)
        controller.set_players(white, black)
        if controller.result() is None and not failures:
            loop.exec()
        controller.game_over.disconnect(loop.quit)
        controller.player_failed.disconnect(loop.quit)
        hang_timer.stop()
        record = GameRecord(index, pairing, white.name, black.name, start_fen, seconds=time.monotonic() - t0)
        problems = [f"player failed: {text}" for text in failures]
        result = controller.result()
        if result is None and not failures:
            problems.append(f"hung: no result after {limit_s:.0f} s")
            controller.stop_thinking()
        elif result is not None:
            record.result = result.result
            record.termination = result.termination.value
            problems += check_game(controller, clock, start_fen)
            if result.termination in (Termination.TIME_FORFEIT, Termination.TIMEOUT_VS_INSUFFICIENT):
                loser = controller.player(result.loser_on_time)
                record.builtin_flagged = isinstance(loser, BuiltinEnginePlayer)
                record.uci_flagged = isinstance(loser, UciEnginePlayer)
                if record.builtin_flagged:
                    problems.append(f"built-in engine lost on time ({loser.name})")
                    print("\n".join(["  its last moves:", *latency.game_moves]), flush=True)
                if record.uci_flagged:
                    problems.append(f"our engine over UCI lost on time ({loser.name})")
        record.plies = controller.board().ply()
        record.problems = tuple(problems)
        record.rss_kib, record.threads, record.children = process_stats()
        if args.malloc_trim:
            malloc_trim()
            record.rss_trimmed_kib = process_stats()[0]
        records.append(record)
        load = [min(load[0], os.getloadavg()[0]), max(load[1], os.getloadavg()[0])]
        print(
            f"game {index:4d} {pairing:15s} {record.result:8s} {record.termination:24s} plies {record.plies:3d} "
            f"{record.seconds:5.1f}s rss {record.rss_kib // 1024} MiB"
            + (f" (trimmed {record.rss_trimmed_kib // 1024})" if args.malloc_trim else "")
            + f" threads {record.threads} "
            f"children {record.children}" + (f"  PROBLEMS: {problems}" if problems else ""),
            flush=True,
        )
        if tracer is not None:
            tracer.after_game(index)
        if failures:  # start the next game with fresh players
            new_players = make_players(pairing, args.hash_mb)
            wait_ready(new_players, 600)
            controller.set_players(*new_players)
            players = new_players
    controller.set_players(HumanPlayer(), HumanPlayer())  # shuts the engines down
    deadline = time.monotonic() + 5.0  # a UCI engine gets a moment to exit after "quit"
    while process_stats()[2] and time.monotonic() < deadline:
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
        time.sleep(0.05)
    end_stats = process_stats()

    def at(n: int, trimmed: bool = False) -> int | None:
        if len(records) < n or (trimmed and not args.malloc_trim):
            return None
        return (records[n - 1].rss_trimmed_kib if trimmed else records[n - 1].rss_kib) // 1024

    summary = {
        "time_control": control.describe(),
        "games": len(records),
        "problem_games": sum(1 for r in records if r.problems),
        "hangs": sum(1 for r in records if any(p.startswith("hung") for p in r.problems)),
        "player_failures": sum(1 for r in records if any(p.startswith("player failed") for p in r.problems)),
        "illegal_moves": sum(1 for r in records if any("illegal" in p for p in r.problems)),
        "builtin_time_losses": sum(1 for r in records if r.builtin_flagged),
        "uci_time_losses": sum(1 for r in records if r.uci_flagged),
        "all_time_losses": sum(1 for r in records if r.termination.startswith("time")),
        "terminations": {t: sum(1 for r in records if r.termination == t) for t in {r.termination for r in records}},
        "rss_mib_start": start_stats[0] // 1024,
        "rss_mib_game_50": at(50),
        "rss_mib_last": records[-1].rss_kib // 1024 if records else None,
        "threads_start": start_stats[1],
        "threads_max": max((r.threads for r in records), default=0),
        "threads_last": records[-1].threads if records else None,
        "children_max": max((r.children for r in records), default=0),
        "threads_after_shutdown": end_stats[1],
        "children_after_shutdown": end_stats[2],
        "mean_game_seconds": round(sum(r.seconds for r in records) / max(1, len(records)), 2),
        "rss_mib_game_1": at(1),
        "rss_mib_game_500": at(500),
        "rss_mib_max": max((r.rss_kib for r in records), default=0) // 1024,
        "rss_trimmed_mib_game_1_50_150_500_last": [at(1, True), at(50, True), at(150, True), at(500, True)]
        + [at(len(records), True)],
        "rss_mib_game_150": at(150),
        "load_average_min_max": load,
        "builtin_moves": latency.summary(),
    }
    print(json.dumps(summary, indent=2), flush=True)
    if args.json is not None:
        report = {"summary": summary, "games": [asdict(r) for r in records]}
        if tracer is not None:
            report["memory_trace"] = tracer.report
        args.json.write_text(json.dumps(report, indent=1))
    del app
    return 1 if summary["problem_games"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
