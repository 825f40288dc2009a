"""Hints: the built-in engine's suggestion for the human's move.

:class:`HintProvider` searches the current position briefly in its own
:class:`~chessgui.engines.builtin_worker.EngineWorker` (so it never disturbs a
computer player's search or hash table) and reports the best move, which the
main window shows as an arrow (``BoardWidget.set_arrows``).
"""

from __future__ import annotations

import chess
from PySide6.QtCore import QObject, Signal

from chessgui.engines.builtin_worker import EngineWorker
from chessgui.engines.info import EngineInfo

#: How long a hint search takes by default.
DEFAULT_HINT_MS = 1000


class HintProvider(QObject):
    """Ask for a hint with :meth:`request_hint`; the answer comes as ``hint_ready``.

    Signals:
        hint_ready(object chess.Move, object EngineInfo | None): the suggested move and the
            last search report (score, PV) behind it.
        hint_failed(str message): no hint could be found (plain words).
    """

    hint_ready = Signal(object, object)
    hint_failed = Signal(str)

    def __init__(self, parent: QObject | None = None, worker: EngineWorker | None = None, hash_mb: int = 16) -> None:
        super().__init__(parent)
        self._worker = worker or EngineWorker(hash_mb=hash_mb)
        self._next_id = 1
        self._request_id: int | None = None
        self._board: chess.Board | None = None
        self._last_info: EngineInfo | None = None
        self._worker.search_info.connect(self._on_search_info)
        self._worker.best_move.connect(self._on_best_move)
        self._worker.failed.connect(self._on_failed)

    def request_hint(
        self, start_fen: str, moves: tuple[str, ...] | list[str], movetime_ms: int = DEFAULT_HINT_MS
    ) -> None:
        """Search the position reached by ``moves`` from ``start_fen``; replaces a pending hint."""
        from engine.api import SearchLimit

        self.cancel()
        try:
            board = chess.Board(start_fen)
            for uci in moves:
                board.push_uci(uci)
        except ValueError as error:
            self.hint_failed.emit(f"No hint: the position is not valid ({error}).")
            return
        if board.is_game_over():
            self.hint_failed.emit("No hint: the game is over.")
            return
        self._request_id = self._next_id
        self._next_id += 1
        self._board = board
        self._last_info = None
        self._worker.request_search(self._request_id, start_fen, tuple(moves), SearchLimit(movetime_ms=movetime_ms))

    def is_searching(self) -> bool:
        """True while a hint is being searched."""
        return self._request_id is not None

    def cancel(self) -> None:
        """Forget the pending hint (the position changed)."""
        if self._request_id is not None:
            self._worker.stop(self._request_id)
        self._request_id = None
        self._board = None

    def shutdown(self) -> None:
        """Stop the hint engine's thread (before the window closes)."""
        self.cancel()
        self._worker.shutdown(1000)

    def _on_search_info(self, request_id: int, info: object) -> None:
        if request_id == self._request_id and self._board is not None:
            self._last_info = EngineInfo.from_search_info(info, self._board, engine_name="Hint")  # type: ignore[arg-type]

    def _on_best_move(self, request_id: int, uci: str) -> None:
        if request_id != self._request_id or self._board is None:
            return
        board = self._board
        self._request_id = None
        self._board = None
        move = chess.Move.from_uci(uci)
        if move not in board.legal_moves:
            self.hint_failed.emit("No hint: the engine suggested an illegal move.")
            return
        self.hint_ready.emit(move, self._last_info)

    def _on_failed(self, request_id: int, message: str) -> None:
        if request_id != self._request_id:
            return
        self._request_id = None
        self._board = None
        self.hint_failed.emit(message)
