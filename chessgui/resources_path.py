"""Find the files shipped in ``chessgui.resources`` — from a source tree, a wheel or a frozen app.

Everything goes through :mod:`importlib.resources`, never the current directory or
``__file__`` arithmetic, so the same code works in an editable install (where
``resources/`` is mapped onto the package ``chessgui.resources``), an installed wheel
and a PyInstaller bundle (where the files sit under ``_internal/chessgui/resources``).
"""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QIcon, QPixmap

RESOURCE_PACKAGE = "chessgui.resources"
"""The package the top-level ``resources/`` folder is installed as."""

APP_ICON_SIZES = (16, 32, 48, 64, 128, 256)
"""Pixel sizes of the pre-rendered ``icons/chessgui-<size>.png`` files."""


class MissingResourceError(FileNotFoundError):
    """A file that ships with the program is not where the package says it is."""


def resource_path(*parts: str) -> Traversable:
    """The resource at ``parts`` below ``chessgui.resources``, e.g. ``resource_path("icons", "chessgui.svg")``.

    The result may not exist; check with ``.is_file()`` or use :func:`read_resource`.
    """
    node = files(RESOURCE_PACKAGE)
    for part in parts:
        node = node.joinpath(part)
    return node


def read_resource(*parts: str) -> bytes:
    """The bytes of a shipped file; raises :class:`MissingResourceError` naming it when absent."""
    node = resource_path(*parts)
    if not node.is_file():
        raise MissingResourceError(
            QCoreApplication.translate(
                "resources_path", "The program file {join} is missing from {RESOURCE_PACKAGE}; reinstall the program."
            ).format(join="/".join(parts), RESOURCE_PACKAGE=RESOURCE_PACKAGE)
        )
    return node.read_bytes()


def app_icon() -> QIcon:
    """The application icon at every shipped size (empty icon if the files are missing).

    Built from PNGs rather than the SVG so it needs no SVG icon-engine plugin; a missing
    icon must never stop the program from starting.
    """
    icon = QIcon()
    for size in APP_ICON_SIZES:
        node = resource_path("icons", f"chessgui-{size}.png")
        if not node.is_file():
            continue
        pixmap = QPixmap()
        if pixmap.loadFromData(node.read_bytes(), "PNG"):
            icon.addPixmap(pixmap)
    return icon
