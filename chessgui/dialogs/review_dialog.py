"""Analysis ▸ Review game: choose how deep (or how long per move) and which engine reviews."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from chessgui.engines.review import ReviewEngine, ReviewLimit
from chessgui.game.chess_words import player_display_name

DEFAULT_SECONDS_PER_MOVE = 0.5
DEFAULT_DEPTH = 12
MAX_DEPTH = 40


class ReviewDialog(QDialog):
    """Asks for the review's depth or time per move and its engine (the built-in one by default)."""

    def __init__(self, engines: Sequence[ReviewEngine], positions: int, parent: QWidget | None = None) -> None:
        """``engines``: the choices, the built-in engine first; ``positions``: how many the game has."""
        super().__init__(parent)
        self.setWindowTitle(self.tr("Review game"))
        self._engines = list(engines) or [ReviewEngine()]
        self._positions = positions
        self.time_button = QRadioButton(self.tr("Time per move"), self)
        self.depth_button = QRadioButton(self.tr("Depth"), self)
        self.time_button.setChecked(True)
        self.seconds = QDoubleSpinBox(self)
        self.seconds.setAccessibleName(self.tr("Seconds per move"))
        self.seconds.setRange(0.1, 60.0)
        self.seconds.setSingleStep(0.1)
        self.seconds.setDecimals(1)
        self.seconds.setSuffix(self.tr(" s"))
        self.seconds.setValue(DEFAULT_SECONDS_PER_MOVE)
        self.depth_box = QSpinBox(self)  # not "depth": that is QWidget.depth(), the colour depth
        self.depth_box.setAccessibleName(self.tr("Search depth"))
        self.depth_box.setRange(1, MAX_DEPTH)
        self.depth_box.setValue(DEFAULT_DEPTH)
        self.engine = QComboBox(self)
        for engine in self._engines:
            self.engine.addItem(player_display_name(engine.name))
        self.estimate = QLabel(self)

        form = QFormLayout()
        time_row, depth_row = QHBoxLayout(), QHBoxLayout()
        time_row.addWidget(self.time_button)
        time_row.addWidget(self.seconds, 1)
        depth_row.addWidget(self.depth_button)
        depth_row.addWidget(self.depth_box, 1)
        form.addRow(time_row)
        form.addRow(depth_row)
        form.addRow(self.tr("Engine"), self.engine)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Review"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.estimate)
        layout.addWidget(buttons)
        for signal in (self.time_button.toggled, self.seconds.valueChanged, self.depth_box.valueChanged):
            signal.connect(self._update)
        self._update()

    def limit(self) -> ReviewLimit:
        """The chosen depth or time per move."""
        if self.depth_button.isChecked():
            return ReviewLimit(depth=self.depth_box.value())
        return ReviewLimit(movetime_ms=round(self.seconds.value() * 1000))

    def chosen_engine(self) -> ReviewEngine:
        """The chosen engine."""
        return self._engines[max(0, self.engine.currentIndex())]

    def _update(self) -> None:
        timed = self.time_button.isChecked()
        self.seconds.setEnabled(timed)
        self.depth_box.setEnabled(not timed)
        if timed:
            total = self._positions * self.seconds.value()
            self.estimate.setText(
                self.tr("{positions} positions: about {duration} (less for positions reviewed before).").format(
                    positions=self._positions, duration=_duration(total)
                )
            )
        else:
            self.estimate.setText(
                self.tr("{positions} positions at depth {value}.").format(
                    positions=self._positions, value=self.depth_box.value()
                )
            )


def _duration(seconds: float) -> str:
    return f"{round(seconds)} s" if seconds < 90 else f"{round(seconds / 60)} min"
