"""Regenerate resources/pieces/*.svg from python-chess's bundled cburnett pieces."""

from __future__ import annotations

from pathlib import Path

import chess
import chess.svg

PIECES_DIR = Path(__file__).resolve().parent.parent / "resources" / "pieces"


def main() -> None:
    for color in chess.COLORS:
        for piece_type in chess.PIECE_TYPES:
            piece = chess.Piece(piece_type, color)
            name = ("w" if color else "b") + piece.symbol().upper()
            (PIECES_DIR / f"{name}.svg").write_text(chess.svg.piece(piece), encoding="utf-8")


if __name__ == "__main__":
    main()
