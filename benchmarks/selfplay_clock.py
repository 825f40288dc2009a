"""Self-play on a real clock: does the built-in engine ever lose on time?

Plays N games of the built-in engine against itself through ``engine.Searcher``
(no GUI), each side with its own Searcher, on a simulated chess clock that is
honest: the wall time of every ``search`` call is measured and taken off the
mover's clock, then the increment is added. Games start from a few random legal
moves so they differ.

Reported:
- time losses (the target is 0);
- the largest *overrun*: elapsed time of a move minus the hard limit the engine's
  time manager set for it (``engine.timeman.plan_time``), i.e. how late the stop
  flag is obeyed;
- the smallest *flag margin*: the least time any side had left after a move.

Examples::

    nice -n 19 .venv/bin/python benchmarks/selfplay_clock.py --games 20 --tc 10s+0.1
    nice -n 19 .venv/bin/python benchmarks/selfplay_clock.py --games 20 --tc 1+0 --json out.json

``--tc`` uses the app's notation (minutes+seconds; ``10s+0.1`` is ten seconds plus
a tenth a move).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import chess

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from chessgui.clock.time_control import TimeControl
from engine import Searcher, SearchLimit, warm_up
from engine.timeman import plan_time


@dataclass(slots=True)
class MoveRecord:
    """One move's timing."""

    color: str
    """"white" or "black"."""
    clock_before_ms: float
    """The mover's time when asked for the move."""
    elapsed_ms: float
    """Wall time of the search call."""
    hard_ms: float | None
    """The engine's hard limit for this move (its time manager), if any."""
    soft_ms: float | None
    """The engine's soft limit for this move."""
    depth: int | None
    """Depth of the last completed iteration."""

    @property
    def overrun_ms(self) -> float | None:
        return None if self.hard_ms is None else self.elapsed_ms - self.hard_ms


@dataclass(slots=True)
class GameRecord:
    """One game."""

    index: int
    opening: list[str]
    result: str = "*"
    reason: str = ""
    time_loss: str | None = None
    """The side that lost on time, if one did."""
    plies: int = 0
    moves: list[MoveRecord] = field(default_factory=list)
    final_clock_ms: dict[str, float] = field(default_factory=dict)


def random_opening(rng: random.Random, plies: int) -> list[str]:
    """A few random legal moves that leave a playable position (no mate, no stalemate)."""
    while True:
        board = chess.Board()
        moves: list[str] = []
        for _ in range(plies):
            move = rng.choice(list(board.legal_moves))
            board.push(move)
            moves.append(move.uci())
        if board.outcome() is None:
            return moves


def play_game(
    index: int,
    control: TimeControl,
    searchers: dict[bool, Searcher],
    opening: list[str],
    max_plies: int,
) -> GameRecord:
    record = GameRecord(index=index, opening=opening)
    board = chess.Board()
    for uci in opening:
        board.push_uci(uci)
    remaining = {color: float(control.base_ms(color)) for color in chess.COLORS}
    for searcher in searchers.values():
        searcher.new_game()
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            record.result = outcome.result()
            record.reason = outcome.termination.name.lower()
            break
        if board.ply() >= max_plies:
            record.result, record.reason = "1/2-1/2", "adjudicated (move limit)"
            break
        color = board.turn
        limit = SearchLimit(
            wtime_ms=int(remaining[chess.WHITE]),
            btime_ms=int(remaining[chess.BLACK]),
            winc_ms=control.increment_ms(chess.WHITE),
            binc_ms=control.increment_ms(chess.BLACK),
        )
        searcher = searchers[color]
        budget = plan_time(limit, color == chess.WHITE, searcher.move_overhead_ms)
        moves = tuple(move.uci() for move in board.move_stack)
        started = time.monotonic()
        result = searcher.search(chess.STARTING_FEN, moves, limit)
        elapsed_ms = (time.monotonic() - started) * 1000.0
        record.moves.append(
            MoveRecord(
                color=chess.COLOR_NAMES[color],
                clock_before_ms=remaining[color],
                elapsed_ms=elapsed_ms,
                hard_ms=budget.hard_ms,
                soft_ms=budget.soft_ms,
                depth=result.info.depth if result.info is not None else None,
            )
        )
        remaining[color] -= elapsed_ms
        if remaining[color] <= 0:
            record.time_loss = chess.COLOR_NAMES[color]
            opponent_can_mate = not board.has_insufficient_material(not color)
            record.result = ("0-1" if color == chess.WHITE else "1-0") if opponent_can_mate else "1/2-1/2"
            record.reason = "time forfeit"
            break
        remaining[color] += control.increment_ms(color)
        if result.best_move is None:
            record.result, record.reason = "*", "engine returned no move"
            break
        board.push_uci(result.best_move)
    record.plies = board.ply()
    record.final_clock_ms = {chess.COLOR_NAMES[c]: round(remaining[c], 1) for c in chess.COLORS}
    return record


def summarize(records: list[GameRecord], control: TimeControl) -> dict[str, object]:
    moves = [move for record in records for move in record.moves]
    overruns = [move.overrun_ms for move in moves if move.overrun_ms is not None]
    margins = [move.clock_before_ms - move.elapsed_ms for move in moves]
    worst = max(moves, key=lambda move: move.overrun_ms if move.overrun_ms is not None else -1e9, default=None)
    scores = {"1-0": 0, "0-1": 0, "1/2-1/2": 0, "*": 0}
    for record in records:
        scores[record.result] = scores.get(record.result, 0) + 1
    return {
        "time_control": control.describe(),
        "games": len(records),
        "results": scores,
        "time_losses": sum(1 for record in records if record.time_loss),
        "moves": len(moves),
        "max_overrun_ms": round(max(overruns), 1) if overruns else None,
        "max_overrun_move": asdict(worst) if worst is not None else None,
        "p99_overrun_ms": round(sorted(overruns)[int(0.99 * (len(overruns) - 1))], 1) if overruns else None,
        "median_overrun_ms": round(statistics.median(overruns), 1) if overruns else None,
        "moves_past_hard_limit": sum(1 for value in overruns if value > 0),
        "min_flag_margin_ms": round(min(margins), 1) if margins else None,
        "mean_move_ms": round(statistics.fmean(move.elapsed_ms for move in moves), 1) if moves else None,
        "max_move_ms": round(max(move.elapsed_ms for move in moves), 1) if moves else None,
        "mean_depth": round(statistics.fmean(m.depth for m in moves if m.depth is not None), 2) if moves else None,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--tc", default="10s+0.1", help="time control, e.g. 10s+0.1, 1+0, 3+2")
    parser.add_argument("--opening-plies", type=int, default=4, help="random plies before the engines take over")
    parser.add_argument("--max-plies", type=int, default=300, help="adjudicate a draw after this many plies")
    parser.add_argument("--hash-mb", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="write every move's timing and the summary here")
    args = parser.parse_args(argv)

    control = TimeControl.parse(args.tc)
    if not control.is_timed():
        parser.error("a self-play clock test needs a timed control")
    rng = random.Random(args.seed)
    print("Warming up the engine (compile or load the Numba cache)…", flush=True)
    started = time.monotonic()
    warm_up()
    print(f"  ready in {time.monotonic() - started:.1f} s", flush=True)
    searchers = {chess.WHITE: Searcher(hash_mb=args.hash_mb), chess.BLACK: Searcher(hash_mb=args.hash_mb)}

    records: list[GameRecord] = []
    for index in range(1, args.games + 1):
        opening = random_opening(rng, args.opening_plies)
        record = play_game(index, control, searchers, opening, args.max_plies)
        records.append(record)
        overruns = [m.overrun_ms for m in record.moves if m.overrun_ms is not None]
        print(
            f"game {index:3d}  {' '.join(opening):24s} {record.result:8s} {record.reason:28s} "
            f"plies {record.plies:3d}  clocks W {record.final_clock_ms['white'] / 1000:6.2f}s "
            f"B {record.final_clock_ms['black'] / 1000:6.2f}s  max overrun "
            f"{max(overruns, default=0):6.1f} ms" + (f"  LOST ON TIME: {record.time_loss}" if record.time_loss else ""),
            flush=True,
        )
    summary = summarize(records, control)
    print(json.dumps(summary, indent=2))
    if args.json is not None:
        payload = {"summary": summary, "games": [asdict(record) for record in records]}
        args.json.write_text(json.dumps(payload, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
