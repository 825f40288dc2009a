"""The look: board themes, piece sets, and the app-wide light/dark switch."""

from __future__ import annotations

import io

import chess
import chess.pgn
import pytest
from PySide6.QtGui import QImage, QPalette
from PySide6.QtWidgets import QApplication

from chessgui.storage.board_settings import ColorScheme
from chessgui.views.board.board_widget import BoardWidget
from chessgui.views.board.piece_sets import DEFAULT_PIECE_SET, PIECE_SETS, piece_renderer
from chessgui.views.board.theme import DEFAULT_THEME, THEME_LABELS, THEMES, theme_named
from chessgui.views.color_scheme import ColorSchemeSwitcher, is_dark
from chessgui.views.eval_bar import EvalBar
from chessgui.views.eval_graph import EvalGraph


@pytest.fixture
def light_app(qapp: QApplication):
    """The app's palette is shared by every test: put the system's back afterwards."""
    yield qapp
    qapp.setPalette(QPalette())


def test_at_least_four_distinct_board_themes() -> None:
    squares = {(theme.light_square.name(), theme.dark_square.name()) for theme in THEMES.values()}
    assert len(THEMES) >= 4 and len(squares) == len(THEMES)
    assert set(THEME_LABELS) == set(THEMES)
    assert theme_named("no-such-theme") is DEFAULT_THEME


def _knight_image(name: str) -> QImage:
    return piece_renderer(name).pixmap(chess.Piece(chess.KNIGHT, chess.WHITE), 64).toImage()


def test_every_piece_set_renders_its_own_pieces(qapp: QApplication) -> None:
    assert len(PIECE_SETS) >= 2
    images = {name: _knight_image(name) for name in PIECE_SETS}
    for name, image in images.items():
        opaque = sum(1 for x in range(0, 64, 2) for y in range(0, 64, 2) if image.pixelColor(x, y).alpha() > 200)
        assert opaque > 100, f"{name}: the knight is (nearly) empty"
    assert images["xboard"] != images["cburnett"]
    assert piece_renderer("unknown") is piece_renderer(DEFAULT_PIECE_SET)


def test_board_repaints_with_another_theme_and_piece_set(qtbot) -> None:
    board = BoardWidget()
    qtbot.addWidget(board)
    board.resize(320, 320)
    before = board.grab().toImage()
    board.set_theme(THEMES["blue"])
    board.set_piece_renderer(piece_renderer("xboard"))
    after = board.grab().toImage()
    assert after != before
    a1 = board.square_rect(chess.A3).center().toPoint()  # an empty dark square
    assert after.pixelColor(a1).name() == THEMES["blue"].dark_square.name()


def test_dark_mode_switches_the_whole_app_and_back(qtbot, light_app: QApplication) -> None:
    switcher = ColorSchemeSwitcher(light_app)
    bar = EvalBar()
    qtbot.addWidget(bar)
    bar.show()
    switcher.apply(ColorScheme.DARK)
    assert switcher.is_dark()
    qtbot.waitUntil(lambda: is_dark(bar.palette()))  # Qt hands the palette to widgets by events
    switcher.apply(ColorScheme.LIGHT)
    assert not switcher.is_dark()
    qtbot.waitUntil(lambda: not is_dark(bar.palette()))


def test_following_the_system_is_light_when_the_system_says_nothing(light_app: QApplication) -> None:
    switcher = ColorSchemeSwitcher(light_app)
    switcher.apply(ColorScheme.DARK)
    switcher.apply(ColorScheme.SYSTEM)  # offscreen: the platform reports no scheme
    assert not switcher.is_dark()


def test_eval_graph_areas_follow_the_palette(qtbot, light_app: QApplication) -> None:
    """Black's area is a mid grey in a light window and near black in a dark one; White's is never glaring there."""
    graph = EvalGraph()
    qtbot.addWidget(graph)
    graph.resize(200, 80)
    graph.set_game(chess.pgn.read_game(io.StringIO("1. e4 { [%eval 0.2] } e5 { [%eval 0.3] } *")))
    light = graph.grab().toImage()
    ColorSchemeSwitcher(light_app).apply(ColorScheme.DARK)
    qtbot.waitUntil(lambda: is_dark(graph.palette()))
    dark = graph.grab().toImage()
    black_light, black_dark = light.pixelColor(100, 5), dark.pixelColor(100, 5)
    white_light, white_dark = light.pixelColor(100, 75), dark.pixelColor(100, 75)
    assert black_light.lightness() > black_dark.lightness() + 40
    assert white_light.lightness() > white_dark.lightness() + 30
    assert white_dark.lightness() > black_dark.lightness() + 100  # still clearly two sides


def test_a_piece_set_missing_from_the_installation_falls_back_to_the_default(monkeypatch, qapp) -> None:
    from chessgui.views.board import piece_sets

    monkeypatch.setitem(piece_sets.PIECE_SETS, "broken", piece_sets.PieceSet("broken", "Broken", ("pieces", "nope")))
    assert piece_renderer("broken") is piece_renderer(DEFAULT_PIECE_SET)


def test_history_banner_dims_in_a_dark_window(qtbot, light_app: QApplication) -> None:
    from PySide6.QtWidgets import QWidget

    from chessgui.views.history_banner import HistoryBanner

    window = QWidget()
    qtbot.addWidget(window)
    banner = HistoryBanner(window)
    window.show()
    assert not banner.is_dark_style()
    switcher = ColorSchemeSwitcher(light_app)
    switcher.applied.connect(banner.set_dark)  # as MainWindow wires it
    with qtbot.waitSignal(switcher.applied):
        switcher.apply(ColorScheme.DARK)
    assert banner.is_dark_style()
    switcher.apply(ColorScheme.LIGHT)
    assert not banner.is_dark_style()
