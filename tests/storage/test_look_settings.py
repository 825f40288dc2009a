"""Board look settings (theme, piece set, window colours) and the saved window layout."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from chessgui.storage.board_settings import BoardSettings, ColorScheme
from chessgui.storage.settings import Settings, load_settings, save_settings
from chessgui.storage.window_layout import WindowLayout, load_window_layout, save_window_layout


def _ini(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)


def test_look_defaults_are_lichess_brown_cburnett_following_the_system(tmp_path: Path) -> None:
    board = load_settings(_ini(tmp_path)).board
    assert (board.theme, board.piece_set, board.color_scheme) == ("brown", "cburnett", ColorScheme.SYSTEM)


def test_look_round_trips(tmp_path: Path) -> None:
    original = Settings(board=BoardSettings(theme="purple", piece_set="xboard", color_scheme=ColorScheme.DARK))
    save_settings(_ini(tmp_path), original)
    assert load_settings(_ini(tmp_path)) == original


def test_damaged_look_values_fall_back_to_defaults(tmp_path: Path) -> None:
    (tmp_path / "s.ini").write_text(
        "[board]\ntheme=../../etc/passwd\npiece_set=@Variant(\\0\\0\\0\\x7f)\ncolor_scheme=pink\nauto_flip=false\n"
    )
    board = load_settings(_ini(tmp_path)).board
    assert (board.theme, board.piece_set, board.color_scheme) == ("brown", "cburnett", ColorScheme.SYSTEM)
    assert board.auto_flip is False  # the other values of the group are still read


def test_window_layout_round_trips(tmp_path: Path) -> None:
    layout = WindowLayout(geometry=b"\x01\xd9\xd0\xcb", state=b"\x00\x00\x00\xff", splitter=b"\x00\x01")
    save_window_layout(_ini(tmp_path), layout)
    assert load_window_layout(_ini(tmp_path)) == layout


def test_damaged_window_layout_is_empty(tmp_path: Path) -> None:
    qsettings = _ini(tmp_path)
    qsettings.setValue("window/geometry", "not bytes")
    qsettings.setValue("window/state", 42)
    qsettings.sync()
    assert load_window_layout(_ini(tmp_path)) == WindowLayout(splitter=b"")
    assert load_window_layout(None) == WindowLayout()
