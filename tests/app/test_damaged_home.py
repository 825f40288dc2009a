"""A home folder full of damaged files: the window opens with defaults and says what was reset, once.

Everything the app keeps between runs is damaged at the same time: the settings file (wrong
types, a future version, a tablebase folder and a book path that are lists, the window
layout), the recent-files list, the black engine's opening book file, the rating file and
the autosaved game. The window must open, use the defaults for each bad part, and show one
notice naming them all; offering the autosave afterwards must not say anything again.
"""

from __future__ import annotations

from pathlib import Path

import chess
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QStatusBar

from chessgui.main_window import MainWindow
from chessgui.storage.autosave import AutosaveStore
from chessgui.storage.rating import START_RATING, RatingStore
from chessgui.storage.settings import Settings, load_settings


def _damaged_home(home: Path) -> tuple[QSettings, AutosaveStore, RatingStore]:
    config, data = home / ".config" / "chessgui", home / ".local" / "share" / "chessgui"
    (data / "autosave").mkdir(parents=True)
    config.mkdir(parents=True)
    book = data / "my-book.bin"
    book.write_bytes(bytes(range(256))[:250])  # truncated: not a whole number of 16-byte entries
    ini = config / "chessgui.ini"
    ini.write_bytes(
        b"[meta]\nversion=99\n"
        b"[General]\nrecent_files=@ByteArray(\\0\\x1\\x2)\n"
        b"[play]\nmin_move_delay_ms=fast\ntime_control=5 hours\n"
        b"[board]\nauto_flip=maybe\n"
        b"[black]\nbook_enabled=true\nbook_path=" + str(book).encode() + b"\n"
        b"[tablebases]\nsyzygy_dir=a, b\n"
        b"[window]\ngeometry=12\n"
        b"[analysis]\nlines=many\n"
    )
    (data / "rating.json").write_bytes(b"\x00\x01\x02 binary rating \xff\xfe")
    store = AutosaveStore(data / "autosave")
    store.pgn_path.write_bytes(b"\xff\xfe not a game at all \x00\x01")
    return QSettings(str(ini), QSettings.Format.IniFormat), store, RatingStore(data / "rating.json")


def test_window_opens_on_a_damaged_home_with_defaults_and_one_notice(qtbot, tmp_path: Path, monkeypatch) -> None:
    shown: list[str] = []
    show_message = QStatusBar.showMessage

    def record(bar: QStatusBar, message: str, timeout: int = 0) -> None:
        shown.append(message)
        show_message(bar, message, timeout)

    monkeypatch.setattr(QStatusBar, "showMessage", record)
    qsettings, store, rating = _damaged_home(tmp_path)
    settings = load_settings(qsettings)
    window = MainWindow(settings=settings, qsettings=qsettings, autosave_store=store, rating_store=rating)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert not window.offer_resume(lambda _question: True)  # the damaged save was set aside, not offered

    assert len(shown) == 1, shown  # exactly one notice
    notice = shown[0]
    assert window.statusBar().currentMessage() == notice
    for words in (
        "play/min_move_delay_ms",
        "play/time_control",
        "board/auto_flip",
        "tablebases/syzygy_dir",
        "newer version",
        "window layout",
        "analysis settings",
        "recent files",
        "my-book.bin",
        "rating",
        "autosaved game could not be read",
    ):
        assert words in notice, (words, notice)
    assert "Traceback" not in notice and "Error(" not in notice and "codec" not in notice

    # The defaults stand in for every bad part; the app is usable.
    defaults = Settings()
    assert settings.min_move_delay_ms == defaults.min_move_delay_ms
    assert settings.time_control == defaults.time_control
    assert settings.tablebases == defaults.tablebases
    assert window.recent_files.paths() == []
    assert rating.rating.rating == START_RATING
    assert window.controller.board() == chess.Board()
    assert not store.has_unfinished_game()
