"""Hints for the human to move: ask the engine, then offer the move as an arrow.

Keeps the hint engine's lifetime (started on the first hint, shut down with the
window) and the "is this hint still about the position on the board?" check out
of MainWindow, which only wires the two signals to the board and the status bar.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import QObject, Signal

from chessgui.engines.hint import HintProvider
from chessgui.engines.info import EngineInfo
from chessgui.game.controller import GameController
from chessgui.game.navigator import GameNavigator


class HintPresenter(QObject):
    """Turns the Hint action into an arrow for the human's move.

    Signals:
        arrow_ready(list): ``[(from_square, to_square)]`` to draw on the board.
        status_message(str): what is happening, in plain words.
    """

    arrow_ready = Signal(list)
    status_message = Signal(str)

    def __init__(self, controller: GameController, navigator: GameNavigator, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self._navigator = navigator
        self._provider: HintProvider | None = None

    def on_hint_triggered(self) -> None:
        """Ask the engine for a suggestion for the human to move in the live position."""
        if not self._controller.is_waiting_for_human() or not self._navigator.is_live():
            self.status_message.emit("A hint is for your move in the live position.")
            return
        if self._provider is None:
            # Started on first use: most games never ask for a hint, and it costs a thread.
            self._provider = HintProvider(self)
            self._provider.hint_ready.connect(self.on_hint_ready)
            self._provider.hint_failed.connect(self.status_message)
        board = self._controller.board()
        self._provider.request_hint(self._controller.start_fen(), [move.uci() for move in board.move_stack])
        self.status_message.emit("Looking for a good move…")

    def on_hint_ready(self, move: chess.Move, info: EngineInfo | None) -> None:
        """Offer the suggested move, unless the game has moved on meanwhile."""
        board = self._controller.board()
        if not self._controller.is_waiting_for_human() or move not in board.legal_moves:
            return
        score = f" ({info.format_score()})" if info is not None else ""
        self.arrow_ready.emit([(move.from_square, move.to_square)])
        self.status_message.emit(f"Hint: {board.san(move)}{score}")

    def shutdown(self) -> None:
        """Stop the hint engine (the window is closing)."""
        if self._provider is not None:
            self._provider.shutdown()
