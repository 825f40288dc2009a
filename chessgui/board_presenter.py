"""The board in the window: what it shows (the navigator's node) and whether it takes moves.

A move asked for at the live position goes to the human to move; anywhere else (an
earlier position, a variation, a viewed or finished game) it becomes a variation and
never changes the game being played.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import QObject

from chessgui.analysis_presenter import AnalysisPresenter
from chessgui.game.controller import GameController
from chessgui.game.navigator import GameNavigator
from chessgui.game.opening_tracker import OpeningTracker
from chessgui.status_presenter import StatusPresenter
from chessgui.variation_presenter import VariationPresenter
from chessgui.views.board.board_widget import BoardWidget
from chessgui.views.history_banner import HistoryBanner
from chessgui.views.move_entry import MoveEntry
from chessgui.views.move_log import MoveLogPanel


class BoardPresenter(QObject):
    """Routes the board's and the move entry's moves and redraws them (and the log's cursor) from the navigator."""

    def __init__(
        self,
        parent: QObject,
        controller: GameController,
        navigator: GameNavigator,
        board_widget: BoardWidget,
        move_entry: MoveEntry,
        move_log: MoveLogPanel,
        history_banner: HistoryBanner,
        openings: OpeningTracker,
        status: StatusPresenter,
        analysis_mode: AnalysisPresenter,
        variations: VariationPresenter,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.navigator = navigator
        self.board_widget = board_widget
        self.move_entry = move_entry
        self.move_log = move_log
        self.history_banner = history_banner
        self.openings = openings
        self.status = status
        self.analysis_mode = analysis_mode
        self.variations = variations
        self._human_input_allowed = True

    def on_move_requested(self, move: chess.Move) -> None:
        """The board asks for a move: at the live position it goes to the human to move; elsewhere it is a variation.

        A move at an earlier position or in a variation (also of a viewed or finished game)
        never changes the game being played: it is added to the tree (or follows a move
        already there) and shown. No player is asked to answer it.
        """
        if self.navigator.is_live() and self.controller.is_waiting_for_human():
            self.controller.player(self.controller.board().turn).on_move_requested(move)
            return
        self.variations.play_variation(self.navigator.shown_node(), [move])

    def board_takes_moves(self) -> bool:
        """The live position takes the human's move when it is their turn; any other position takes moves
        (as variations)."""
        return self._human_input_allowed or not self.navigator.is_live()

    def on_navigation_requested(self, where: str) -> None:
        """A navigation button of the move log."""
        {
            "first": self.navigator.first,
            "back": self.navigator.back,
            "forward": self.navigator.forward,
            "last": self.navigator.last,
        }[where]()

    def on_move_made(self, move: chess.Move, san: str) -> None:  # noqa: ARG002 - signal signature
        """A move was played: the arrows go and the log grows (the navigator moves the board)."""
        self.board_widget.set_arrows([])
        self.status.refresh_log()
        self.status.update_actions()

    def on_view_changed(self, ply: int, animate: bool) -> None:
        """Show the navigator's node (``ply`` moves from the start)."""
        node = self.navigator.shown_node()
        board = node.board()
        last_move = board.peek() if board.move_stack else None
        self.board_widget.set_position(board, last_move, animate=animate)
        self.board_widget.set_input_enabled(self.board_takes_moves())
        self.move_entry.set_position(board, self.board_takes_moves())
        self.move_log.set_current_node(node)
        self.history_banner.set_view(ply, self.controller.live_ply(), node.is_mainline())
        self.openings.show_board(board)
        self.status.refresh_status()
        self.analysis_mode.refresh()

    def on_human_input_enabled(self, enabled: bool) -> None:
        """The controller says whether a human may move now."""
        self._human_input_allowed = enabled
        self.board_widget.set_input_enabled(self.board_takes_moves())
        self.move_entry.set_position(self.navigator.shown_board(), self.board_takes_moves())
        self.status.update_actions()

    def on_analyse_toggled(self, checked: bool) -> None:  # noqa: ARG002 - signal signature
        """Analysis mode on or off (the analysis presenter runs it): the board takes moves as before."""
        self.board_widget.set_input_enabled(self.board_takes_moves())
