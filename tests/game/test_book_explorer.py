"""The opening book's moves in a position: shares, one row per move, the opening each leads to."""

from __future__ import annotations

import struct
from pathlib import Path

import chess
import chess.polyglot
import pytest

from chessgui.game.book_explorer import book_lines
from chessgui.storage.book import BookSettings, OpeningBook, load_book
from chessgui.storage.opening_names import OpeningName, OpeningNames


def write_book(path: Path, entries: list[tuple[chess.Board, str, int]]) -> OpeningBook:
    rows = []
    for board, uci, weight in entries:
        move = chess.Move.from_uci(uci)
        rows.append((chess.polyglot.zobrist_hash(board), move.to_square | (move.from_square << 6), weight))
    rows.sort()
    path.write_bytes(b"".join(struct.pack(">QHHI", key, raw, weight, 0) for key, raw, weight in rows))
    return OpeningBook(str(path), "test book")


def test_moves_are_listed_heaviest_first_with_shares_and_their_openings(tmp_path: Path) -> None:
    start = chess.Board()
    book = write_book(
        tmp_path / "b.bin",
        [(start, "d2d4", 30), (start, "e2e4", 50), (start, "e2e4", 10), (start, "g1f3", 10), (start, "b2b3", 0)],
    )
    after_e4 = chess.Board()
    after_e4.push_uci("e2e4")
    names = OpeningNames({after_e4.epd(): OpeningName("B00", "King's Pawn Game")})
    lines = book_lines(book, start, names)
    # b3's weight 0: kept in the book but never played (python-chess leaves such entries out).
    assert [(line.san, line.weight) for line in lines] == [("e4", 60), ("d4", 30), ("Nf3", 10)]
    assert [line.share for line in lines] == pytest.approx([0.6, 0.3, 0.1])
    assert lines[0].opening == OpeningName("B00", "King's Pawn Game") and lines[1].opening is None
    book.close()


def test_a_position_the_book_does_not_know(tmp_path: Path) -> None:
    book = write_book(tmp_path / "z.bin", [(chess.Board(), "e2e4", 5)])
    assert book_lines(book, chess.Board("8/8/8/8/8/k7/8/K7 w - - 0 1"), OpeningNames({})) == []
    book.close()


def test_the_shipped_book_and_names_after_1_e4_e5() -> None:
    board = chess.Board()
    board.push_san("e4")
    board.push_san("e5")
    lines = book_lines(load_book(BookSettings()), board)
    assert lines[0].san == "Nf3" and lines[0].share > 0.5
    assert sum(line.share for line in lines) == pytest.approx(1.0)
    named = {line.san: line.opening for line in lines}
    assert named["Nf3"] == OpeningName("C40", "Open Game")  # the name of the position after 2. Nf3
