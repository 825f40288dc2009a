"""Ending a game on a player's request: claiming a draw, resigning, offering a draw, aborting.

``GameEnd`` decides whether a request ends the game and how; the controller owns it
(``controller.ending``; callers use it directly) and ends the game itself
(:meth:`GameController.end_game`), which announces the result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import chess
import chess.engine
import chess.pgn
from PySide6.QtCore import QCoreApplication

from chessgui.game.players import DRAW_OFFER_MIN_MOVE
from chessgui.game.result import GameResult, Termination

if TYPE_CHECKING:
    from chessgui.game.controller import GameController

ABORT_MAX_PLIES = 2
"""A game may be aborted while at most this many moves (plies) are played: before either side's second move."""


class GameEnd:
    """The user's (or a player's) requests to end the game early."""

    def __init__(self, controller: GameController) -> None:
        self._controller = controller

    def can_claim_draw(self) -> bool:
        """True when the side to move may claim a draw (threefold repetition or 50 moves)."""
        controller = self._controller
        return not controller.is_game_over() and not controller.is_viewing() and controller.board().can_claim_draw()

    def can_abort(self) -> bool:
        """True while the game may be aborted: it is running and neither side has made its second move."""
        return not self._controller.is_game_over() and self._controller.live_ply() <= ABORT_MAX_PLIES

    def claim_draw(self) -> bool:
        """Claim a draw by threefold repetition or the 50-move rule, if the rules allow it now."""
        if not self.can_claim_draw():
            return False
        if self._controller.board().can_claim_threefold_repetition():
            termination = Termination.THREEFOLD_REPETITION
        else:
            termination = Termination.FIFTY_MOVES
        self._controller.end_game(GameResult(None, termination))
        return True

    def resign(self, color: chess.Color) -> None:
        """``color`` resigns (not in a game that is only viewed)."""
        if not self._controller.is_game_over() and not self._controller.is_viewing():
            self._controller.end_game(GameResult(not color, Termination.RESIGNATION))

    def offer_draw(self, color: chess.Color) -> bool:
        """``color`` offers a draw to the opponent; returns True when it was accepted (the game ends).

        The opponent's player decides from the evaluation recorded with its latest move.
        Offers go to computer players only; a human opponent is not asked.
        """
        if self._controller.is_game_over():
            return False
        opponent = self._controller.player(not color)
        if opponent.is_human():
            self._controller.notice_posted.emit(
                QCoreApplication.translate("GameEnd", "Draw offers are for games against the computer.")
            )
            return False
        board = self._controller.board()
        if not opponent.answer_draw_offer(board, not color, self._last_eval_of(not color)):
            if board.fullmove_number <= DRAW_OFFER_MIN_MOVE:
                self._controller.notice_posted.emit(
                    QCoreApplication.translate(
                        "GameEnd", "{name} declines the draw: it considers draws only after move {DRAW_OFFER_MIN_MOVE}."
                    ).format(name=opponent.name, DRAW_OFFER_MIN_MOVE=DRAW_OFFER_MIN_MOVE)
                )
            else:
                self._controller.notice_posted.emit(
                    QCoreApplication.translate("GameEnd", "{name} declines the draw; play on.").format(
                        name=opponent.name
                    )
                )
            return False
        self._controller.end_game(GameResult(None, Termination.AGREEMENT))
        return True

    def abort(self) -> bool:
        """End a game that has barely started without a result ("*"); False when it is too late."""
        if not self.can_abort():
            return False
        self._controller.end_game(GameResult(None, Termination.ABORTED))
        return True

    def _last_eval_of(self, color: chess.Color) -> chess.engine.PovScore | None:
        """The evaluation recorded with ``color``'s latest move on the live line, if any."""
        node: chess.pgn.GameNode | None = self._controller.live_node()
        while node is not None and node.parent is not None:
            if node.turn() != color:  # ``color`` made the move leading here
                score = node.eval()
                if score is not None:
                    return score
                return None
            node = node.parent
        return None
