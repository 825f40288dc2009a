"""The "New game" / "Settings" dialog: who plays each side, how strong, board options, clock.

The dialog edits a copy of :class:`~chessgui.storage.settings.Settings`; the caller
reads :meth:`SettingsDialog.result_settings` after ``exec()`` returns Accepted
and applies it (players change from the next move).
"""

from __future__ import annotations

import chess
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QSizePolicy,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from chessgui.clock.time_control import EngineTimeMode
from chessgui.dialogs.access_editor import AccessEditor
from chessgui.dialogs.board_look_editor import BoardLookEditor
from chessgui.dialogs.player_editor import PlayerEditor
from chessgui.dialogs.tablebase_editor import TablebaseEditor
from chessgui.dialogs.time_control_editor import TimeControlEditor
from chessgui.dialogs.uci_engine_editor import EngineProbe
from chessgui.game.chess_words import PieceLetters
from chessgui.i18n import Language
from chessgui.storage.board_settings import ANIMATION_RANGE_MS, BoardSettings
from chessgui.storage.settings import (
    MIN_MOVE_DELAY_RANGE_MS,
    Settings,
)


class SettingsDialog(QDialog):
    """Edit a copy of the settings; read :meth:`result_settings` after Accepted."""

    def __init__(
        self,
        settings: Settings,
        parent: QWidget | None = None,
        title: str | None = None,
        probe: EngineProbe | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(title if title is not None else self.tr("Settings"))
        self._settings = settings
        # Tab goes in creation order: the page tabs first, then each page's controls, OK and Cancel last.
        self.tabs = QTabWidget(self)
        self.tabs.setAccessibleName(self.tr("Settings pages"))
        self.white_editor = PlayerEditor(chess.WHITE, settings.white, self, probe)
        self.black_editor = PlayerEditor(chess.BLACK, settings.black, self, probe)

        self.delay_spin = QDoubleSpinBox(self)
        self.delay_spin.setRange(MIN_MOVE_DELAY_RANGE_MS[0] / 1000, MIN_MOVE_DELAY_RANGE_MS[1] / 1000)
        self.delay_spin.setDecimals(1)
        self.delay_spin.setSingleStep(0.1)
        self.delay_spin.setSuffix(self.tr(" s"))
        self.delay_spin.setValue(settings.min_move_delay_ms / 1000)
        self.delay_spin.setToolTip(self.tr("Computer vs computer: the least time between two moves, so you can follow"))

        self.show_thinking_check = QCheckBox(self.tr("Show the computer's score and line while I play it"), self)
        self.show_thinking_check.setObjectName("show_thinking_check")
        self.show_thinking_check.setChecked(settings.show_thinking)
        self.show_thinking_check.setToolTip(
            self.tr(
                "Off, they show when the game ends, with the evaluation bar. "
                "Seeing them is the computer's help: a game against a level is then not rated."
            )
        )

        players_page = QWidget(self)
        sides = QHBoxLayout()
        sides.addWidget(self.white_editor, 1)
        sides.addWidget(self.black_editor, 1)
        delay_row = QFormLayout()
        delay_row.addRow(self.tr("Computer vs computer, pause between moves at least:"), self.delay_spin)
        delay_row.addRow(self.show_thinking_check)
        players_layout = QVBoxLayout(players_page)
        players_layout.addLayout(sides, 1)
        players_layout.addLayout(delay_row)

        self.time_control_editor = TimeControlEditor(self)
        self.time_control_editor.set_time_control(settings.time_control)
        self.engine_time_combo = QComboBox(self)
        for mode in EngineTimeMode:
            self.engine_time_combo.addItem(mode.label, mode)
        self.engine_time_combo.setCurrentIndex(self.engine_time_combo.findData(settings.engine_time_mode))
        self.time_control_editor.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        clock_page = QWidget(self)
        clock_form = QFormLayout()
        clock_form.addRow(self.tr("Time control:"), self.time_control_editor)
        clock_form.addRow(self.tr("Computer on a clock:"), self.engine_time_combo)
        self.clock_note = QLabel(clock_page)
        self.clock_note.setWordWrap(True)
        clock_form.addRow(self.clock_note)
        self.time_control_editor.changed.connect(self._update_clock_note)
        self.engine_time_combo.currentIndexChanged.connect(self._update_clock_note)
        self._update_clock_note()
        clock_layout = QVBoxLayout(clock_page)
        clock_layout.addLayout(clock_form)
        clock_layout.addStretch(1)

        board = settings.board
        self.look_editor = BoardLookEditor(board, self)  # first on its page, so first in the tab order
        self.legal_moves_check = QCheckBox(self.tr("Show legal moves"), self)
        self.legal_moves_check.setChecked(board.show_legal_moves)
        self.coordinates_check = QCheckBox(self.tr("Show coordinates"), self)
        self.coordinates_check.setChecked(board.show_coordinates)
        self.auto_flip_check = QCheckBox(self.tr("Turn the board to the human's side"), self)
        self.auto_flip_check.setChecked(board.auto_flip)
        self.animation_spin = QSpinBox(self)
        self.animation_spin.setRange(*ANIMATION_RANGE_MS)
        self.animation_spin.setSingleStep(50)
        self.animation_spin.setSuffix(self.tr(" ms"))
        self.animation_spin.setSpecialValueText(self.tr("Off"))
        self.animation_spin.setValue(board.animation_ms)
        board_page = QWidget(self)
        board_form = QFormLayout(board_page)
        board_form.addRow(self.look_editor)
        board_form.addRow(self.legal_moves_check)
        board_form.addRow(self.coordinates_check)
        board_form.addRow(self.auto_flip_check)
        board_form.addRow(self.tr("Move animation:"), self.animation_spin)
        self.piece_letters_combo = QComboBox(self)
        self.piece_letters_combo.setObjectName("piece_letters_combo")
        for letters in PieceLetters:
            self.piece_letters_combo.addItem(letters.label, letters)
        self.piece_letters_combo.setCurrentIndex(self.piece_letters_combo.findData(settings.piece_letters))
        self.piece_letters_combo.setToolTip(
            self.tr("How the move list, hints and engine lines name the pieces; PGN files always use K Q R B N")
        )
        board_form.addRow(self.tr("Piece letters in moves:"), self.piece_letters_combo)
        self.language_combo = QComboBox(self)
        self.language_combo.setObjectName("language_combo")
        for language in Language:
            self.language_combo.addItem(language.label, language)
        self.language_combo.setCurrentIndex(self.language_combo.findData(settings.language))
        self.language_note = QLabel(self.tr("A new language takes effect after a restart."), self)
        self.language_note.setWordWrap(True)
        self.language_note.setVisible(False)
        self.language_combo.currentIndexChanged.connect(
            lambda: self.language_note.setVisible(self.language_combo.currentData() != settings.language)
        )
        board_form.addRow(self.tr("Language:"), self.language_combo)
        board_form.addRow(self.language_note)

        self.tabs.addTab(players_page, self.tr("Players"))
        self.tabs.addTab(clock_page, self.tr("Clock"))
        self.tabs.addTab(board_page, self.tr("Board"))
        self.tablebase_editor = TablebaseEditor(settings.tablebases, self)
        tablebase_page = QWidget(self)
        tablebase_layout = QVBoxLayout(tablebase_page)
        tablebase_layout.addWidget(self.tablebase_editor)
        tablebase_layout.addStretch(1)
        self.tabs.addTab(tablebase_page, self.tr("Tablebases"))
        self.access_editor = AccessEditor(settings.access, self)
        self.tabs.addTab(self.access_editor, self.tr("Sound && access"))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.button_box = buttons
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(buttons)
        self.resize(820, 560)

    def result_settings(self) -> Settings:
        """The settings as edited (the input value is left untouched)."""
        return Settings(
            white=self.white_editor.player_settings(),
            black=self.black_editor.player_settings(),
            board=BoardSettings(
                show_legal_moves=self.legal_moves_check.isChecked(),
                show_coordinates=self.coordinates_check.isChecked(),
                animation_ms=self.animation_spin.value(),
                auto_flip=self.auto_flip_check.isChecked(),
                theme=self.look_editor.theme(),
                piece_set=self.look_editor.piece_set(),
                color_scheme=self.look_editor.color_scheme(),
            ),
            min_move_delay_ms=int(round(self.delay_spin.value() * 1000)),
            time_control=self.time_control_editor.time_control(),
            engine_time_mode=self.engine_time_combo.currentData() or self._settings.engine_time_mode,
            tablebases=self.tablebase_editor.tablebase_settings(),
            access=self.access_editor.access_settings(),
            language=self.language_combo.currentData() or Language.SYSTEM,
            piece_letters=self.piece_letters_combo.currentData() or PieceLetters.ENGLISH,
            show_thinking=self.show_thinking_check.isChecked(),
        )

    def _update_clock_note(self) -> None:
        """Say how the computer decides its thinking time with the clock now chosen."""
        if not self.time_control_editor.time_control().is_timed():
            text = self.tr("Without a clock, each computer side thinks for its time per move (Players tab).")
            self.engine_time_combo.setEnabled(False)
        elif self.engine_time_combo.currentData() is EngineTimeMode.FIXED_PER_MOVE:
            text = self.tr(
                "Each computer side thinks for its time per move (Players tab), "
                "whatever its clock shows, so it may lose on time."
            )
            self.engine_time_combo.setEnabled(True)
        else:
            text = self.tr("Each computer side plans its thinking time from its remaining time and increment.")
            self.engine_time_combo.setEnabled(True)
        self.clock_note.setText(text)

    def problem(self) -> str | None:
        """Why the settings cannot be accepted yet (plain words), or None."""
        return self.white_editor.problem() or self.black_editor.problem()

    def accept(self) -> None:
        problem = self.problem()
        if problem is not None:
            QMessageBox.warning(self, self.windowTitle(), problem)
            return
        super().accept()
