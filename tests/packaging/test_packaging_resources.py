"""Shipped files are found through the package, and the desktop-integration files are well formed."""

from __future__ import annotations

import configparser
from pathlib import Path
from xml.etree import ElementTree

import pytest
from PySide6.QtGui import QImage

from chessgui.resources_path import (
    APP_ICON_SIZES,
    MissingResourceError,
    app_icon,
    read_resource,
    resource_path,
)

REPO = Path(__file__).resolve().parents[2]


def test_resource_path_finds_the_piece_artwork() -> None:
    white_knight = resource_path("pieces", "wN.svg")
    assert white_knight.is_file()
    assert b"<svg" in white_knight.read_bytes()


def test_missing_resource_is_a_clear_error() -> None:
    with pytest.raises(MissingResourceError, match="no-such-file.png is missing"):
        read_resource("icons", "no-such-file.png")


@pytest.mark.parametrize("size", APP_ICON_SIZES)
def test_icon_png_has_its_nominal_size(size: int) -> None:
    image = QImage.fromData(read_resource("icons", f"chessgui-{size}.png"), "PNG")
    assert (image.width(), image.height()) == (size, size)
    # Transparent corners (rounded tile) and an opaque centre.
    assert image.pixelColor(0, 0).alpha() == 0
    assert image.pixelColor(size // 2, size // 2).alpha() == 255


def test_app_icon_offers_every_size(qapp) -> None:
    icon = app_icon()
    assert not icon.isNull()
    assert sorted(s.width() for s in icon.availableSizes()) == list(APP_ICON_SIZES)


def _desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # keys are case-sensitive
    parser.read(REPO / "resources" / "chessgui.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def test_desktop_entry_opens_pgn_and_fen_files() -> None:
    entry = _desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Icon"] == "chessgui"
    assert entry["Exec"].endswith(" %f")
    assert {"Game", "BoardGame"} <= set(entry["Categories"].rstrip(";").split(";"))
    mime_types = set(entry["MimeType"].rstrip(";").split(";"))
    assert {"application/x-chess-pgn", "application/vnd.chess-pgn", "application/x-fen"} <= mime_types


def test_mime_package_declares_the_fen_and_pgn_globs() -> None:
    tree = ElementTree.parse(REPO / "resources" / "chessgui-mime.xml")
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    types = {mime.get("type"): mime for mime in tree.getroot().findall("m:mime-type", ns)}
    globs = {name: {g.get("pattern") for g in mime.findall("m:glob", ns)} for name, mime in types.items()}
    assert "*.fen" in globs["application/x-fen"]
    assert "*.pgn" in globs["application/vnd.chess-pgn"]
    # Older systems only know the x- name; the alias ties both to the same type.
    aliases = {a.get("type") for a in types["application/vnd.chess-pgn"].findall("m:alias", ns)}
    assert aliases == {"application/x-chess-pgn"}
