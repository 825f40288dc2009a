"""Build resources/eco/eco.tsv.gz (opening names by position) from Scid's ECO file.

Source: ``/usr/share/scid/data/scid.eco`` from Debian's ``scid-data`` package
(``apt-get install scid-data``); see resources/eco/LICENSE.md. Each entry is an
ECO code, a name and the moves that reach it; the output lists the position
those moves reach as an EPD (so transpositions find the name too), the plain
three-character ECO code and the name, one line per position, gzip-compressed.
When several entries reach the same position, the first one in the file wins.

Run: ``python packaging/make_eco.py [path/to/scid.eco]``
"""

from __future__ import annotations

import gzip
import re
import sys
from pathlib import Path

import chess

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path("/usr/share/scid/data/scid.eco")
TARGET = ROOT / "resources" / "eco" / "eco.tsv.gz"

_ENTRY = re.compile(r'([A-E]\d\d[a-z]?\d?)\s+"([^"]*)"\s*([^*]*)\*')
_MOVE_NUMBER = re.compile(r"^\d+\.+")


def entries(text: str) -> list[tuple[str, str, list[str]]]:
    """(code, name, SAN moves) for every entry of a Scid ECO file."""
    body = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    found = []
    for code, name, moves in _ENTRY.findall(body):
        sans = [token for token in (_MOVE_NUMBER.sub("", word) for word in moves.split()) if token]
        found.append((code, " ".join(name.split()), sans))
    return found


def build(source: Path) -> dict[str, tuple[str, str]]:
    """EPD -> (ECO, name)."""
    table: dict[str, tuple[str, str]] = {}
    for code, name, sans in entries(source.read_text(encoding="latin-1")):
        if not sans:  # "Start position": a game with no moves has no opening name yet
            continue
        board = chess.Board()
        try:
            for san in sans:
                board.push_san(san)
        except ValueError as error:
            print(f"skipped {code} {name!r}: {error}", file=sys.stderr)
            continue
        table.setdefault(board.epd(), (code[:3], name))
    return table


def main(argv: list[str]) -> int:
    source = Path(argv[1]) if len(argv) > 1 else SOURCE
    if not source.is_file():
        print(f"No {source}: install Debian's scid-data package (apt-get install scid-data).", file=sys.stderr)
        return 1
    table = build(source)
    lines = [f"{epd}\t{code}\t{name}\n" for epd, (code, name) in table.items()]
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    # mtime=0 keeps the output byte-identical between runs.
    TARGET.write_bytes(gzip.compress("".join(lines).encode("utf-8"), compresslevel=9, mtime=0))
    print(f"Wrote {TARGET}: {len(lines)} positions, {TARGET.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
