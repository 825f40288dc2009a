"""Light and dark window colours, switched app-wide while the app runs.

One :class:`QPalette` for the whole application (``QApplication.setPalette``):
Qt passes it to every widget and dialog and sends them a PaletteChange, so the
panels, dialogs and the custom-painted views (eval bar, graph, clocks, move log)
repaint from palette colours at once. The board keeps its theme's square colours.

"Follow the system" reads ``QStyleHints.colorScheme()`` and listens to its
``colorSchemeChanged`` signal, so a desktop switching to dark at sunset takes the
app with it.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from chessgui.storage.board_settings import ColorScheme

_DARK_COLORS: dict[QPalette.ColorRole, str] = {
    QPalette.ColorRole.Window: "#2b2a27",
    QPalette.ColorRole.WindowText: "#dcdad6",
    QPalette.ColorRole.Base: "#1f1e1c",
    QPalette.ColorRole.AlternateBase: "#2f2e2b",
    QPalette.ColorRole.ToolTipBase: "#3a3835",
    QPalette.ColorRole.ToolTipText: "#e8e6e3",
    QPalette.ColorRole.PlaceholderText: "#8f8d89",
    QPalette.ColorRole.Text: "#dcdad6",
    QPalette.ColorRole.Button: "#363431",
    QPalette.ColorRole.ButtonText: "#dcdad6",
    QPalette.ColorRole.BrightText: "#ff6b61",
    QPalette.ColorRole.Light: "#4a4844",
    QPalette.ColorRole.Midlight: "#3f3d3a",
    QPalette.ColorRole.Mid: "#7d7b77",
    QPalette.ColorRole.Dark: "#1a1917",
    QPalette.ColorRole.Shadow: "#0d0c0b",
    QPalette.ColorRole.Highlight: "#3d6fb6",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.Link: "#7fb3f5",
    QPalette.ColorRole.LinkVisited: "#b9a1f0",
}
"""lichess's dark background (#161512 family, a shade lighter for a desktop window) with its blue accent."""

_DARK_DISABLED: dict[QPalette.ColorRole, str] = {
    QPalette.ColorRole.WindowText: "#7d7b77",
    QPalette.ColorRole.Text: "#7d7b77",
    QPalette.ColorRole.ButtonText: "#7d7b77",
    QPalette.ColorRole.Highlight: "#4a4844",
    QPalette.ColorRole.HighlightedText: "#a7a5a1",
}


def dark_palette() -> QPalette:
    """The dark window palette."""
    palette = QPalette()
    for role, color in _DARK_COLORS.items():
        palette.setColor(role, QColor(color))
    for role, color in _DARK_DISABLED.items():
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor(color))
    return palette


def is_dark(palette: QPalette) -> bool:
    """True when ``palette`` draws light text on a dark window (views pick their own shades from this)."""
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def system_prefers_dark() -> bool:
    """True when the desktop asks for dark colours (False when it does not say)."""
    return QGuiApplication.styleHints().colorScheme() == Qt.ColorScheme.Dark


class ColorSchemeSwitcher(QObject):
    """Applies a :class:`ColorScheme` to the application and keeps following the system when asked to.

    Light is the system's own palette (``setPalette(QPalette())`` hands the choice back
    to the platform); dark is :func:`dark_palette`, the same on every desktop.

    Signals:
        applied(bool): a scheme was applied; True when the window is dark now. For the few
            widgets whose style sheet keeps Qt's palette change from reaching them.
    """

    applied = Signal(bool)

    def __init__(self, app: QApplication, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._app = app
        self._scheme = ColorScheme.SYSTEM
        app.styleHints().colorSchemeChanged.connect(self._on_system_scheme_changed)

    def scheme(self) -> ColorScheme:
        """The scheme chosen last."""
        return self._scheme

    def is_dark(self) -> bool:
        """True when the application shows dark colours now."""
        return is_dark(self._app.palette())

    def apply(self, scheme: ColorScheme) -> None:
        """Switch the whole application to ``scheme`` now (no restart)."""
        self._scheme = scheme
        wants_dark = scheme is ColorScheme.DARK or (scheme is ColorScheme.SYSTEM and system_prefers_dark())
        if wants_dark:
            if not self.is_dark():
                self._app.setPalette(dark_palette())
        else:
            if self._app.palette().resolveMask() != 0:
                self._app.setPalette(QPalette())  # back to the system's palette
            if self.is_dark() and scheme is ColorScheme.LIGHT:
                # A dark desktop, but the user asked for light: the style's own light palette.
                self._app.setPalette(self._app.style().standardPalette())
        self.applied.emit(self.is_dark())

    def _on_system_scheme_changed(self, _scheme: Qt.ColorScheme) -> None:
        if self._scheme is ColorScheme.SYSTEM:
            self.apply(ColorScheme.SYSTEM)
