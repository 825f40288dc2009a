"""One side of the settings' Players tab: Human (with a name) or Computer, which engine and how strong."""

from __future__ import annotations

import chess
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from chessgui.dialogs.book_editor import BookEditor
from chessgui.dialogs.strength_control import StrengthControl
from chessgui.dialogs.uci_engine_editor import EngineProbe, UciEngineEditor
from chessgui.game.chess_words import player_display_name
from chessgui.game.players import HUMAN_NAME
from chessgui.storage.settings import (
    DEPTH_RANGE,
    HASH_RANGE_MB,
    NODES_RANGE,
    PLAYER_NAME_MAX,
    THREADS_RANGE,
    PlayerKind,
    PlayerSettings,
    clean_player_name,
)

_BUILTIN_INDEX, _UCI_INDEX = 0, 1


class PlayerEditor(QGroupBox):
    """One side: Human or Computer; for the computer, which engine and how strong."""

    def __init__(
        self,
        color: chess.Color,
        settings: PlayerSettings,
        parent: QWidget | None = None,
        probe: EngineProbe | None = None,
    ) -> None:
        side = self.tr("White") if color == chess.WHITE else self.tr("Black")
        super().__init__(side, parent)
        self._color = color
        self._original = settings
        self.human_radio = QRadioButton(self.tr("Human"), self)
        self.computer_radio = QRadioButton(self.tr("Computer"), self)
        self.human_radio.setObjectName(f"{side.lower()}_human")
        self.computer_radio.setObjectName(f"{side.lower()}_computer")
        group = QButtonGroup(self)
        group.addButton(self.human_radio)
        group.addButton(self.computer_radio)

        self.engine_combo = QComboBox(self)
        self.engine_combo.addItem(self.tr("Built-in engine"))
        self.engine_combo.addItem(self.tr("External UCI engine…"))

        self.move_time_spin = QDoubleSpinBox(self)
        self.move_time_spin.setRange(0.0, 600.0)
        self.move_time_spin.setDecimals(1)
        self.move_time_spin.setSingleStep(0.5)
        self.move_time_spin.setSuffix(self.tr(" s"))
        self.move_time_spin.setSpecialValueText(self.tr("No time limit"))
        self.move_time_spin.setToolTip(self.tr("Thinking time per move when the game has no clock"))
        self.depth_check = QCheckBox(self.tr("Limit depth"), self)
        self.depth_spin = QSpinBox(self)
        self.depth_spin.setAccessibleName(self.tr("Depth limit"))
        self.depth_spin.setRange(*DEPTH_RANGE)
        self.nodes_check = QCheckBox(self.tr("Limit nodes"), self)
        self.nodes_spin = QSpinBox(self)
        self.nodes_spin.setAccessibleName(self.tr("Node limit"))
        self.nodes_spin.setRange(1000, min(NODES_RANGE[1], 2**31 - 1))
        self.nodes_spin.setSingleStep(10_000)
        self.nodes_spin.setGroupSeparatorShown(True)
        self.hash_spin = QSpinBox(self)
        self.hash_spin.setRange(*HASH_RANGE_MB)
        self.hash_spin.setSuffix(self.tr(" MB"))
        self.threads_spin = QSpinBox(self)
        self.threads_spin.setObjectName(f"{side.lower()}_threads")
        self.threads_spin.setRange(*THREADS_RANGE)
        self.threads_spin.setAccessibleName(self.tr("Search threads"))
        self.threads_spin.setToolTip(
            self.tr("Search threads of the built-in engine (more than your processor has cores only slows it down)")
        )

        builtin_page = QWidget(self)
        builtin_form = QFormLayout(builtin_page)
        builtin_form.setContentsMargins(0, 0, 0, 0)
        self.strength_control = StrengthControl(settings.elo, builtin_page)
        self.strength_control.setObjectName(f"{side.lower()}_strength")
        builtin_form.addRow(self.tr("Threads:"), self.threads_spin)  # right below Hash table
        builtin_form.addRow(self.tr("Strength:"), self.strength_control)
        builtin_form.addRow(self.depth_check, self.depth_spin)
        builtin_form.addRow(self.nodes_check, self.nodes_spin)
        self.uci_editor = UciEngineEditor(settings.uci_path, settings.uci_options, self, probe)
        self.engine_pages = QStackedWidget(self)
        self.engine_pages.addWidget(builtin_page)
        self.engine_pages.addWidget(self.uci_editor)

        self.computer_box = QWidget(self)
        form = QFormLayout(self.computer_box)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow(self.tr("Engine:"), self.engine_combo)
        form.addRow(self.tr("Time per move:"), self.move_time_spin)
        form.addRow(self.tr("Hash table:"), self.hash_spin)
        form.addRow(self.engine_pages)
        self.book_editor = BookEditor(settings.book, self)
        form.addRow(self.book_editor)

        self.name_edit = QLineEdit(self)
        self.name_edit.setObjectName(f"{side.lower()}_name")
        self.name_edit.setPlaceholderText(player_display_name(HUMAN_NAME))
        self.name_edit.setMaxLength(PLAYER_NAME_MAX)
        self.name_edit.setAccessibleName(self.tr("Name"))
        self.name_edit.setToolTip(self.tr("The person's name in the game (saved games, My games)"))

        radios = QHBoxLayout()
        radios.addWidget(self.human_radio)
        radios.addWidget(self.name_edit, 1)
        radios.addWidget(self.computer_radio)
        layout = QVBoxLayout(self)
        layout.addLayout(radios)
        layout.addWidget(self.computer_box, 1)

        self._load(settings)
        self.computer_radio.toggled.connect(self._update_enabled)
        self.engine_combo.currentIndexChanged.connect(self._on_engine_changed)
        self.depth_check.toggled.connect(self._update_enabled)
        self.nodes_check.toggled.connect(self._update_enabled)
        self._update_enabled()

    # ------------------------------------------------------------------ API
    def player_settings(self) -> PlayerSettings:
        """The side's settings as edited."""
        if self.human_radio.isChecked():
            kind = PlayerKind.HUMAN
        elif self.engine_combo.currentIndex() == _UCI_INDEX:
            kind = PlayerKind.UCI
        else:
            kind = PlayerKind.BUILTIN
        builtin = kind is PlayerKind.BUILTIN
        return PlayerSettings(
            kind=kind,
            uci_path=self.uci_editor.path(),
            uci_options=self.uci_editor.options(),
            move_time_ms=int(round(self.move_time_spin.value() * 1000)),
            # Depth/node caps are a built-in engine feature; kept as they were for other kinds.
            depth=(self.depth_spin.value() if self.depth_check.isChecked() else None)
            if builtin
            else self._original.depth,
            nodes=(self.nodes_spin.value() if self.nodes_check.isChecked() else None)
            if builtin
            else self._original.nodes,
            hash_mb=self.hash_spin.value(),
            threads=self.threads_spin.value() if builtin else self._original.threads,
            elo=self.strength_control.elo() if builtin else self._original.elo,
            book=self.book_editor.book_settings(),
            name=clean_player_name(self.name_edit.text()),
        )

    def problem(self) -> str | None:
        """Why these settings cannot be used, in plain words, or None."""
        settings = self.player_settings()
        side = self.title()
        if settings.kind is PlayerKind.UCI and not settings.uci_path:
            return self.tr("{side}: choose the external engine program, or pick the built-in engine.").format(side=side)
        if settings.kind is PlayerKind.UCI and self.uci_editor.is_checking():
            return self.tr("{side}: the engine is still being checked; try again in a moment.").format(side=side)
        return None

    # ------------------------------------------------------------------ helpers
    def _load(self, settings: PlayerSettings) -> None:
        self.human_radio.setChecked(settings.kind is PlayerKind.HUMAN)
        self.name_edit.setText(settings.name)
        self.computer_radio.setChecked(settings.kind is not PlayerKind.HUMAN)
        self.engine_combo.setCurrentIndex(_UCI_INDEX if settings.kind is PlayerKind.UCI else _BUILTIN_INDEX)
        self.engine_pages.setCurrentIndex(self.engine_combo.currentIndex())
        self.move_time_spin.setValue(settings.move_time_ms / 1000)
        self.depth_check.setChecked(settings.depth is not None)
        self.depth_spin.setValue(settings.depth or 8)
        self.nodes_check.setChecked(settings.nodes is not None)
        self.nodes_spin.setValue(settings.nodes or 100_000)
        self.hash_spin.setValue(settings.hash_mb)
        self.threads_spin.setValue(settings.threads)
        self.strength_control.set_elo(settings.elo)
        if settings.kind is PlayerKind.UCI and settings.uci_path:
            self.uci_editor.check()

    def _on_engine_changed(self, index: int) -> None:
        self.engine_pages.setCurrentIndex(index)
        if index == _UCI_INDEX and self.uci_editor.path() and self.uci_editor.description() is None:
            self.uci_editor.check()
        self._update_enabled()

    def _update_enabled(self) -> None:
        self.computer_box.setEnabled(self.computer_radio.isChecked())
        self.name_edit.setEnabled(self.human_radio.isChecked())
        self.depth_spin.setEnabled(self.depth_check.isChecked())
        self.nodes_spin.setEnabled(self.nodes_check.isChecked())
        # "No time limit" only makes sense when depth or nodes stop the built-in engine.
        builtin = self.engine_combo.currentIndex() == _BUILTIN_INDEX
        capped = builtin and (self.depth_check.isChecked() or self.nodes_check.isChecked())
        self.move_time_spin.setMinimum(0.0 if capped else 0.1)
