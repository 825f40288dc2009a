"""ChessClock model driven by a fake time source: no sleeping, no wall clock."""

from __future__ import annotations

import chess
import pytest

from chessgui.clock.chess_clock import (
    ChessClock,
    ClockRunState,
    ClockSnapshot,
    ClockState,
    format_clock_ms,
)
from chessgui.clock.time_control import UNTIMED, TimeControl
from chessgui.game.result import GameResult


def make_clock(fake_time, control: str = "1+0", to_move: chess.Color = chess.WHITE) -> ChessClock:
    clock = ChessClock(time_source=fake_time, tick_interval_ms=0)
    clock.reset(TimeControl.parse(control), to_move)
    return clock


def record_flags(clock: ChessClock) -> list[bool]:
    flags: list[bool] = []
    clock.flag_fallen.connect(flags.append)
    return flags


def test_reset_gives_base_times_and_idle(fake_time) -> None:
    clock = make_clock(fake_time, "5+3 / 3+2")
    assert clock.remaining_ms(chess.WHITE) == 300_000
    assert clock.remaining_ms(chess.BLACK) == 180_000
    assert clock.state() == ClockRunState.IDLE
    fake_time.advance(10)
    assert clock.remaining_ms(chess.WHITE) == 300_000  # idle clocks do not run


def test_running_side_loses_time(fake_time) -> None:
    clock = make_clock(fake_time)
    clock.start()
    fake_time.advance(12.345)
    assert clock.remaining_ms(chess.WHITE) == 47_655
    assert clock.remaining_ms(chess.BLACK) == 60_000
    assert clock.running_color() == chess.WHITE


def test_flag_falls_after_the_base_time(fake_time) -> None:
    clock = make_clock(fake_time)
    flags = record_flags(clock)
    clock.start()
    fake_time.advance(59.999)
    assert clock.check_flag() is None
    assert flags == []
    fake_time.advance(0.001)
    assert clock.check_flag() == chess.WHITE
    assert flags == [chess.WHITE]
    assert clock.remaining_ms(chess.WHITE) == 0
    assert clock.state() == ClockRunState.STOPPED
    # Emitted once only, however often the tick polls afterwards.
    fake_time.advance(5)
    assert clock.check_flag() == chess.WHITE
    assert flags == [chess.WHITE]


def test_flag_falls_for_black_after_white_moved(fake_time) -> None:
    clock = make_clock(fake_time, "0.5+0")
    flags = record_flags(clock)
    clock.start()
    fake_time.advance(10)
    assert clock.on_move_made(chess.WHITE)
    fake_time.advance(30)
    assert clock.check_flag() == chess.BLACK
    assert flags == [chess.BLACK]
    assert clock.remaining_ms(chess.WHITE) == 20_000


def test_increment_added_after_each_move(fake_time) -> None:
    clock = make_clock(fake_time, "3+2")
    clock.start()
    fake_time.advance(5)
    assert clock.on_move_made(chess.WHITE)
    assert clock.remaining_ms(chess.WHITE) == 180_000 - 5_000 + 2_000
    assert clock.to_move() == chess.BLACK
    fake_time.advance(1)
    assert clock.press()
    assert clock.remaining_ms(chess.BLACK) == 180_000 - 1_000 + 2_000
    fake_time.advance(3)
    assert clock.on_move_made(chess.WHITE)
    assert clock.remaining_ms(chess.WHITE) == 177_000 - 3_000 + 2_000


def test_handicap_increments_are_per_side(fake_time) -> None:
    clock = make_clock(fake_time, "5+3 / 1+0")
    clock.start()
    fake_time.advance(1)
    clock.on_move_made(chess.WHITE)
    fake_time.advance(1)
    clock.on_move_made(chess.BLACK)
    assert clock.remaining_ms(chess.WHITE) == 302_000
    assert clock.remaining_ms(chess.BLACK) == 59_000


def test_move_after_time_ran_out_is_refused_and_flags(fake_time) -> None:
    clock = make_clock(fake_time, "0.25+5")
    flags = record_flags(clock)
    clock.start()
    fake_time.advance(15.2)  # the tick has not noticed yet
    assert not clock.on_move_made(chess.WHITE)
    assert flags == [chess.WHITE]
    assert clock.remaining_ms(chess.WHITE) == 0  # no increment for a move that came too late


def test_pause_stops_time_and_resume_continues(fake_time) -> None:
    clock = make_clock(fake_time)
    clock.start()
    fake_time.advance(10)
    clock.pause()
    assert not clock.is_running()
    assert clock.is_paused()
    fake_time.advance(600)
    assert clock.remaining_ms(chess.WHITE) == 50_000
    assert clock.check_flag() is None
    clock.resume()
    fake_time.advance(5)
    assert clock.remaining_ms(chess.WHITE) == 45_000


def test_move_while_paused_charges_nothing(fake_time) -> None:
    clock = make_clock(fake_time, "1+1")
    clock.start()
    clock.pause()
    fake_time.advance(30)
    assert clock.on_move_made(chess.WHITE)
    assert clock.remaining_ms(chess.WHITE) == 60_000
    assert clock.to_move() == chess.BLACK
    assert clock.is_paused()


def test_stop_freezes_times_for_good(fake_time) -> None:
    clock = make_clock(fake_time)
    clock.start()
    fake_time.advance(2)
    clock.stop()
    fake_time.advance(100)
    assert clock.remaining_ms(chess.WHITE) == 58_000
    clock.resume()
    assert not clock.is_running()
    assert clock.check_flag() is None


def test_takeback_restores_times(fake_time) -> None:
    clock = make_clock(fake_time, "3+2")
    snapshots = [clock.snapshot()]
    clock.start()
    for seconds, color in ((4, chess.WHITE), (7, chess.BLACK), (11, chess.WHITE)):
        fake_time.advance(seconds)
        clock.on_move_made(color)
        snapshots.append(clock.snapshot())
    assert snapshots[3].white_ms == 180_000 - 4_000 + 2_000 - 11_000 + 2_000
    fake_time.advance(20)
    # Take back Black's and White's last moves: back to the position after ply 1.
    clock.restore(snapshots[1])
    assert clock.remaining_ms(chess.WHITE) == 178_000
    assert clock.remaining_ms(chess.BLACK) == 180_000
    assert clock.to_move() == chess.BLACK
    assert clock.is_running()  # the restored side to move's time runs from now
    fake_time.advance(1)
    assert clock.remaining_ms(chess.BLACK) == 179_000
    assert clock.remaining_ms(chess.WHITE) == 178_000


def test_restore_after_flag_fall_waits_for_start(fake_time) -> None:
    clock = make_clock(fake_time, "0.25+0")
    clock.start()
    snapshot = clock.snapshot()
    fake_time.advance(16)
    assert clock.check_flag() == chess.WHITE
    clock.restore(snapshot)
    assert clock.flagged_color() is None
    assert clock.state() == ClockRunState.IDLE
    assert clock.remaining_ms(chess.WHITE) == 15_000
    clock.start()
    fake_time.advance(1)
    assert clock.remaining_ms(chess.WHITE) == 14_000


def test_restore_keeps_a_paused_clock_paused(fake_time) -> None:
    clock = make_clock(fake_time)
    clock.start()
    snapshot = clock.snapshot()
    fake_time.advance(3)
    clock.pause()
    clock.restore(snapshot)
    fake_time.advance(3)
    assert clock.is_paused()
    assert clock.remaining_ms(chess.WHITE) == 60_000


def test_snapshot_setting_round_trip() -> None:
    snapshot = ClockSnapshot(TimeControl.parse("5+3 / 3+2"), 123_456, 7_890, chess.BLACK)
    assert ClockSnapshot.from_setting(snapshot.to_setting()) == snapshot
    for bad in ("", "garbage", "ms:1+0/1+0|x|2|w", "ms:1+0/1+0|1|2|q", 42):
        with pytest.raises(ValueError):
            ClockSnapshot.from_setting(bad)


def test_untimed_clock_never_runs_or_flags(fake_time) -> None:
    clock = ChessClock(time_source=fake_time, tick_interval_ms=0)
    clock.reset(UNTIMED)
    clock.start()
    assert not clock.is_running()
    fake_time.advance(10_000)
    assert clock.check_flag() is None
    assert clock.on_move_made(chess.WHITE)
    assert clock.to_move() == chess.BLACK
    assert clock.to_clock_state() is None


def test_to_clock_state_for_engines(fake_time) -> None:
    clock = make_clock(fake_time, "5+3 / 3+2", to_move=chess.BLACK)
    clock.start()
    fake_time.advance(2.5)
    assert clock.to_clock_state() == ClockState(
        white_ms=300_000, black_ms=177_500, white_increment_ms=3_000, black_increment_ms=2_000
    )


def test_changed_signal_on_state_changes(fake_time) -> None:
    clock = make_clock(fake_time)
    events: list[str] = []
    clock.changed.connect(lambda: events.append(clock.state().value))
    clock.start()
    clock.pause()
    clock.resume()
    clock.stop()
    assert events == ["running", "paused", "running", "stopped"]


def flag_result(board: chess.Board, flagged_color: chess.Color) -> tuple[str, str]:
    """The PGN result and the sentence for the user when ``flagged_color``'s flag falls."""
    result = GameResult.on_time(board, flagged_color)
    return result.result, result.describe()


def test_flag_result_loss_on_time() -> None:
    board = chess.Board()
    assert flag_result(board, chess.WHITE) == ("0-1", "White lost on time")
    assert flag_result(board, chess.BLACK) == ("1-0", "Black lost on time")


def test_flag_with_insufficient_mating_material_for_the_opponent_is_a_draw() -> None:
    # White has a queen; Black, with only a knight, cannot checkmate.
    board = chess.Board("4k3/8/8/8/8/2n5/8/3QK3 w - - 0 50")
    result, reason = flag_result(board, chess.WHITE)
    assert result == "1/2-1/2"
    assert reason == "Draw: White ran out of time, but Black cannot checkmate"
    # The other way round Black's flag loses: White can mate.
    assert flag_result(board, chess.BLACK) == ("1-0", "Black lost on time")


def test_lone_king_opponent_draws_even_when_the_flagged_side_has_everything() -> None:
    board = chess.Board("4k3/8/8/8/8/8/8/RNBQK3 b - - 0 1")
    assert flag_result(board, chess.WHITE) == (
        "1/2-1/2",
        "Draw: White ran out of time, but Black cannot checkmate",
    )


@pytest.mark.parametrize(
    ("ms", "text"),
    [
        (0, "0:00.0"),
        (-5, "0:00.0"),
        (9_999, "0:09.9"),
        (9_050, "0:09.0"),
        (10_000, "0:10"),
        (59_999, "0:59"),
        (180_000, "3:00"),
        (3_599_999, "59:59"),
        (3_600_000, "1:00:00"),
        (5_430_000, "1:30:30"),
    ],
)
def test_format_clock(ms: int, text: str) -> None:
    assert format_clock_ms(ms) == text
