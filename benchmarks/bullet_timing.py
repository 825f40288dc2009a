"""Where the milliseconds go in bullet games over UCI (a script, not a timed test).

    # our engine against itself, 1 s + 0 per side, 20 games, per-move timing summary
    nice -n 5 .venv/bin/python benchmarks/bullet_timing.py --tc 1+0 --games 20
    # against sunfish (its overhead from the environment), 2 s + 0.02 s
    TM_OVERHEAD_MS=100 nice -n 5 .venv/bin/python benchmarks/bullet_timing.py --tc 2+0.02 \\
        --opponent .venv/bin/sunfish-uci --games 100 --json /tmp/bullet.json

A raw-pipe UCI driver (no python-chess event loop in between): for every move it
writes ``position startpos moves ...`` and ``go wtime .. btime ..`` in one write,
reads until ``bestmove`` and charges the mover the wall time in between, like a
GUI's clock. The engine is put in ``debug on`` mode; our engine then reports, per
move, ``info string timing ...`` (its budget, when its clock started, the search's
time and how long printing took), so the script splits each move's cost into:

* latency outside the engine: driver clock minus the engine's own go-to-bestmove;
* the engine's time from reading ``go`` to bestmove vs its hard budget.

Games end by the rules (python-chess), at 240 plies (draw), or when a side's clock
falls below zero (a flag). Prints flags per side and percentiles; ``--json`` keeps
every move.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import chess

sys.path.insert(0, str(Path(__file__).resolve().parent))
from match_common import MAX_PLIES, OPENINGS, TimeControl, opening_board  # noqa: E402

OURS = f"{sys.executable} -m engine"


@dataclass(slots=True)
class MoveTiming:
    side: str
    ply: int
    clock_ms: float
    """The mover's clock before the move."""
    wall_ms: float
    """Driver: from writing position+go to reading bestmove."""
    engine_ms: float | None = None
    """Engine: from reading go to printing bestmove (its own clock)."""
    hard_ms: float | None = None
    """Engine: the hard budget it planned."""
    search_ms: float | None = None
    """Engine: from its clock's start to the move decided."""
    waited_ms: float | None = None
    """Engine: from reading go to the search starting (thread start, position set-up)."""
    latency_ms: float | None = None
    """Engine: the per-move latency it reserved (measured from the clocks it was sent)."""
    depth: int | None = None


@dataclass(slots=True)
class Stats:
    games: int = 0
    flags: dict[str, int] = field(default_factory=dict)
    results: dict[str, int] = field(default_factory=dict)
    moves: list[MoveTiming] = field(default_factory=list)
    lowest_clock_ms: dict[str, float] = field(default_factory=dict)


class Engine:
    """One UCI engine process driven over raw pipes."""

    def __init__(self, command: str, name: str) -> None:
        self.name = name
        self.proc = subprocess.Popen(
            shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.read_until("uciok")
        self.send("debug on")
        self.send("isready")
        self.read_until("readyok", timeout_note="start-up")

    def send(self, text: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def read_until(self, word: str, timeout_note: str = "") -> list[str]:
        assert self.proc.stdout is not None
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"{self.name} exited ({timeout_note})")
            lines.append(line.strip())
            if line.startswith(word):
                return lines

    def new_game(self) -> None:
        self.send("ucinewgame")
        self.send("isready")
        self.read_until("readyok")

    def quit(self) -> None:
        try:
            self.send("quit")
            self.proc.wait(5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def parse_timing(lines: list[str], move: MoveTiming) -> None:
    """Fill ``move`` from our engine's ``info string timing k=v ...`` and its last depth."""
    for line in lines:
        if line.startswith("info string timing"):
            values = dict(part.split("=", 1) for part in line.split()[3:] if "=" in part)
            move.engine_ms = float(values.get("go_to_bestmove", "nan"))
            move.hard_ms = float(values["hard"]) if values.get("hard", "none") != "none" else None
            move.search_ms = float(values.get("search", "nan"))
            move.waited_ms = float(values.get("waited", "nan"))
            move.latency_ms = float(values.get("latency", "nan"))
        elif line.startswith("info depth"):
            move.depth = int(line.split()[2])


def play(white: Engine, black: Engine, line: str, tc: TimeControl, stats: Stats, names: dict[bool, str]) -> str:
    board = opening_board(line)
    start_moves = [m.uci() for m in board.move_stack]
    clocks = {chess.WHITE: tc.base * 1000, chess.BLACK: tc.base * 1000}
    inc = tc.increment * 1000
    for engine in (white, black):
        engine.new_game()
    moves = list(start_moves)
    while not board.is_game_over(claim_draw=True):
        if board.ply() >= MAX_PLIES:
            return "1/2-1/2 (plies cap)"
        engine = white if board.turn == chess.WHITE else black
        side = names[board.turn]
        go = f"go wtime {max(1, int(clocks[chess.WHITE]))} btime {max(1, int(clocks[chess.BLACK]))}"
        go += f" winc {int(inc)} binc {int(inc)}"
        command = "position startpos moves " + " ".join(moves) + "\n" + go
        start = time.perf_counter()
        engine.send(command)
        lines = engine.read_until("bestmove")
        wall = (time.perf_counter() - start) * 1000
        timing = MoveTiming(side, board.ply(), clocks[board.turn], wall)
        parse_timing(lines, timing)
        stats.moves.append(timing)
        clocks[board.turn] -= wall
        stats.lowest_clock_ms[side] = min(stats.lowest_clock_ms.get(side, 1e9), clocks[board.turn])
        if clocks[board.turn] < 0:
            stats.flags[side] = stats.flags.get(side, 0) + 1
            return f"{side} lost on time at ply {board.ply()}"
        clocks[board.turn] += inc
        uci = lines[-1].split()[1]
        move = chess.Move.from_uci(uci)
        if move not in board.legal_moves:
            return f"{side} played an illegal move {uci}"
        board.push(move)
        moves.append(uci)
    return board.result(claim_draw=True)


def percentiles(values: list[float]) -> str:
    if not values:
        return "-"
    values = sorted(values)
    pick = lambda q: values[min(len(values) - 1, int(q * len(values)))]  # noqa: E731
    return (
        f"median {statistics.median(values):.1f}  p90 {pick(0.9):.1f}  p99 {pick(0.99):.1f}  max {values[-1]:.1f} ms"
        f"  (n={len(values)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tc", default="1+0", help="seconds+increment per side (default 1+0)")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--engine", default=OURS, help="our engine's command (default: python -m engine)")
    parser.add_argument("--opponent", default=OURS, help="the other engine's command (default: ours again)")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    tc = TimeControl.parse(args.tc)
    same = args.opponent == args.engine
    ours, theirs = "ours", ("ours-2" if same else "opponent")
    a, b = Engine(args.engine, ours), Engine(args.opponent, theirs)
    stats = Stats()
    load = [os.getloadavg()[0]]
    try:
        for game in range(args.games):
            line = OPENINGS[(game // 2) % len(OPENINGS)]
            a_white = game % 2 == 0
            white, black = (a, b) if a_white else (b, a)
            names = {chess.WHITE: white.name, chess.BLACK: black.name}
            result = play(white, black, line, tc, stats, names)
            stats.games += 1
            stats.results[result] = stats.results.get(result, 0) + 1
            load.append(os.getloadavg()[0])
            print(
                f"game {game + 1}: {names[chess.WHITE]} - {names[chess.BLACK]}: {result}  flags {stats.flags}",
                flush=True,
            )
    finally:
        a.quit()
        b.quit()
    print(f"\n{stats.games} games at {tc.describe()}, load average {min(load):.1f}-{max(load):.1f}")
    print(f"flags per side: {stats.flags or 'none'}")
    for side in (ours, theirs):
        own = [m for m in stats.moves if m.side == side]
        print(f"{side}: lowest clock {stats.lowest_clock_ms.get(side, float('nan')):.0f} ms")
        print(f"  driver go->bestmove  {percentiles([m.wall_ms for m in own])}")
        timed = [m for m in own if m.engine_ms is not None]
        if timed:
            print(f"  engine go->bestmove  {percentiles([m.engine_ms for m in timed])}")
            print(f"  outside the engine   {percentiles([m.wall_ms - m.engine_ms for m in timed])}")
            over = [m.engine_ms - m.hard_ms for m in timed if m.hard_ms is not None]
            print(f"  engine past its hard budget  {percentiles(over)}; moves past it: {sum(o > 0 for o in over)}")
            low = [m for m in timed if m.clock_ms < 100]
            print(f"  moves with < 100 ms left: {len(low)}, go->bestmove {percentiles([m.wall_ms for m in low])}")
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "flags": stats.flags,
                    "results": stats.results,
                    "load": load,
                    "moves": [asdict(m) for m in stats.moves],
                }
            )
        )


if __name__ == "__main__":
    main()
