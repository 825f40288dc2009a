"""The engine panel and the evaluation bar in the window: which of them the settings show, and stale reports cleared.

A person playing the computer does not see its score, line or evaluation bar until the game ends
(as on lichess), unless the settings ask for them (``Settings.show_thinking``)."""

from __future__ import annotations

import chess
from PySide6.QtCore import QObject, Signal

from chessgui.analysis_presenter import AnalysisPresenter
from chessgui.engines.tablebase_presenter import TablebasePresenter
from chessgui.game.controller import GameController
from chessgui.storage.settings import Settings
from chessgui.views.board.board_widget import BoardWidget
from chessgui.views.board_area import BoardArea
from chessgui.views.engine_panel import EnginePanel
from chessgui.views.eval_bar import EvalBar, stored_evaluation


class EngineViewPresenter(QObject):
    """Shows the engine panel's sides and the eval bar for the computer players; clears stale engine reports.

    Signals:
        thinking_hidden_changed(bool): the computer's evaluations are now kept from the person
            playing it (True), or shown again (False: the game ended, or the settings changed).
    """

    thinking_hidden_changed = Signal(bool)

    def __init__(
        self,
        parent: QObject,
        controller: GameController,
        engine_panel: EnginePanel,
        eval_bar: EvalBar,
        board_widget: BoardWidget,
        board_area: BoardArea,
        tablebases: TablebasePresenter,
        analysis_mode: AnalysisPresenter,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.engine_panel = engine_panel
        self.eval_bar = eval_bar
        self.board_widget = board_widget
        self.board_area = board_area
        self.tablebases = tablebases
        self.analysis_mode = analysis_mode
        self._settings = Settings()
        self._thinking_hidden = False

    def apply(self, settings: Settings) -> None:
        """The panel shows the computers' sides (or analysis, tablebases); the bar shows when a computer plays."""
        computers = [color for color in chess.COLORS if settings.player(color).is_computer()]
        for color in chess.COLORS:
            self.engine_panel.set_side_visible(color, color in computers)
        self.tablebases.apply(settings.tablebases)  # after the session installed this settings' players
        analysing = self.analysis_mode.is_analysing()
        self.engine_panel.setVisible(bool(computers) or analysing or settings.tablebases.is_configured())
        self.analysis_mode.update_engines()
        self._settings = settings
        self.update_thinking_hidden()

    def is_thinking_hidden(self) -> bool:
        """True while the computer's score, line and evaluation bar are kept from the person playing it."""
        return self._thinking_hidden

    def update_thinking_hidden(self) -> None:
        """Hide the computer's thinking during a person's game against it; show it when the game is over."""
        settings, controller = self._settings, self.controller
        hidden = settings.hides_thinking() and controller.result() is None and not controller.is_viewing()
        self.engine_panel.set_thinking_hidden(hidden)
        computers = any(settings.player(color).is_computer() for color in chess.COLORS)
        self.eval_bar.setVisible(computers and not hidden)
        self.board_area.relayout()
        if hidden != self._thinking_hidden:
            self._thinking_hidden = hidden
            self.thinking_hidden_changed.emit(hidden)

    def on_engine_cleared(self) -> None:
        """Reports about an earlier position are stale; the bar keeps the position's recorded evaluation."""
        self.engine_panel.clear()
        self.eval_bar.set_info(stored_evaluation(self.controller.node_at_ply(self.controller.live_ply())))
        self.board_widget.set_arrows([])
