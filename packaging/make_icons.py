"""Render the application icon SVG to the PNG sizes desktops and PyInstaller want.

Run after editing ``resources/icons/chessgui.svg``::

    .venv/bin/python packaging/make_icons.py

The PNGs are committed so that neither the app nor ``install-linux.sh`` needs an
SVG renderer at run time (a bare window manager or an old icon theme may lack one).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ICON_DIR = Path(__file__).resolve().parent.parent / "resources" / "icons"
SVG = ICON_DIR / "chessgui.svg"
SIZES = (16, 32, 48, 64, 128, 256)


def render(renderer: QSvgRenderer, size: int) -> QImage:
    """The icon at ``size`` x ``size`` pixels on a transparent background."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    return image


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 (QImage/QFont need it)
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        print(f"cannot read {SVG}", file=sys.stderr)
        return 1
    for size in SIZES:
        target = ICON_DIR / f"chessgui-{size}.png"
        if not render(renderer, size).save(str(target), "PNG"):
            print(f"cannot write {target}", file=sys.stderr)
            return 1
        print(target.relative_to(ICON_DIR.parent.parent))
    # Windows wants one .ico holding every size (the PyInstaller spec embeds it in the .exe).
    if shutil.which("convert"):
        pngs = [str(ICON_DIR / f"chessgui-{size}.png") for size in SIZES]
        subprocess.run(["convert", *pngs, str(ICON_DIR / "chessgui.ico")], check=True)
        print("resources/icons/chessgui.ico")
    else:
        print("ImageMagick's convert not found: chessgui.ico left as it was", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
