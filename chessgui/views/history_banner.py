"""The banner above the board while an earlier position of the game is shown."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QHBoxLayout, QLabel, QPushButton, QWidget

_LIGHT_STYLE = (
    "#history_banner { background: #fff3c4; border: 1px solid #e0c35a; border-radius: 4px; }QLabel { color: #5a4500; }"
)
_DARK_STYLE = (
    "#history_banner { background: #4a3f17; border: 1px solid #8a7325; border-radius: 4px; }QLabel { color: #f3e3a6; }"
)
"""The same amber note, dimmed for a dark window (the light one glared out of it)."""


class HistoryBanner(QWidget):
    """Shown above the board while an earlier position is viewed: says so and leads back."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("history_banner")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self._update_style()
        self._label = QLabel(self)
        self.back_button = QPushButton(self.tr("Back to live position (End)"), self)
        self.back_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self._label, 1)
        layout.addWidget(self.back_button)

    def set_view(self, ply: int, live_ply: int, on_main_line: bool = True) -> None:
        """Describe the viewed position (``ply`` moves from the start); hidden at the live position."""
        if on_main_line:
            self._label.setText(
                self.tr("Viewing move {ply} of {live_ply} — a move played here starts a variation").format(
                    ply=ply, live_ply=live_ply
                )
            )
        else:
            self._label.setText(self.tr("Viewing a variation — a move played here extends it"))
        self.setVisible(ply != live_ply or not on_main_line)

    def is_dark_style(self) -> bool:
        """True when the banner uses its colours for a dark window."""
        return self.styleSheet() == _DARK_STYLE

    def set_dark(self, dark: bool) -> None:
        """Use the colours for a dark (or light) window.

        Called on a colour-scheme switch: the style sheet fixes the banner's palette,
        so Qt sends it no PaletteChange of its own when the app's palette changes.
        """
        style = _DARK_STYLE if dark else _LIGHT_STYLE
        if self.styleSheet() != style:
            self.setStyleSheet(style)

    def _update_style(self) -> None:
        self.set_dark(QApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128)
