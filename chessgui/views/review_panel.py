"""The review panel under the eval graph: progress while a review runs, then the summary.

While running: a progress bar ("12 / 61 positions · about 25 s left") and a Cancel
button. Afterwards (and for a game loaded with a review): each side's accuracy and
counts of inaccuracies, mistakes and blunders, with a button to jump to that side's
next error.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QProgressBar, QPushButton, QVBoxLayout, QWidget

from chessgui.game.chess_words import side_name
from chessgui.game.review import SideSummary


def summary_text(summary: SideSummary) -> str:
    """ "92 % accuracy · 1 inaccuracy · 0 mistakes · 2 blunders"."""
    accuracy = (
        QCoreApplication.translate("review_panel", "accuracy unknown")
        if summary.accuracy is None
        else QCoreApplication.translate("review_panel", "{accuracy:.0f} % accuracy").format(accuracy=summary.accuracy)
    )
    counts = (
        (summary.inaccuracies, "inaccuracy", "inaccuracies"),
        (summary.mistakes, "mistake", "mistakes"),
        (summary.blunders, "blunder", "blunders"),
    )
    return " · ".join([accuracy, *(f"{n} {one if n == 1 else many}" for n, one, many in counts)])


def time_left_text(seconds: float) -> str:
    """ "about 25 s left", "about 3 min left"; "starting…" when not known yet."""
    if seconds < 0:
        return "starting…"
    if seconds < 90:
        return QCoreApplication.translate("review_panel", "about {value} s left").format(value=max(1, round(seconds)))
    return QCoreApplication.translate("review_panel", "about {seconds} min left").format(seconds=round(seconds / 60))


class ReviewPanel(QWidget):
    """Progress of a running review and the summary of a reviewed game.

    Signals:
        cancel_requested(): the user wants the running review stopped.
        next_error_requested(chess.Color): go to this side's next inaccuracy, mistake or blunder.
        learn_requested(chess.Color): solve this side's errors again (Learn from your mistakes).
    """

    cancel_requested = Signal()
    next_error_requested = Signal(object)
    learn_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.progress_bar = QProgressBar(self)
        self.progress_bar.setTextVisible(True)
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        self.cancel_button.setToolTip(self.tr("Stop the review (what is analysed so far is kept)"))
        self.cancel_button.clicked.connect(self.cancel_requested)
        progress_row = QHBoxLayout()
        progress_row.setContentsMargins(0, 0, 0, 0)
        progress_row.addWidget(self.progress_bar, 1)
        progress_row.addWidget(self.cancel_button)
        self._progress = QWidget(self)
        self._progress.setLayout(progress_row)

        self.summary_labels: dict[chess.Color, QLabel] = {}
        self.next_buttons: dict[chess.Color, QPushButton] = {}
        self.learn_buttons: dict[chess.Color, QPushButton] = {}
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        for row, color in enumerate((chess.WHITE, chess.BLACK)):
            name = side_name(color)
            label = QLabel(self)
            label.setObjectName(f"review_summary_{chess.COLOR_NAMES[color]}")
            label.setWordWrap(True)
            button = QPushButton(self.tr("{name}'s next mistake").format(name=name), self)
            button.setToolTip(self.tr("Show {name}'s next inaccuracy, mistake or blunder").format(name=name))
            button.clicked.connect(lambda _checked=False, c=color: self.next_error_requested.emit(c))
            learn = QPushButton(self.tr("Learn from them"), self)
            learn.setToolTip(self.tr("Find better moves in the positions where {name} went wrong").format(name=name))
            learn.clicked.connect(lambda _checked=False, c=color: self.learn_requested.emit(c))
            # The figures on one line, the side's two buttons under them: side by side, the
            # buttons squeezed the figures into four lines.
            buttons = QHBoxLayout()
            buttons.setContentsMargins(0, 0, 0, 0)
            buttons.addWidget(button)
            buttons.addWidget(learn)
            buttons.addStretch(1)
            grid.addWidget(QLabel(f"<b>{name}</b>", self), 2 * row, 0)
            grid.addWidget(label, 2 * row, 1)
            grid.addLayout(buttons, 2 * row + 1, 1)
            self.summary_labels[color] = label
            self.next_buttons[color] = button
            self.learn_buttons[color] = learn
        self._summary = QWidget(self)
        self._summary.setLayout(grid)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.addWidget(self._progress)
        layout.addWidget(self._summary)
        self._progress.hide()
        self._summary.hide()

    def set_running(self, running: bool) -> None:
        """Show the progress row while a review runs."""
        self._progress.setVisible(running)

    def is_running_shown(self) -> bool:
        """True while the progress row is shown."""
        return not self._progress.isHidden()

    def set_progress(self, done: int, total: int, seconds_left: float) -> None:
        """ "12 / 61 positions · about 25 s left"."""
        self.progress_bar.setRange(0, max(1, total))
        self.progress_bar.setValue(done)
        left = time_left_text(seconds_left) if done < total else ""
        self.progress_bar.setFormat(
            self.tr("{done} / {total} positions").format(done=done, total=total) + (f" · {left}" if left else "")
        )

    def set_summary(self, summary: dict[chess.Color, SideSummary] | None) -> None:
        """Show each side's accuracy and error counts (None: hide the summary)."""
        self._summary.setVisible(summary is not None)
        if summary is None:
            return
        for color, label in self.summary_labels.items():
            side = summary[color]
            label.setText(summary_text(side))
            has_errors = side.inaccuracies + side.mistakes + side.blunders > 0
            self.next_buttons[color].setEnabled(has_errors)
            self.learn_buttons[color].setEnabled(has_errors)
