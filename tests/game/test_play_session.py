"""PlaySession: settings reach the game clock and the players."""

from __future__ import annotations

import dataclasses

import chess

from chessgui.clock.chess_clock import ChessClock
from chessgui.clock.game_clock import GameClock
from chessgui.clock.time_control import EngineTimeMode, TimeControl
from chessgui.game.controller import GameController
from chessgui.game.players import HumanPlayer
from chessgui.game.session import PlaySession
from chessgui.storage.settings import PlayerKind, PlayerSettings, Settings

HUMANS = Settings(white=PlayerSettings(kind=PlayerKind.HUMAN), black=PlayerSettings(kind=PlayerKind.HUMAN))


def test_engine_time_mode_setting_reaches_the_game_clock(qtbot) -> None:
    controller = GameController()
    game_clock = GameClock(controller, ChessClock(tick_interval_ms=0))
    settings = dataclasses.replace(
        HUMANS, time_control=TimeControl.parse("1+0"), engine_time_mode=EngineTimeMode.FIXED_PER_MOVE
    )
    session = PlaySession(controller, game_clock, settings)
    assert game_clock.engine_time_mode() is EngineTimeMode.FIXED_PER_MOVE
    assert game_clock.clock_state() is None  # fixed time per move: engines are not handed the clock
    session.apply(dataclasses.replace(settings, engine_time_mode=EngineTimeMode.ON_CLOCK))
    assert game_clock.engine_time_mode() is EngineTimeMode.ON_CLOCK
    state = game_clock.clock_state()
    assert state is not None and state.white_ms == 60_000


class CountingPlayer(HumanPlayer):
    """A human player that counts the new games it was told about."""

    def __init__(self) -> None:
        super().__init__()
        self.new_games = 0

    def new_game(self) -> None:
        self.new_games += 1


def test_new_game_tells_every_player_whatever_its_kind(qtbot) -> None:
    controller = GameController()
    session = PlaySession(controller, GameClock(controller, ChessClock(tick_interval_ms=0)), HUMANS)
    white, black = CountingPlayer(), CountingPlayer()
    controller.set_players(white, black)
    session.new_game()
    assert (white.new_games, black.new_games) == (1, 1)
    session.next_game()
    assert (white.new_games, black.new_games) == (2, 2)


def test_applying_settings_keeps_players_that_accept_them(qtbot) -> None:
    controller = GameController()
    session = PlaySession(controller, GameClock(controller, ChessClock(tick_interval_ms=0)), HUMANS)
    white, black = controller.player(chess.WHITE), controller.player(chess.BLACK)
    session.apply(dataclasses.replace(HUMANS, min_move_delay_ms=0))
    assert controller.player(chess.WHITE) is white and controller.player(chess.BLACK) is black
