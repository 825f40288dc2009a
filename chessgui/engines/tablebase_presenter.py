"""Puts the user's endgame tablebases to work: the engine players' root move and the panel's result line.

One job: keep one :class:`~chessgui.storage.tablebases.TablebaseProber` in line
with the settings, hand it to the computer players (they play the
tablebase-best move at once, like a book move), and say the exact result of
the position on the board ("Tablebase: White wins, mate in 12") whenever the
shown or live position changes. Problems with the directories or a damaged
table are said once, in plain words, through ``problem_found``.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import QObject, Signal

from chessgui.engines.computer_player import ComputerPlayer
from chessgui.game.controller import GameController
from chessgui.game.navigator import GameNavigator
from chessgui.storage.tablebases import TablebaseProber, TablebaseSettings, open_tablebases


class TablebasePresenter(QObject):
    """Tablebases for the players and the engine panel.

    Signals:
        text_changed(str): the result line for the shown position ("" when the tables do not cover it).
        problem_found(str): a directory or table cannot be used (plain words, said once per problem).
    """

    text_changed = Signal(str)
    problem_found = Signal(str)

    def __init__(self, controller: GameController, navigator: GameNavigator, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._controller = controller
        self._navigator = navigator
        self._settings = TablebaseSettings()
        self._prober: TablebaseProber | None = None
        self._said: set[str] = set()
        self._text = ""
        navigator.view_changed.connect(self.on_view_changed)
        # Emitted just before a computer player's go(): whichever way the player was made, it has the tables.
        controller.thinking_started.connect(self.on_thinking_started)

    def prober(self) -> TablebaseProber | None:
        """The prober in use (None when no directory is set); review may probe with it too."""
        return self._prober

    def text(self) -> str:
        """The result line shown now."""
        return self._text

    def apply(self, settings: TablebaseSettings) -> None:
        """Use the directories in ``settings``; equip the players; say what is wrong with them."""
        self._settings = settings
        self._prober = open_tablebases(settings) if settings.is_configured() else None
        self.equip_players()
        self._say_problems()
        self.refresh()

    def equip_players(self) -> None:
        """Give the computer players the prober (or take it away when they should not use it)."""
        for color in chess.COLORS:
            self._equip(self._controller.player(color))

    def _equip(self, player: object) -> None:
        if isinstance(player, ComputerPlayer):  # humans have no use for the tables
            player.set_tablebases(self._prober if self._settings.play_perfectly else None)

    def on_thinking_started(self, color: chess.Color) -> None:
        """A computer player is about to be asked for a move: make sure it has the tables in force."""
        self._equip(self._controller.player(color))

    def on_view_changed(self, ply: int, animate: bool) -> None:  # noqa: ARG002 - signal signature
        """A position is shown (a move was played, or the user steps through the game)."""
        self.refresh()

    def refresh(self) -> None:
        """Probe the shown position and emit the line (only when it changed)."""
        text = ""
        if self._prober is not None:
            board = self._controller.board_at_ply(self._navigator.view_ply())
            result, problem = self._prober.lookup(board)
            if result is not None:
                text = self.tr("Tablebase: {description}").format(description=result.describe())
                if result.best_move is not None:
                    text += self.tr(" · best {san}").format(san=board.san(result.best_move))
            elif problem is not None:
                text = self.tr("Tablebase: {problem}").format(problem=problem)
                self._say_problems()
        if text != self._text:
            self._text = text
            self.text_changed.emit(text)

    def _say_problems(self) -> None:
        if self._prober is None:
            return
        for problem in self._prober.problems():
            if problem not in self._said:
                self._said.add(problem)
                self.problem_found.emit(self.tr("Tablebases: {problem}").format(problem=problem))
