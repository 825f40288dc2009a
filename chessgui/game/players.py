"""Players: who answers when the game controller asks the side to move for a move.

Human, built-in engine and external UCI engine share one interface, so
human-vs-human, human-vs-computer and computer-vs-computer are one code path.
The controller calls :meth:`Player.go` with a :class:`GoRequest`; the player
answers with ``move_made(request_id, uci)``. The controller drops any answer
whose id is not the one it is waiting for (a stale reply after New game,
Takeback or Stop).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import chess
import chess.engine
from PySide6.QtCore import QObject, Signal

from chessgui.clock.chess_clock import ClockState
from chessgui.storage.settings import PlayerKind, PlayerSettings

DRAW_OFFER_MIN_MOVE = 30
"""A computer player considers a draw offer only after this move number."""
DRAW_ACCEPT_MAX_CP = 25
"""A computer player accepts a draw when its own evaluation is at most this (centipawns, its view)."""


def accepts_draw_by_evaluation(board: chess.Board, color: chess.Color, last_eval: chess.engine.PovScore | None) -> bool:
    """The computer's answer to a draw offer: yes when it is no better than level, late enough in the game.

    ``color`` is the side offered the draw; ``last_eval`` its latest evaluation (any point of view),
    None when it has none (then it plays on).
    """
    if board.fullmove_number <= DRAW_OFFER_MIN_MOVE or last_eval is None:
        return False
    return last_eval.pov(color).score(mate_score=100_000) <= DRAW_ACCEPT_MAX_CP


@dataclass(frozen=True, slots=True)
class GoRequest:
    """A request for a move, passed by value between the GUI and worker threads."""

    request_id: int
    """Unique, increasing id; replies carrying another id are stale and ignored."""
    start_fen: str
    """FEN of the game's starting position."""
    moves: tuple[str, ...]
    """UCI moves played from the start position up to the position to move in."""
    clock: ClockState | None = None
    """Clock times when the game is played on a clock, else None."""

    def board(self) -> chess.Board:
        """Rebuild the position to move in (a fresh Board, never shared between threads).

        Raises ValueError for a bad FEN or move. Called on every move of a game, in the
        GUI thread and the engine workers while the mover's clock runs: the last game
        replayed is kept (:class:`_LastReplay`), so a request that extends it replays only
        the new moves (a 200-ply game's full replay costs milliseconds under load)."""
        return _LAST_REPLAY.board(self.start_fen, self.moves)


class _LastReplay:
    """The last board GoRequest.board() built, shared by every thread (a lock guards it)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._key: tuple[str, tuple[str, ...]] | None = None
        self._board: chess.Board | None = None

    def board(self, start_fen: str, moves: tuple[str, ...]) -> chess.Board:
        with self._lock:
            key, board = self._key, self._board
            if key is None or board is None or key[0] != start_fen or moves[: len(key[1])] != key[1]:
                board, key = chess.Board(start_fen), (start_fen, ())
            self._key = self._board = None  # a bad move below leaves no half-updated board
            for uci in moves[len(key[1]) :]:
                board.push_uci(uci)
            self._key, self._board = (start_fen, moves), board
            return _clone(board)


def _clone(board: chess.Board) -> chess.Board:
    """``board.copy()`` without its per-move ``copy.copy``: moves and saved states are
    immutable, so the copy shares them (Board.copy itself shares the states); a 200-ply
    copy is then a list copy instead of ~1 ms of Python under load."""
    clone = board.copy(stack=False)
    clone.move_stack = board.move_stack.copy()
    clone._stack = board._stack.copy()  # noqa: SLF001 - python-chess has no public cheap copy
    return clone


_LAST_REPLAY = _LastReplay()


class Player(QObject):
    """Base class of every player.

    Signals:
        move_made(request_id: int, uci: str): the player's answer to a :meth:`go` request.
        failed(request_id: int, message: str): the player cannot produce a move; the
            message is plain words for the user. The game itself is left untouched.
        search_info(object): a :class:`chessgui.engines.info.EngineInfo` per completed
            iteration (engine players only).
        ready_changed(bool): an engine player became ready (compiled, started) or not.
    """

    move_made = Signal(int, str)
    failed = Signal(int, str)
    search_info = Signal(object)
    ready_changed = Signal(bool)

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._name = name

    @property
    def name(self) -> str:
        """Name shown to the user and written to the PGN headers."""
        return self._name

    def is_human(self) -> bool:
        """True when moves come from the board (mouse), not from an engine."""
        raise NotImplementedError

    def level_elo(self) -> int | None:
        """The Elo this player is held to (an engine's playing level), shown beside its name and written
        to the PGN as WhiteElo/BlackElo; None for a person or an engine at full strength."""
        return None

    def is_ready(self) -> bool:
        """True when :meth:`go` will start thinking at once (engines may still be starting)."""
        return True

    def go(self, request: GoRequest) -> None:
        """Start producing a move for the position in ``request``; answer with ``move_made``."""
        raise NotImplementedError

    def stop(self) -> None:
        """Abandon the current request, if any. No reply for it will be accepted afterwards."""

    def new_game(self) -> None:
        """A new game starts: forget what was learned in the previous one (engines: hash table, history)."""

    def apply_settings(self, settings: PlayerSettings) -> bool:
        """Take ``settings`` from the next :meth:`go` if this player can; False when a new player is needed."""
        return False

    def on_move_requested(self, move: chess.Move) -> None:
        """The board asks for ``move``: only a person at the board answers with it."""

    def answer_draw_offer(
        self, board: chess.Board, color: chess.Color, last_eval: chess.engine.PovScore | None
    ) -> bool:
        """Accept (True) or decline a draw offered to this player, who plays ``color`` in ``board``.

        ``last_eval`` is the evaluation recorded with this player's latest move (None if none).
        Computer players, built-in or UCI, decide from it by :func:`accepts_draw_by_evaluation`.
        """
        return accepts_draw_by_evaluation(board, color, last_eval)

    def shutdown(self) -> None:
        """Release threads/processes; the player is not used again. Must return promptly."""
        self.stop()


HUMAN_NAME = "Human"
"""A person's name when none is set (untranslated in the PGN; shown translated)."""


class HumanPlayer(Player):
    """A person at the board: answers a request with the move the board widget reports."""

    def __init__(self, name: str = HUMAN_NAME, parent: QObject | None = None) -> None:
        super().__init__(name, parent)
        self._pending_request: GoRequest | None = None

    def is_human(self) -> bool:
        return True

    def apply_settings(self, settings: PlayerSettings) -> bool:
        # Another name is another player: the game's tags and the clock card follow.
        return settings.kind is PlayerKind.HUMAN and (settings.name or HUMAN_NAME) == self.name

    def go(self, request: GoRequest) -> None:
        self._pending_request = request

    def answer_draw_offer(
        self, board: chess.Board, color: chess.Color, last_eval: chess.engine.PovScore | None
    ) -> bool:
        # Draw offers are for games against the computer; a person is never asked by the program.
        return False

    def stop(self) -> None:
        self._pending_request = None

    def is_waiting(self) -> bool:
        """True while this player has been asked for a move and has not answered."""
        return self._pending_request is not None

    def on_move_requested(self, move: chess.Move) -> None:
        """Slot for the board's ``move_requested``: answer the pending request, if any."""
        request = self._pending_request
        if request is None:
            return
        self._pending_request = None
        self.move_made.emit(request.request_id, move.uci())
