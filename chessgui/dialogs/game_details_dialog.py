"""Game ▸ Game details…: edit the game's PGN headers (event, site, date, round, players, other tags).

The dialog edits copies of the values only; after ``exec()`` is Accepted the
caller hands :meth:`GameDetailsDialog.headers` to the controller, which owns the
game. The result (and FEN/SetUp) belong to the game itself and are shown, not edited.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from chessgui.i18n import QT_TRANSLATE_NOOP

EDITABLE_ROSTER = ("Event", "Site", "Date", "Round", "White", "Black")
"""The seven-tag roster without Result, in PGN order."""
SHOWN_ONLY = ("Result",)
"""Tags shown but decided by the game."""
HIDDEN = frozenset({"FEN", "SetUp"})
"""Tags that describe the start position; the position editor owns them."""

_DATE = re.compile(r"^[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}$")
_PLACEHOLDERS = {
    "Date": QT_TRANSLATE_NOOP("GameDetailsDialog", "YYYY.MM.DD (?? for unknown parts)"),
    "Round": QT_TRANSLATE_NOOP("GameDetailsDialog", "e.g. 3 or 2.1"),
    "Site": QT_TRANSLATE_NOOP("GameDetailsDialog", "City, country"),
}
_TAG_LABELS = {
    "Event": QT_TRANSLATE_NOOP("GameDetailsDialog", "Event"),
    "Site": QT_TRANSLATE_NOOP("GameDetailsDialog", "Site"),
    "Date": QT_TRANSLATE_NOOP("GameDetailsDialog", "Date"),
    "Round": QT_TRANSLATE_NOOP("GameDetailsDialog", "Round"),
    "White": QT_TRANSLATE_NOOP("GameDetailsDialog", "White"),
    "Black": QT_TRANSLATE_NOOP("GameDetailsDialog", "Black"),
}
"""What the form calls the seven-tag roster's tags (other tags show their PGN name)."""


class GameDetailsDialog(QDialog):
    """A form of the game's tags; read :meth:`headers` after Accepted."""

    def __init__(self, headers: Mapping[str, str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Game details"))
        self._fields: dict[str, QLineEdit] = {}
        form = QFormLayout()
        extra = [
            name for name in headers if name not in EDITABLE_ROSTER and name not in SHOWN_ONLY and name not in HIDDEN
        ]
        for name in (*EDITABLE_ROSTER, *extra):
            value = headers.get(name, "")
            edit = QLineEdit("" if _is_unknown(value) else value, self)
            edit.setObjectName(f"tag_{name}")
            edit.setPlaceholderText(self.tr(_PLACEHOLDERS[name]) if name in _PLACEHOLDERS else "?")
            edit.textChanged.connect(self._update_problem)
            self._fields[name] = edit
            form.addRow(self.tr("{tag}:").format(tag=self.tr(_TAG_LABELS[name]) if name in _TAG_LABELS else name), edit)
        result = QLabel(headers.get("Result", "*"), self)
        result.setToolTip(self.tr("The result comes from the game itself"))
        form.addRow(self.tr("Result:"), result)

        self._problem = QLabel(self)
        self._problem.setWordWrap(True)
        self._problem.setForegroundRole(QPalette.ColorRole.WindowText)
        self._buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self._buttons.accepted.connect(self.accept)
        self._buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self._problem)
        layout.addWidget(self._buttons)
        self.resize(460, self.sizeHint().height())
        self._update_problem()

    def field(self, name: str) -> QLineEdit:
        """The text box of tag ``name``."""
        return self._fields[name]

    def headers(self) -> dict[str, str]:
        """Every editable tag with its value as typed (trimmed; empty means unknown / remove)."""
        return {name: " ".join(edit.text().split()) for name, edit in self._fields.items()}

    def problem(self) -> str | None:
        """Why the details cannot be saved as they are (plain words), or None."""
        date = self.headers()["Date"]
        if date and not _DATE.match(date):
            return self.tr("Date: write it as YYYY.MM.DD, with ?? for unknown parts (e.g. 2024.05.??).")
        return None

    def accept(self) -> None:
        if self.problem() is None:
            super().accept()

    def _update_problem(self) -> None:
        problem = self.problem()
        self._problem.setText(problem or "")
        self._problem.setVisible(problem is not None)
        self._buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(problem is None)


def _is_unknown(value: str) -> bool:
    """PGN writes unknown values as "?" (and "????.??.??" for dates): show those as empty boxes."""
    return value != "" and set(value) <= set("?.")
