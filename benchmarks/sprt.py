"""SPRT match: is the test build stronger than the base build? (see docs/strength.md)

    # the working tree's engine against the last commit's, 5 s + 0.05 s per game and side
    .venv/bin/python benchmarks/sprt.py --base HEAD --tc 5+0.05
    # fixed nodes per move, a wider Elo window
    .venv/bin/python benchmarks/sprt.py --base main --nodes 20000 --elo1 10
    # the same tree with two search-feature masks (test mask first)
    .venv/bin/python benchmarks/sprt.py --ab-features 0x3ff,0x3fd --nodes 5000
    # one build against itself with a UCI option set on one side (2 search threads vs 1)
    .venv/bin/python benchmarks/sprt.py --base . --test-option Threads=2 --tc 5+0.05 --concurrency 1

Both builds run as UCI subprocesses (``python -m engine`` with the build's tree as
working directory). Games are played in pairs from the same opening with colours
reversed, ``--concurrency`` games at a time. After every game it prints W/D/L from
the test build's view, the score, the Elo difference with its 95% interval and the
GSPRT log-likelihood ratio; it stops when the LLR crosses a bound ("H1 accepted":
the test build is stronger by about elo1; "H0 accepted": it is not) or after
--max-games. Exit status: 0 for H1, 1 for H0, 2 for a usage error, 3 undecided.
"""

from __future__ import annotations

import argparse
import itertools
import random
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, replace
from pathlib import Path

import chess
import chess.engine
import chess.polyglot
import sprt_stats
from match_common import Adjudication, GameResult, MatchStoppedError, TimeControl, play_game

BENCH_DIR = Path(__file__).resolve().parent
DEFAULT_OPENINGS = BENCH_DIR / "openings_balanced.epd"
HASH_MB = 16


@dataclass(frozen=True, slots=True)
class EngineSpec:
    """How to start one build as a UCI subprocess."""

    name: str
    """Label in the reports ("test", "base")."""
    command: tuple[str, ...]
    """Command line."""
    cwd: Path
    """Working directory: the tree whose engine/ package is imported."""
    options: tuple[tuple[str, str], ...] = ()
    """UCI options set after the hash (--test-option / --base-option), e.g. (("Threads", "2"),)."""

    def label(self) -> str:
        """The name and the options set, for the reports."""
        if not self.options:
            return self.name
        return f"{self.name} [{', '.join(f'{name}={value}' for name, value in self.options)}]"

    def open(self) -> chess.engine.SimpleEngine:
        """Start the engine, set its hash and options and wait for its start-up (JIT) work."""
        engine = chess.engine.SimpleEngine.popen_uci(list(self.command), cwd=str(self.cwd), timeout=300)
        try:
            if "Hash" in engine.options:
                engine.configure({"Hash": HASH_MB})
            if self.options:
                engine.configure(dict(self.options))
            engine.ping()
        except BaseException:
            engine.close()  # else its event-loop thread keeps the process alive
            raise
        return engine


def export_tree(ref: str, repo: Path, into: Path) -> Path:
    """``git archive <ref> engine | tar -x`` into a fresh directory; raises ValueError on a bad ref."""
    into.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(repo), "archive", ref, "engine"], capture_output=True, check=False)
    if archive.returncode != 0:
        raise ValueError(f"cannot export engine/ at {ref!r}: {archive.stderr.decode(errors='replace').strip()}")
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def build_spec(name: str, where: str, repo: Path, scratch: Path) -> EngineSpec:
    """A build from a directory holding engine/ (e.g. ".") or from a git ref."""
    path = Path(where)
    if not (path / "engine" / "__init__.py").is_file():
        path = export_tree(where, repo, scratch / name)
    return EngineSpec(f"{name} ({where})", (sys.executable, "-m", "engine"), path.resolve())


def feature_spec(name: str, mask: str, tree: Path) -> EngineSpec:
    """A build of ``tree`` with a search-feature mask (via benchmarks/uci_features.py)."""
    int(mask, 0)  # a bad mask fails here, with argparse's message
    return EngineSpec(
        f"{name} (features {mask})", (sys.executable, str(BENCH_DIR / "uci_features.py"), mask), tree.resolve()
    )


def load_openings(path: Path) -> list[chess.Board]:
    """Positions of an EPD file (one a line; '#' comments and blank lines skipped)."""
    boards = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        try:
            board, _ = chess.Board.from_epd(line)
        except ValueError as exc:
            raise ValueError(f"{path}:{number}: not a valid EPD position ({exc})") from None
        boards.append(board)
    if not boards:
        raise ValueError(f"{path}: no positions")
    return boards


def book_openings(path: Path, count: int, plies: int, rng: random.Random) -> list[chess.Board]:
    """``count`` openings drawn by weighted random walks of up to ``plies`` plies in a polyglot book."""
    boards = []
    with chess.polyglot.open_reader(path) as reader:
        for _ in range(count):
            board = chess.Board()
            for _ in range(plies):
                try:
                    board.push(reader.weighted_choice(board, random=rng).move)
                except IndexError:  # out of book
                    break
            boards.append(board)
    return boards


class Tally:
    """Results so far, from the test build's view, and the SPRT decision (thread-safe)."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.lock = threading.Lock()
        self.wdl = [0, 0, 0]
        self.pairs = [0, 0, 0, 0, 0]
        self.first_of_pair: dict[int, float] = {}
        self.faults: list[str] = []
        self.decision: str | None = None
        self.bounds = sprt_stats.llr_bounds(args.alpha, args.beta)

    @property
    def games(self) -> int:
        return sum(self.wdl)

    def llr(self) -> float:
        model = (
            sprt_stats.pentanomial(self.pairs) if self.args.stats == "pentanomial" else sprt_stats.trinomial(*self.wdl)
        )
        return sprt_stats.llr(model, self.args.elo0, self.args.elo1)

    def add(self, pair: int, game: int, test_score: float, result: GameResult) -> str:
        """Record one game; returns the report line."""
        with self.lock:
            self.wdl[{1.0: 0, 0.5: 1, 0.0: 2}[test_score]] += 1
            other = self.first_of_pair.pop(pair, None)
            if other is None:
                self.first_of_pair[pair] = test_score
            else:
                self.pairs[sprt_stats.pair_bucket(other, test_score)] += 1
            if result.fault:
                self.faults.append(f"game {game + 1}: {result.reason}")
            llr = self.llr()
            if self.decision is None:
                if llr >= self.bounds[1]:
                    self.decision = "H1 accepted"
                elif llr <= self.bounds[0]:
                    self.decision = "H0 accepted"
            return self.line()

    def line(self) -> str:
        est = sprt_stats.trinomial(*self.wdl)
        low, high = est.elo_interval()
        wins, draws, losses = self.wdl
        return (
            f"Games {self.games}: W/D/L {wins}/{draws}/{losses}  score {100 * est.score:.1f}%  "
            f"Elo {est.elo:+.1f} [{low:+.1f}, {high:+.1f}]  "
            f"LLR {self.llr():+.2f} ({self.bounds[0]:+.2f}, {self.bounds[1]:+.2f})"
        )


def responds(engine: chess.engine.SimpleEngine) -> bool:
    """True if the engine process still answers ``isready``."""
    try:
        engine.ping()
    except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError):
        return False
    return True


def run_worker(
    specs: tuple[EngineSpec, EngineSpec],
    jobs: itertools.count,
    openings: list[chess.Board],
    tally: Tally,
    stop: threading.Event,
    tc: TimeControl,
    rules: Adjudication,
    log: list[str],
) -> None:
    """Play opening pairs (test as White, then as Black) until the match ends."""
    test_spec, base_spec = specs
    engines: dict[EngineSpec, chess.engine.SimpleEngine] = {}
    try:
        engines[test_spec] = test_spec.open()
        engines[base_spec] = base_spec.open()
        while not stop.is_set():
            pair = next(jobs)
            if 2 * pair >= tally.args.max_games:
                return
            opening = openings[pair % len(openings)]
            for game in (2 * pair, 2 * pair + 1):
                test_white = game % 2 == 0
                for spec, engine in engines.items():  # a crashed or hung engine is replaced
                    if not responds(engine):
                        engine.close()
                        engines[spec] = spec.open()
                test, base = engines[test_spec], engines[base_spec]
                players = {chess.WHITE: test if test_white else base, chess.BLACK: base if test_white else test}
                try:
                    result = play_game(opening, players, tc, rules, stop, game_id=game)
                except MatchStoppedError:
                    return
                score = result.white_score if test_white else 1.0 - result.white_score
                line = tally.add(pair, game, score, result)
                colour = "White" if test_white else "Black"
                with tally.lock:
                    log.append(
                        f"game {game + 1} (test {colour}, opening {pair % len(openings) + 1}): "
                        f"{result.reason} after {result.plies} plies, test scores {score:g}"
                    )
                    print(line + (f"  [game {game + 1}: {result.reason}]" if result.fault else ""), flush=True)
                if tally.decision is not None:
                    stop.set()
    finally:
        for engine in engines.values():
            try:
                engine.quit()
            except (chess.engine.EngineError, chess.engine.EngineTerminatedError, TimeoutError):
                engine.close()


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    builds = parser.add_argument_group("builds")
    builds.add_argument("--test", default=".", help="tree holding engine/ or a git ref (default: .)")
    builds.add_argument("--base", help="git ref (or tree holding engine/) to compare against")
    builds.add_argument(
        "--ab-features",
        metavar="TEST,BASE",
        help="both builds from --test's tree with these feature masks, e.g. 0x3ff,0x3fe",
    )
    for side in ("test", "base"):
        builds.add_argument(
            f"--{side}-option",
            action="append",
            default=[],
            type=_uci_option,
            metavar="NAME=VALUE",
            help=f"UCI option for the {side} build (repeatable), e.g. Threads=2",
        )
    play = parser.add_argument_group("games")
    play.add_argument("--tc", default="5+0.05", help="seconds+increment per side (default 5+0.05)")
    play.add_argument("--nodes", type=int, help="fixed nodes per move instead of a clock")
    play.add_argument("--concurrency", type=int, default=2, help="games at a time (default 2)")
    play.add_argument("--max-games", type=int, default=20000, help="stop undecided after this many")
    play.add_argument("--openings", type=Path, default=DEFAULT_OPENINGS, help="EPD file of start positions")
    play.add_argument("--book", type=Path, help="polyglot book: draw openings from it instead")
    play.add_argument("--book-plies", type=int, default=8, help="plies to play from --book (default 8)")
    play.add_argument("--seed", type=int, default=1, help="shuffles the openings (default 1)")
    play.add_argument("--no-adjudication", action="store_true", help="play every game to its end")
    play.add_argument("--log", type=Path, help="write one line per game here")
    test = parser.add_argument_group("SPRT (logistic Elo)")
    test.add_argument("--elo0", type=float, default=0.0)
    test.add_argument("--elo1", type=float, default=5.0)
    test.add_argument("--alpha", type=float, default=0.05)
    test.add_argument("--beta", type=float, default=0.05)
    test.add_argument(
        "--stats",
        choices=("pentanomial", "trinomial"),
        default="pentanomial",
        help="model of the LLR (default pentanomial: game pairs)",
    )
    args = parser.parse_args(argv)
    if bool(args.base) == bool(args.ab_features):
        parser.error("give --base <ref> or --ab-features TEST,BASE")
    try:
        args.time_control = TimeControl(nodes=args.nodes) if args.nodes else TimeControl.parse(args.tc)
    except ValueError as exc:
        parser.error(str(exc))
    if args.nodes is not None and args.nodes < 1:
        parser.error("--nodes must be positive")
    if args.concurrency < 1 or args.max_games < 1:
        parser.error("--concurrency and --max-games must be positive")
    if not 0 < args.alpha < 1 or not 0 < args.beta < 1 or args.elo1 <= args.elo0:
        parser.error("need 0 < alpha, beta < 1 and elo0 < elo1")
    return args


def _uci_option(text: str) -> tuple[str, str]:
    """NAME=VALUE -> (NAME, VALUE) (argparse type)."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name.strip(), value.strip()


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    repo = Path.cwd()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="sprt-") as scratch:
        try:
            if args.ab_features:
                masks = args.ab_features.split(",")
                if len(masks) != 2:
                    raise ValueError("--ab-features needs two masks: TEST,BASE")
                tree = build_spec("test", args.test, repo, Path(scratch)).cwd
                specs = (feature_spec("test", masks[0], tree), feature_spec("base", masks[1], tree))
            else:
                specs = (
                    build_spec("test", args.test, repo, Path(scratch)),
                    build_spec("base", args.base, repo, Path(scratch)),
                )
            specs = (
                replace(specs[0], options=tuple(args.test_option)),
                replace(specs[1], options=tuple(args.base_option)),
            )
            if args.book:
                openings = book_openings(args.book, 1000, args.book_plies, rng)
            else:
                openings = load_openings(args.openings)
                rng.shuffle(openings)
        except (OSError, ValueError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        return run_match(args, specs, openings)


def run_match(args: argparse.Namespace, specs: tuple[EngineSpec, EngineSpec], openings: list[chess.Board]) -> int:
    tally = Tally(args)
    rules = Adjudication(resign_moves=0, draw_moves=0) if args.no_adjudication else Adjudication()
    print(
        f"SPRT {specs[0].label()} vs {specs[1].label()}: {args.time_control.describe()}, "
        f"elo0={args.elo0:g} elo1={args.elo1:g} alpha={args.alpha:g} beta={args.beta:g}, "
        f"{args.stats} GSPRT (logistic Elo), {len(openings)} openings, "
        f"concurrency {args.concurrency}",
        flush=True,
    )
    stop = threading.Event()
    jobs = itertools.count()
    log: list[str] = []
    errors: list[BaseException] = []

    def worker() -> None:
        try:
            run_worker(specs, jobs, openings, tally, stop, args.time_control, rules, log)
        except BaseException as exc:  # noqa: BLE001 - an engine that cannot start: stop the match
            errors.append(exc)
            stop.set()

    threads = [threading.Thread(target=worker, name=f"sprt-{i}") for i in range(args.concurrency)]
    for thread in threads:
        thread.start()
    try:
        for thread in threads:
            thread.join()
    except KeyboardInterrupt:
        stop.set()
        print("interrupted; finishing", flush=True)
        for thread in threads:
            thread.join()
    if args.log:
        args.log.write_text("\n".join(log) + "\n")
    if errors:
        print(f"error: {type(errors[0]).__name__}: {errors[0]}", file=sys.stderr)
        if tally.games == 0:
            return 2
    print("Final: " + tally.line(), flush=True)
    print(f"Pentanomial [LL, LD, DD+WL, WD, WW]: {tally.pairs}", flush=True)
    for fault in tally.faults:
        print(f"Fault: {fault}", flush=True)
    if tally.decision is not None:
        print(tally.decision, flush=True)
        return 0 if tally.decision == "H1 accepted" else 1
    print(f"No decision after {tally.games} games", flush=True)
    return 3


if __name__ == "__main__":
    sys.exit(main())
