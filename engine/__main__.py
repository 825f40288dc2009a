"""``python -m engine`` / ``chessgui-engine``: the UCI engine.

Sub-commands (for developers):
    python -m engine bench [depth]        fixed-depth search over the bench positions
    python -m engine perftbench [depth]   perft speed compared with python-chess
    python -m engine perft <depth> [fen]  perft divide
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script."""
    args = sys.argv[1:] if argv is None else argv
    try:
        return _run(args)
    except ValueError as exc:  # a bad depth or FEN on the command line
        print(f"error: {exc}\n{__doc__}", file=sys.stderr)
        return 2


def _depth_argument(args: list[str], low: int, high: int) -> int | None:
    """The optional depth after the sub-command, clamped to low..high (reported on stderr)."""
    from engine.limits import clamp_int

    if len(args) < 2:
        return None
    depth, note = clamp_int("depth", int(args[1]), low, high)
    if note is not None:
        print(note, file=sys.stderr, flush=True)
    return depth


def _run(args: list[str]) -> int:
    from engine.limits import MAX_DEPTH, MAX_PERFT_DEPTH

    if args and args[0] == "bench":
        from engine.bench import run_bench

        run_bench(_depth_argument(args, 1, MAX_DEPTH))
        return 0
    if args and args[0] == "perftbench":
        from engine.bench import run_perft_bench

        # Added to each bench position's depth (at most 4), then perft runs one deeper.
        run_perft_bench(_depth_argument(args, 0, MAX_PERFT_DEPTH - 5))
        return 0
    if args and args[0] == "perft":
        from engine.perft import perft_divide
        from engine.uci import STARTPOS

        depth = _depth_argument(args, 0, MAX_PERFT_DEPTH)
        depth = 5 if depth is None else depth
        fen = " ".join(args[2:]) or STARTPOS
        results = perft_divide(fen, depth)
        for uci, count in results:
            print(f"{uci}: {count}")
        print(f"\nNodes searched: {sum(c for _, c in results)}")
        return 0
    from engine.uci import main_loop

    main_loop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
