"""Hints for the human to move: ask the engine, then offer the move as an arrow.

The hint engine is an ordinary :class:`~chessgui.engines.players.BuiltinEnginePlayer`
with a fixed time per move and no book, in its own worker thread (so it never disturbs
a computer player's search or hash table). This presenter keeps its lifetime (started on
the first hint, shut down with the window) and the "is this hint still about the
position on the board?" check out of MainWindow, which only wires the two signals to
the board and the status bar.
"""

from __future__ import annotations

from collections.abc import Callable

import chess
from PySide6.QtCore import QObject, Signal

from chessgui.engines.info import EngineInfo
from chessgui.engines.players import BuiltinEnginePlayer
from chessgui.game.chess_words import PieceLetters, display_san
from chessgui.game.controller import GameController
from chessgui.game.navigator import GameNavigator
from chessgui.game.players import GoRequest
from chessgui.storage.book import BookSettings
from chessgui.storage.settings import PlayerKind, PlayerSettings

#: How long a hint search takes.
DEFAULT_HINT_MS = 1000

HINT_SETTINGS = PlayerSettings(
    kind=PlayerKind.BUILTIN, move_time_ms=DEFAULT_HINT_MS, hash_mb=16, book=BookSettings(enabled=False)
)
"""The hint engine: the built-in engine on a fixed time per move, searching (never from a book)."""


def hint_player(parent: QObject | None = None, settings: PlayerSettings = HINT_SETTINGS) -> BuiltinEnginePlayer:
    """A built-in engine player that searches hints with ``settings``' fixed limit."""
    return BuiltinEnginePlayer(settings, name="Hint", parent=parent)


class HintPresenter(QObject):
    """Turns the Hint action into an arrow for the human's move.

    Signals:
        arrow_ready(list): ``[(from_square, to_square)]`` to draw on the board.
        status_message(str): what is happening, in plain words.
    """

    arrow_ready = Signal(list)
    status_message = Signal(str)

    def __init__(
        self,
        controller: GameController,
        navigator: GameNavigator,
        parent: QObject | None = None,
        player_factory: Callable[[QObject], BuiltinEnginePlayer] = hint_player,
    ) -> None:
        super().__init__(parent)
        self._controller = controller
        self._navigator = navigator
        self._player_factory = player_factory
        self._player: BuiltinEnginePlayer | None = None
        self._request: GoRequest | None = None
        self._last_info: EngineInfo | None = None
        self._next_id = 1
        self.piece_letters = PieceLetters.ENGLISH
        """How the hint names the piece (set from the settings)."""

    def on_hint_triggered(self) -> None:
        """Ask the engine for a suggestion for the human to move in the live position."""
        if not self._controller.is_waiting_for_human() or not self._navigator.is_live():
            self.status_message.emit(self.tr("A hint is for your move in the live position."))
            return
        if self._player is None:
            # Started on first use: most games never ask for a hint, and it costs a thread.
            self._player = self._player_factory(self)
            self._player.search_info.connect(self.on_hint_search_info)
            self._player.move_made.connect(self.on_hint_move_made)
            self._player.failed.connect(self.on_hint_failed)
        board = self._controller.board()
        self._request = GoRequest(self._next_id, self._controller.start_fen(), tuple(m.uci() for m in board.move_stack))
        self._next_id += 1
        self._last_info = None
        self._player.go(self._request)
        self.status_message.emit(self.tr("Looking for a good move…"))

    def is_searching(self) -> bool:
        """True while a hint is being searched."""
        return self._request is not None

    def on_hint_search_info(self, info: EngineInfo) -> None:
        """Keep the latest report: its score goes with the hint."""
        self._last_info = info

    def on_hint_move_made(self, request_id: int, uci: str) -> None:
        """The engine's suggestion for the request ``request_id``."""
        if self._request is None or request_id != self._request.request_id:
            return
        self._request = None
        self.on_hint_ready(chess.Move.from_uci(uci), self._last_info)

    def on_hint_failed(self, request_id: int, message: str) -> None:
        """No hint could be found: say why."""
        if self._request is None or request_id != self._request.request_id:
            return
        self._request = None
        self.status_message.emit(message)

    def on_hint_ready(self, move: chess.Move, info: EngineInfo | None) -> None:
        """Offer the suggested move, unless the game has moved on meanwhile."""
        board = self._controller.board()
        if not self._controller.is_waiting_for_human() or move not in board.legal_moves:
            return
        score = f" ({info.format_score()})" if info is not None else ""
        self.arrow_ready.emit([(move.from_square, move.to_square)])
        self.status_message.emit(
            self.tr("Hint: {san}{score}").format(san=display_san(board.san(move), self.piece_letters), score=score)
        )

    def shutdown(self) -> None:
        """Stop the hint engine (the window is closing)."""
        if self._player is not None:
            self._player.shutdown()
