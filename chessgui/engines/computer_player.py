"""The part every computer player shares: the opening book, the pending search, its replies.

Cute Chess style: the GUI applies the book for any engine, built-in or external
UCI, so one code path serves both. :meth:`ComputerPlayer.go` looks the position
up in the side's book; a book move is answered at once (on the next event-loop
turn, so the controller is never re-entered from inside ``go``) with a
``search_info`` report marked as a book move; anything else is searched by the
player's worker thread.

The base owns everything about a search but how to start it: the pending request,
dropping stale replies (any id but the pending one), checking the reply is legal,
:meth:`~ComputerPlayer.stop` and :meth:`~ComputerPlayer.shutdown`. A subclass only
says how to start a search (:meth:`ComputerPlayer.start_search`: the limit to send).
"""

from __future__ import annotations

import logging
import random
from typing import Protocol

import chess
from PySide6.QtCore import QObject, QTimer, SignalInstance, Slot

from chessgui.engines.info import EngineInfo
from chessgui.game.players import GoRequest, Player
from chessgui.storage.book import BookError, BookMove, BookSettings, in_book_range, load_book
from chessgui.storage.tablebase_result import TablebaseResult
from chessgui.storage.tablebases import TablebaseProber

_log = logging.getLogger(__name__)


class SearchWorker(Protocol):
    """What a computer player needs from its worker thread (see ``engines.worker_thread``)."""

    search_info: SignalInstance
    best_move: SignalInstance
    failed: SignalInstance

    def request_search(self, request_id: int, fen: str, moves: tuple[str, ...], limit: object) -> None: ...

    def stop(self, request_id: int | None = None) -> None: ...

    def shutdown(self, timeout_ms: int = 1000) -> bool: ...


class ComputerPlayer(Player):
    """Base class of the engine players: book first, then a search in ``worker``'s thread."""

    def __init__(
        self,
        name: str,
        worker: SearchWorker,
        book_settings: BookSettings | None = None,
        parent: QObject | None = None,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(name, parent)
        self._worker = worker
        self._request: GoRequest | None = None  # the search in progress, if any
        self._board_before: chess.Board | None = None  # its position (for reports and the legality check)
        self._ready = False
        self._book_settings = book_settings or BookSettings(enabled=False)
        self._book_rng = rng or random.Random()
        self._book_reply: tuple[int, str] | None = None  # (request id, uci) waiting to be sent
        self._book_timer = QTimer(self)
        self._book_timer.setSingleShot(True)
        self._book_timer.setInterval(0)
        self._book_timer.timeout.connect(self._on_book_timer)
        worker.search_info.connect(self._on_worker_search_info)
        worker.best_move.connect(self._on_worker_best_move)
        worker.failed.connect(self._on_worker_failed)
        self._tablebases: TablebaseProber | None = None  # endgame tables, consulted after the book

    def is_human(self) -> bool:
        return False

    def is_ready(self) -> bool:
        return self._ready

    def is_thinking(self) -> bool:
        """True while a request is being searched."""
        return self._request is not None

    def book_settings(self) -> BookSettings:
        """The opening book options in force."""
        return self._book_settings

    def set_book_settings(self, settings: BookSettings, rng: random.Random | None = None) -> None:
        """Use ``settings`` from the next :meth:`go` (``rng`` makes the choices reproducible)."""
        self._book_settings = settings
        if rng is not None:
            self._book_rng = rng

    def book_move(self, request: GoRequest) -> BookMove | None:
        """The book's move for the request's position, or None (book off, too deep, no entry, bad file)."""
        settings = self._book_settings
        if not settings.enabled:
            return None
        try:
            board = request.board()
        except ValueError:
            return None
        if not in_book_range(board, settings):
            return None
        try:
            book = load_book(settings)
        except BookError as error:  # reported to the user by the session; play on by search
            _log.info("Opening book not used: %s", error)
            return None
        return book.pick(board, settings.choice, self._book_rng)

    def set_tablebases(self, prober: TablebaseProber | None) -> None:
        """Play the tablebase-best move at once when ``prober``'s tables cover the position (None: never)."""
        self._tablebases = prober

    def tablebase_move(self, request: GoRequest) -> TablebaseResult | None:
        """The tables' exact result with a best move for the request's position, or None."""
        if self._tablebases is None:
            return None
        try:
            board = request.board()
        except ValueError:
            return None
        result = self._tablebases.probe(board)
        return result if result is not None and result.best_move is not None else None

    def go(self, request: GoRequest) -> None:
        """Answer from the opening book or the endgame tables at once; search otherwise."""
        self.stop()
        choice = self.book_move(request)
        if choice is not None:
            board = request.board()
            info = EngineInfo.from_book_move(
                choice.move, choice.share, choice.alternatives, board, engine_name=self.name
            )
            self._answer_at_once(request, choice.move, info)
            return
        exact = self.tablebase_move(request)
        if exact is not None and exact.best_move is not None:  # tablebase_move() only returns results with a move
            board = request.board()
            info = EngineInfo.from_tablebase_move(
                exact.best_move, exact.describe(), exact.to_pov_score(), board, self.name
            )
            self._answer_at_once(request, exact.best_move, info)
            return
        self.search(request)

    def _answer_at_once(self, request: GoRequest, move: chess.Move, info: EngineInfo) -> None:
        """Report ``info`` now and answer with ``move`` on the next event-loop turn (as a search would, later)."""
        self.search_info.emit(info)
        self._book_reply = (request.request_id, move.uci())
        self._book_timer.start()

    def stop(self) -> None:
        self._book_timer.stop()
        self._book_reply = None
        self.stop_search()

    def shutdown(self) -> None:
        self.stop()
        self._worker.shutdown(1000)

    def search(self, request: GoRequest) -> None:
        """Search the request's position in the worker thread; answer with ``move_made`` or ``failed``."""
        self.stop_search()
        try:
            board = request.board()
        except ValueError as error:
            self.failed.emit(
                request.request_id, self.tr("The position is not valid for the engine: {error}").format(error=error)
            )
            return
        self._request = request
        self._board_before = board
        self.start_search(request, board)

    def stop_search(self) -> None:
        """Abandon the search in progress, if any: no reply for it is accepted afterwards."""
        request = self._finish()
        if request is not None:
            self._worker.stop(request.request_id)

    # ------------------------------------------------------------------ for subclasses
    def start_search(self, request: GoRequest, board: chess.Board) -> None:
        """Send ``request`` (position ``board``) to the worker with this engine's limit."""
        raise NotImplementedError

    def search_ended(self) -> None:
        """The pending search ended (answered, failed or abandoned): release what watched it."""

    def engine_info(self, info: object, board: chess.Board) -> EngineInfo:
        """The worker's report as an :class:`EngineInfo` (the worker may already send one)."""
        return info  # type: ignore[return-value]

    def set_ready(self, ready: bool) -> None:
        """Record that the engine became ready (or not) and tell the listeners when that changes."""
        if ready != self._ready:
            self._ready = ready
            self.ready_changed.emit(ready)

    # ------------------------------------------------------------------ worker replies
    def _pending(self, request_id: int) -> bool:
        return self._request is not None and request_id == self._request.request_id

    def _finish(self) -> GoRequest | None:
        request = self._request
        self._request = None
        self._board_before = None
        self.search_ended()
        return request

    @Slot(int, object)
    def _on_worker_search_info(self, request_id: int, info: object) -> None:
        if self._pending(request_id) and self._board_before is not None:
            self.search_info.emit(self.engine_info(info, self._board_before))

    @Slot(int, str)
    def _on_worker_best_move(self, request_id: int, uci: str) -> None:
        board = self._board_before
        if not self._pending(request_id) or board is None:
            return  # stale: a request that was stopped or replaced
        self._finish()
        try:
            legal = chess.Move.from_uci(uci) in board.legal_moves
        except ValueError:
            legal = False
        if not legal:
            self.failed.emit(
                request_id,
                self.tr("The engine '{name}' chose an illegal move ({uci}).").format(name=self.name, uci=uci),
            )
            return
        self.move_made.emit(request_id, uci)

    @Slot(int, str)
    def _on_worker_failed(self, request_id: int, message: str) -> None:
        if not self._pending(request_id):
            return
        self._finish()
        self.failed.emit(request_id, message)

    # ------------------------------------------------------------------ internals
    def _on_book_timer(self) -> None:
        reply = self._book_reply
        self._book_reply = None
        if reply is not None:
            self.move_made.emit(*reply)
