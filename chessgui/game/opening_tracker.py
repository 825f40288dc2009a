"""Keeps the game's ``ECO``/``Opening`` headers and the shown opening name up to date.

After every move the live position is classified (:func:`chessgui.storage.opening_names.classify`)
and the game's PGN headers follow it; a game loaded from a file keeps the headers it
came with until play continues. The name of the position on view (which may be an
earlier one while the user browses) is announced for the window to show.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import QObject, Signal

from chessgui.game.controller import GameController
from chessgui.storage.opening_names import OpeningName, classify


class OpeningTracker(QObject):
    """Classifies the live game (headers) and the viewed position (label).

    Signals:
        opening_shown(str): the opening of the position on view, e.g. "C50 Italian Game", or "".
    """

    opening_shown = Signal(str)

    def __init__(self, controller: GameController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        controller.move_made.connect(self.on_move_made)
        controller.move_taken_back.connect(self.on_move_taken_back)

    def on_move_made(self, move: chess.Move, san: str) -> None:  # noqa: ARG002 - signal signature
        """Name the game after its new position."""
        self._write_headers(classify(self._controller.board()))

    def on_move_taken_back(self) -> None:
        """The name may be an earlier one again."""
        self._write_headers(classify(self._controller.board()))

    def on_view_changed(self, ply: int, animate: bool = False) -> None:  # noqa: ARG002 - signal signature
        """Announce the opening of the position after ``ply`` moves."""
        self.show_board(self._controller.board_at_ply(ply))

    def show_board(self, board: chess.Board) -> None:
        """Announce the opening of ``board``'s position (any node of the game tree)."""
        found = classify(board) if board.move_stack else None
        self.opening_shown.emit(str(found) if found is not None else "")

    def _write_headers(self, found: OpeningName | None) -> None:
        if found is not None:
            self._controller.tree_editor.set_headers({"ECO": found.eco, "Opening": found.name})
