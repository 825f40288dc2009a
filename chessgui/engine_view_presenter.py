"""The engine panel and the evaluation bar in the window: which of them the settings show, and stale reports cleared."""

from __future__ import annotations

import chess
from PySide6.QtCore import QObject

from chessgui.analysis_presenter import AnalysisPresenter
from chessgui.engines.tablebase_presenter import TablebasePresenter
from chessgui.game.controller import GameController
from chessgui.storage.settings import Settings
from chessgui.views.board.board_widget import BoardWidget
from chessgui.views.board_area import BoardArea
from chessgui.views.engine_panel import EnginePanel
from chessgui.views.eval_bar import EvalBar, stored_evaluation


class EngineViewPresenter(QObject):
    """Shows the engine panel's sides and the eval bar for the computer players; clears stale engine reports."""

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

    def apply(self, settings: Settings) -> None:
        """The panel shows the computers' sides (or analysis, tablebases); the bar shows when a computer plays."""
        computers = [color for color in chess.COLORS if settings.player(color).is_computer()]
        for color in chess.COLORS:
            self.engine_panel.set_side_visible(color, color in computers)
        self.tablebases.apply(settings.tablebases)  # after the session installed this settings' players
        analysing = self.analysis_mode.is_analysing()
        self.engine_panel.setVisible(bool(computers) or analysing or settings.tablebases.is_configured())
        self.analysis_mode.update_engines()
        self.eval_bar.setVisible(bool(computers))
        self.board_area.relayout()

    def on_engine_cleared(self) -> None:
        """Reports about an earlier position are stale; the bar keeps the position's recorded evaluation."""
        self.engine_panel.clear()
        self.eval_bar.set_info(stored_evaluation(self.controller.node_at_ply(self.controller.live_ply())))
        self.board_widget.set_arrows([])
