"""Measure the Elo of the built-in engine's playing levels (engine/strength.py).

Levels from the anchor (1400) up play Stockfish with ``UCI_LimitStrength``/``UCI_Elo`` set to
the level: the measured Elo is the level's nominal value plus the Elo difference of the
match. Levels below the anchor are chained: each plays the next selected level up (itself
already measured), and optionally weak reference programs with a known rating
(``--reference NAME=ELO=COMMAND``, UCI, or ``xboard:COMMAND`` for CECP engines).

Every opening (benchmarks/openings_balanced.epd, shuffled with --seed) is played twice with
colours reversed; a pair is one pentanomial sample (benchmarks/sprt_stats.py). The 95%
interval of a chained level adds the error of the level it is chained to (in quadrature).

Our engine runs as ``python -m engine`` from the repository root with ``Human Pace`` off (the
levels are node- and depth-limited, so the pause changes nothing but the wall time).

    .venv/bin/python benchmarks/levels_calibrate.py --pairs 20 --tc 10+0.1
    .venv/bin/python benchmarks/levels_calibrate.py --levels 1100,1400,1800 --pairs 3

Acceptance (the issue): each level within +-150 of nominal and the ladder monotonic; the
script prints both checks.
"""

from __future__ import annotations

import argparse
import math
import queue
import random
import shlex
import shutil
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import chess
import chess.engine
import sprt_stats
from match_common import DEFAULT_RULES, Adjudication, GameResult, TimeControl, game_pgn, play_game

BENCH_DIR = Path(__file__).resolve().parent
REPO = BENCH_DIR.parent
DEFAULT_OPENINGS = BENCH_DIR / "openings_balanced.epd"
ANCHOR = 1400
STOCKFISH = "/usr/games/stockfish"
ALL_LEVELS = tuple(range(800, 2401, 100))
TOLERANCE = 150
OVERHEAD_MS = 100
REFERENCE_RANGE = 200
"""A --reference program plays the levels within this many Elo of its rating."""
START_TIMEOUT = 300.0
"""Seconds an engine may take to start (a cold Numba cache compiles everything first)."""


@dataclass(frozen=True, slots=True)
class Opponent:
    """One side of a calibration match: how to start it, how to set it, its rating."""

    name: str
    command: list[str]
    options: dict[str, object]
    elo: float | None
    """Known rating (None: a level of ours measured earlier in the chain)."""
    xboard: bool = False
    cwd: str | None = None


@dataclass
class Tally:
    """Results of one level against one opponent, from the level's view."""

    pairs: list[int] = field(default_factory=lambda: [0, 0, 0, 0, 0])
    wins: int = 0
    draws: int = 0
    losses: int = 0
    faults: list[str] = field(default_factory=list)

    def add_pair(self, first: float, second: float) -> None:
        self.pairs[sprt_stats.pair_bucket(first, second)] += 1
        for s in (first, second):
            self.wins += s == 1.0
            self.draws += s == 0.5
            self.losses += s == 0.0

    def estimate(self) -> sprt_stats.Estimate:
        return sprt_stats.pentanomial(self.pairs)


def ours(level: int) -> Opponent:
    return Opponent(
        f"level {level}",
        [sys.executable, "-m", "engine"],
        {"UCI_LimitStrength": True, "UCI_Elo": level, "Human Pace": False, "Hash": 16, "Move Overhead": OVERHEAD_MS},
        None,
        cwd=str(REPO),
    )


def stockfish(level: int, path: str) -> Opponent:
    return Opponent(
        f"Stockfish {level}",
        [path],
        {"UCI_LimitStrength": True, "UCI_Elo": level, "Hash": 16, "Threads": 1, "Move Overhead": OVERHEAD_MS},
        float(level),
    )


def parse_measured(text: str) -> Measured:
    """``LEVEL=ELO,LOW,HIGH``: a level's result from an earlier run (its 95% interval)."""
    try:
        level, values = text.split("=", 1)
        elo, low, high = (float(v) for v in values.split(","))
        return Measured(int(level), elo, low, high, 0, f"measured earlier ({low:.0f} .. {high:.0f})")
    except ValueError:
        raise argparse.ArgumentTypeError(f"--measured {text!r}: expected LEVEL=ELO,LOW,HIGH") from None


def parse_reference(text: str) -> Opponent:
    """``NAME=ELO=COMMAND`` (UCI) or ``NAME=ELO=xboard:COMMAND`` (CECP)."""
    try:
        name, elo, command = text.split("=", 2)
        rating = float(elo)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--reference {text!r}: expected NAME=ELO=COMMAND") from None
    xboard = command.startswith("xboard:")
    argv = shlex.split(command.removeprefix("xboard:"))
    # Checked here: a program that cannot start would only fail inside a game worker, hours in.
    if not argv or shutil.which(argv[0]) is None:
        raise argparse.ArgumentTypeError(f"--reference {text!r}: no program {argv[0] if argv else ''!r} found")
    return Opponent(name, argv, {}, rating, xboard=xboard)


def start(opponent: Opponent) -> chess.engine.SimpleEngine:
    if opponent.xboard:
        engine = chess.engine.SimpleEngine.popen_xboard(opponent.command, cwd=opponent.cwd, timeout=START_TIMEOUT)
    else:
        engine = chess.engine.SimpleEngine.popen_uci(opponent.command, cwd=opponent.cwd, timeout=START_TIMEOUT)
    settable = {k: v for k, v in opponent.options.items() if k in engine.options}
    engine.configure(settable)
    engine.ping()  # isready: our engine answers once its jitted code is loaded, before any clock runs
    return engine


def load_openings(path: Path, seed: int) -> list[chess.Board]:
    boards = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            boards.append(chess.Board.from_epd(line)[0])
    random.Random(seed).shuffle(boards)
    return boards


class Pool:
    """One worker's running engines by opponent name (each worker thread owns one pool).

    A new game id makes python-chess send ucinewgame, so an engine is reused across the games
    of a match; engines of earlier matches are closed when the worker moves on."""

    def __init__(self) -> None:
        self._engines: dict[str, chess.engine.SimpleEngine] = {}

    def engine_for(self, opponent: Opponent) -> chess.engine.SimpleEngine:
        """The running engine of ``opponent``, (re)started when missing, crashed or hung."""
        engine = self._engines.get(opponent.name)
        if engine is not None:
            try:
                engine.ping()
                return engine
            except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError):
                engine.close()
        engine = self._engines[opponent.name] = start(opponent)
        return engine

    def keep_only(self, names: set[str]) -> None:
        for name in [n for n in self._engines if n not in names]:
            _quit(self._engines.pop(name))

    def close_all(self) -> None:
        self.keep_only(set())


def _quit(engine: chess.engine.SimpleEngine) -> None:
    try:
        engine.quit()
    except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError):
        engine.close()


@dataclass(frozen=True, slots=True)
class PairJob:
    """Two games of one opening, colours reversed, for one match."""

    key: tuple[int, str]
    """(level, opponent name): the match this pair belongs to."""
    level: Opponent
    """Our engine at the level being measured."""
    other: Opponent
    """Its opponent."""
    board: chess.Board
    """The opening position (with its moves)."""
    game_no: int
    """Unique per pair: python-chess sends ucinewgame when it changes."""


def play_pair(
    job: PairJob, tc: TimeControl, pool: Pool, rules: Adjudication = DEFAULT_RULES
) -> tuple[float, float, list[str], list[str], list[str]]:
    """Play ``job`` under ``rules``; returns the level's two scores, the faults, the printable
    lines and the two games as PGN text."""
    results: list[float] = []
    faults: list[str] = []
    lines: list[str] = []
    games: list[str] = []
    pool.keep_only({job.level.name, job.other.name})
    for level_white in (True, False):
        a, b = pool.engine_for(job.level), pool.engine_for(job.other)
        players = {chess.WHITE: a, chess.BLACK: b} if level_white else {chess.WHITE: b, chess.BLACK: a}
        result: GameResult = play_game(job.board, players, tc, rules, game_id=(job.game_no, level_white))
        score = result.white_score if level_white else 1.0 - result.white_score
        results.append(score)
        if result.fault:
            faults.append(result.reason)
        colour = "W" if level_white else "B"
        names = (job.level.name, job.other.name) if level_white else (job.other.name, job.level.name)
        games.append(game_pgn(job.board, result, *names, f"{job.level.name} vs {job.other.name}, {tc.describe()}"))
        lines.append(
            f"    {job.level.name} ({colour}) vs {job.other.name}: {score:g}  {result.reason}, {result.plies} plies"
        )
    return results[0], results[1], faults, lines, games


def play_all(
    jobs: list[PairJob],
    tc: TimeControl,
    concurrency: int,
    pgn: Path | None = None,
    rules: Adjudication = DEFAULT_RULES,
) -> dict[tuple[int, str], Tally]:
    """Play every pair under ``rules``, ``concurrency`` games at a time; the tallies by match.
    With ``pgn``, every game is appended to that file as it ends."""
    tallies: dict[tuple[int, str], Tally] = {job.key: Tally() for job in jobs}
    left: queue.Queue[PairJob] = queue.Queue()
    for job in jobs:
        left.put(job)
    lock = threading.Lock()
    done = [0]

    def worker() -> None:
        pool = Pool()
        try:
            while True:
                try:
                    job = left.get_nowait()
                except queue.Empty:
                    return
                first, second, faults, lines, games = play_pair(job, tc, pool, rules)
                with lock:
                    if pgn is not None:
                        with pgn.open("a", encoding="utf-8") as out:
                            out.write("".join(game + "\n\n" for game in games))
                    tally = tallies[job.key]
                    tally.add_pair(first, second)
                    tally.faults.extend(faults)
                    done[0] += 1
                    for line in lines:
                        print(line, flush=True)
                    print(
                        f"  [{done[0]}/{len(jobs)} pairs] {job.level.name} vs {job.key[1]}: "
                        f"W/D/L {tally.wins}/{tally.draws}/{tally.losses}",
                        flush=True,
                    )
        finally:
            pool.close_all()

    run_workers(worker, concurrency, "calibrate")
    return tallies


def run_workers(worker: Callable[[], None], concurrency: int, name: str) -> None:
    """Run ``worker`` in ``concurrency`` threads (at least one) and wait for them all; each
    worker takes jobs from a shared queue until it is empty."""
    threads = [threading.Thread(target=worker, name=f"{name}-{i}") for i in range(max(1, concurrency))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def references_for(level: int, references: list[Opponent]) -> list[Opponent]:
    """The reference programs that say something about ``level``: within REFERENCE_RANGE of it.

    Far outside that range nearly every game goes one way, which measures nothing."""
    return [ref for ref in references if ref.elo is not None and abs(ref.elo - level) <= REFERENCE_RANGE]


@dataclass(frozen=True, slots=True)
class Measured:
    level: int
    elo: float
    low: float
    high: float
    games: int
    detail: str


def combine(results: list[tuple[float, float, int]]) -> tuple[float, float]:
    """Inverse-variance mean of (elo, standard error, games) estimates: (elo, standard error)."""
    usable = [(e, s) for e, s, n in results if n and math.isfinite(e) and s > 0]
    if not usable:
        finite = [e for e, _, n in results if n and math.isfinite(e)]
        return (finite[0] if finite else math.nan), math.inf
    weights = [1 / (s * s) for _, s in usable]
    mean = sum(w * e for w, (e, _) in zip(weights, usable, strict=True)) / sum(weights)
    return mean, math.sqrt(1 / sum(weights))


def match_estimate(tally: Tally) -> tuple[float, float]:
    """Elo difference and its standard error.

    The error is the larger of the pentanomial and the per-game (trinomial) one: with a handful
    of pairs the pentanomial variance can come out 0. A clean sweep (0% or 100%) is scored as
    if half a point more (less) had been made in one more game, so it gets a finite estimate
    with a wide error instead of an infinite one. Capped at +-800.
    """
    games = tally.wins + tally.draws + tally.losses
    if games == 0:
        return 0.0, math.inf
    points = tally.wins + 0.5 * tally.draws
    if points in (0, games):
        points, games = points + 0.5 if points == 0 else points, games + 1
    score = points / games
    pair_var = tally.estimate().variance / max(sum(tally.pairs), 1)
    game_var = max(score * (1 - score), 0.25 / games) / games
    half = sprt_stats.Z95 * math.sqrt(max(pair_var, game_var))
    low = sprt_stats.elo_from_score(max(score - half, 1e-3))
    high = sprt_stats.elo_from_score(min(score + half, 1 - 1e-3))
    elo = max(min(sprt_stats.elo_from_score(score), 800.0), -800.0)
    return elo, max((min(high, 800.0) - max(low, -800.0)) / (2 * sprt_stats.Z95), 1.0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default=",".join(map(str, ALL_LEVELS)), help="comma-separated levels")
    parser.add_argument("--pairs", type=int, default=20, help="opening pairs (2 games each) per level and opponent")
    parser.add_argument("--tc", type=TimeControl.parse, default=TimeControl.parse("10+0.1"))
    parser.add_argument("--openings", type=Path, default=DEFAULT_OPENINGS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stockfish", default=STOCKFISH)
    parser.add_argument(
        "--measured",
        type=parse_measured,
        action="append",
        default=[],
        help="LEVEL=ELO,LOW,HIGH: a level measured by an earlier run (not played again; the chain uses it)",
    )
    parser.add_argument("--concurrency", type=int, default=1, help="games at a time (default 1)")
    parser.add_argument("--reference", type=parse_reference, action="append", default=[], help="NAME=ELO=COMMAND")
    parser.add_argument("--pgn", type=Path, help="append every game to this PGN file")
    args = parser.parse_args(argv)
    known: dict[int, Measured] = {m.level: m for m in args.measured}
    levels = sorted({int(x) for x in args.levels.split(",")} - set(known))
    chain = sorted(set(levels) | set(known))
    openings = load_openings(args.openings, args.seed)
    started = time.monotonic()
    print(f"levels {levels}, {args.pairs} pairs per match, {args.tc.describe()}, anchor {ANCHOR}", flush=True)
    print("command: " + " ".join(shlex.quote(a) for a in [Path(sys.argv[0]).as_posix(), *sys.argv[1:]]), flush=True)

    # Step 1. Every match is independent of the others' results (only the table below chains
    # them), so all pairs go into one queue that --concurrency workers share.
    matches: list[tuple[int, Opponent]] = []
    for level in levels:
        if level >= ANCHOR:
            matches.append((level, stockfish(level, args.stockfish)))
        else:
            up = min([lv for lv in chain if lv > level], default=ANCHOR)
            matches.append((level, ours(up)))
            matches.extend((level, ref) for ref in references_for(level, args.reference))
    # Slow matches (high levels: the clock, not a node cap, ends their moves) go first, so the
    # workers do not end with one long match running alone.
    matches.sort(key=lambda m: -m[0])
    jobs: list[PairJob] = []
    for level, other in matches:
        for i in range(args.pairs):
            board = openings[(i + level // 100) % len(openings)]
            jobs.append(PairJob((level, other.name), ours(level), other, board, len(jobs) + 1))
    print(f"{len(matches)} matches, {2 * len(jobs)} games, concurrency {args.concurrency}", flush=True)
    tallies = play_all(jobs, args.tc, args.concurrency, args.pgn)
    for (level, name), tally in sorted(tallies.items()):
        faults = f", faults: {'; '.join(tally.faults)}" if tally.faults else ""
        print(f"  level {level} vs {name}: W/D/L {tally.wins}/{tally.draws}/{tally.losses}{faults}", flush=True)

    measured: dict[int, Measured] = dict(known)
    # Step 2. From the anchor up: against Stockfish at the same nominal Elo.
    for level in [lv for lv in levels if lv >= ANCHOR]:
        tally = tallies[(level, f"Stockfish {level}")]
        diff, se = match_estimate(tally)
        elo = level + diff
        games = 2 * sum(tally.pairs)
        measured[level] = Measured(level, elo, elo - 1.96 * se, elo + 1.96 * se, games, f"vs Stockfish {level}")
    # Step 3. Below the anchor, top down: against the next selected level up and the references.
    below = [lv for lv in levels if lv < ANCHOR]
    for level in reversed(below):
        up = min([lv for lv in chain if lv > level], default=ANCHOR)
        if up in measured:
            up_elo, up_se = measured[up].elo, (measured[up].high - measured[up].low) / (2 * 1.96)
            note = f"vs level {up} (measured {up_elo:.0f})"
        else:
            up_elo, up_se = float(up), 0.0
            note = f"vs level {up} (not measured: nominal)"
        tally = tallies[(level, f"level {up}")]
        diff, se = match_estimate(tally)
        estimates = [(up_elo + diff, math.hypot(se, up_se), 2 * sum(tally.pairs))]
        for ref in references_for(level, args.reference):
            ref_tally = tallies[(level, ref.name)]
            rdiff, rse = match_estimate(ref_tally)
            estimates.append((float(ref.elo or 0) + rdiff, rse, 2 * sum(ref_tally.pairs)))
            note += f", vs {ref.name} ({ref.elo:g}): {ref_tally.wins}/{ref_tally.draws}/{ref_tally.losses}"
        elo, se = combine(estimates)
        games = sum(n for _, _, n in estimates)
        measured[level] = Measured(level, elo, elo - 1.96 * se, elo + 1.96 * se, games, note)

    # Step 4. The table and the acceptance checks.
    print()
    print(f"| level | measured Elo | 95% interval | games | within ±{TOLERANCE} | how |")
    print("|---|---|---|---|---|---|")
    for level in chain:
        m = measured[level]
        ok = "yes" if abs(m.elo - level) <= TOLERANCE else "no"
        print(f"| {level} | {m.elo:.0f} | {m.low:.0f} .. {m.high:.0f} | {m.games} | {ok} | {m.detail} |")
    ladder = [measured[lv].elo for lv in chain]
    monotonic = all(b > a for a, b in zip(ladder, ladder[1:], strict=False))
    within = all(abs(measured[lv].elo - lv) <= TOLERANCE for lv in chain)
    print(f"\nladder monotonic: {'yes' if monotonic else 'no'}; every level within ±{TOLERANCE}: ", end="")
    print("yes" if within else "no")
    print(f"match time: {(time.monotonic() - started) / 60:.1f} min")
    return 0 if monotonic and within else 1


if __name__ == "__main__":
    sys.exit(main())
