"""Colours of the board: squares, highlights, move hints, arrows.

The default is lichess's brown board, the scheme most players already read at a
glance. Everything a painter needs is one frozen value, so the board editor can
paint with the same theme and a future settings page can swap it whole.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtGui import QColor

from chessgui.i18n import QT_TRANSLATE_NOOP


def _rgba(red: int, green: int, blue: int, alpha: float = 1.0) -> QColor:
    """A QColor from 0-255 channels and a CSS-style 0.0-1.0 alpha."""
    return QColor(red, green, blue, round(alpha * 255))


@dataclass(frozen=True, slots=True)
class BoardTheme:
    """Every colour the board and its overlays paint with."""

    light_square: QColor
    """Fill of the light squares (a1 is dark, h1 is light)."""
    dark_square: QColor
    """Fill of the dark squares."""
    last_move: QColor
    """Translucent tint over the from- and to-square of the last move."""
    selected: QColor
    """Translucent tint over the square of the selected or dragged piece."""
    move_hint: QColor
    """Dots on empty legal destinations."""
    capture_hint: QColor
    """Ring around a capturable piece on a legal destination."""
    move_hint_hover: QColor
    """Tint over the legal destination under the cursor while dragging."""
    check_core: QColor
    """Centre of the red radial glow under a king in check."""
    check_edge: QColor
    """Middle ring of the check glow; it fades to transparent at the square's edge."""
    arrow: QColor
    """Hint arrows set by the program (engine suggestions)."""
    annotation: QColor
    """Arrows and circles the user draws with the right mouse button."""
    coordinate_on_light: QColor
    """Coordinate letters drawn on light squares."""
    coordinate_on_dark: QColor
    """Coordinate letters drawn on dark squares."""
    read_only_tint: QColor
    """Veil over the whole board while an earlier position is being viewed."""
    read_only_frame: QColor
    """Frame around the board while an earlier position is being viewed."""
    promotion_veil: QColor
    """Veil over the board behind the promotion picker."""
    promotion_choice: QColor
    """Disc behind each piece offered by the promotion picker."""
    promotion_choice_edge: QColor
    """Outer shade of the promotion disc (a soft radial edge)."""
    promotion_choice_hover: QColor
    """Outer shade of the promotion disc under the cursor."""


BROWN = BoardTheme(
    light_square=QColor("#f0d9b5"),
    dark_square=QColor("#b58863"),
    last_move=_rgba(155, 199, 0, 0.41),
    selected=_rgba(20, 85, 30, 0.5),
    move_hint=_rgba(20, 85, 30, 0.5),
    capture_hint=_rgba(20, 85, 0, 0.3),
    move_hint_hover=_rgba(20, 85, 30, 0.3),
    check_core=_rgba(255, 0, 0, 1.0),
    check_edge=_rgba(231, 0, 0, 1.0),
    arrow=_rgba(0, 48, 136, 0.8),
    annotation=_rgba(21, 120, 27, 0.8),
    coordinate_on_light=QColor("#b58863"),
    coordinate_on_dark=QColor("#f0d9b5"),
    read_only_tint=_rgba(40, 70, 120, 0.16),
    read_only_frame=QColor("#3d6fb6"),
    promotion_veil=_rgba(250, 250, 250, 0.7),
    promotion_choice=QColor("#ffffff"),
    promotion_choice_edge=QColor("#a0a0a0"),
    promotion_choice_hover=QColor("#d85000"),
)
"""lichess's brown board (the default)."""

# The other boards differ from the brown one only in their square and coordinate colours.
BLUE = replace(
    BROWN,
    light_square=QColor("#dee3e6"),
    dark_square=QColor("#8ca2ad"),
    coordinate_on_light=QColor("#788a94"),
    coordinate_on_dark=QColor("#dee3e6"),
)
"""lichess's blue board."""

GREEN = replace(
    BROWN,
    light_square=QColor("#ffffdd"),
    dark_square=QColor("#86a666"),
    coordinate_on_light=QColor("#86a666"),
    coordinate_on_dark=QColor("#ffffdd"),
)
"""lichess's green board."""

IC = replace(
    BROWN,
    light_square=QColor("#ececec"),
    dark_square=QColor("#c1c18e"),
    coordinate_on_light=QColor("#a3a36b"),
    coordinate_on_dark=QColor("#ececec"),
)
"""lichess's "IC" board: pale grey and olive, low contrast for long sessions."""

PURPLE = replace(
    BROWN,
    light_square=QColor("#9f90b0"),
    dark_square=QColor("#7d4a8d"),
    coordinate_on_light=QColor("#7d4a8d"),
    coordinate_on_dark=QColor("#9f90b0"),
)
"""lichess's purple board (flat colours)."""

GREY = replace(
    BROWN,
    light_square=QColor("#b9b9b9"),
    dark_square=QColor("#8d8d8d"),
    coordinate_on_light=QColor("#7a7a7a"),
    coordinate_on_dark=QColor("#d0d0d0"),
)
"""A neutral grey board that sits quietly in a dark window."""

DEFAULT_THEME = BROWN
"""The theme a new board paints with."""

THEMES: dict[str, BoardTheme] = {
    "brown": BROWN,
    "blue": BLUE,
    "green": GREEN,
    "ic": IC,
    "purple": PURPLE,
    "grey": GREY,
}
"""Themes by settings key, in the order the settings page lists them."""

THEME_LABELS: dict[str, str] = {
    "brown": QT_TRANSLATE_NOOP("BoardLookEditor", "Brown"),
    "blue": QT_TRANSLATE_NOOP("BoardLookEditor", "Blue"),
    "green": QT_TRANSLATE_NOOP("BoardLookEditor", "Green"),
    "ic": QT_TRANSLATE_NOOP("BoardLookEditor", "IC (grey and olive)"),
    "purple": QT_TRANSLATE_NOOP("BoardLookEditor", "Purple"),
    "grey": QT_TRANSLATE_NOOP("BoardLookEditor", "Grey"),
}
"""What the settings page shows for each theme."""

DEFAULT_THEME_NAME = "brown"
"""The settings key of :data:`DEFAULT_THEME`."""


def theme_named(name: str) -> BoardTheme:
    """The theme stored as ``name``; an unknown name (an old or edited settings file) gives the default."""
    return THEMES.get(name, DEFAULT_THEME)
