"""Passing notices over the main window's status line, and the one notice of what was damaged at start-up.

The status line itself describes the game now (StatusPresenter derives it on every change);
a notice (saved, copied, a hint, a file problem) covers it for a few seconds. Problems found
while the window opens (damaged settings, rating file, book, autosave...) are gathered and
said together in one notice at the end, not one over the other.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMainWindow

from chessgui.storage.analysis_settings import load_analysis_settings
from chessgui.storage.settings import load_settings
from chessgui.storage.window_layout import load_window_layout

NOTICE_MS = 6000
"""How long a passing notice (saved, copied, a hint) covers the status line."""
STARTUP_NOTICE_MS = 20_000
"""How long the one notice of what was damaged at start-up (and reset to defaults) stays up."""


class StatusNotices:
    """Shows passing notices on the window's status bar; while the window opens, gathers them instead."""

    def __init__(self, window: QMainWindow) -> None:
        # The status bar is asked for only when a notice is shown: the window creates it
        # after its panes, and creating it here first would change the widgets' order.
        self._window = window
        # None once the window is open; until then the notices said at its end.
        self._startup_notices: list[str] | None = []

    def show(self, message: str) -> None:
        """A passing notice shown over the status line (gathered while the window opens)."""
        if self._startup_notices is not None:  # still opening: said with the others at the end
            if message not in self._startup_notices:
                self._startup_notices.append(message)
            return
        self._window.statusBar().showMessage(message, NOTICE_MS)

    def report_damaged_settings(self, qsettings: QSettings | None) -> None:
        """A damaged settings file: the defaults stand in for the bad parts (the loaders did that); say so once."""
        if qsettings is None:
            return
        problems: list[str] = []
        load_settings(qsettings, problems)
        load_window_layout(qsettings, problems)
        load_analysis_settings(qsettings, problems)
        if problems:
            self.show(" ".join(problems))

    def end_startup(self) -> None:
        """The window is open: say what was gathered in one notice; later notices show at once."""
        notices, self._startup_notices = self._startup_notices, None
        if notices:
            self._window.statusBar().showMessage(" ".join(notices), STARTUP_NOTICE_MS)
