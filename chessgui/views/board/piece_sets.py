"""The piece sets the app ships, and one shared renderer per set.

Each set is twelve SVG files under ``chessgui.resources/pieces`` (cburnett, the
lichess default, sits directly in that folder; the others in a sub-folder), with
its license recorded in a CREDITS.md next to them.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from chessgui.i18n import QT_TRANSLATE_NOOP
from chessgui.views.board.piece_renderer import PieceImageError, PieceRenderer

_log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class PieceSet:
    """One set of piece images."""

    name: str
    """The key stored in the settings."""
    label: str
    """What the settings page shows."""
    folder: tuple[str, ...]
    """Path of its SVG files inside ``chessgui.resources``."""


PIECE_SETS: dict[str, PieceSet] = {
    "cburnett": PieceSet("cburnett", QT_TRANSLATE_NOOP("BoardLookEditor", "Cburnett (lichess)"), ("pieces",)),
    "xboard": PieceSet("xboard", "XBoard", ("pieces", "xboard")),
}
"""Piece sets by settings key, in the order the settings page lists them."""

DEFAULT_PIECE_SET = "cburnett"
"""The set a new board shows."""

_renderers: dict[str, PieceRenderer] = {}


def piece_renderer(name: str) -> PieceRenderer:
    """The shared renderer (and pixmap cache) of set ``name``.

    An unknown name, or a set whose files are missing or damaged in this installation,
    gives the default set: a board with the usual pieces beats no board at all.
    """
    key = name if name in PIECE_SETS else DEFAULT_PIECE_SET
    renderer = _renderers.get(key)
    if renderer is None:
        try:
            renderer = PieceRenderer(folder="/".join(PIECE_SETS[key].folder))
        except PieceImageError:
            if key == DEFAULT_PIECE_SET:
                raise
            _log.exception("The %s pieces cannot be shown; using the default set", key)
            return piece_renderer(DEFAULT_PIECE_SET)
        _renderers[key] = renderer
    return renderer
