"""The banner above the board while an earlier position of the game is shown."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget


class HistoryBanner(QWidget):
    """Shown above the board while an earlier position is viewed: says so and leads back."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("history_banner")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(
            "#history_banner { background: #fff3c4; border: 1px solid #e0c35a; border-radius: 4px; }"
            "QLabel { color: #5a4500; }"
        )
        self._label = QLabel(self)
        self.back_button = QPushButton("Back to live position (End)", self)
        self.back_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self._label, 1)
        layout.addWidget(self.back_button)

    def set_view(self, ply: int, live_ply: int) -> None:
        """Describe the viewed position; hidden at the live position."""
        self._label.setText(f"Viewing move {ply} of {live_ply} — the board is read-only")
        self.setVisible(ply != live_ply)

    def show_note(self, text: str) -> None:
        """Show ``text`` instead (e.g. while a variation is on the board)."""
        self._label.setText(text)
        self.show()
