"""Which ply of the game the board shows: the live position or an earlier one.

Viewing is view state, not game state, so it lives beside the controller rather
than in it. While an earlier position is shown the board is read-only; the
navigator follows new moves only when the user was already at the live end.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import QObject, Signal

from chessgui.game.controller import GameController


class GameNavigator(QObject):
    """Tracks the ply shown on the board.

    Signals:
        view_changed(int ply, bool animate): show the position after ``ply`` moves;
            ``animate`` is True when the step is a single new live move.
    """

    view_changed = Signal(int, bool)

    def __init__(self, controller: GameController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self._ply = controller.live_ply()
        controller.move_made.connect(self.on_move_made)
        controller.move_taken_back.connect(self.on_reset)
        controller.game_started.connect(self.on_reset)

    def view_ply(self) -> int:
        """The ply shown (0 = start position)."""
        return self._ply

    def is_live(self) -> bool:
        """True when the live position is shown (the board may take moves)."""
        return self._ply == self._controller.live_ply()

    def go_to(self, ply: int) -> None:
        """Show the position after ``ply`` moves (clamped to the game)."""
        ply = max(0, min(ply, self._controller.live_ply()))
        animate = ply == self._ply + 1
        self._ply = ply
        self.view_changed.emit(ply, animate)

    def back(self) -> None:
        """One move back."""
        self.go_to(self._ply - 1)

    def forward(self) -> None:
        """One move forward."""
        self.go_to(self._ply + 1)

    def first(self) -> None:
        """The start position."""
        self.go_to(0)

    def last(self) -> None:
        """The live position."""
        self.go_to(self._controller.live_ply())

    def on_move_made(self, move: chess.Move, san: str) -> None:  # noqa: ARG002 - signal signature
        """Follow a new move when the user was watching the live position."""
        live = self._controller.live_ply()
        if self._ply == live - 1:
            self._ply = live
            self.view_changed.emit(live, True)

    def on_reset(self) -> None:
        """After a takeback or a new game the board shows the live position."""
        self._ply = self._controller.live_ply()
        self.view_changed.emit(self._ply, False)
