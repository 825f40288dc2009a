"""Opening books: the shipped default book, choice rules, depth, and files that are not books."""

from __future__ import annotations

import contextlib
import gc
import random
import struct
from collections import Counter
from pathlib import Path

import chess
import chess.polyglot
import pytest

from chessgui.resources_path import resource_path
from chessgui.storage.book import (
    DEFAULT_BOOK_PARTS,
    BookChoice,
    BookError,
    BookSettings,
    OpeningBook,
    book_plies,
    book_problem,
    in_book_range,
    load_book,
)


def _write_book(path: Path, entries: list[tuple[chess.Board, str, int]]) -> Path:
    """A polyglot book with the given (position, move, weight) entries, sorted by key."""
    rows = []
    for board, uci, weight in entries:
        move = chess.Move.from_uci(uci)
        raw = move.to_square | (move.from_square << 6)
        rows.append((chess.polyglot.zobrist_hash(board), raw, weight))
    rows.sort()
    path.write_bytes(b"".join(struct.pack(">QHHI", key, raw, weight, 0) for key, raw, weight in rows))
    return path


def test_default_book_ships_and_knows_the_start_position() -> None:
    assert resource_path(*DEFAULT_BOOK_PARTS).is_file()
    assert resource_path("book", "LICENSE.md").is_file()
    book = load_book(BookSettings())
    moves = {entry.move.uci() for entry in book.entries(chess.Board())}
    assert {"e2e4", "d2d4", "g1f3", "c2c4"} <= moves


def test_best_weight_always_picks_the_heaviest_move() -> None:
    book = load_book(BookSettings())
    picks = {book.pick(chess.Board(), BookChoice.BEST_WEIGHT, random.Random(seed)).move.uci() for seed in range(20)}
    assert picks == {"e2e4"}


def test_weighted_random_follows_the_weights(tmp_path: Path) -> None:
    start = chess.Board()
    path = _write_book(tmp_path / "three.bin", [(start, "e2e4", 60), (start, "d2d4", 30), (start, "c2c4", 10)])
    book = load_book(BookSettings(path=str(path)))
    rng = random.Random(1234)
    draws = 20_000
    counts = Counter(book.pick(start, BookChoice.WEIGHTED_RANDOM, rng).move.uci() for _ in range(draws))
    for uci, share in (("e2e4", 0.6), ("d2d4", 0.3), ("c2c4", 0.1)):
        assert abs(counts[uci] / draws - share) < 0.015, (uci, counts)
    chosen = book.pick(start, BookChoice.WEIGHTED_RANDOM, rng)
    assert chosen.alternatives == 3
    assert chosen.share == pytest.approx(chosen.weight / 100)


def test_book_depth_counts_full_moves() -> None:
    board = chess.Board()
    settings = BookSettings(max_moves=2)
    assert in_book_range(board, settings)
    for uci in ("e2e4", "e7e5", "g1f3", "b8c6"):
        board.push_uci(uci)
    assert board.fullmove_number == 3
    assert not in_book_range(board, settings)
    assert not in_book_range(chess.Board(), BookSettings(enabled=False))


def test_illegal_book_entries_are_never_played(tmp_path: Path) -> None:
    start = chess.Board()
    path = _write_book(tmp_path / "bad_move.bin", [(start, "e2e5", 100), (start, "g1f3", 1)])
    book = load_book(BookSettings(path=str(path)))
    assert book.pick(start, BookChoice.BEST_WEIGHT).move.uci() == "g1f3"


def test_truncated_book_is_a_clear_error(tmp_path: Path) -> None:
    data = resource_path(*DEFAULT_BOOK_PARTS).read_bytes()
    path = tmp_path / "truncated.bin"
    path.write_bytes(data[:1000])  # cut mid-entry (1000 is not a multiple of 16)
    with pytest.raises(BookError, match="not a polyglot book.*truncated"):
        load_book(BookSettings(path=str(path)))


def test_text_file_renamed_bin_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "notes.bin"
    text = "These are my chess notes: 1. e4 e5 2. Nf3 Nc6 3. Bb5 — the Ruy Lopez, a fine opening.\n" * 40
    path.write_bytes(text.encode()[:1600])  # a whole number of 16-byte "entries", so only the order check sees it
    with pytest.raises(BookError, match="not a polyglot book.*not in order"):
        load_book(BookSettings(path=str(path)))


def test_empty_and_missing_books_are_clear_errors(tmp_path: Path) -> None:
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    with pytest.raises(BookError, match="empty"):
        load_book(BookSettings(path=str(empty)))
    message = book_problem(BookSettings(path=str(tmp_path / "nowhere.bin")))
    assert message is not None and "cannot be read" in message and "nowhere.bin" in message
    assert book_problem(BookSettings(enabled=False, path=str(empty))) is None


def test_book_and_opening_names_are_packaged_and_credited(qtbot) -> None:
    import fnmatch
    import tomllib

    from chessgui.dialogs.about import AboutDialog

    root = Path(__file__).resolve().parents[2]
    patterns = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"][
        "chessgui.resources"
    ]
    for folder in ("book", "eco"):
        for path in (root / "resources" / folder).iterdir():
            name = f"{folder}/{path.name}"
            assert any(fnmatch.fnmatch(name, pattern) for pattern in patterns), f"{name} is not in the wheel"
    spec = (root / "packaging" / "chessgui.spec").read_text()
    assert 'rglob("*")' in spec  # the frozen app copies every file under resources/
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    credits = dialog.credits_browser.toPlainText()
    assert "GNU Chess opening book" in credits and "Public domain" in credits
    assert "Scid ECO file" in credits


def test_any_bytes_are_a_clear_error_or_a_book_that_only_plays_legal_moves(tmp_path_factory) -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    folder = tmp_path_factory.mktemp("fuzz")
    positions = [chess.Board(), _board_after("e2e4"), _board_after("d2d4", "d7d5")]

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.binary(max_size=16 * 40), st.integers(0, 2**31))
    def check(data: bytes, counter: int) -> None:
        path = folder / f"fuzz-{counter}-{len(data)}.bin"
        path.write_bytes(data)
        try:
            book = load_book(BookSettings(path=str(path)))
        except BookError as error:
            assert str(error).startswith("The opening book")
            return
        for board in positions:
            for choice in BookChoice:
                picked = book.pick(board, choice, random.Random(counter))
                assert picked is None or picked.move in board.legal_moves

    check()


def _board_after(*ucis: str) -> chess.Board:
    board = chess.Board()
    for uci in ucis:
        board.push_uci(uci)
    return board


def test_garbage_moves_for_known_positions_are_never_played(tmp_path_factory) -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    folder = tmp_path_factory.mktemp("garbage")
    positions = [chess.Board(), _board_after("e2e4"), _board_after("e2e4", "e7e5", "g1f3", "b8c6")]
    entry = st.tuples(st.integers(0, len(positions) - 1), st.integers(0, 0xFFFF), st.integers(0, 0xFFFF))

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.lists(entry, min_size=1, max_size=30), st.integers(0, 2**31))
    def check(entries: list[tuple[int, int, int]], counter: int) -> None:
        rows = sorted((chess.polyglot.zobrist_hash(positions[index]), raw, weight) for index, raw, weight in entries)
        path = folder / f"garbage-{counter}.bin"
        path.write_bytes(b"".join(struct.pack(">QHHI", key, raw, weight, 0) for key, raw, weight in rows))
        book = load_book(BookSettings(path=str(path)))
        for board in positions:
            for choice in BookChoice:
                picked = book.pick(board, choice, random.Random(counter))
                assert picked is None or picked.move in board.legal_moves

    check()


def _live(kind: type) -> int:
    gc.collect()
    return sum(1 for obj in gc.get_objects() if type(obj) is kind)


def test_looking_the_default_book_up_again_keeps_nothing_alive() -> None:
    # Every book lookup (every computer move in book range) entered a new as_file() context on a
    # process-wide ExitStack: ~25 generator context managers, paths and bound methods a game,
    # kept for the life of the process (a slow climb over the 500-game soak).
    settings = BookSettings(enabled=True)
    assert settings.uses_default_book()
    load_book(settings)
    before = _live(contextlib._GeneratorContextManager), _live(type(Path()))
    for _ in range(200):
        load_book(settings)
    after = _live(contextlib._GeneratorContextManager), _live(type(Path()))
    assert after[0] - before[0] < 10, "every lookup keeps an as_file() context alive"
    assert after[1] - before[1] < 10, "every lookup keeps a path alive"


def _line(sans: str) -> list[chess.Move]:
    board = chess.Board()
    return [board.push_san(san) for san in sans.split()]


def test_book_plies_counts_the_theory_a_game_follows(monkeypatch) -> None:
    exchange_spanish = _line("e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O Qd4 Nxd4")
    assert book_plies(chess.Board(), exchange_spanish) == 9  # 5...Qd4 is no theory
    # 4. Bc4 is in GNU Chess's book at 0.03% of the weight: below BOOK_MOVE_SHARE_MIN, so not theory.
    assert book_plies(chess.Board(), _line("e4 e5 Nf3 Nc6 Bb5 a6 Bc4")) == 6
    assert book_plies(chess.Board(), []) == 0

    def missing(settings: BookSettings) -> OpeningBook:
        raise BookError("gone")

    monkeypatch.setattr("chessgui.storage.book.load_book", missing)
    assert book_plies(chess.Board(), exchange_spanish) == 0
