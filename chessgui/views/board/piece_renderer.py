"""SVG piece images rendered to cached pixmaps.

Painting an SVG on every paint event is slow, and scaling one cached bitmap makes
pieces blurry on resize and on HiDPI screens. So each piece is rendered once per
*physical* pixel size (logical size x device pixel ratio) and the pixmap is
tagged with that ratio, which Qt then draws 1:1 onto the screen's pixels.
"""

from __future__ import annotations

import importlib.resources
import math

import chess
from PySide6.QtCore import QByteArray, QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

_CACHE_LIMIT = 12 * 8
"""Most pixmaps kept: every piece at eight recent sizes."""


class PieceImageError(RuntimeError):
    """A piece SVG is missing from the installed resources or cannot be parsed."""


def piece_file_name(piece: chess.Piece) -> str:
    """The resource name of a piece's SVG, e.g. ``wN.svg`` or ``bK.svg``."""
    return ("w" if piece.color == chess.WHITE else "b") + piece.symbol().upper() + ".svg"


class PieceRenderer:
    """Renders the twelve piece SVGs of one set (``chessgui.resources/<folder>``) at any size.

    One renderer can be shared by every widget that draws pieces (board, board
    editor palette, promotion picker); the pixmap cache grows by at most twelve
    images per distinct size and is cleared with :meth:`clear_cache`.
    """

    def __init__(self, package: str = "chessgui.resources", folder: str = "pieces") -> None:
        self._svgs: dict[str, QSvgRenderer] = {}
        self._cache: dict[tuple[str, int, float], QPixmap] = {}
        pieces_dir = importlib.resources.files(package)
        for part in folder.split("/"):  # one step at a time: not every resource reader takes "a/b"
            pieces_dir = pieces_dir / part
        for color in chess.COLORS:
            for piece_type in chess.PIECE_TYPES:
                piece = chess.Piece(piece_type, color)
                name = piece_file_name(piece)
                resource = pieces_dir / name
                try:
                    data = resource.read_bytes()
                except OSError as error:
                    raise PieceImageError(
                        QCoreApplication.translate(
                            "PieceRenderer", "The piece image {name} is missing ({error})."
                        ).format(name=name, error=error)
                    ) from error
                renderer = QSvgRenderer(QByteArray(data))
                if not renderer.isValid():
                    raise PieceImageError(
                        QCoreApplication.translate(
                            "PieceRenderer", "The piece image {name} is not a valid SVG file."
                        ).format(name=name)
                    )
                self._svgs[piece.symbol()] = renderer

    def pixmap(self, piece: chess.Piece, size: float, device_pixel_ratio: float = 1.0) -> QPixmap:
        """A square pixmap of ``piece``, ``size`` logical pixels wide, sharp at ``device_pixel_ratio``."""
        physical = max(1, round(size * device_pixel_ratio))
        key = (piece.symbol(), physical, device_pixel_ratio)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        image = QPixmap(physical, physical)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        self._svgs[piece.symbol()].render(painter, QRectF(0, 0, physical, physical))
        painter.end()
        image.setDevicePixelRatio(device_pixel_ratio)
        if len(self._cache) >= _CACHE_LIMIT:
            # Resizing the window walks through many sizes; keep only recent ones.
            del self._cache[next(iter(self._cache))]
        self._cache[key] = image
        return image

    def paint(self, painter: QPainter, piece: chess.Piece, rect: QRectF) -> None:
        """Draw ``piece`` filling the square ``rect`` (logical coordinates of ``painter``).

        The pixmap is taken at the painter's device pixel ratio, so it maps onto
        screen pixels without resampling.
        """
        # The device transform holds the screen's (or target pixmap's) pixel ratio and any
        # scaling of the painter; painter.device() would report the widget even when
        # QWidget.render() redirects painting into a HiDPI pixmap.
        transform = painter.deviceTransform()
        ratio = round(math.hypot(transform.m11(), transform.m12()), 3) or 1.0
        size = min(rect.width(), rect.height())
        image = self.pixmap(piece, size, ratio)
        # Snap the top-left corner to the physical pixel grid: a half-pixel offset
        # would make Qt resample the pixmap and blur it.
        left = round((rect.center().x() - size / 2) * ratio) / ratio
        top = round((rect.center().y() - size / 2) * ratio) / ratio
        painter.drawPixmap(QPointF(left, top), image)

    def clear_cache(self) -> None:
        """Forget every rendered pixmap (e.g. after a large resize burst)."""
        self._cache.clear()

    def cache_size(self) -> int:
        """How many pixmaps are cached (for tests and diagnostics)."""
        return len(self._cache)
