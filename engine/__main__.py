"""``python -m engine`` / ``chessgui-engine``: the UCI engine.

Without a sub-command the engine speaks UCI on stdin/stdout (what chess GUIs
expect). The other sub-commands are for developers; ``--help`` lists them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

DEFAULT_PERFT_DEPTH = 5


def _program_name() -> str:
    """How the user started us: ``python -m engine`` or the console script's name."""
    name = Path(sys.argv[0]).name if sys.argv and sys.argv[0] else ""
    return "python -m engine" if name in ("", "__main__.py", "-c") else name


def _version() -> str:
    """The engine's UCI name plus the installed package version (if installed)."""
    from importlib.metadata import PackageNotFoundError, version

    from engine.uci import ENGINE_NAME

    try:
        package = version("chessgui")
    except PackageNotFoundError:  # a source tree that was never installed
        package = "source tree"
    return f"{ENGINE_NAME} (chessgui {package})"


def _feature_mask(text: str) -> int:
    """A --features value: an int (0x.. hex allowed) made of known FEATURE_* bits only."""
    from engine.searchstate import ALL_FEATURES, PENDING_FEATURES

    try:
        mask = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    known = ALL_FEATURES | PENDING_FEATURES
    if mask < 0 or mask & ~known:
        raise argparse.ArgumentTypeError(f"{text} has bits that are no feature (known: {known:#x})")
    return mask


def build_parser() -> argparse.ArgumentParser:
    """The command line: optional sub-command (default ``uci``) and its arguments."""
    parser = argparse.ArgumentParser(
        prog=_program_name(),
        description="The built-in chess engine of chessgui. Without a sub-command it runs the UCI protocol "
        "on stdin/stdout, as chess GUIs expect.",
    )
    parser.add_argument("--version", action="version", version=_version())
    commands = parser.add_subparsers(dest="command", metavar="[COMMAND]", title="sub-commands")
    commands.add_parser("uci", help="speak UCI on stdin/stdout (the default)", description="Speak UCI on stdin/stdout.")
    bench = commands.add_parser(
        "bench",
        help="fixed-depth search over the bench positions (node count and speed)",
        description="Search every bench position to a fixed depth with fresh tables; prints nodes and nodes/second.",
    )
    bench.add_argument("depth", type=int, nargs="?", help="search depth (default: the bench depth)")
    bench.add_argument(
        "--features",
        type=_feature_mask,
        metavar="MASK",
        help="FEATURE_* bits to search with, e.g. 0x1bffff (default: ALL_FEATURES, the engine as it plays; "
        "bits outside ALL_FEATURES | PENDING_FEATURES are an error)",
    )
    perft = commands.add_parser(
        "perft",
        help="perft divide: leaf count below each legal move",
        description="Count the leaves of the move tree below each legal move (perft divide).",
    )
    perft.add_argument("depth", type=int, nargs="?", help=f"depth in plies (default {DEFAULT_PERFT_DEPTH})")
    perft.add_argument("fen", nargs="*", help="the position as FEN, its six fields (default: the start position)")
    perft.set_defaults(fail=perft.error)  # a bad FEN is reported with this sub-command's usage
    perftbench = commands.add_parser(
        "perftbench",
        help="perft speed compared with python-chess",
        description="Perft speed of the engine compared with python-chess on a few positions.",
    )
    perftbench.add_argument("depth", type=int, nargs="?", help="plies added to each position's depth (default 0)")
    return parser


def _clamped_depth(depth: int | None, low: int, high: int) -> int | None:
    """``depth`` clamped to low..high, the clamping reported on stderr (None stays None)."""
    from engine.limits import clamp_int

    if depth is None:
        return None
    depth, note = clamp_int("depth", depth, low, high)
    if note is not None:
        print(note, file=sys.stderr, flush=True)
    return depth


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script (``argv`` defaults to the command line)."""
    from engine.limits import MAX_DEPTH, MAX_PERFT_DEPTH

    parser = build_parser()
    args = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if args.command == "bench":
        from engine.bench import run_bench

        run_bench(_clamped_depth(args.depth, 1, MAX_DEPTH), args.features)
        return 0
    if args.command == "perftbench":
        from engine.bench import run_perft_bench

        # Added to each bench position's depth (at most 4), then perft runs one deeper.
        run_perft_bench(_clamped_depth(args.depth, 0, MAX_PERFT_DEPTH - 5))
        return 0
    if args.command == "perft":
        from engine.api import InvalidFenError
        from engine.perft import perft_divide
        from engine.uci_protocol import STARTPOS

        depth = _clamped_depth(args.depth, 0, MAX_PERFT_DEPTH)
        fen = " ".join(args.fen) or STARTPOS
        try:
            results = perft_divide(fen, DEFAULT_PERFT_DEPTH if depth is None else depth)
        except InvalidFenError as exc:
            args.fail(str(exc))  # prints the usage and exits with status 2
        for uci, count in results:
            print(f"{uci}: {count}")
        print(f"\nNodes searched: {sum(c for _, c in results)}")
        return 0
    from engine.uci import main_loop

    main_loop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
