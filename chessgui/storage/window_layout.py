"""The main window's size, position, splitter and dock layout, kept between runs.

Qt serialises these itself (QMainWindow.saveGeometry/saveState, QSplitter.saveState);
this module only stores the bytes in QSettings and reads them back. A value that is
missing, of the wrong type or damaged is returned as empty bytes, and Qt's restore
functions reject bytes they cannot parse, so a bad settings file never stops the
window from opening at its default layout.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from PySide6.QtCore import QByteArray, QCoreApplication, QSettings

_log = logging.getLogger(__name__)

_KEYS = {"geometry": "window/geometry", "state": "window/state", "splitter": "window/splitter"}


@dataclass(frozen=True, slots=True)
class WindowLayout:
    """Qt's own serialised layout of the main window; empty bytes = not saved (use the default)."""

    geometry: bytes = b""
    """QMainWindow.saveGeometry(): size, position, maximised/full screen, the screen it was on."""
    state: bytes = b""
    """QMainWindow.saveState(): toolbars and dock widgets."""
    splitter: bytes = b""
    """QSplitter.saveState() of the board / side-panel splitter."""


def load_window_layout(qsettings: QSettings | None, problems: list[str] | None = None) -> WindowLayout:
    """The saved layout; anything unreadable comes back empty (and, with ``problems``, is said in one sentence)."""
    if qsettings is None:
        return WindowLayout()
    bad: list[str] = []
    layout = WindowLayout(**{field: _read_bytes(qsettings, key, bad) for field, key in _KEYS.items()})
    if bad and problems is not None:
        problems.append(
            QCoreApplication.translate(
                "window_layout", "The saved window layout could not be read: the window opens at its default size."
            )
        )
    return layout


def save_window_layout(qsettings: QSettings | None, layout: WindowLayout) -> None:
    """Store ``layout`` (nothing happens without a settings store, e.g. in tests)."""
    if qsettings is None:
        return
    for field, key in _KEYS.items():
        qsettings.setValue(key, QByteArray(getattr(layout, field)))
    qsettings.sync()


def _read_bytes(qsettings: QSettings, key: str, bad: list[str]) -> bytes:
    try:
        raw = qsettings.value(key)
    except Exception:  # PySide raises on values it cannot convert (e.g. a corrupt @Variant)
        _log.warning("Unreadable settings value %s", key)
        bad.append(key)
        return b""
    if isinstance(raw, QByteArray):
        return bytes(raw.data())
    if isinstance(raw, (bytes, bytearray)):
        return bytes(raw)
    if raw is not None:
        _log.warning("Settings value %s is not a saved window layout; ignoring it", key)
        bad.append(key)
    return b""
