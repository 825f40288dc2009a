"""File ▸ Recent files: the last PGN/FEN files opened or saved, newest first.

The list lives in QSettings (so it survives restarts); without QSettings (tests)
it is kept in memory. Choosing an entry emits ``file_chosen``; a file that is
gone is taken off the list with a message instead.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

SETTINGS_KEY = "recent_files"


class RecentFiles(QObject):
    """The recent-files list and its menu.

    Signals:
        file_chosen(str): the user picked an existing file from the menu.
        status_message(str): plain words about the list (a missing file removed).
    """

    MAX_FILES = 8
    """Entries kept."""

    file_chosen = Signal(str)
    status_message = Signal(str)

    def __init__(self, qsettings: QSettings | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._qsettings = qsettings
        self.problem: str | None = None
        """Plain words when the stored list was damaged and started empty (said once at start-up)."""
        self._paths = self._load()
        self._menu = QMenu(self.tr("&Recent files"), parent)
        self._clear_action = QAction(self.tr("&Clear list"), self)
        self._clear_action.triggered.connect(self.clear)
        self._rebuild_menu()

    def menu(self) -> QMenu:
        """The submenu to put in the File menu."""
        return self._menu

    def clear_action(self) -> QAction:
        """The menu's "Clear list" entry."""
        return self._clear_action

    def paths(self) -> list[str]:
        """The files, newest first."""
        return list(self._paths)

    def add(self, path: str | Path) -> None:
        """Put ``path`` at the top (it was just opened or saved)."""
        text = str(Path(path).resolve())
        self._paths = [text] + [p for p in self._paths if p != text]
        del self._paths[self.MAX_FILES :]
        self._store()

    def open(self, path: str) -> None:
        """The user chose ``path``: hand it on, or take it off the list when it is gone."""
        if Path(path).is_file():
            self.file_chosen.emit(path)
            return
        self._paths = [p for p in self._paths if p != path]
        self._store()
        self.status_message.emit(
            self.tr("{name} is no longer there ({path}); removed from the recent files.").format(
                name=Path(path).name, path=path
            )
        )

    def clear(self) -> None:
        """Forget every entry."""
        self._paths = []
        self._store()

    # ------------------------------------------------------------------ internals

    def _load(self) -> list[str]:
        if self._qsettings is None:
            return []
        value = self._qsettings.value(SETTINGS_KEY, [])
        # INI files give back a single entry as a plain string, and nothing as None.
        if isinstance(value, str):
            value = [value]
        if value is None and not self._qsettings.contains(SETTINGS_KEY):
            return []
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            self.problem = self.tr(
                "The list of recent files could not be read; it starts empty (or with what was readable)."
            )
        if not isinstance(value, list):
            return []
        return [item for item in value if isinstance(item, str) and item][: self.MAX_FILES]

    def _store(self) -> None:
        if self._qsettings is not None:
            self._qsettings.setValue(SETTINGS_KEY, list(self._paths))
            self._qsettings.sync()
        self._rebuild_menu()

    def _rebuild_menu(self) -> None:
        self._menu.clear()
        for index, path in enumerate(self._paths, start=1):
            # &1 … &8: keyboard access like other programs' recent lists.
            action = QAction(f"&{index} {Path(path).name}", self._menu)
            action.setStatusTip(path)
            action.setToolTip(path)
            action.triggered.connect(lambda _checked=False, chosen=path: self.open(chosen))
            self._menu.addAction(action)
        if not self._paths:
            empty = QAction(self.tr("(no files yet)"), self._menu)
            empty.setEnabled(False)
            self._menu.addAction(empty)
        self._menu.addSeparator()
        self._clear_action.setEnabled(bool(self._paths))
        self._menu.addAction(self._clear_action)
