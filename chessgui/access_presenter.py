"""Sounds and spoken announcements in the window: moves, the result, low time, the position on request.

The sound player and the announcer are views; this presenter decides what they say
and when, from the controller's and the clock's signals (MainWindow wires them).
"""

from __future__ import annotations

import chess
from PySide6.QtCore import QObject

from chessgui.clock.chess_clock import ChessClock
from chessgui.game.controller import GameController
from chessgui.game.navigator import GameNavigator
from chessgui.game.result import GameResult
from chessgui.storage.access_settings import AccessSettings
from chessgui.views.announcer import Announcer, describe_move, describe_position, describe_result, side_name
from chessgui.views.sounds import SoundPlayer


class AccessPresenter(QObject):
    """Makes the game heard: move and result sounds, low-time warnings and screen-reader announcements."""

    def __init__(
        self,
        parent: QObject,
        controller: GameController,
        navigator: GameNavigator,
        chess_clock: ChessClock,
        sounds: SoundPlayer,
        announcer: Announcer,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.navigator = navigator
        self.chess_clock = chess_clock
        self.sounds = sounds
        self.announcer = announcer

    def apply(self, access: AccessSettings) -> None:
        """Sounds and move announcements follow the settings."""
        self.sounds.set_settings(access)
        self.announcer.set_enabled(access.announce_moves)

    def on_move_made(self, move: chess.Move, san: str) -> None:
        """A move was played: it is heard and announced."""
        self.sounds.on_move_made(san)
        before = self.controller.board()
        if before.move_stack:
            before.pop()
            self.announcer.announce(describe_move(before, move))

    def on_game_started(self) -> None:
        """Another game: the last game's last announcement no longer describes anything on the board."""
        self.announcer.clear()

    def on_move_taken_back(self) -> None:
        """The announced move is gone from the game, so its words go from the status bar too."""
        self.announcer.clear()

    def on_game_over(self, result: GameResult) -> None:
        """The game ended: a sound and the result in words."""
        self.sounds.on_game_over()
        self.announcer.announce(describe_result(result))

    def on_low_time(self, color: chess.Color) -> None:
        """A human's clock fell under ten seconds: a warning sound and words."""
        if self.controller.player(color).is_human() and not self.controller.is_game_over():
            self.sounds.on_low_time()
            seconds = self.chess_clock.remaining_ms(color) // 1000
            self.announcer.announce(
                self.tr("{side_name}: {seconds} seconds left").format(side_name=side_name(color), seconds=seconds)
            )

    def on_speak_position_triggered(self) -> None:
        """Read out the shown position, piece by piece (even when move announcements are off)."""
        self.announcer.announce(describe_position(self.navigator.shown_board()), always=True)
