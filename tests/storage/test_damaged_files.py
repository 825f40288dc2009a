"""Damaged settings and data files: defaults for the bad parts, and one sentence saying so.

Each kind of damage (truncated, binary, wrong types, a future format version) against each
file the app keeps between runs: the QSettings file (settings, window layout, analysis
settings live in it), rating.json and the autosave.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import chess
import pytest
from PySide6.QtCore import QSettings

from chessgui.storage.analysis_settings import AnalysisSettings, load_analysis_settings
from chessgui.storage.autosave import AutosaveCorruptError, AutosaveSnapshot, AutosaveStore
from chessgui.storage.book import BookSettings, book_problem
from chessgui.storage.rating import START_RATING, RatingStore
from chessgui.storage.settings import SETTINGS_VERSION, Settings, load_settings, save_settings
from chessgui.storage.window_layout import WindowLayout, load_window_layout

GOOD_INI = "[play]\nmin_move_delay_ms=700\ntime_control=ms:60000+1000/60000+1000\n[board]\nauto_flip=true\n"

SETTINGS_DAMAGE = {
    "truncated": GOOD_INI.encode()[:40],  # cut inside "time_control=ms:6"
    "binary": bytes(range(256)) * 4,
    "wrong types": b"[play]\nmin_move_delay_ms=fast\ntime_control=@Variant(\\0\\0\\0\\x7f\\0\\0\\0\\x14junk)\n"
    b"[board]\nauto_flip=maybe\n[white]\nkind=robot\nhash_mb=-5\n",
    "future version": b"[meta]\nversion=7\n[play]\nmin_move_delay_ms=700\nquantum_mode=on\n",
}


def _ini(path: Path) -> QSettings:
    return QSettings(str(path), QSettings.Format.IniFormat)


@pytest.mark.parametrize("kind", list(SETTINGS_DAMAGE))
def test_damaged_settings_file_gives_defaults_and_one_sentence(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "chessgui.ini"
    path.write_bytes(SETTINGS_DAMAGE[kind])
    problems: list[str] = []
    settings = load_settings(_ini(path), problems)
    assert isinstance(settings, Settings)
    assert len(problems) == 1, problems
    assert "defaults are used" in problems[0]
    if kind == "future version":
        assert "newer version" in problems[0]
        assert settings.min_move_delay_ms == 700  # what it understands is kept
    if kind == "wrong types":
        defaults = Settings()
        assert (settings.min_move_delay_ms, settings.time_control) == (
            defaults.min_move_delay_ms,
            defaults.time_control,
        )
        assert settings.white == defaults.white
        for key in ("min_move_delay_ms", "auto_flip", "white/kind"):
            assert key in problems[0]


def test_truncated_settings_keep_what_was_whole(tmp_path: Path) -> None:
    path = tmp_path / "chessgui.ini"
    path.write_bytes(GOOD_INI.encode()[:40])
    settings = load_settings(_ini(path), [])
    assert settings.min_move_delay_ms == 700
    assert settings.time_control == Settings().time_control


def test_good_settings_say_nothing(tmp_path: Path) -> None:
    qsettings = _ini(tmp_path / "chessgui.ini")
    save_settings(qsettings, Settings())
    qsettings.sync()
    assert qsettings.value("meta/version") in (SETTINGS_VERSION, str(SETTINGS_VERSION))
    problems: list[str] = []
    assert load_settings(_ini(tmp_path / "chessgui.ini"), problems) == Settings()
    assert problems == []


@pytest.mark.parametrize(
    "content",
    [
        b"[window]\ngeometry=@ByteArray(\\x1\\xd9\\xd0\\xcb\\0\\x3\\0\\0\n",  # truncated
        bytes(range(256)),  # binary
        b"[window]\ngeometry=12\nstate=true\nsplitter=a, b, c\n",  # wrong types
    ],
)
def test_damaged_window_layout_gives_the_default_layout(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "chessgui.ini"
    path.write_bytes(content)
    problems: list[str] = []
    layout = load_window_layout(_ini(path), problems)
    assert isinstance(layout, WindowLayout)
    if content.startswith(b"[window]\ngeometry=12"):
        assert layout == WindowLayout()
        assert len(problems) == 1 and "window layout" in problems[0]


@pytest.mark.parametrize(
    "content",
    [b"[analysis]\nlines=9999\n", b"[analysis]\nlines=many\nengine=@Variant(\\0\\0\\0\\x7f\\0)\n", bytes(range(256))],
)
def test_damaged_analysis_settings_give_defaults(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "chessgui.ini"
    path.write_bytes(content)
    problems: list[str] = []
    analysis = load_analysis_settings(_ini(path), problems)
    assert analysis.lines == AnalysisSettings().lines
    if content.startswith(b"[analysis]"):
        assert len(problems) == 1 and "analysis" in problems[0]


RATING = {"format": "chessgui-rating", "version": 1, "rating": 1500.0, "deviation": 80.0, "games": []}


@pytest.mark.parametrize(
    "content",
    [
        json.dumps(RATING)[:30].encode(),  # truncated
        bytes(range(256)),  # binary
        json.dumps({**RATING, "rating": "high", "games": {"a": 1}}).encode(),  # wrong types
        json.dumps({**RATING, "version": 2}).encode(),  # a future version
    ],
)
def test_damaged_rating_file_starts_afresh_and_says_so(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "rating.json"
    path.write_bytes(content)
    store = RatingStore(path)
    assert store.rating.rating == START_RATING
    assert store.problem is not None and "damaged" in store.problem
    assert [p.read_bytes() for p in tmp_path.glob("rating.json.damaged-*")] == [content]  # kept aside


@pytest.mark.parametrize(
    ("pgn", "sidecar"),
    [
        (b'[Event "?"]\n\n1. e4 e5 2. Nf', None),  # truncated game: the whole moves are kept
        (bytes(range(256)), None),  # binary game
        (b"1. e4 e5 *\n", b'{"version": 1, "extra": ["not", "a", "mapping"]}'),  # wrong types
        (b"1. e4 e5 *\n", b'{"version": 99, "extra": {"clock": 5}, "finished": "yes"}'),  # future version
        (b"1. e4 e5 *\n", bytes(range(200))),  # binary sidecar
    ],
)
def test_damaged_autosave_is_set_aside_or_kept(tmp_path: Path, pgn: bytes, sidecar: bytes | None) -> None:
    store = AutosaveStore(tmp_path)
    store.save(AutosaveSnapshot(pgn="1. d4 *\n"))
    store.pgn_path.write_bytes(pgn)
    if sidecar is not None:
        store.sidecar_path.write_bytes(sidecar)
    try:
        snapshot = store.load()
    except AutosaveCorruptError as error:
        assert "could not be read" in error.message
        assert store.load() is None  # set aside: the next start is clean
        return
    assert snapshot is not None
    game = snapshot.game()
    assert [move.uci() for move in game.mainline_moves()][:2] == ["e2e4", "e7e5"]
    if sidecar is not None and b'"version": 99' not in sidecar:
        assert len(snapshot.problems) == 1


# ---------------------------------------------------------------------- the files checked less often
_ECO_TSV = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\tB00\tKing's Pawn Game\n"


@pytest.mark.parametrize(
    "content",
    [
        gzip.compress(_ECO_TSV.encode())[:25],  # truncated
        bytes(range(256)),  # binary, not gzip
        gzip.compress(_ECO_TSV.encode())[:10] + b"\xff" * 40,  # a gzip header over a broken deflate stream
        gzip.compress(b"\xff\xfe\x00 not utf-8"),  # wrong contents
    ],
)
def test_damaged_opening_names_table_gives_no_names_not_a_crash(monkeypatch, content: bytes) -> None:
    from chessgui.storage import opening_names

    monkeypatch.setattr(opening_names, "read_resource", lambda *_parts: content)
    monkeypatch.setattr(opening_names, "_shared", None)
    board = chess.Board()
    board.push_san("e4")
    assert opening_names.classify(board) is None
    assert len(opening_names.opening_names()) == 0


@pytest.mark.parametrize("content", [b"", b"\x00" * 15, bytes(range(256)) * 3, b"1. e4 e5 not a book at all!\n"])
def test_damaged_book_file_is_said_in_words(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "book.bin"
    path.write_bytes(content)
    problem = book_problem(BookSettings(enabled=True, path=str(path)))
    assert problem is not None and "book.bin" in problem and "Error" not in problem


def test_wrong_types_for_book_and_tablebase_paths_are_named(tmp_path: Path) -> None:
    path = tmp_path / "chessgui.ini"
    path.write_bytes(b"[tablebases]\nsyzygy_dir=a, b\ngaviota_dir=@ByteArray(x)\n[black]\nbook_path=1, 2\n")
    problems: list[str] = []
    settings = load_settings(_ini(path), problems)
    assert settings.tablebases == Settings().tablebases and settings.black.book == Settings().black.book
    assert len(problems) == 1
    for key in ("tablebases/syzygy_dir", "black/book_path"):
        assert key in problems[0]


@pytest.mark.parametrize(
    "content",
    [
        b"[General]\nrecent_files=@Variant(\\0\\0\\0\\x7f\\0\\0\\0\\x14junk)\n",
        b"[General]\nrecent_files=@ByteArray(abc)\n",
        b"[General]\nrecent_files=@Invalid()\n",
    ],
)
def test_damaged_recent_files_list_starts_empty_and_says_so(qtbot, tmp_path: Path, content: bytes) -> None:
    from chessgui.recent_files import RecentFiles

    path = tmp_path / "chessgui.ini"
    path.write_bytes(content)
    recent = RecentFiles(_ini(path))
    assert recent.paths() == []
    if b"Invalid" not in content:
        assert recent.problem is not None and "recent files" in recent.problem


def test_a_good_recent_files_list_says_nothing(qtbot, tmp_path: Path) -> None:
    from chessgui.recent_files import RecentFiles

    qsettings = _ini(tmp_path / "chessgui.ini")
    RecentFiles(qsettings).add(tmp_path / "a.pgn")
    again = RecentFiles(_ini(tmp_path / "chessgui.ini"))
    assert again.paths() == [str((tmp_path / "a.pgn").resolve())] and again.problem is None
