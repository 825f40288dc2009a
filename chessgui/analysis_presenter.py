"""Analysis mode in the window: an engine job on the shown position, never a player in the game.

The presenter starts and stops the analyser with the Analyse action, follows the shown
position, draws the best lines' first moves as arrows, keeps the panel's engine and
line-count choices (saved in the settings) and turns a clicked line into a variation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import chess
import chess.pgn
from PySide6.QtCore import QObject, QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow

from chessgui.engines.analysis import AnalysisSnapshot, PositionAnalyser
from chessgui.game.controller import GameController
from chessgui.game.navigator import GameNavigator
from chessgui.game.session import PlaySession
from chessgui.storage.analysis_settings import (
    AnalysisSettings,
    choice_for,
    engine_choices,
    load_analysis_settings,
    save_analysis_settings,
)
from chessgui.views.board.board_widget import BoardWidget
from chessgui.views.engine_panel import EnginePanel

ARROW_STRENGTHS = (1.0, 0.55, 0.4, 0.3, 0.25)
"""Analysis arrows, best line first: the best is the strongest."""
FAILURE_NOTICE_MS = 12000
"""How long an analysis failure covers the status line (twice a passing notice)."""


class AnalysisPresenter(QObject):
    """Runs analysis mode for the window: the analyser, the panel's analysis view and the board's arrows."""

    def __init__(
        self,
        window: QMainWindow,
        analyser: PositionAnalyser,
        action: QAction,
        controller: GameController,
        navigator: GameNavigator,
        session: PlaySession,
        engine_panel: EnginePanel,
        board_widget: BoardWidget,
        qsettings: QSettings | None,
        play_line: Callable[[chess.pgn.GameNode, Sequence[chess.Move]], None],
    ) -> None:
        """``action`` is the checkable Analyse action; ``play_line`` plays moves from a node as a variation."""
        super().__init__(window)
        self._window = window
        self.analysis = analyser
        self._action = action
        self.controller = controller
        self.navigator = navigator
        self.session = session
        self.engine_panel = engine_panel
        self.board_widget = board_widget
        self._qsettings = qsettings
        self._play_variation = play_line
        self._analysis_settings = load_analysis_settings(qsettings)

    def is_analysing(self) -> bool:
        """True while analysis mode is on."""
        return self._action.isChecked()

    # ------------------------------------------------------------------ slots

    def on_analyse_toggled(self, checked: bool) -> None:
        """Analysis mode on or off: the engine follows the shown position, or stops at once."""
        self.engine_panel.set_analysis_visible(checked)
        self.engine_panel.setVisible(checked or self.controller.has_computer_player())
        if checked:
            self._configure_analysis()
            self.refresh()
        else:
            self.analysis.stop()
            self.board_widget.set_weighted_arrows([])

    def on_analysis_snapshot(self, snapshot: AnalysisSnapshot) -> None:
        """New lines: show them, and arrows for their first moves when they are about the shown position."""
        if not self.is_analysing():
            return
        self.engine_panel.analysis_view.show_snapshot(snapshot)
        shown = self.navigator.shown_board()
        arrows: list[tuple[chess.Square, chess.Square, float]] = []
        if snapshot.fen == shown.fen():
            seen: set[chess.Move] = set()
            for info, strength in zip(snapshot.lines, ARROW_STRENGTHS, strict=False):
                move = info.best_move()
                if move is not None and move not in seen and shown.is_legal(move):
                    seen.add(move)
                    arrows.append((move.from_square, move.to_square, strength))
        self.board_widget.set_weighted_arrows(arrows)

    def on_analysis_failed(self, message: str) -> None:
        """The analysis engine crashed or hung: say so; the game and the lines so far stay."""
        self._window.statusBar().showMessage(message, FAILURE_NOTICE_MS)

    def on_analysis_engine_chosen(self, command: str) -> None:
        """The user picked the analysis engine in the panel."""
        self._set_analysis_settings(AnalysisSettings(command, self._analysis_settings.lines))

    def on_analysis_lines_chosen(self, lines: int) -> None:
        """The user picked how many lines to show."""
        self._set_analysis_settings(AnalysisSettings(self._analysis_settings.uci_command, lines))

    def on_analysis_line_played(self, fen: str, moves: Sequence[chess.Move]) -> None:
        """A move of a line was clicked: play the line up to it on the board as a variation."""
        if fen == self.navigator.shown_board().fen():
            self._play_variation(self.navigator.shown_node(), moves)

    # ------------------------------------------------------------------ helpers

    def refresh(self) -> None:
        """Analyse the shown position (when analysis mode is on)."""
        if self.is_analysing():
            self.analysis.analyse(self.navigator.shown_board())

    def _configure_analysis(self) -> None:
        analysis = self._analysis_settings
        spec = choice_for(self.session.settings(), analysis)
        self.analysis.configure(spec, analysis.lines)
        self.update_engines()

    def _set_analysis_settings(self, analysis: AnalysisSettings) -> None:
        if analysis == self._analysis_settings:
            return
        self._analysis_settings = analysis
        save_analysis_settings(self._qsettings, analysis)
        if self.is_analysing():
            self._configure_analysis()
            self.refresh()
        else:
            self.update_engines()

    def update_engines(self) -> None:
        """Offer the engines of the current settings (and the chosen one and line count) in the analysis view."""
        view = self.engine_panel.analysis_view
        choices = engine_choices(self.session.settings(), self._analysis_settings)
        view.set_engine_choices(
            [(choice.label, choice.uci_command) for choice in choices], self._analysis_settings.uci_command
        )
        view.set_lines(self._analysis_settings.lines)
