"""Board settings: how the board looks (theme, pieces, light or dark window) and behaves.

Kept in its own module like :mod:`chessgui.storage.access_settings`, so
:mod:`chessgui.storage.settings` only holds one field for it; the values are read
one by one from the ``board/`` group and fall back to the default, like every
other setting.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QSettings

from chessgui.storage.setting_values import SettingsSource, read_bool, read_int, read_raw

#: Bounds the dialog offers and the loader enforces.
ANIMATION_RANGE_MS = (0, 1000)


class ColorScheme(enum.Enum):
    """Light or dark window colours (the board keeps its own theme's square colours)."""

    SYSTEM = "system"
    """Follow the desktop's light/dark setting, also when it changes while the app runs."""
    LIGHT = "light"
    """Always light."""
    DARK = "dark"
    """Always dark."""

    @property
    def label(self) -> str:
        """What the settings page shows."""
        return {
            "system": QCoreApplication.translate("ColorScheme", "Follow the system"),
            "light": QCoreApplication.translate("ColorScheme", "Light"),
            "dark": QCoreApplication.translate("ColorScheme", "Dark"),
        }[self.value]


_LOOK_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_-")


@dataclass(frozen=True, slots=True)
class BoardSettings:
    """How the board looks and behaves."""

    show_legal_moves: bool = True
    """Show dots on the squares the picked-up piece can move to."""
    show_coordinates: bool = True
    """Show file letters and rank numbers along the board edge."""
    animation_ms: int = 150
    """Piece move animation length in ms; 0 turns animation off."""
    auto_flip: bool = True
    """Turn the board so the human's side is at the bottom (Black at the bottom when the human plays Black)."""
    theme: str = "brown"
    """Board colours by name (views/board/theme.THEMES; an unknown name paints the default)."""
    piece_set: str = "cburnett"
    """Piece images by name (views/board/piece_sets.PIECE_SETS; an unknown name shows the default)."""
    color_scheme: ColorScheme = ColorScheme.SYSTEM
    """Light or dark window: panels, dialogs, eval bar and graph."""


def load_board_settings(qsettings: SettingsSource, default: BoardSettings) -> BoardSettings:
    """Read the ``board/`` values; a missing or bad one is ``default``'s (and noted on ``qsettings``)."""
    return BoardSettings(
        show_legal_moves=read_bool(qsettings, "board/show_legal_moves", default.show_legal_moves),
        show_coordinates=read_bool(qsettings, "board/show_coordinates", default.show_coordinates),
        animation_ms=read_int(qsettings, "board/animation_ms", default.animation_ms, ANIMATION_RANGE_MS),
        auto_flip=read_bool(qsettings, "board/auto_flip", default.auto_flip),
        theme=_read_look_name(qsettings, "board/theme", default.theme),
        piece_set=_read_look_name(qsettings, "board/piece_set", default.piece_set),
        color_scheme=next(
            (scheme for scheme in ColorScheme if scheme.value == read_raw(qsettings, "board/color_scheme")),
            default.color_scheme,
        ),
    )


def save_board_settings(qsettings: QSettings, board: BoardSettings) -> None:
    """Write ``board``; :func:`load_board_settings` reads back an equal value."""
    qsettings.setValue("board/show_legal_moves", board.show_legal_moves)
    qsettings.setValue("board/show_coordinates", board.show_coordinates)
    qsettings.setValue("board/animation_ms", board.animation_ms)
    qsettings.setValue("board/auto_flip", board.auto_flip)
    qsettings.setValue("board/theme", board.theme)
    qsettings.setValue("board/piece_set", board.piece_set)
    qsettings.setValue("board/color_scheme", board.color_scheme.value)


def _read_look_name(qsettings: SettingsSource, key: str, default: str) -> str:
    """A theme or piece-set key: short lower-case words; anything else (damaged, hand-edited) is the default."""
    raw = read_raw(qsettings, key)
    if isinstance(raw, str) and 0 < len(raw) <= 32 and set(raw) <= _LOOK_NAME_CHARS:
        return raw
    return default
