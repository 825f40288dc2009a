"""The low-time warning fires once when the running side drops under ten seconds."""

from __future__ import annotations

import chess

from chessgui.clock.chess_clock import ChessClock
from chessgui.clock.low_time import LowTimeWatcher
from chessgui.clock.time_control import TimeControl


def test_warns_once_under_ten_seconds_and_again_after_an_increment(qapp, fake_time) -> None:
    now = fake_time
    clock = ChessClock(time_source=now, tick_interval_ms=0)
    clock.reset(TimeControl.from_seconds(15, 10))
    watcher = LowTimeWatcher(clock)
    warnings: list[bool] = []
    watcher.low_time.connect(warnings.append)
    clock.start()
    now.now += 4.0
    watcher.check()
    assert warnings == []
    now.now += 2.0  # 9 s left
    watcher.check()
    watcher.check()
    assert warnings == [chess.WHITE]
    clock.on_move_made(chess.WHITE)  # +10 s: 19 s, back above the line
    now.now += 10.0
    clock.on_move_made(chess.BLACK)
    now.now += 10.0  # White: 9 s left again
    watcher.check()
    assert warnings == [chess.WHITE, chess.WHITE]


def test_untimed_games_never_warn(qapp, fake_time) -> None:
    clock = ChessClock(time_source=fake_time, tick_interval_ms=0)
    watcher = LowTimeWatcher(clock)
    warnings: list[bool] = []
    watcher.low_time.connect(warnings.append)
    clock.start()
    watcher.check()
    assert warnings == []
