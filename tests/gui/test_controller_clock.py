"""The controller playing on a ChessClock: flag fall, increments in [%clk], takeback restores times."""

from __future__ import annotations

import chess
import pytest

from chessgui.clock import ChessClock
from chessgui.game_controller import GameController
from chessgui.game_result import Termination
from chessgui.time_control import TimeControl


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _play(controller: GameController, *sans: str) -> None:
    for san in sans:
        board = controller.board()
        controller.player(board.turn).on_move_requested(board.parse_san(san))


@pytest.fixture
def timed(qtbot):
    time = FakeTime()
    controller = GameController()
    clock = ChessClock(time_source=time, tick_interval_ms=0)
    controller.set_clock(clock)
    controller.set_time_control(TimeControl.parse("1+2"))
    controller.new_game()
    return controller, clock, time


def test_increment_is_added_and_recorded_as_clk(timed) -> None:
    controller, clock, time = timed
    time.now += 5
    _play(controller, "e4")
    assert clock.remaining_ms(chess.WHITE) == 60_000 - 5_000 + 2_000
    assert controller.game().variations[0].clock() == pytest.approx(57.0)
    assert controller.game().headers["TimeControl"] == "60+2"


def test_takeback_restores_the_clock_times(timed) -> None:
    controller, clock, time = timed
    time.now += 3
    _play(controller, "e4")
    time.now += 10
    _play(controller, "e5")
    time.now += 20
    controller.takeback()  # back to Black to move after 1. e4
    assert clock.remaining_ms(chess.WHITE) == 59_000
    assert clock.remaining_ms(chess.BLACK) == 60_000
    assert controller.board().turn == chess.BLACK


def test_flag_fall_loses_on_time(timed, qtbot) -> None:
    controller, clock, time = timed
    time.now += 61
    with qtbot.waitSignal(controller.game_over) as blocker:
        clock.check_flag()
    result = blocker.args[0]
    assert result.result == "0-1" and result.termination == Termination.TIME_FORFEIT
    assert result.describe() == "White lost on time"


def test_flag_against_a_bare_king_is_a_draw(qtbot) -> None:
    time = FakeTime()
    controller = GameController()
    clock = ChessClock(time_source=time, tick_interval_ms=0)
    controller.set_clock(clock)
    controller.set_time_control(TimeControl.parse("1+0"))
    controller.new_game("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")  # Black has only its king
    time.now += 61
    with qtbot.waitSignal(controller.game_over) as blocker:
        clock.check_flag()
    result = blocker.args[0]
    assert result.result == "1/2-1/2"
    assert result.describe() == "Draw: White ran out of time, but Black cannot checkmate"


def test_move_after_the_flag_fell_is_refused(timed, qtbot) -> None:
    controller, clock, time = timed
    time.now += 70
    _play(controller, "e4")
    assert controller.live_ply() == 0
    assert controller.result() is not None and controller.result().result == "0-1"


def test_clock_stops_at_game_end_and_pauses(timed) -> None:
    controller, clock, time = timed
    controller.pause()
    time.now += 30
    assert clock.remaining_ms(chess.WHITE) == 60_000
    controller.resume()
    time.now += 1
    assert clock.remaining_ms(chess.WHITE) == 59_000
    controller.resign(chess.WHITE)
    time.now += 10
    assert clock.remaining_ms(chess.WHITE) == 59_000
