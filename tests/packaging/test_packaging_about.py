"""The About dialog names the version, the licence and the work the program builds on."""

from __future__ import annotations

import importlib.metadata

import pytest
from PySide6.QtWidgets import QApplication

from chessgui.dialogs import about as about_dialog
from chessgui.dialogs.about import AboutDialog, application_version


def test_dialog_shows_installed_version_and_license(qtbot) -> None:
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)

    installed = importlib.metadata.version("chessgui")
    assert dialog.version_label.text() == f"Version {installed}"
    assert "GPL-3.0-or-later" in dialog.license_label.text()
    assert "GNU General Public License" in dialog.license_label.text()
    assert dialog.windowTitle() == "About Chess"
    assert not dialog.icon_label.pixmap().isNull()


def test_dialog_credits_every_dependency_and_the_piece_artist(qtbot) -> None:
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    credits = dialog.credits_browser.toPlainText()
    for name in ("python-chess", "PySide6", "Numba", "llvmlite", "NumPy", "Colin M.L. Burnett", "GFDL"):
        assert name in credits, name


def test_components_line_names_real_versions(qtbot) -> None:
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    text = dialog.components_label.text()
    assert f"python-chess {importlib.metadata.version('chess')}" in text
    assert f"Numba {importlib.metadata.version('numba')}" in text


def test_copy_version_info_puts_one_line_on_the_clipboard(qtbot) -> None:
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    dialog.copy_button.click()
    copied = QApplication.clipboard().text()
    assert copied.startswith(f"Chess {application_version()}, Python ")


def test_version_falls_back_when_metadata_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    # A frozen build without copied .dist-info must still open the dialog.
    def no_metadata(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(about_dialog, "version", no_metadata)
    import chessgui

    assert application_version() == chessgui.__version__
    assert about_dialog.distribution_version("numba") == about_dialog.UNKNOWN_VERSION
