"""Asking the side to move's player for its move, and taking its answer.

``TurnScheduler`` is the controller's collaborator for everything about *when* and *whom* to ask
for a move: the two players and their signals, the one pending :class:`GoRequest` (stale replies are
dropped by id), the watching delay between two computers' moves, pausing and stepping computer moves,
and a player's failure (the game is paused, intact). It never changes the game: a legal, timely
answer is handed to the controller's ``play_move`` callback, and every change is announced with the
controller's own signals. Callers keep talking to :class:`~chessgui.game.controller.GameController`,
which delegates here.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING

import chess
from PySide6.QtCore import QCoreApplication, QObject, QTimer

from chessgui.clock.chess_clock import ClockState
from chessgui.game.players import GoRequest, Player

if TYPE_CHECKING:
    from chessgui.game.controller import GameController

# The failure texts keep the translation context they were written in ("GameController", as a
# literal: lupdate reads only literal contexts, and a constant dropped them from the .ts file).


class TurnScheduler(QObject):
    """Asks the controller's side to move for a move; ``play_move`` plays a legal answer."""

    def __init__(self, controller: GameController, play_move: Callable[[chess.Move], None]) -> None:
        super().__init__(controller)
        self._controller = controller
        self._play_move = play_move
        self._players: dict[chess.Color, Player] = {}
        self._request_ids = itertools.count(1)
        # The request the side to move's player is answering; the board does not change
        # while one is pending (every change cancels it first), so its colour is board.turn.
        self._pending_request: GoRequest | None = None
        self._paused = False
        self._paused_by_failure = False  # paused only because a player failed (undone by new players)
        self._failure_message: str | None = None  # why the game is paused after a failure
        self._steps_allowed = 0
        self._held = False  # hold(): no player is asked until release() (not a pause: nothing shows)
        self._min_move_delay_ms = 0
        self._clock_provider = None  # set by set_clock_provider(); returns ClockState | None
        self._move_gate = None  # set by set_move_gate(); Callable[[chess.Color], bool]: False = too late
        # Computer moves wait at least min_move_delay_ms after the previous move so that
        # computer-vs-computer games can be watched; the timer is the only waiting we do.
        self._go_timer = QTimer(self)
        self._go_timer.setSingleShot(True)
        self._go_timer.timeout.connect(self._ask_side_to_move)

    # ------------------------------------------------------------------ queries

    def player(self, color: chess.Color) -> Player:
        """The player of ``color``."""
        return self._players[color]

    def is_paused(self) -> bool:
        """True while computer moves are paused."""
        return self._paused

    def has_computer_player(self) -> bool:
        """True when a computer plays at least one side (only then is there anything to pause)."""
        return not all(player.is_human() for player in self._players.values())

    def thinking_color(self) -> chess.Color | None:
        """The computer side that has been asked for a move and not yet answered, if any."""
        turn = self._controller.turn()
        if self._pending_request is None or self._players[turn].is_human():
            return None
        return turn

    def failure_message(self) -> str | None:
        """Plain words on why the game is paused after a player failed, else None."""
        return self._failure_message

    def is_waiting_for_human(self) -> bool:
        """True when the side to move is a human who has been asked for a move."""
        return self._pending_request is not None and self._players[self._controller.turn()].is_human()

    # ------------------------------------------------------------------ set-up

    def set_players(self, white: Player, black: Player) -> None:
        """Replace both players (a search in progress is stopped); the caller then asks the side to move."""
        self.cancel_request()
        previous = set(self._players.values())
        current = {white, black}
        for old in previous - current:
            old.move_made.disconnect(self.on_player_move_made)
            old.failed.disconnect(self.on_player_failed)
            old.ready_changed.disconnect(self.on_player_ready_changed)
            old.shutdown()
        # One player object may play both colours; connect each object once.
        for player in current - previous:
            player.move_made.connect(self.on_player_move_made)
            player.failed.connect(self.on_player_failed)
            player.ready_changed.connect(self.on_player_ready_changed)
        self._players = {chess.WHITE: white, chess.BLACK: black}
        if self._paused_by_failure or not self.has_computer_player():
            # The user picked other players after a failure: carry on with them. And with
            # no computer left there is nothing to pause.
            self.unpause()

    def set_min_move_delay_ms(self, delay_ms: int) -> None:
        """Minimum time between a move and the next computer move (watching AI vs AI)."""
        self._min_move_delay_ms = max(0, int(delay_ms))

    def set_clock_provider(self, provider) -> None:  # noqa: ANN001 - Callable[[], ClockState | None]
        """Install a callable that returns the clock times to hand to engines (or None)."""
        self._clock_provider = provider

    def set_move_gate(self, gate) -> None:  # noqa: ANN001 - Callable[[chess.Color], bool]
        """Install a callable asked before a move is played whether its side moved in time
        (the clock); when it says no it has ended the game (flag fall) and the move is dropped."""
        self._move_gate = gate

    # ------------------------------------------------------------------ pause and step

    def pause(self) -> None:
        """Stop computer moves (the current search is abandoned); humans may still move."""
        if self._paused or not self.has_computer_player():
            return
        self._paused = True
        self._paused_by_failure = False
        self._failure_message = None
        self._steps_allowed = 0
        if self._pending_request is not None and not self._players[self._controller.turn()].is_human():
            self.cancel_request()
        self._controller.paused_changed.emit(True)
        self._controller.status_changed.emit()

    def resume(self) -> None:
        """Let computer players move again."""
        if not self._paused:
            return
        self.unpause()
        self.schedule_next_move(delay=False)

    def step(self) -> None:
        """While paused: let the computer side to move play exactly one move."""
        if not self._paused or self._controller.is_game_over():
            return
        if self._pending_request is not None:
            return
        self._steps_allowed = 1
        self.schedule_next_move(delay=False)

    def unpause(self) -> None:
        """Clear the pause and everything that belongs to it (step allowance, failure)."""
        was_paused = self._paused
        self._paused = False
        self._paused_by_failure = False
        self._failure_message = None
        self._steps_allowed = 0
        if was_paused:
            self._controller.paused_changed.emit(False)
            self._controller.status_changed.emit()

    def hold(self) -> None:
        """Ask no player for a move until :meth:`release` (a question about the game is open).

        Unlike a pause nothing changes on screen, and it outlives a game installed meanwhile."""
        self._held = True
        self.cancel_request()

    def release(self) -> None:
        """Undo :meth:`hold`: the side to move is asked now."""
        if self._held:
            self._held = False
            self.schedule_next_move(delay=False)

    def move_played(self) -> None:
        """A move was played on the live board: it used up the step allowed while paused, if any."""
        if self._steps_allowed > 0:
            self._steps_allowed -= 1

    # ------------------------------------------------------------------ requests

    def cancel_request(self) -> None:
        """Drop the pending request (its player stops) and any watching delay still running."""
        self._go_timer.stop()
        if self._pending_request is not None:
            self._pending_request = None
            self._players[self._controller.turn()].stop()
            self._controller.status_changed.emit()

    def schedule_next_move(self, delay: bool) -> None:
        """Ask the side to move now, or after the watching delay (``delay``: a move was just played)."""
        self._go_timer.stop()
        if self._controller.is_game_over() or self._controller.is_viewing():
            return
        # The watching delay is for two computers playing each other; a human's
        # opponent answers as soon as its search allows.
        watching = not any(player.is_human() for player in self._players.values())
        if not (delay and watching and self._min_move_delay_ms > 0):
            self._ask_side_to_move()
        else:
            self._controller.human_input_enabled.emit(False)
            self._go_timer.start(self._min_move_delay_ms)

    def _ask_side_to_move(self) -> None:
        controller = self._controller
        if controller.is_game_over() or controller.is_viewing() or self._held:
            return
        color = controller.turn()
        player = self._players[color]
        if not player.is_human() and self._paused and self._steps_allowed <= 0:
            controller.human_input_enabled.emit(False)
            controller.status_changed.emit()
            return
        if self._pending_request is not None:
            player.stop()  # a request for this very position is replaced
        clock: ClockState | None = self._clock_provider() if self._clock_provider is not None else None
        request = GoRequest(
            request_id=next(self._request_ids),
            start_fen=controller.start_fen(),
            moves=tuple(move.uci() for move in controller.board().move_stack),
            clock=clock,
        )
        self._pending_request = request
        controller.human_input_enabled.emit(player.is_human())
        if not player.is_human():
            controller.thinking_started.emit(color)
        controller.status_changed.emit()
        player.go(request)

    # ------------------------------------------------------------------ player replies

    def on_player_move_made(self, request_id: int, uci: str) -> None:
        """A player answered: validate the move and have it played. Stale ids are ignored."""
        request = self._pending_request
        if request is None or request.request_id != request_id or self._controller.is_game_over():
            return
        turn = self._controller.turn()
        player = self._players[turn]
        try:
            move = chess.Move.from_uci(uci)
        except (chess.InvalidMoveError, ValueError):
            move = None
        if move is None or not self._controller.board().is_legal(move):
            if player.is_human():
                player.go(request)  # keep waiting for a legal move
                return
            self._pending_request = None
            self._report_failure(
                QCoreApplication.translate("GameController", "{name} answered with an illegal move ({uci!r}).").format(
                    name=player.name, uci=uci
                )
            )
            return
        if self._move_gate is not None and not self._move_gate(turn):
            return  # too late: the flag fell first and ended the game; the move is not played
        self._pending_request = None
        self._play_move(move)

    def on_player_failed(self, request_id: int, message: str) -> None:
        """A player cannot move: tell the user, pause, keep the game intact."""
        if self._pending_request is None or self._pending_request.request_id != request_id:
            return
        self._pending_request = None
        self._report_failure(message)

    def on_player_ready_changed(self, ready: bool) -> None:  # noqa: ARG002 - signal signature
        """An engine finished (or lost) its preparation: "Preparing engine…" may be over."""
        self._controller.status_changed.emit()

    def _report_failure(self, message: str) -> None:
        controller = self._controller
        if not self._paused:
            self._paused = True
            self._paused_by_failure = True
            controller.paused_changed.emit(True)
        controller.human_input_enabled.emit(False)
        text = QCoreApplication.translate(
            "GameController", "{message} The game is paused; choose another engine or take over in Settings."
        ).format(message=message)
        self._failure_message = text
        controller.status_changed.emit()
        controller.player_failed.emit(text)
