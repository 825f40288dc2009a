"""A damaged settings file: the window opens with the defaults for the bad parts and says so once."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from chessgui.main_window import MainWindow
from chessgui.storage.settings import Settings, load_settings


def test_window_with_a_damaged_settings_file_opens_with_defaults_and_one_notice(qtbot, tmp_path: Path) -> None:
    path = tmp_path / "chessgui.ini"
    path.write_bytes(
        b"[play]\nmin_move_delay_ms=fast\ntime_control=5 hours\n[board]\nauto_flip=maybe\n"
        b"[window]\ngeometry=12\n[analysis]\nlines=many\n"
    )
    qsettings = QSettings(str(path), QSettings.Format.IniFormat)
    settings = load_settings(qsettings)
    assert settings == Settings()
    notices: list[str] = []
    window = MainWindow(settings=settings, qsettings=qsettings)
    qtbot.addWidget(window)
    window.statusBar().messageChanged.connect(lambda text: text and notices.append(text))
    message = window.statusBar().currentMessage()
    assert "Some settings could not be read (board/auto_flip, play/min_move_delay_ms, play/time_control)" in message
    assert "window layout" in message and "analysis settings (lines)" in message
    assert message.count("defaults are used") == 2  # settings and analysis: one notice, a sentence each
    window.show()
    qtbot.waitExposed(window)
    assert notices == []  # said once, not again when shown


def test_window_with_good_settings_says_nothing(qtbot, tmp_path: Path) -> None:
    from chessgui.storage.settings import save_settings

    qsettings = QSettings(str(tmp_path / "chessgui.ini"), QSettings.Format.IniFormat)
    save_settings(qsettings, Settings())
    window = MainWindow(settings=load_settings(qsettings), qsettings=qsettings)
    qtbot.addWidget(window)
    assert window.statusBar().currentMessage() == ""
