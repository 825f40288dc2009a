"""The settings dialog's endgame tablebase rows: a Syzygy and a Gaviota directory, and their use in play."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from chessgui.storage.tablebase_check import check_tablebases
from chessgui.storage.tablebase_files import suggested_gaviota_dir
from chessgui.storage.tablebases import TablebaseSettings


class TablebaseEditor(QWidget):
    """Edits a :class:`TablebaseSettings`; empty directories mean no tables of that kind.

    When Debian's ``gaviotatb`` tables are installed and no Gaviota directory is set,
    a button offers them in one click. The line under the rows says what was found
    (or what is wrong) each time a directory changes.
    """

    def __init__(
        self, settings: TablebaseSettings, parent: QWidget | None = None, suggestion: str | None = None
    ) -> None:
        super().__init__(parent)
        self._suggestion = suggestion if suggestion is not None else suggested_gaviota_dir()
        self.syzygy_edit = QLineEdit(settings.syzygy_dir, self)
        self.syzygy_edit.setAccessibleName(self.tr("Syzygy directory"))
        self.syzygy_edit.setPlaceholderText(self.tr("No Syzygy tables"))
        self.syzygy_edit.setClearButtonEnabled(True)
        self.syzygy_edit.setToolTip(self.tr("The directory with Syzygy tables (.rtbw and .rtbz files)"))
        self.syzygy_button = QPushButton(self.tr("Choose…"), self)
        self.gaviota_edit = QLineEdit(settings.gaviota_dir, self)
        self.gaviota_edit.setAccessibleName(self.tr("Gaviota directory"))
        self.gaviota_edit.setPlaceholderText(self.tr("No Gaviota tables"))
        self.gaviota_edit.setClearButtonEnabled(True)
        self.gaviota_edit.setToolTip(self.tr("The directory with Gaviota tables (.gtb.cp4 files)"))
        self.gaviota_button = QPushButton(self.tr("Choose…"), self)
        self.suggest_button = QPushButton(self.tr("Use installed tables"), self)
        self.suggest_button.setToolTip(
            self.tr("Use the Gaviota tables installed in {suggestion}").format(suggestion=self._suggestion)
        )
        self.play_check = QCheckBox(
            self.tr("Computer players play the tablebase move when the tables cover the position"), self
        )
        self.play_check.setChecked(settings.play_perfectly)
        self.status_label = QLabel(self)
        self.status_label.setObjectName("tablebase_status")
        self.status_label.setWordWrap(True)

        syzygy_row = QHBoxLayout()
        syzygy_row.addWidget(self.syzygy_edit, 1)
        syzygy_row.addWidget(self.syzygy_button)
        gaviota_row = QHBoxLayout()
        gaviota_row.addWidget(self.gaviota_edit, 1)
        gaviota_row.addWidget(self.gaviota_button)
        gaviota_row.addWidget(self.suggest_button)
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow(self.tr("Syzygy tables:"), syzygy_row)
        form.addRow(self.tr("Gaviota tables:"), gaviota_row)
        form.addRow(self.play_check)
        form.addRow(self.status_label)

        self.syzygy_button.clicked.connect(
            lambda: self._browse(self.syzygy_edit, self.tr("Choose the Syzygy directory"))
        )
        self.gaviota_button.clicked.connect(
            lambda: self._browse(self.gaviota_edit, self.tr("Choose the Gaviota directory"))
        )
        self.suggest_button.clicked.connect(self.on_suggest_clicked)
        self.syzygy_edit.editingFinished.connect(self._update)
        self.gaviota_edit.editingFinished.connect(self._update)
        self._update()

    def tablebase_settings(self) -> TablebaseSettings:
        """The settings as edited."""
        return TablebaseSettings(
            syzygy_dir=self.syzygy_edit.text().strip(),
            gaviota_dir=self.gaviota_edit.text().strip(),
            play_perfectly=self.play_check.isChecked(),
        )

    def on_suggest_clicked(self) -> None:
        """Fill in the installed Gaviota tables."""
        if self._suggestion:
            self.gaviota_edit.setText(self._suggestion)
            self._update()

    def _browse(self, edit: QLineEdit, title: str) -> None:
        directory = QFileDialog.getExistingDirectory(self, title, edit.text())
        if directory:
            edit.setText(directory)
            self._update()

    def _update(self) -> None:
        settings = self.tablebase_settings()
        self.suggest_button.setVisible(bool(self._suggestion) and not settings.gaviota_dir)
        if not settings.is_configured():
            hint = self.tr(" Debian's gaviotatb package has 3-piece Gaviota tables.") if not self._suggestion else ""
            self.status_label.setText(self.tr("No tablebases: set a directory to get exact endgame results.") + hint)
            return
        self.status_label.setText(check_tablebases(settings).summary())
