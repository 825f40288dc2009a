"""The UCI engine's OwnBook/BookFile options (for other GUIs)."""

from __future__ import annotations

from pathlib import Path

import chess

from engine.uci import UciEngine

BOOK = Path(__file__).resolve().parents[2] / "resources" / "book" / "gnuchess-book.bin"


def _engine() -> tuple[UciEngine, list[str]]:
    lines: list[str] = []
    return UciEngine(write=lines.append), lines


def _wait_for_search(uci: UciEngine) -> None:
    """Let a depth-limited search finish by itself (quit would stop it early)."""
    thread = uci._search_thread
    if thread is not None:
        thread.join(120)


def test_options_are_announced() -> None:
    uci, lines = _engine()
    uci.handle("uci")
    assert "option name OwnBook type check default false" in lines
    assert "option name BookFile type string default <empty>" in lines
    uci.handle("quit")


def test_own_book_answers_a_book_position_at_once() -> None:
    uci, lines = _engine()
    uci.handle(f"setoption name BookFile value {BOOK}")
    uci.handle("setoption name OwnBook value true")
    uci.handle("position startpos moves e2e4")
    uci.handle("go wtime 1000 btime 1000")
    best = [line for line in lines if line.startswith("bestmove")]
    assert len(best) == 1  # answered inside the go command, no search thread
    board = chess.Board()
    board.push_uci("e2e4")
    assert chess.Move.from_uci(best[0].split()[1]) in board.legal_moves
    assert any(line.startswith("info string book move") for line in lines)
    uci.handle("quit")


def test_bad_book_file_is_reported_and_the_engine_searches(tmp_path: Path) -> None:
    bad = tmp_path / "text.bin"
    bad.write_text("not a book")
    uci, lines = _engine()
    uci.handle("setoption name OwnBook value true")
    uci.handle(f"setoption name BookFile value {bad}")
    assert any("not a polyglot book" in line for line in lines)
    uci.handle("position startpos")
    uci.handle("go depth 1")
    _wait_for_search(uci)
    uci.handle("quit")
    best = [line for line in lines if line.startswith("bestmove")]
    assert len(best) == 1 and chess.Move.from_uci(best[0].split()[1]) in chess.Board().legal_moves


def test_own_book_off_by_default_searches() -> None:
    uci, lines = _engine()
    uci.handle(f"setoption name BookFile value {BOOK}")  # a file alone does not turn the book on
    uci.handle("position startpos")
    uci.handle("go depth 1")
    _wait_for_search(uci)
    uci.handle("quit")
    assert not any(line.startswith("info string book move") for line in lines)
    assert sum(line.startswith("bestmove") for line in lines) == 1
