"""The look part of the Board settings tab: board theme, piece set, light/dark window, and a live preview.

The preview is a real (input-less) board widget showing an opening position with
its last move and an arrow, so the theme's colours and the piece set are visible
before the user presses OK; its frame takes the chosen window colours too.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QComboBox, QFormLayout, QHBoxLayout, QSizePolicy, QVBoxLayout, QWidget

from chessgui.storage.board_settings import BoardSettings, ColorScheme
from chessgui.views.board.board_widget import BoardWidget
from chessgui.views.board.piece_sets import DEFAULT_PIECE_SET, PIECE_SETS, piece_renderer
from chessgui.views.board.theme import DEFAULT_THEME_NAME, THEME_LABELS, THEMES, theme_named
from chessgui.views.color_scheme import dark_palette, is_dark, system_prefers_dark

PREVIEW_MOVES = ("e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "Ng5")
"""The preview position: the Two Knights, Knight attack (a last move, pieces of every kind)."""
PREVIEW_ARROW = (chess.G5, chess.F7)
"""An arrow on the preview (the knight's threat), to show the theme's arrow colour."""
PREVIEW_SIZE = 240
"""Smallest side of the preview board in pixels."""


class BoardLookEditor(QWidget):
    """Theme, piece set and colour scheme choices with a preview that follows every change."""

    def __init__(self, settings: BoardSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.theme_combo = QComboBox(self)
        self.theme_combo.setObjectName("theme_combo")
        for name in THEMES:
            self.theme_combo.addItem(self.tr(THEME_LABELS.get(name, name.capitalize())), name)
        self.piece_set_combo = QComboBox(self)
        self.piece_set_combo.setObjectName("piece_set_combo")
        # Wide enough for its longest name ("Cburnett (lichess)" was cut off).
        self.piece_set_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for piece_set in PIECE_SETS.values():
            self.piece_set_combo.addItem(self.tr(piece_set.label), piece_set.name)
        self.color_scheme_combo = QComboBox(self)
        self.color_scheme_combo.setObjectName("color_scheme_combo")
        for scheme in ColorScheme:
            self.color_scheme_combo.addItem(scheme.label, scheme)
        _select(self.theme_combo, settings.theme, DEFAULT_THEME_NAME)
        _select(self.piece_set_combo, settings.piece_set, DEFAULT_PIECE_SET)
        _select(self.color_scheme_combo, settings.color_scheme, ColorScheme.SYSTEM)

        self.preview_frame = QWidget(self)
        self.preview_frame.setObjectName("board_preview_frame")
        self.preview_frame.setAutoFillBackground(True)
        self.preview = BoardWidget(self.preview_frame)
        self.preview.setObjectName("board_preview")
        self.preview.setMinimumSize(PREVIEW_SIZE, PREVIEW_SIZE)
        self.preview.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        board = chess.Board()
        for san in PREVIEW_MOVES:
            board.push_san(san)
        last = board.peek()
        self.preview.set_position(board, last)
        self.preview.set_input_enabled(False)
        self.preview.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a picture of the choice, not a control
        self.preview.set_arrows([PREVIEW_ARROW])
        self.preview.setToolTip(self.tr("Preview of the board as it will look"))
        frame_layout = QVBoxLayout(self.preview_frame)
        frame_layout.setContentsMargins(8, 8, 8, 8)
        frame_layout.addWidget(self.preview)

        form = QFormLayout()
        form.addRow(self.tr("Board:"), self.theme_combo)
        form.addRow(self.tr("Pieces:"), self.piece_set_combo)
        form.addRow(self.tr("Window colours:"), self.color_scheme_combo)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        layout.addWidget(self.preview_frame, 1)

        self.theme_combo.currentIndexChanged.connect(self._update_preview)
        self.piece_set_combo.currentIndexChanged.connect(self._update_preview)
        self.color_scheme_combo.currentIndexChanged.connect(self._update_preview)
        self._update_preview()

    def theme(self) -> str:
        """The chosen theme's settings key."""
        return str(self.theme_combo.currentData())

    def piece_set(self) -> str:
        """The chosen piece set's settings key."""
        return str(self.piece_set_combo.currentData())

    def color_scheme(self) -> ColorScheme:
        """The chosen window colours."""
        scheme = self.color_scheme_combo.currentData()
        return scheme if isinstance(scheme, ColorScheme) else ColorScheme.SYSTEM

    def preview_is_dark(self) -> bool:
        """True when the preview shows the dark window colours."""
        scheme = self.color_scheme()
        return scheme is ColorScheme.DARK or (scheme is ColorScheme.SYSTEM and system_prefers_dark())

    def _update_preview(self) -> None:
        self.preview.set_theme(theme_named(self.theme()))
        self.preview.set_piece_renderer(piece_renderer(self.piece_set()))
        # The frame shows the window colours chosen, without switching the app before OK.
        if self.preview_is_dark():
            palette = dark_palette()
        elif is_dark(QApplication.palette()):
            palette = self.style().standardPalette()  # the app is dark now; show the light look
        else:
            palette = QPalette()  # inherit the app's light colours
        self.preview_frame.setPalette(palette)


def _select(combo: QComboBox, value: object, default: object) -> None:
    index = combo.findData(value)
    combo.setCurrentIndex(index if index >= 0 else combo.findData(default))
