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


def _run(args: list[str]) -> int:
    if args and args[0] == "bench":
        from engine.bench import run_bench

        run_bench(int(args[1]) if len(args) > 1 else None)
        return 0
    if args and args[0] == "perftbench":
        from engine.bench import run_perft_bench

        run_perft_bench(int(args[1]) if len(args) > 1 else None)
        return 0
    if args and args[0] == "perft":
        from engine.perft import perft_divide
        from engine.uci import STARTPOS

        depth = int(args[1]) if len(args) > 1 else 5
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
