"""A computer-vs-computer game on a fast real clock finishes without either engine flagging.

The one clock test that runs on real time: two built-in engines think from their
clocks (UCI wtime/btime/winc/binc through GoRequest.clock) while the ChessClock's
tick polls for flag fall. It waits on signals only. Starting from a queen ending
keeps it short: the game ends by the rules long before anyone could run out.
"""

from __future__ import annotations

import chess
import pytest

from chessgui.clock.chess_clock import ChessClock
from chessgui.clock.game_clock import GameClock
from chessgui.clock.time_control import TimeControl
from chessgui.game.controller import GameController
from chessgui.game.players import HumanPlayer
from chessgui.game.result import Termination

engine_players = pytest.importorskip("chessgui.engines.players")
settings_module = pytest.importorskip("chessgui.storage.settings")

QUEEN_ENDING = "8/8/8/4k3/8/8/8/3QK3 w - - 0 1"


def test_engines_play_from_a_fast_clock_without_flagging(qtbot) -> None:
    settings = settings_module.PlayerSettings(kind=settings_module.PlayerKind.BUILTIN, hash_mb=4)
    white = engine_players.BuiltinEnginePlayer(settings, name="White engine")
    black = engine_players.BuiltinEnginePlayer(settings, name="Black engine")
    try:
        # Compiling (or loading the Numba cache) happens before the clock exists.
        qtbot.waitUntil(lambda: white.is_ready() and black.is_ready(), timeout=600_000)
        controller = GameController()
        clock = ChessClock()  # the real monotonic clock and the 50 ms tick
        GameClock(controller, clock, TimeControl.parse("2s+0.1"))
        controller.new_game(QUEEN_ENDING)
        requests: list[object] = []
        for player in (white, black):
            player.move_made.connect(lambda request_id, uci: requests.append(uci))
        with qtbot.waitSignal(controller.game_over, timeout=120_000) as blocker:
            controller.set_players(white, black)
        result = blocker.args[0]
        assert result.termination not in (Termination.TIME_FORFEIT, Termination.TIMEOUT_VS_INSUFFICIENT)
        assert clock.flagged_color() is None
        assert not clock.is_running()
        # Each side's remaining time was recorded on its moves and never reached zero.
        clocks = [node.clock() for node in controller.game().mainline()]
        assert len(clocks) == controller.live_ply() >= 3
        assert all(seconds is not None and seconds > 0 for seconds in clocks)
        assert clock.remaining_ms(chess.WHITE) > 0 and clock.remaining_ms(chess.BLACK) > 0
    finally:
        if "controller" in locals():
            controller.set_players(HumanPlayer(), HumanPlayer())  # shuts both engines down
        else:
            white.shutdown()
            black.shutdown()
