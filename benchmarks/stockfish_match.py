"""Full strength against Stockfish 15.1 at fixed ``UCI_Elo`` values (issue: engine strength).

The built-in engine runs as ``python -m engine`` at full strength (no ``UCI_LimitStrength``)
from ``--tree`` (default: this checkout; a git worktree compares another build), against
Stockfish with ``UCI_LimitStrength`` and each ``--elo``. Every opening
(benchmarks/openings_balanced.epd, shuffled with --seed) is played twice with colours
reversed; all pairs of all matches share one queue of ``--concurrency`` games at a time
(the machinery of levels_calibrate.py). Prints W/D/L, the Elo difference with its 95%
interval and the rating that gives us on Stockfish's scale.

    .venv/bin/python benchmarks/stockfish_match.py --elo 2300,2500 --pairs 100 --concurrency 2 --pgn /tmp/sf.pgn

``--features MASK`` plays our engine with that search-feature mask (through
benchmarks/uci_features.py, as sprt.py's ``--ab-features``), e.g. a pending bit turned on.

Games are played to their end by the rules (``--max-plies 0``, the default since the
thirty-fifth session): the self-play scripts' 240-ply cap drew 54 of 350 games here, some of
them wins still being converted (benchmarks/resume_capped.py plays such games on).
"""

from __future__ import annotations

import argparse
import dataclasses
import shlex
import sys
import time
from pathlib import Path

from levels_calibrate import (
    DEFAULT_OPENINGS,
    OVERHEAD_MS,
    REPO,
    STOCKFISH,
    Opponent,
    PairJob,
    load_openings,
    match_estimate,
    play_all,
    stockfish,
)
from match_common import Adjudication, TimeControl
from sprt import BENCH_DIR, _uci_option


def full_strength(tree: Path, options: dict[str, object], features: str | None = None) -> Opponent:
    """Our engine from ``tree`` without a strength limit; with ``features``, that search-feature
    mask instead of the engine's own (benchmarks/uci_features.py)."""
    settings: dict[str, object] = {"Hash": 16, "Move Overhead": OVERHEAD_MS, "Threads": 1}
    settings.update(options)
    if features is None:
        return Opponent("full strength", [sys.executable, "-m", "engine"], settings, None, cwd=str(tree))
    command = [sys.executable, str(BENCH_DIR / "uci_features.py"), features]
    return Opponent(f"full strength (features {features})", command, settings, None, cwd=str(tree))


def limited_stockfish(elo: int, path: str, options: dict[str, object]) -> Opponent:
    """Stockfish at ``UCI_Elo`` ``elo`` (one thread, 16 MB), with ``options`` set over those (e.g.
    ``Threads`` 2 when our engine gets two threads too, one game at a time)."""
    opponent = stockfish(elo, path)
    return dataclasses.replace(opponent, options={**opponent.options, **options})


def feature_mask(text: str) -> str:
    """A --features value: an int, 0x.. hex allowed (argparse type); kept as written."""
    try:
        int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"feature mask {text!r} is not a number (e.g. 0x1ebffff)") from None
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--elo", default="2300", help="comma-separated Stockfish UCI_Elo values")
    parser.add_argument("--pairs", type=int, default=100, help="opening pairs (2 games each) per Elo")
    parser.add_argument("--tc", type=TimeControl.parse, default=TimeControl.parse("10+0.1"))
    parser.add_argument("--tree", type=Path, default=REPO, help="tree holding engine/ (default: this checkout)")
    parser.add_argument("--option", type=_uci_option, action="append", default=[], help="NAME=VALUE for our engine")
    parser.add_argument(
        "--stockfish-option", type=_uci_option, action="append", default=[], help="NAME=VALUE for Stockfish"
    )
    parser.add_argument(
        "--features", type=feature_mask, help="our engine's search-feature mask (e.g. 0x1ebffff), default its own"
    )
    parser.add_argument("--openings", type=Path, default=DEFAULT_OPENINGS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stockfish", default=STOCKFISH)
    parser.add_argument("--concurrency", type=int, default=2, help="games at a time (default 2)")
    parser.add_argument("--pgn", type=Path, help="append every game to this PGN file")
    parser.add_argument(
        "--max-plies", type=int, default=0, help="score games still running after this many plies as draws (0: no cap)"
    )
    args = parser.parse_args(argv)
    elos = [int(x) for x in args.elo.split(",")]
    ours = full_strength(args.tree.resolve(), dict(args.option), args.features)
    openings = load_openings(args.openings, args.seed)
    started = time.monotonic()
    print("command: " + " ".join(shlex.quote(a) for a in [Path(sys.argv[0]).as_posix(), *sys.argv[1:]]), flush=True)
    jobs = [
        PairJob(
            (elo, f"Stockfish {elo}"),
            ours,
            limited_stockfish(elo, args.stockfish, dict(args.stockfish_option)),
            openings[i % len(openings)],
            n,
        )
        for n, (elo, i) in enumerate(((elo, i) for elo in elos for i in range(args.pairs)), 1)
    ]
    cap = f"capped at {args.max_plies} plies" if args.max_plies else "no plies cap"
    print(f"{len(elos)} matches, {2 * len(jobs)} games, {args.tc.describe()}, concurrency {args.concurrency}, {cap}")
    rules = Adjudication(max_plies=max(0, args.max_plies))
    tallies = play_all(jobs, args.tc, args.concurrency, args.pgn, rules)
    print()
    print("| opponent | games | W/D/L | Elo difference (95%) | rating on Stockfish's scale (95%) |")
    print("|---|---|---|---|---|")
    for elo in elos:
        tally = tallies[(elo, f"Stockfish {elo}")]
        diff, se = match_estimate(tally)
        games = tally.wins + tally.draws + tally.losses
        low, high = diff - 1.96 * se, diff + 1.96 * se
        print(
            f"| Stockfish UCI_Elo {elo} | {games} | {tally.wins}/{tally.draws}/{tally.losses} "
            f"| {diff:+.0f} [{low:+.0f}, {high:+.0f}] | {elo + diff:.0f} [{elo + low:.0f}, {elo + high:.0f}] |"
        )
        if tally.faults:
            print(f"  faults: {'; '.join(tally.faults)}")
    print(f"match time: {(time.monotonic() - started) / 60:.1f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
