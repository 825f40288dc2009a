"""The built-in engine's strength control: full strength, or a level from 800 to 2400 Elo.

A "Full strength" check box, a slider with a spin box showing the Elo (steps of 100), and a
row of named presets (Beginner 800 … Master 2400). :meth:`StrengthControl.elo` is None at full
strength, so it maps directly onto ``PlayerSettings.elo``.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QSlider, QSpinBox, QVBoxLayout, QWidget

from chessgui.storage.settings import LEVEL_PRESETS, LEVEL_RANGE, LEVEL_STEP

DEFAULT_LEVEL = 1600


class StrengthControl(QWidget):
    """Full strength, or a level in Elo with named presets."""

    elo_changed = Signal(object)
    """The chosen level (int) or None for full strength."""

    def __init__(self, elo: int | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.full_check = QCheckBox(self.tr("Full strength"), self)
        self.full_check.setToolTip(self.tr("Play as strongly as the engine can (analysis and hints always do)"))
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setRange(LEVEL_RANGE[0] // LEVEL_STEP, LEVEL_RANGE[1] // LEVEL_STEP)
        self.slider.setPageStep(4)
        self.slider.setAccessibleName(self.tr("Engine level"))
        self.spin = QSpinBox(self)
        self.spin.setRange(*LEVEL_RANGE)
        self.spin.setSingleStep(LEVEL_STEP)
        self.spin.setSuffix(self.tr(" Elo"))
        self.spin.setAccessibleName(self.tr("Engine level in Elo"))
        self.presets = QComboBox(self)
        self.presets.addItem(self.tr("Custom"), None)
        for name, value in LEVEL_PRESETS:
            self.presets.addItem(self.tr("{name} ({value})").format(name=self.tr(name), value=value), value)
        self.presets.setAccessibleName(self.tr("Level presets"))
        # What the numbers mean, as measured (docs/levels.md): the top two levels ask for more
        # than the engine has at a fast time control, and the user should know it.
        calibration = self.tr(
            "Measured against Stockfish at 10 s + 0.1 s a game: levels 800–2200 play within 150 of "
            "their number; 2300 and 2400 play at (nearly) the engine's full strength, measured at 2100–2250."
        )
        self.slider.setToolTip(f"<p>{calibration}</p>")  # rich text: Qt wraps it
        self.spin.setToolTip(f"<p>{calibration}</p>")

        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.slider, 1)
        row.addWidget(self.spin)
        row.addWidget(self.presets)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.full_check)
        layout.addLayout(row)

        self._syncing = False
        self.set_elo(elo)
        self.full_check.toggled.connect(self._on_full_toggled)
        self.slider.valueChanged.connect(lambda steps: self._set_level(steps * LEVEL_STEP))
        self.spin.editingFinished.connect(lambda: self._set_level(self.spin.value()))
        self.spin.valueChanged.connect(self._on_spin_changed)
        self.presets.activated.connect(self._on_preset)

    # ------------------------------------------------------------------ API
    def elo(self) -> int | None:
        """The chosen level, or None for full strength."""
        return None if self.full_check.isChecked() else self.spin.value()

    def set_elo(self, elo: int | None) -> None:
        """Show ``elo`` (snapped to a level), or full strength for None."""
        self._syncing = True
        try:
            self.full_check.setChecked(elo is None)
            self._show_level(DEFAULT_LEVEL if elo is None else _snap(elo))
        finally:
            self._syncing = False
        self._update_enabled()

    # ------------------------------------------------------------------ helpers
    def _show_level(self, level: int) -> None:
        self.slider.setValue(level // LEVEL_STEP)
        self.spin.setValue(level)
        index = self.presets.findData(level)
        self.presets.setCurrentIndex(index if index >= 0 else 0)

    def _set_level(self, value: int) -> None:
        if self._syncing:
            return
        self._syncing = True
        try:
            self._show_level(_snap(value))
        finally:
            self._syncing = False
        self.elo_changed.emit(self.elo())

    def _on_spin_changed(self, value: int) -> None:
        if value % LEVEL_STEP == 0:  # arrow keys and wheel step by 100; typed digits wait for editingFinished
            self._set_level(value)

    def _on_preset(self, index: int) -> None:
        value = self.presets.itemData(index)
        if value is not None:
            self._set_level(int(value))

    def _on_full_toggled(self) -> None:
        self._update_enabled()
        if not self._syncing:
            self.elo_changed.emit(self.elo())

    def _update_enabled(self) -> None:
        limited = not self.full_check.isChecked()
        for widget in (self.slider, self.spin, self.presets):
            widget.setEnabled(limited)


def _snap(elo: int) -> int:
    elo = min(max(int(elo), LEVEL_RANGE[0]), LEVEL_RANGE[1])
    return LEVEL_RANGE[0] + round((elo - LEVEL_RANGE[0]) / LEVEL_STEP) * LEVEL_STEP
