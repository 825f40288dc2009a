"""Which node of the game tree the board shows: the live position, an earlier one, or a variation.

Viewing is view state, not game state, so it lives beside the controller rather
than in it. The navigator follows new moves only when the user was already at the
live end. Left/Right move along the current line (Right goes back into the line
last shown, not always the main line); Up/Down choose among the alternatives to the
shown move.
"""

from __future__ import annotations

import chess
import chess.pgn
from PySide6.QtCore import QObject, Signal

from chessgui.game import tree
from chessgui.game.controller import GameController


class GameNavigator(QObject):
    """Tracks the node shown on the board.

    Signals:
        view_changed(int ply, bool animate): the shown node changed (or the tree around it);
            ``ply`` is the number of moves from the start to it. Read the node with
            :meth:`shown_node` and its position with :meth:`shown_board`. ``animate`` is
            True when the step is a single move forward.
    """

    view_changed = Signal(int, bool)

    def __init__(self, controller: GameController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self._node: chess.pgn.GameNode = controller.live_node()
        # The deepest node of the line last shown: Right follows it back down.
        self._line_tip: chess.pgn.GameNode = self._node
        controller.move_made.connect(self.on_move_made)
        controller.move_taken_back.connect(self.on_reset)
        controller.game_started.connect(self.on_reset)
        controller.tree_changed.connect(self.on_tree_changed)

    # ------------------------------------------------------------------ queries

    def shown_node(self) -> chess.pgn.GameNode:
        """The node whose position the board shows."""
        return self._node

    def shown_board(self) -> chess.Board:
        """The shown position, with the move stack from the start."""
        return self._node.board()

    def view_ply(self) -> int:
        """Number of moves from the start to the shown position (0 = start position)."""
        return tree.depth(self._node)

    def is_live(self) -> bool:
        """True when the live position is shown."""
        return self._node is self._controller.live_node()

    def is_on_main_line(self) -> bool:
        """True when the shown node is on the game's main line."""
        return self._node.is_mainline()

    # ------------------------------------------------------------------ moving

    def go_to_node(self, node: chess.pgn.GameNode, animate: bool | None = None) -> None:
        """Show ``node`` (a node of the controller's game).

        ``animate`` defaults to True for a single step forward.
        """
        if not tree.is_attached(node, self._controller.game()):
            return
        if animate is None:
            animate = node.parent is self._node
        self._node = node
        if not tree.is_ancestor(node, self._line_tip):
            self._line_tip = node
        self.view_changed.emit(tree.depth(node), animate)

    def go_to(self, ply: int) -> None:
        """Show the main-line position after ``ply`` moves (clamped to the live position)."""
        ply = max(0, min(ply, self._controller.live_ply()))
        self.go_to_node(self._controller.node_at_ply(ply))

    def back(self) -> None:
        """One move back along the current line."""
        if self._node.parent is not None:
            self.go_to_node(self._node.parent)

    def forward(self) -> None:
        """One move forward along the current line (the line last shown, else the main continuation)."""
        children = self._node.variations
        if not children:
            return
        for child in children:
            if tree.is_ancestor(child, self._line_tip):
                self.go_to_node(child)
                return
        self.go_to_node(children[0])

    def first(self) -> None:
        """The start position."""
        self.go_to_node(self._controller.game())

    def last(self) -> None:
        """The live position."""
        self.go_to_node(self._controller.live_node())

    def previous_variation(self) -> None:
        """Up: the alternative before the shown move (at the branch where it was played)."""
        self._step_sibling(-1)

    def next_variation(self) -> None:
        """Down: the alternative after the shown move."""
        self._step_sibling(1)

    def _step_sibling(self, step: int) -> None:
        options = tree.siblings(self._node)
        index = next(i for i, node in enumerate(options) if node is self._node)
        if 0 <= index + step < len(options):
            target = options[index + step]
            self._line_tip = target
            self.go_to_node(target, animate=False)

    # ------------------------------------------------------------------ controller signals

    def on_move_made(self, move: chess.Move, san: str) -> None:  # noqa: ARG002 - signal signature
        """Follow a new move when the user was watching the live position."""
        live = self._controller.live_node()
        if self._node is live.parent:
            self.go_to_node(live, animate=True)

    def on_reset(self) -> None:
        """After a takeback or a new game the board shows the live position."""
        self._node = self._line_tip = self._controller.live_node()
        self.view_changed.emit(tree.depth(self._node), False)

    def on_tree_changed(self) -> None:
        """Moves were added, moved or removed: keep showing the node, or the nearest one left."""
        game = self._controller.game()
        self._node = tree.nearest_attached(self._node, game)
        self._line_tip = tree.nearest_attached(self._line_tip, game)
        if not tree.is_ancestor(self._node, self._line_tip):
            self._line_tip = self._node
        self.view_changed.emit(tree.depth(self._node), False)
