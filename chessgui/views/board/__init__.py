"""The chess board widget and its reusable painting parts (piece images, colours, geometry)."""

from __future__ import annotations

from chessgui.views.board.board_widget import BoardWidget
from chessgui.views.board.geometry import BoardGeometry
from chessgui.views.board.piece_renderer import PieceImageError, PieceRenderer
from chessgui.views.board.promotion_picker import PromotionPicker
from chessgui.views.board.theme import DEFAULT_THEME, THEMES, BoardTheme

__all__ = [
    "DEFAULT_THEME",
    "THEMES",
    "BoardGeometry",
    "BoardTheme",
    "BoardWidget",
    "PieceImageError",
    "PieceRenderer",
    "PromotionPicker",
]
