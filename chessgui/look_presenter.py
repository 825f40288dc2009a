"""The window's look: the board's theme, pieces and options, the colour scheme, which way the board
faces, and the window's size, position and splitter saved for the next start.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import QObject, QSettings
from PySide6.QtWidgets import QMainWindow, QSplitter

from chessgui.storage.settings import Settings
from chessgui.storage.window_layout import WindowLayout, load_window_layout, save_window_layout
from chessgui.views.board.board_widget import BoardWidget
from chessgui.views.board.piece_sets import piece_renderer
from chessgui.views.board.theme import theme_named
from chessgui.views.clock_widget import ClockPanel
from chessgui.views.color_scheme import ColorSchemeSwitcher
from chessgui.views.eval_bar import EvalBar

SPLITTER_SIZES = [800, 440]
"""The board column's and the side panel's widths at first start (and after a damaged saved state)."""


class LookPresenter(QObject):
    """Applies the board look and colour scheme from the settings, flips the board, saves and restores the layout."""

    def __init__(
        self,
        window: QMainWindow,
        splitter: QSplitter,
        board_widget: BoardWidget,
        clock_panel: ClockPanel,
        eval_bar: EvalBar,
        color_scheme: ColorSchemeSwitcher,
        qsettings: QSettings | None,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._splitter = splitter
        self.board_widget = board_widget
        self.clock_panel = clock_panel
        self.eval_bar = eval_bar
        self.color_scheme = color_scheme
        self._qsettings = qsettings

    def apply(self, settings: Settings) -> None:
        """Theme, pieces, colour scheme and board options follow the settings; auto-flip turns to a lone human."""
        board = settings.board
        self.board_widget.set_theme(theme_named(board.theme))
        self.board_widget.set_piece_renderer(piece_renderer(board.piece_set))
        self.color_scheme.apply(board.color_scheme)
        self.board_widget.set_show_legal_moves(board.show_legal_moves)
        self.board_widget.set_show_coordinates(board.show_coordinates)
        self.board_widget.set_animation_ms(board.animation_ms)
        humans = settings.human_colors()
        if board.auto_flip and len(humans) == 1:
            self.set_flipped(humans[0] == chess.BLACK)

    def on_flip_triggered(self) -> None:
        """Turn the board around."""
        self.set_flipped(not self.board_widget.is_flipped())

    def set_flipped(self, flipped: bool) -> None:
        """Turn the board (and the clocks with it)."""
        self.board_widget.set_flipped(flipped)
        self.clock_panel.set_flipped(flipped)
        self.eval_bar.set_flipped(flipped)

    def restore_layout(self) -> None:
        """Size, position, splitter and toolbars as the user left them; damaged values keep the defaults."""
        layout = load_window_layout(self._qsettings)
        if layout.geometry:
            self._window.restoreGeometry(layout.geometry)
        if layout.state:
            self._window.restoreState(layout.state)
        if layout.splitter and not self._splitter.restoreState(layout.splitter):
            self._splitter.setSizes(SPLITTER_SIZES)

    def save_layout(self) -> None:
        """Remember size, position, splitter and toolbars for the next start."""
        save_window_layout(
            self._qsettings,
            WindowLayout(
                bytes(self._window.saveGeometry().data()),
                bytes(self._window.saveState().data()),
                bytes(self._splitter.saveState().data()),
            ),
        )
