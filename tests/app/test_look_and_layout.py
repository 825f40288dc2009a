"""The whole window: theme, pieces and dark mode switch without a restart; the layout comes back next start."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from chessgui.main_window import MainWindow
from chessgui.storage.board_settings import BoardSettings, ColorScheme
from chessgui.storage.settings import PlayerSettings, Settings
from chessgui.views.board.piece_sets import piece_renderer
from chessgui.views.board.theme import THEMES
from chessgui.views.color_scheme import is_dark

TWO_HUMANS = Settings(white=PlayerSettings(), black=PlayerSettings())


@pytest.fixture
def light_app(qapp: QApplication):
    yield qapp
    qapp.setPalette(QPalette())  # the palette is app-wide: do not leak dark into other tests


def _ini(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def _window(qtbot, tmp_path: Path, settings: Settings = TWO_HUMANS) -> MainWindow:
    window = MainWindow(settings=settings, qsettings=_ini(tmp_path))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_theme_pieces_and_dark_mode_switch_without_a_restart(qtbot, tmp_path: Path, light_app) -> None:
    window = _window(qtbot, tmp_path)
    assert window.board_widget.theme() is THEMES["brown"] and not is_dark(light_app.palette())
    look = BoardSettings(theme="green", piece_set="xboard", color_scheme=ColorScheme.DARK)
    window.session.apply(replace(TWO_HUMANS, board=look))
    assert window.board_widget.theme() is THEMES["green"]
    assert window.board_widget.piece_renderer() is piece_renderer("xboard")
    assert is_dark(light_app.palette())
    for view in (window.move_log, window.eval_bar, window.review.graph, window.clock_panel, window.engine_panel):
        qtbot.waitUntil(lambda view=view: is_dark(view.palette()))
    assert window.history_banner.is_dark_style()
    window.session.apply(replace(TWO_HUMANS, board=replace(look, color_scheme=ColorScheme.LIGHT, theme="blue")))
    assert window.board_widget.theme() is THEMES["blue"]
    qtbot.waitUntil(lambda: not is_dark(window.move_log.palette()))
    window.close()


def test_window_size_and_splitter_come_back_at_the_next_start(qtbot, tmp_path: Path) -> None:
    window = _window(qtbot, tmp_path)
    window.resize(700, 520)
    qtbot.waitUntil(lambda: window.width() == 700)
    window.splitter.setSizes([420, 270])
    sizes = window.splitter.sizes()
    window.close()
    again = _window(qtbot, tmp_path)
    assert (again.width(), again.height()) == (700, 520)
    assert again.splitter.sizes() == sizes
    again.close()


def test_damaged_window_layout_is_ignored(qtbot, tmp_path: Path) -> None:
    qsettings = _ini(tmp_path)
    qsettings.setValue("window/geometry", b"\x00garbage")
    qsettings.setValue("window/state", "nonsense")
    qsettings.setValue("window/splitter", b"\xff\xff")
    qsettings.sync()
    window = _window(qtbot, tmp_path)
    assert (window.width(), window.height()) == (1240, 800)
    assert all(size > 100 for size in window.splitter.sizes())
    window.close()
