"""The game so far, replayed incrementally: a bullet game's next position costs the moves added since.

``position_from_game`` replays the whole move list with python-chess's legality
checks on every call: about 1.5 ms for a 150-ply game on an idle machine, 5 ms under
load, and the UCI loop needs it twice a move (``position`` validates, ``go``
searches). At 1 s + 0 for the whole game that is a large part of the clock.
:class:`GameReplay` keeps the python-chess board of the last call and the engine
position built from it, so the next call of the same game (the list grown by a move
or two, or the very same list again) only checks and plays the new moves. A
different start position or a list that is not an extension (a takeback, another
game) is replayed from scratch. The result is the same Position as
``position_from_game`` (tests/engine_core/test_replay.py).
"""

from __future__ import annotations

from collections.abc import Sequence

import chess

from engine.fen import Position, parse_board, play_uci_moves, position_from_board, repeatable_plies


class GameReplay:
    """``position_from_game`` with a memory of the last game (one thread at a time)."""

    def __init__(self) -> None:
        self._fen: str | None = None
        self._moves: tuple[str, ...] = ()
        self._board: chess.Board | None = None
        self._position: Position | None = None
        self._keep = 0  # plies of history replayed into the position (since the last irreversible move)

    def position(self, fen: str, moves: Sequence[str] = ()) -> Position:
        """A fresh engine Position after ``moves`` (UCI) from ``fen`` (yours to search on).

        Raises InvalidFenError / IllegalMoveError like ``position_from_game``."""
        moves = tuple(moves)
        board, done = self._board, len(self._moves)
        if board is None or fen != self._fen or moves[:done] != self._moves:
            board, done = None, 0
        elif done == len(moves) and self._position is not None:
            return _copy(self._position)
        cached, kept = self._position, self._keep
        self._board = self._position = None  # a failure below leaves no half-updated cache
        if board is None:
            board, cached = parse_board(fen), None
        play_uci_moves(board, moves, done)
        keep = repeatable_plies(board)  # replayed below, as position_from_game does
        added = len(moves) - done
        if cached is not None and keep == kept + added:
            # Only reversible moves since: the history grows by exactly them, so playing them
            # on the kept position is what the replay below would do (a long reversible tail,
            # a shuffling endgame, cost 10-20 ms a move under load to replay).
            position = _copy(cached)
            for uci in moves[done:]:
                position.push_uci(uci)
            self._fen, self._moves, self._board, self._position, self._keep = fen, moves, board, position, keep
            return _copy(position)
        tail = [board.pop() for _ in range(keep)][::-1]
        try:
            position = position_from_board(board)
            for move in tail:
                position.push_uci(move.uci())
        finally:
            for move in tail:
                board.push(move)
        self._fen, self._moves, self._board, self._position, self._keep = fen, moves, board, position, keep
        return _copy(position)


def _copy(position: Position) -> Position:
    return Position(position.board.copy(), position.st.copy(), position.hashes.copy(), position.undo.copy())
