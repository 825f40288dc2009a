"""The UCI engine with a chosen search-feature mask (engine.searchstate.FEATURE_* bits).

    cd <tree with engine/> && python /path/to/benchmarks/uci_features.py 0x3fe

The engine itself has no UCI option for the mask (it is a measuring knob, not a
user setting), so A/B matches over UCI start the protocol loop through this wrapper.
The ``engine`` package is imported from the current directory.
"""

from __future__ import annotations

import os
import sys


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        mask = int(argv[0], 0)
    except ValueError:
        print(f"error: feature mask {argv[0]!r} is not a number (e.g. 0x3ff)", file=sys.stderr)
        return 2
    sys.path.insert(0, os.getcwd())
    from engine.uci import UciEngine

    engine = UciEngine()
    engine.searcher.features = mask
    try:
        engine.run(sys.stdin)
    except KeyboardInterrupt:
        engine.handle("quit")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
