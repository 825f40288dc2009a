"""The settings dialog's opening-book row for one computer side: on/off, file, depth, choice rule."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from chessgui.i18n import QT_TRANSLATE_NOOP
from chessgui.storage.book import BOOK_DEPTH_RANGE, DEFAULT_BOOK_LABEL, BookChoice, BookSettings, book_problem

_CHOICES = (
    (BookChoice.WEIGHTED_RANDOM, QT_TRANSLATE_NOOP("BookEditor", "Random, by weight (varied games)")),
    (BookChoice.BEST_WEIGHT, QT_TRANSLATE_NOOP("BookEditor", "Best weight (always the same)")),
)


class BookEditor(QWidget):
    """Edits a :class:`BookSettings`; an empty file field means the default book."""

    def __init__(self, settings: BookSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.enabled_check = QCheckBox(self.tr("Play opening book moves"), self)
        self.path_edit = QLineEdit(self)
        self.path_edit.setAccessibleName(self.tr("Opening book file"))
        self.path_edit.setPlaceholderText(self.tr(DEFAULT_BOOK_LABEL))
        self.path_edit.setClearButtonEnabled(True)
        self.path_edit.setToolTip(self.tr("A polyglot .bin book; leave empty for the default book"))
        self.browse_button = QPushButton(self.tr("Choose…"), self)
        self.browse_button.clicked.connect(self.on_browse_clicked)
        self.depth_spin = QSpinBox(self)
        self.depth_spin.setRange(*BOOK_DEPTH_RANGE)
        self.depth_spin.setPrefix(self.tr("up to move "))
        self.choice_combo = QComboBox(self)
        for choice, text in _CHOICES:
            self.choice_combo.addItem(self.tr(text), choice.value)
        self.status_label = QLabel(self)
        self.status_label.setWordWrap(True)
        self.status_label.setStyleSheet("color: palette(mid);")

        file_row = QHBoxLayout()
        file_row.addWidget(self.path_edit, 1)
        file_row.addWidget(self.browse_button)
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow(self.enabled_check)
        form.addRow(self.tr("Book file:"), file_row)
        form.addRow(self.tr("Book depth:"), self.depth_spin)
        form.addRow(self.tr("Book moves:"), self.choice_combo)
        form.addRow(self.status_label)

        self.enabled_check.setChecked(settings.enabled)
        self.path_edit.setText(settings.path)
        self.depth_spin.setValue(settings.max_moves)
        self.choice_combo.setCurrentIndex(max(0, self.choice_combo.findData(settings.choice.value)))
        self.enabled_check.toggled.connect(self._update)
        self.path_edit.editingFinished.connect(self._update)
        self._update()

    def book_settings(self) -> BookSettings:
        """The settings as edited."""
        return BookSettings(
            enabled=self.enabled_check.isChecked(),
            path=self.path_edit.text().strip(),
            max_moves=self.depth_spin.value(),
            choice=BookChoice.from_setting(self.choice_combo.currentData(), BookChoice.WEIGHTED_RANDOM),
        )

    def on_browse_clicked(self) -> None:
        """Pick a .bin file."""
        path, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Choose an opening book"),
            self.path_edit.text(),
            self.tr("Polyglot books (*.bin);;All files (*)"),
        )
        if path:
            self.path_edit.setText(path)
            self._update()

    def _update(self) -> None:
        on = self.enabled_check.isChecked()
        for widget in (self.path_edit, self.browse_button, self.depth_spin, self.choice_combo):
            widget.setEnabled(on)
        problem = book_problem(self.book_settings()) if on else None
        self.status_label.setText(
            self.tr("{problem} The engine will play by search.").format(problem=problem) if problem else ""
        )
        self.status_label.setVisible(bool(problem))
