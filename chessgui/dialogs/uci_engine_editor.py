"""Choosing an external UCI engine: path, a check that it really starts, and its options.

The check runs the program in a background thread (python-chess handshake,
then quit) so the dialog never freezes on a slow or broken program; its result
comes back as a signal on the GUI thread.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from chessgui.engines.uci_process import UciEngineDescription, UciEngineError, UciOptionInfo, probe_engine

#: Options the user sets elsewhere in the dialog or that make no sense in a GUI game.
_HIDDEN_OPTIONS = frozenset({"hash", "ponder", "multipv", "uci_analysemode", "uci_showwdl", "debug log file"})


class EngineProbe(QObject):
    """Starts an engine in a background thread to read its name and options.

    Signals:
        finished(str path, object description, str error): description is a
            :class:`UciEngineDescription` on success (error empty), else None.
    """

    finished = Signal(str, object, str)

    def __init__(self, timeout_s: float = 10.0, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._timeout_s = timeout_s

    def start(self, path: str) -> None:
        """Probe ``path``; the answer arrives as ``finished``."""
        # A daemon thread: a program that never answers must not keep the app alive.
        threading.Thread(target=self._run, args=(path,), name="uci-probe", daemon=True).start()

    def _run(self, path: str) -> None:
        try:
            description = probe_engine(path, self._timeout_s)
        except UciEngineError as error:
            self.finished.emit(path, None, str(error))
        except Exception as error:  # anything else from a strange program is still just "it failed"
            self.finished.emit(path, None, self.tr("The engine could not be checked: {error}").format(error=error))
        else:
            self.finished.emit(path, description, "")


class UciEngineEditor(QWidget):
    """Path field with Browse/Check buttons, a status line and an options table.

    Signals:
        checked(bool ok): a check of the current path finished.
    """

    checked = Signal(bool)

    def __init__(
        self,
        path: str = "",
        options: Sequence[tuple[str, str]] = (),
        parent: QWidget | None = None,
        probe: EngineProbe | None = None,
    ) -> None:
        super().__init__(parent)
        self._saved_options = dict(options)
        self._description: UciEngineDescription | None = None
        self._option_editors: dict[str, tuple[UciOptionInfo, QWidget]] = {}
        self._probe = probe or EngineProbe(parent=self)
        self._probe.finished.connect(self._on_probe_finished)
        self._pending_path: str | None = None

        self.path_edit = QLineEdit(path, self)
        self.path_edit.setObjectName("uci_path")
        self.path_edit.setAccessibleName(self.tr("UCI engine program"))
        self.path_edit.setPlaceholderText(self.tr("Path of a UCI engine, e.g. /usr/games/stockfish"))
        self.browse_button = QPushButton(self.tr("Browse…"), self)
        self.check_button = QPushButton(self.tr("Check"), self)
        self.check_button.setToolTip(self.tr("Start the engine once to see that it works and to list its options"))
        self.status_label = QLabel(self)
        self.status_label.setWordWrap(True)
        self.options_table = QTableWidget(0, 2, self)
        self.options_table.setObjectName("uci_options")
        self.options_table.setAccessibleName(self.tr("Engine options"))
        self.options_table.setTabKeyNavigation(False)  # Tab leaves the table; the arrows move in it
        self.options_table.setHorizontalHeaderLabels([self.tr("Engine option"), self.tr("Value")])
        self.options_table.verticalHeader().setVisible(False)
        self.options_table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.options_table.horizontalHeader().setStretchLastSection(True)
        self.options_table.setMinimumHeight(120)

        row = QHBoxLayout()
        row.addWidget(self.path_edit, 1)
        row.addWidget(self.browse_button)
        row.addWidget(self.check_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.status_label)
        layout.addWidget(self.options_table, 1)

        self.browse_button.clicked.connect(self._on_browse_clicked)
        self.check_button.clicked.connect(self.check)
        self.path_edit.editingFinished.connect(self._on_path_edited)
        self._set_status(self.tr("Not checked yet.") if path else self.tr("Choose an engine program."), ok=None)
        self._last_checked_path: str | None = None

    # ------------------------------------------------------------------ API
    def path(self) -> str:
        """The engine path as typed (trimmed)."""
        return self.path_edit.text().strip()

    def description(self) -> UciEngineDescription | None:
        """Name and options of the engine at :meth:`path`, once a check succeeded."""
        return self._description

    def is_checking(self) -> bool:
        """True while a check runs."""
        return self._pending_path is not None

    def check(self) -> None:
        """Start the engine in the background to validate it and list its options."""
        path = self.path()
        if not path:
            self._set_status(self.tr("Choose an engine program."), ok=False)
            return
        self._pending_path = path
        self.check_button.setEnabled(False)
        self._set_status(self.tr("Starting {path} …").format(path=path), ok=None)
        self._probe.start(path)

    def options(self) -> tuple[tuple[str, str], ...]:
        """Options to store: the ones that differ from the engine's defaults.

        Before a successful check the options read from the settings are kept as they were.
        """
        if self._description is None:
            return tuple(self._saved_options.items())
        values: list[tuple[str, str]] = []
        for name, (info, editor) in self._option_editors.items():
            value = _editor_value(info, editor)
            if value != info.default:
                values.append((name, value))
        return tuple(values)

    # ------------------------------------------------------------------ slots
    def _on_browse_clicked(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Choose a UCI chess engine"), self.path() or "/usr/games")
        if path:
            self.path_edit.setText(path)
            self.check()

    def _on_path_edited(self) -> None:
        if self.path() and self.path() != self._last_checked_path:
            self.check()

    def _on_probe_finished(self, path: str, description: object, error: str) -> None:
        if path != self._pending_path:
            return  # an older check; the path changed since
        self._pending_path = None
        self._last_checked_path = path
        self.check_button.setEnabled(True)
        if not isinstance(description, UciEngineDescription):
            self._description = None
            self._set_status(error, ok=False)
            self._fill_options(())
            self.checked.emit(False)
            return
        if self._description is not None:
            self._saved_options = dict(self.options())  # keep edits when checking again
        self._description = description
        author = f" by {description.author}" if description.author else ""
        self._set_status(
            self.tr("✓ {name}{author} — {count} options").format(
                name=description.name, author=author, count=len(description.options)
            ),
            ok=True,
        )
        self._fill_options(description.options)
        self.checked.emit(True)

    # ------------------------------------------------------------------ helpers
    def _set_status(self, text: str, ok: bool | None) -> None:
        colour = {True: "#2e7d32", False: "#c62828", None: "palette(text)"}[ok]
        self.status_label.setStyleSheet(f"color: {colour};")
        self.status_label.setText(text)

    def _fill_options(self, options: Sequence[UciOptionInfo]) -> None:
        self.options_table.setRowCount(0)
        self._option_editors.clear()
        shown = [option for option in options if option.name.lower() not in _HIDDEN_OPTIONS]
        # The options people look for first (strength) go to the top.
        shown.sort(key=lambda option: (not _is_strength_option(option.name), option.name.lower()))
        self.options_table.setRowCount(len(shown))
        for row, option in enumerate(shown):
            label = QLabel(option.name)
            label.setContentsMargins(4, 0, 4, 0)
            self.options_table.setCellWidget(row, 0, label)
            editor = _make_editor(option, self._saved_options.get(option.name))
            self.options_table.setCellWidget(row, 1, editor)
            self._option_editors[option.name] = (option, editor)
        self.options_table.resizeRowsToContents()


def _is_strength_option(name: str) -> bool:
    return name.lower() in ("skill level", "uci_elo", "uci_limitstrength", "threads")


def _make_editor(option: UciOptionInfo, saved: str | None) -> QWidget:
    value = option.default if saved is None else saved
    if option.type == "spin":
        box = QSpinBox()
        low = option.min if option.min is not None else -(2**31)
        high = option.max if option.max is not None else 2**31 - 1
        box.setRange(max(low, -(2**31)), min(high, 2**31 - 1))
        try:
            box.setValue(int(value))
        except ValueError:
            box.setValue(int(option.default or 0) if option.default.lstrip("-").isdigit() else box.minimum())
        return box
    if option.type == "check":
        check = QCheckBox()
        check.setChecked(str(value).strip().lower() == "true")
        return check
    if option.type == "combo":
        combo = QComboBox()
        combo.addItems(list(option.choices))
        index = combo.findText(value, Qt.MatchFlag.MatchFixedString)
        combo.setCurrentIndex(max(0, index))
        return combo
    line = QLineEdit(value)
    return line


def _editor_value(option: UciOptionInfo, editor: QWidget) -> str:
    if isinstance(editor, QSpinBox):
        return str(editor.value())
    if isinstance(editor, QCheckBox):
        return "true" if editor.isChecked() else "false"
    if isinstance(editor, QComboBox):
        return editor.currentText()
    if isinstance(editor, QLineEdit):
        return editor.text()
    return option.default
