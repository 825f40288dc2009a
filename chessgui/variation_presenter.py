"""Variation editing in the window: the move log's requests on the game tree, turned into controller calls.

The controller changes the tree; this presenter only asks the user where needed (a
comment's text, whether to continue the game from a position) and says why a request
cannot be done.
"""

from __future__ import annotations

from collections.abc import Sequence

import chess
import chess.pgn
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QInputDialog, QWidget

from chessgui.dialogs.positions_and_games import PositionsAndGames
from chessgui.game.controller import GameController
from chessgui.game.navigator import GameNavigator


class VariationPresenter(QObject):
    """Plays, promotes, deletes and comments variations for the window.

    Signals:
        status_message(str): a passing notice for the status bar (why a request was refused).
    """

    status_message = Signal(str)

    def __init__(
        self,
        window: QWidget,
        controller: GameController,
        navigator: GameNavigator,
        flows: PositionsAndGames,
    ) -> None:
        """``flows`` asks the user yes/no questions (``flows.ask``)."""
        super().__init__(window)
        self._window = window
        self.controller = controller
        self.navigator = navigator
        self.flows = flows

    # ------------------------------------------------------------------ slots

    def on_make_main_line_requested(self, node: chess.pgn.GameNode) -> None:
        """Make a line the main line; in a game being played that is "continue from here"."""
        if not self.controller.tree_editor.make_main_line(node):
            self.on_continue_requested(node)

    def on_delete_requested(self, node: chess.pgn.GameNode) -> None:
        """Delete a move and what follows; the moves of the game being played are kept."""
        if not self.controller.tree_editor.delete_from(node):
            self.status_message.emit(
                self.tr("The moves of the game itself cannot be deleted; take moves back instead.")
            )

    def on_comment_requested(self, node: chess.pgn.GameNode) -> None:
        """Add or edit the comment after a move."""
        text = self.ask_comment(node.comment)
        if text is not None:
            self.controller.tree_editor.set_comment(node, text.strip())

    def ask_comment(self, current: str) -> str | None:
        """Ask for a move's comment; None when cancelled (replaced in tests)."""
        text, accepted = QInputDialog.getMultiLineText(
            self._window, self.tr("Comment"), self.tr("Comment after the move:"), current
        )
        return text if accepted else None

    def on_continue_requested(self, node: chess.pgn.GameNode) -> None:
        """Continue the game from a node with the current players, after asking (nothing is deleted)."""
        controller = self.controller
        if node is controller.live_node() and not controller.is_game_over() and not controller.is_viewing():
            return  # already the live position
        question = self.tr(
            "Continue the game from this position with the current players? The "
            "moves played after it are kept as a variation."
        )
        if self.flows.ask(self.tr("Continue from here?"), question):
            controller.continue_from(node)

    def play_variation(self, parent: chess.pgn.GameNode, moves: Sequence[chess.Move]) -> None:
        """Add ``moves`` after ``parent`` (or follow the moves already in the tree) and show the last one."""
        try:
            node = self.controller.tree_editor.add_variation(parent, moves)
        except ValueError as error:
            self.status_message.emit(self.tr("That line cannot be played here: {error}").format(error=error))
            return
        self.navigator.go_to_node(node, animate=len(moves) == 1)
