"""TimeControlEditor: the "Time control" part of the settings / new-game dialog.

A preset list (Untimed, 1+0 ... 30+20, Custom) and, for Custom, base minutes,
seconds and increment per side, with a handicap box that gives Black its own row.
The editor only edits a :class:`~chessgui.clock.time_control.TimeControl` value; the
dialog owning it decides when to apply it.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import QCoreApplication, QSignalBlocker, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from chessgui.clock.time_control import PRESETS, UNTIMED, TimeControl, find_preset

_CUSTOM = "custom"
_MAX_MINUTES = 600
_MAX_INCREMENT_SECONDS = 600.0


class _SideTimeRow:
    """Minutes, seconds and increment boxes for one side, placed on a grid row."""

    def __init__(self, title: str, grid: QGridLayout, row: int, parent: QWidget, name: str) -> None:
        self.title = QLabel(title, parent)
        self.minutes = QSpinBox(parent)
        self.minutes.setRange(0, _MAX_MINUTES)
        self.minutes.setSuffix(QCoreApplication.translate("TimeControlEditor", " min"))
        self.minutes.setObjectName(f"{name}_minutes")
        self.seconds = QSpinBox(parent)
        self.seconds.setRange(0, 59)
        self.seconds.setSuffix(QCoreApplication.translate("TimeControlEditor", " s"))
        self.seconds.setObjectName(f"{name}_seconds")
        self.increment = QDoubleSpinBox(parent)
        self.increment.setRange(0.0, _MAX_INCREMENT_SECONDS)
        self.increment.setDecimals(1)
        self.increment.setSingleStep(1.0)
        self.increment.setSuffix(QCoreApplication.translate("TimeControlEditor", " s"))
        self.increment.setObjectName(f"{name}_increment")
        self.set_title(title)
        self.plus = QLabel(QCoreApplication.translate("_SideTimeRow", "+ increment"), parent)
        for column, widget in enumerate((self.title, self.minutes, self.seconds, self.plus, self.increment)):
            grid.addWidget(widget, row, column)

    def set_title(self, title: str) -> None:
        """Name the row ("White", "Both sides"); its boxes are named after it for screen readers."""
        self.title.setText(title)
        for spin, what in (
            (self.minutes, QCoreApplication.translate("_SideTimeRow", "minutes")),
            (self.seconds, QCoreApplication.translate("_SideTimeRow", "seconds")),
            (self.increment, QCoreApplication.translate("_SideTimeRow", "increment")),
        ):
            spin.setAccessibleName(f"{title}: {what}")

    def widgets(self) -> tuple[QWidget, ...]:
        return (self.title, self.minutes, self.seconds, self.plus, self.increment)

    def set_visible(self, visible: bool) -> None:
        for widget in self.widgets():
            widget.setVisible(visible)

    def base_ms(self) -> int:
        return (self.minutes.value() * 60 + self.seconds.value()) * 1000

    def increment_ms(self) -> int:
        return round(self.increment.value() * 1000)

    def set_values(self, base_ms: int, increment_ms: int) -> None:
        total_seconds = max(1, base_ms // 1000)
        minutes = min(_MAX_MINUTES, total_seconds // 60)
        self.minutes.setValue(minutes)
        self.seconds.setValue(total_seconds - minutes * 60 if minutes < _MAX_MINUTES else 0)
        self.increment.setValue(increment_ms / 1000.0)

    def ensure_positive_base(self) -> None:
        # A zero base would mean "flag at once"; the smallest custom base is one second.
        if self.base_ms() == 0:
            with QSignalBlocker(self.seconds):
                self.seconds.setValue(1)


class TimeControlEditor(QWidget):
    """Choose a time control: a preset, untimed, or custom (optionally a handicap).

    Signals:
        changed(object): the new :class:`TimeControl`, whenever the user changes anything.
    """

    changed = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._preset_combo = QComboBox(self)
        self._preset_combo.setObjectName("time_control_preset")
        self._preset_combo.setAccessibleName(self.tr("Time control"))
        self._preset_combo.addItem(self.tr("Untimed"), UNTIMED)
        for preset in PRESETS:
            self._preset_combo.addItem(preset.label, preset.time_control)
        self._preset_combo.addItem(self.tr("Custom…"), _CUSTOM)

        self._custom = QWidget(self)
        grid = QGridLayout(self._custom)
        grid.setContentsMargins(0, 0, 0, 0)
        self._white_row = _SideTimeRow(self.tr("Both sides"), grid, 0, self._custom, "white")
        self._black_row = _SideTimeRow(self.tr("Black"), grid, 1, self._custom, "black")
        self._handicap = QCheckBox(self.tr("Different time for each side (handicap)"), self._custom)
        self._handicap.setObjectName("time_control_handicap")
        grid.addWidget(self._handicap, 2, 0, 1, 5)

        self._summary = QLabel(self)
        self._summary.setObjectName("time_control_summary")
        self._summary.setForegroundRole(QPalette.ColorRole.PlaceholderText)

        top = QHBoxLayout()
        top.addWidget(self._preset_combo, 1)
        top.addWidget(self._summary)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self._custom)
        layout.addStretch(1)

        self._white_row.set_values(5 * 60_000, 3000)
        self._black_row.set_values(5 * 60_000, 3000)
        self._preset_combo.currentIndexChanged.connect(self._on_preset_changed)
        self._handicap.toggled.connect(self._on_handicap_toggled)
        for row in (self._white_row, self._black_row):
            row.minutes.valueChanged.connect(self._on_custom_edited)
            row.seconds.valueChanged.connect(self._on_custom_edited)
            row.increment.valueChanged.connect(self._on_custom_edited)
        self._update_visibility()

    # Public API -------------------------------------------------------------

    def time_control(self) -> TimeControl:
        """The control currently shown."""
        data = self._preset_combo.currentData()
        if isinstance(data, TimeControl):
            return data
        white_base, white_increment = self._white_row.base_ms(), self._white_row.increment_ms()
        if not self._handicap.isChecked():
            return TimeControl(white_base, white_increment, white_base, white_increment)
        return TimeControl(white_base, white_increment, self._black_row.base_ms(), self._black_row.increment_ms())

    def set_time_control(self, time_control: TimeControl) -> None:
        """Show ``time_control`` (selecting its preset when it is one). Does not emit ``changed``."""
        with QSignalBlocker(self._preset_combo), QSignalBlocker(self._handicap):
            preset = find_preset(time_control)
            if not time_control.is_timed():
                self._preset_combo.setCurrentIndex(0)
            elif preset is not None:
                self._preset_combo.setCurrentIndex(self._preset_combo.findText(preset.label))
            else:
                self._preset_combo.setCurrentIndex(self._preset_combo.count() - 1)
                self._handicap.setChecked(time_control.is_handicap())
            if time_control.is_timed():
                self._set_rows(time_control)
        self._update_visibility()

    def is_custom(self) -> bool:
        """True when the custom boxes are in use rather than a preset."""
        return self._preset_combo.currentData() == _CUSTOM

    # Internals --------------------------------------------------------------

    def _set_rows(self, time_control: TimeControl) -> None:
        rows = (
            (self._white_row, chess.WHITE),
            (self._black_row, chess.BLACK),
        )
        for row, color in rows:
            blockers = [QSignalBlocker(box) for box in (row.minutes, row.seconds, row.increment)]
            row.set_values(time_control.base_ms(color), time_control.increment_ms(color))
            del blockers

    def _on_preset_changed(self, _index: int) -> None:
        data = self._preset_combo.currentData()
        if isinstance(data, TimeControl) and data.is_timed():
            # Custom starts from the last preset picked, which is what people tweak.
            self._set_rows(data)
        self._update_visibility()
        self.changed.emit(self.time_control())

    def _on_handicap_toggled(self, checked: bool) -> None:
        if checked:
            self._set_rows(self.time_control().for_side(chess.WHITE))
        self._update_visibility()
        self.changed.emit(self.time_control())

    def _on_custom_edited(self) -> None:
        self._white_row.ensure_positive_base()
        self._black_row.ensure_positive_base()
        self._update_summary()
        if self.is_custom():
            self.changed.emit(self.time_control())

    def _update_visibility(self) -> None:
        custom = self.is_custom()
        self._custom.setVisible(custom)
        handicap = self._handicap.isChecked()
        self._white_row.set_title(self.tr("White") if handicap else self.tr("Both sides"))
        self._black_row.set_visible(handicap)
        self._update_summary()

    def _update_summary(self) -> None:
        time_control = self.time_control()
        if not time_control.is_timed():
            self._summary.setText(self.tr("No clock"))
        elif self.is_custom():
            self._summary.setText(f"{time_control.category()} {time_control.describe()}")
        else:
            self._summary.setText(self.tr("minutes + seconds per move"))
