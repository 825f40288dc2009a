"""Help ▸ About: program name, version, licence and the credits for the work it builds on."""

from __future__ import annotations

import html
import platform
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version

from PySide6.QtCore import QCoreApplication, Qt, qVersion
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from chessgui.i18n import QT_TRANSLATE_NOOP
from chessgui.resources_path import app_icon

PROGRAM_NAME = QT_TRANSLATE_NOOP("AboutDialog", "Chess")
LICENSE_NAME = "GPL-3.0-or-later"
LICENSE_URL = "https://www.gnu.org/licenses/gpl-3.0.html"
UNKNOWN_VERSION = "unknown"


@dataclass(frozen=True, slots=True)
class Credit:
    """One piece of work the program is built on."""

    name: str
    """What it is called, as its authors call it."""
    role: str
    """What it does for this program, in a few words."""
    authors: str
    """Who made it."""
    license: str
    """Its licence, as an SPDX-like expression."""
    url: str
    """Where to find it."""


CREDITS: tuple[Credit, ...] = (
    Credit(
        "python-chess",
        QT_TRANSLATE_NOOP("Credit", "rules, SAN, FEN, PGN, opening books, UCI engines"),
        QT_TRANSLATE_NOOP("Credit", "Niklas Fiekas and contributors"),
        "GPL-3.0-or-later",
        "https://github.com/niklasf/python-chess",
    ),
    Credit(
        "Qt / PySide6",
        QT_TRANSLATE_NOOP("Credit", "windows, drawing, SVG, threads"),
        "The Qt Company and the Qt Project",
        "LGPL-3.0",
        "https://www.qt.io/qt-for-python",
    ),
    Credit(
        "Numba / llvmlite",
        QT_TRANSLATE_NOOP("Credit", "compiles the engine's search to machine code (via LLVM)"),
        QT_TRANSLATE_NOOP("Credit", "Anaconda, Inc. and contributors"),
        "BSD-2-Clause (LLVM: Apache-2.0 WITH LLVM-exception)",
        "https://numba.pydata.org",
    ),
    Credit(
        "NumPy",
        QT_TRANSLATE_NOOP("Credit", "the engine's board and hash-table arrays"),
        "NumPy Developers",
        "BSD-3-Clause",
        "https://numpy.org",
    ),
    Credit(
        QT_TRANSLATE_NOOP("Credit", "Piece artwork"),
        QT_TRANSLATE_NOOP("Credit", 'the "cburnett" set by Colin M.L. Burnett, as shipped in python-chess'),
        "Colin M.L. Burnett",
        QT_TRANSLATE_NOOP("Credit", "GFDL / BSD / GPL (triple-licensed)"),
        "https://commons.wikimedia.org/wiki/Category:SVG_chess_pieces",
    ),
    Credit(
        QT_TRANSLATE_NOOP("Credit", "GNU Chess opening book"),
        QT_TRANSLATE_NOOP(
            "Credit", "the default opening book (book_1.02, polyglot format, via Debian's gnuchess-book)"
        ),
        "Stuart Cracraft and Simon Waters",
        QT_TRANSLATE_NOOP("Credit", "Public domain"),
        "https://www.gnu.org/software/chess/",
    ),
    Credit(
        QT_TRANSLATE_NOOP("Credit", "Scid ECO file"),
        QT_TRANSLATE_NOOP("Credit", "opening names and ECO codes (scid.eco, via Debian's scid-data)"),
        QT_TRANSLATE_NOOP("Credit", "Shane Hudson and the Scid developers"),
        QT_TRANSLATE_NOOP("Credit", "GPL (any version; shipped as GPL-3.0-or-later)"),
        "https://scid.sourceforge.net",
    ),
)
"""Shown in the About dialog; keep in step with the dependencies in pyproject.toml."""


def distribution_version(name: str) -> str:
    """The installed version of distribution ``name``, or :data:`UNKNOWN_VERSION`.

    A frozen app only knows its versions if the build copied the ``.dist-info``
    metadata (the PyInstaller spec does, with ``copy_metadata``); without it the
    dialog must still open.
    """
    try:
        return version(name)
    except PackageNotFoundError:
        return UNKNOWN_VERSION


def application_version() -> str:
    """This program's version: package metadata first, then what ``chessgui`` itself recorded."""
    found = distribution_version("chessgui")
    if found != UNKNOWN_VERSION:
        return found
    from chessgui import __version__

    return __version__ or UNKNOWN_VERSION


def component_versions() -> dict[str, str]:
    """Versions of the parts that matter in a bug report."""
    return {
        "Python": platform.python_version(),
        "Qt": qVersion(),
        "PySide6": _first_known("PySide6-Essentials", "PySide6"),
        "python-chess": distribution_version("chess"),
        "Numba": distribution_version("numba"),
        "llvmlite": distribution_version("llvmlite"),
        "NumPy": distribution_version("numpy"),
    }


def _first_known(*names: str) -> str:
    for name in names:
        found = distribution_version(name)
        if found != UNKNOWN_VERSION:
            return found
    return UNKNOWN_VERSION


def credits_html(credits: tuple[Credit, ...] = CREDITS) -> str:
    """The credits as a small HTML list (for a QTextBrowser)."""

    def tr(text: str) -> str:
        return html.escape(QCoreApplication.translate("Credit", text))

    template = QCoreApplication.translate("Credit", "{authors}; licence {license}.")
    items = "".join(
        f'<li><a href="{html.escape(c.url)}"><b>{tr(c.name)}</b></a> — {tr(c.role)}.'
        f"<br>{template.format(authors=tr(c.authors), license=tr(c.license))}</li>"
        for c in credits
    )
    return f'<ul style="margin-left: -20px">{items}</ul>'


class AboutDialog(QDialog):
    """Modal About box; every text is selectable so a user can paste it into a bug report."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("About {program}").format(program=self.tr(PROGRAM_NAME)))
        self.setWindowIcon(app_icon())

        self.icon_label = QLabel()
        self.icon_label.setPixmap(app_icon().pixmap(96, 96))
        self.icon_label.setAlignment(Qt.AlignmentFlag.AlignTop)

        self.title_label = QLabel(f"<h2>{self.tr(PROGRAM_NAME)}</h2>")
        self.version_label = QLabel(self.tr("Version {escape}").format(escape=html.escape(application_version())))
        self.version_label.setObjectName("version_label")
        self.summary_label = QLabel(self.tr("Play the computer, watch it play itself, set up and analyse positions."))
        self.summary_label.setWordWrap(True)
        self.license_label = QLabel(
            self.tr(
                'Free software under the <a href="{LICENSE_URL}">GNU General Public License</a>, version 3 '
                "or (at your option) any later version ({LICENSE_NAME}). It comes with absolutely no warranty."
            ).format(LICENSE_URL=LICENSE_URL, LICENSE_NAME=LICENSE_NAME)
        )
        self.license_label.setObjectName("license_label")
        self.license_label.setWordWrap(True)
        self.license_label.setOpenExternalLinks(True)

        self.credits_browser = QTextBrowser()
        self.credits_browser.setAccessibleName(self.tr("Credits and licences"))
        self.credits_browser.setObjectName("credits_browser")
        self.credits_browser.setOpenExternalLinks(True)
        self.credits_browser.setHtml(self.tr("<p><b>Built on</b></p>") + credits_html())
        self.credits_browser.setMinimumSize(460, 220)

        versions = component_versions()
        self.components_label = QLabel(" · ".join(f"{name} {value}" for name, value in versions.items()))
        self.components_label.setObjectName("components_label")
        self.components_label.setWordWrap(True)
        self.components_label.setStyleSheet("color: palette(mid)")

        for label in (self.version_label, self.license_label, self.components_label):
            label.setTextInteractionFlags(
                Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.LinksAccessibleByMouse
            )

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = buttons.addButton(self.tr("Copy version info"), QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy_version_info)
        buttons.rejected.connect(self.reject)

        text_column = QVBoxLayout()
        for widget in (self.title_label, self.version_label, self.summary_label, self.license_label):
            text_column.addWidget(widget)
        text_column.addStretch(1)
        header = QHBoxLayout()
        header.addWidget(self.icon_label)
        header.addLayout(text_column, 1)

        layout = QVBoxLayout(self)
        layout.addLayout(header)
        layout.addWidget(self.credits_browser, 1)
        layout.addWidget(self.components_label)
        layout.addWidget(buttons)

    def version_info(self) -> str:
        """One line naming this program's version and its components' (for bug reports)."""
        parts = [f"{PROGRAM_NAME} {application_version()}"]
        parts += [f"{name} {value}" for name, value in component_versions().items()]
        return ", ".join(parts)

    def copy_version_info(self) -> None:
        """Put :meth:`version_info` on the clipboard."""
        QApplication.clipboard().setText(self.version_info())
