"""The UCI engine's own opening book (UCI options ``OwnBook`` and ``BookFile``).

For other GUIs that let the engine use its book. A polyglot ``.bin`` is read by
python-chess; the move is picked at random in proportion to the weights, so
games vary. Problems with the file are plain-words :class:`BookFileError`
messages (reported as ``info string``); the engine then searches.
"""

from __future__ import annotations

import os
import random
import threading

import chess
import chess.polyglot

_ENTRY_SIZE = 16


class BookFileError(ValueError):
    """The book file cannot be used; the message says why in plain words."""


class EngineBook:
    """An open polyglot book; :meth:`pick` answers a position or returns None."""

    def __init__(self, path: str, rng: random.Random | None = None) -> None:
        try:
            size = os.path.getsize(path)
        except OSError as error:
            raise BookFileError(f"book file {path!r} cannot be read: {error.strerror or error}") from error
        if size == 0 or size % _ENTRY_SIZE:
            raise BookFileError(f"book file {path!r} is not a polyglot book (empty or truncated)")
        try:
            self._reader = chess.polyglot.open_reader(path)
        except (OSError, ValueError) as error:
            raise BookFileError(f"book file {path!r} cannot be opened: {error}") from error
        self._rng = rng or random.Random()
        self._lock = threading.Lock()

    def pick(self, fen: str, moves: tuple[str, ...]) -> str | None:
        """A weighted-random book move (UCI) for the position, or None."""
        try:
            board = chess.Board(fen)
            for uci in moves:
                board.push_uci(uci)
            with self._lock:
                return self._reader.weighted_choice(board, random=self._rng).move.uci()
        except IndexError:  # python-chess: no entry for the position
            return None
        except (ValueError, OSError):  # a bad position or a file changed under us: search instead
            return None

    def close(self) -> None:
        """Release the file."""
        self._reader.close()
