"""The chess board widget and its reusable painting parts (piece images, colours, geometry)."""

from __future__ import annotations

from chessgui.board.board_widget import BoardWidget
from chessgui.board.geometry import BoardGeometry
from chessgui.board.piece_renderer import PieceImageError, PieceRenderer
from chessgui.board.promotion_picker import PromotionPicker
from chessgui.board.theme import DEFAULT_THEME, THEMES, BoardTheme

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
