"""Offering the autosaved unfinished game at start: ask, then restore the game, the board's side and the clock."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import chess.pgn
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QMessageBox, QWidget

from chessgui.clock.chess_clock import ClockSnapshot
from chessgui.clock.game_clock import GameClock
from chessgui.game.controller import GameController
from chessgui.look_presenter import LookPresenter
from chessgui.storage.autosave import ExtraValue
from chessgui.storage.autosave_keeper import AutosaveKeeper


class ResumePresenter(QObject):
    """Restores the unfinished game the autosave keeper kept, once the user agrees.

    Signals:
        status_message(str): a passing notice (resumed, or a problem with the saved game).
        game_resumed(Mapping): the saved game is back; its window state (the autosave's extra),
            e.g. for the rating to go on rating it.
        game_declined(chess.pgn.Game, Mapping): the user chose not to resume the saved game (it is
            discarded next); its window state, e.g. for the rating to count a rated game left.
    """

    status_message = Signal(str)
    game_resumed = Signal(object)
    game_declined = Signal(object, object)

    def __init__(
        self,
        window: QWidget,
        autosave: AutosaveKeeper | None,
        controller: GameController,
        game_clock: GameClock,
        look: LookPresenter,
        decline_note: Callable[[chess.pgn.Game, Mapping[str, ExtraValue]], str | None] | None = None,
    ) -> None:
        """``decline_note`` adds what not resuming costs to the question (a rated game: a loss)."""
        super().__init__(window)
        self._decline_note = decline_note
        self._window = window
        self._autosave = autosave
        self._controller = controller
        self._game_clock = game_clock
        self._look = look

    def offer_resume(self, ask: Callable[[str], bool] | None = None) -> bool:
        """Offer the autosaved unfinished game; returns True when it was restored.

        ``ask`` shows the question and returns the answer (a message box by default).
        """
        if self._autosave is None:
            return False
        if ask is None:
            ask = self._ask_yes_no
        # No computer moves behind the question: the game it may replace would play on (and be saved).
        controller = self._controller
        hold = self._autosave.store().has_unfinished_game()
        if hold:
            controller.hold_moves()
        try:
            restored = self._autosave.take_unfinished_game(
                ask, self.status_message.emit, self._decline_note, self.game_declined.emit
            )
            if restored is None:
                return False
            self._restore(*restored)
            return True
        finally:
            if hold:
                controller.release_moves()

    def _restore(self, game: chess.pgn.Game, extra: Mapping[str, ExtraValue]) -> None:
        self._controller.load_game(game)
        self._look.set_flipped(bool(extra.get("flipped", False)))
        clock_text = extra.get("clock")
        if isinstance(clock_text, str):
            try:
                # Exact times, including the part of the current move already thought about.
                self._game_clock.restore(ClockSnapshot.from_setting(clock_text))
            except ValueError:
                pass  # [%clk] comments in the game still give the times after each move
        self.game_resumed.emit(extra)
        self.status_message.emit(self.tr("Resumed the unfinished game"))

    def _ask_yes_no(self, question: str) -> bool:
        answer = QMessageBox.question(self._window, self.tr("Resume the unfinished game?"), question)
        return answer == QMessageBox.StandardButton.Yes
