"""The part every computer player shares: play from the opening book, search otherwise.

Cute Chess style: the GUI applies the book for any engine, built-in or external
UCI, so one code path serves both. :meth:`ComputerPlayer.go` looks the position
up in the side's book; a book move is answered at once (on the next event-loop
turn, so the controller is never re-entered from inside ``go``) with a
``search_info`` report marked as a book move; anything else goes to the
subclass's :meth:`ComputerPlayer.search`.
"""

from __future__ import annotations

import logging
import random

from PySide6.QtCore import QObject, QTimer

from chessgui.engines.info import EngineInfo
from chessgui.game.players import GoRequest, Player
from chessgui.storage.book import BookError, BookMove, BookSettings, in_book_range, load_book
from chessgui.storage.tablebases import TablebaseProber, TablebaseResult

_log = logging.getLogger(__name__)


class ComputerPlayer(Player):
    """Base class of the engine players: book first, then :meth:`search`."""

    def __init__(
        self,
        name: str,
        book_settings: BookSettings | None = None,
        parent: QObject | None = None,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(name, parent)
        self._book_settings = book_settings or BookSettings(enabled=False)
        self._book_rng = rng or random.Random()
        self._book_reply: tuple[int, str] | None = None  # (request id, uci) waiting to be sent
        self._book_timer = QTimer(self)
        self._book_timer.setSingleShot(True)
        self._book_timer.setInterval(0)
        self._book_timer.timeout.connect(self._on_book_timer)
        self._tablebases: TablebaseProber | None = None  # endgame tables, consulted after the book

    def is_human(self) -> bool:
        return False

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
        self.stop()
        choice = self.book_move(request)
        if choice is None:
            exact = self.tablebase_move(request)
            if exact is None:
                self.search(request)
                return
            board, move = request.board(), exact.best_move
            info = EngineInfo.from_tablebase_move(move, exact.describe(), exact.to_pov_score(), board, self.name)
            self.search_info.emit(info)
            self._book_reply = (request.request_id, move.uci())
            self._book_timer.start()
            return
        board = request.board()
        self.search_info.emit(
            EngineInfo.from_book_move(choice.move, choice.share, choice.alternatives, board, engine_name=self.name)
        )
        self._book_reply = (request.request_id, choice.move.uci())
        self._book_timer.start()

    def stop(self) -> None:
        self._book_timer.stop()
        self._book_reply = None
        self.stop_search()

    # ------------------------------------------------------------------ for subclasses
    def search(self, request: GoRequest) -> None:
        """Start searching the request's position; answer with ``move_made`` or ``failed``."""
        raise NotImplementedError

    def stop_search(self) -> None:
        """Abandon the search in progress, if any."""

    # ------------------------------------------------------------------ internals
    def _on_book_timer(self) -> None:
        reply = self._book_reply
        self._book_reply = None
        if reply is not None:
            self.move_made.emit(*reply)
