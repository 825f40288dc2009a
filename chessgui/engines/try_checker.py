"""Scores a try at a retried position (Learn from your mistakes): the built-in engine searches the
position after the try for a fixed time, and its last score is the try's value.

Like the hint engine (:mod:`chessgui.engines.hint_presenter`) it is an ordinary
:class:`~chessgui.engines.players.BuiltinEnginePlayer` without a book, in its own worker thread,
started with the dialog (:meth:`TryChecker.prepare`) and shut down with it. Requests carry ids; a reply to a try
that was cancelled or replaced is dropped.
"""

from __future__ import annotations

from collections.abc import Callable

import chess
import chess.engine
from PySide6.QtCore import QObject, Signal

from chessgui.engines.hint_presenter import hint_player
from chessgui.engines.info import EngineInfo
from chessgui.engines.players import BuiltinEnginePlayer
from chessgui.game.players import GoRequest
from chessgui.storage.book import BookSettings
from chessgui.storage.settings import PlayerKind, PlayerSettings

CHECK_MS = 1000
"""How long a try is searched: long enough for a steady score at this engine's speed, short enough
that the answer feels immediate."""

CHECK_SETTINGS = PlayerSettings(
    kind=PlayerKind.BUILTIN, move_time_ms=CHECK_MS, hash_mb=16, book=BookSettings(enabled=False)
)
"""The checking engine: the built-in engine at full strength on a fixed time, never from a book."""


def info_score(info: EngineInfo) -> chess.engine.PovScore | None:
    """The score of an engine report (White's view), None when it has none."""
    if info.mate_white is not None:
        return chess.engine.PovScore(chess.engine.Mate(info.mate_white), chess.WHITE)
    if info.score_white_cp is not None:
        return chess.engine.PovScore(chess.engine.Cp(info.score_white_cp), chess.WHITE)
    return None


class TryChecker(QObject):
    """Scores the position after a try.

    Signals:
        checked(int, object): request id and the position's ``chess.engine.PovScore``.
        failed(int, str): request id and what went wrong, in plain words.
    """

    checked = Signal(int, object)
    failed = Signal(int, str)

    def __init__(
        self,
        parent: QObject | None = None,
        player_factory: Callable[[QObject], BuiltinEnginePlayer] = lambda parent: hint_player(parent, CHECK_SETTINGS),
    ) -> None:
        super().__init__(parent)
        self._player_factory = player_factory
        self._player: BuiltinEnginePlayer | None = None
        self._pending: int | None = None
        self._last_score: chess.engine.PovScore | None = None
        self._next_id = 1

    def prepare(self) -> None:
        """Start the engine now (it may have to be compiled, up to a minute on a first start), so
        that it is ready by the first try that needs it."""
        if self._player is None:
            self._player = self._player_factory(self)
            self._player.search_info.connect(self.on_search_info)
            self._player.move_made.connect(self.on_move_made)
            self._player.failed.connect(self.on_failed)

    def is_ready(self) -> bool:
        """True when the engine is started and compiled (a check then takes :data:`CHECK_MS`)."""
        return self._player is not None and self._player.is_ready()

    def check(self, fen: str, move: chess.Move) -> int:
        """Score the position after ``move`` in ``fen``; the answer comes with the returned id."""
        self.prepare()
        assert self._player is not None
        request_id = self._next_id
        self._next_id += 1
        self._pending = request_id
        self._last_score = None
        self._player.go(GoRequest(request_id, fen, (move.uci(),)))
        return request_id

    def is_checking(self) -> bool:
        """True while a try is being scored."""
        return self._pending is not None

    def cancel(self) -> None:
        """Drop the try being scored (the position changed); no answer comes for it."""
        self._pending = None
        if self._player is not None:
            self._player.stop()

    def shutdown(self) -> None:
        """Stop the engine and its thread (the dialog closes)."""
        self._pending = None
        if self._player is not None:
            self._player.shutdown()
            self._player = None

    # ------------------------------------------------------------------ engine replies
    def on_search_info(self, info: EngineInfo) -> None:
        """Keep the latest score (the player passes reports of its pending request only)."""
        score = info_score(info)
        if score is not None:
            self._last_score = score

    def on_move_made(self, request_id: int, uci: str) -> None:  # noqa: ARG002 - signal signature
        """The search ended: its last score is the answer."""
        if request_id != self._pending:
            return
        self._pending = None
        if self._last_score is None:
            self.failed.emit(request_id, self.tr("The engine gave no score for this move."))
            return
        self.checked.emit(request_id, self._last_score)

    def on_failed(self, request_id: int, message: str) -> None:
        """The engine could not search: pass the reason on."""
        if request_id != self._pending:
            return
        self._pending = None
        self.failed.emit(request_id, message)
