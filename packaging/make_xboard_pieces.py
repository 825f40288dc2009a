"""Copy XBoard's SVG chess pieces into resources/pieces/xboard/ (the second piece set).

XBoard (GNU, GPL-3.0-or-later, see resources/pieces/xboard/CREDITS.md) ships its
default pieces as SVG in Debian's ``xboard`` package. Install it first
(``apt-get install -y xboard``), then run ``python packaging/make_xboard_pieces.py``.
The files are copied unchanged apart from the name (``WhiteKnight.svg`` ->
``wN.svg``), so the copies can be checked against the package byte for byte.
"""

from __future__ import annotations

import sys
from pathlib import Path

import chess

SOURCE_DIR = Path("/usr/share/games/xboard/themes/default")
TARGET_DIR = Path(__file__).resolve().parent.parent / "resources" / "pieces" / "xboard"


def main() -> int:
    if not SOURCE_DIR.is_dir():
        print(f"{SOURCE_DIR} not found: install Debian's xboard package first.", file=sys.stderr)
        return 1
    TARGET_DIR.mkdir(parents=True, exist_ok=True)
    for color in chess.COLORS:
        for piece_type in chess.PIECE_TYPES:
            source = SOURCE_DIR / f"{'White' if color else 'Black'}{chess.piece_name(piece_type).capitalize()}.svg"
            target = TARGET_DIR / (("w" if color else "b") + chess.piece_symbol(piece_type).upper() + ".svg")
            target.write_bytes(source.read_bytes())
    return 0


if __name__ == "__main__":
    sys.exit(main())
