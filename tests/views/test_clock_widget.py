"""Clock cards and the clock panel (qtbot, offscreen), driven by a fake time source."""

from __future__ import annotations

import chess
import pytest

from chessgui.clock.chess_clock import ChessClock
from chessgui.clock.time_control import UNTIMED, TimeControl
from chessgui.views.clock_widget import ClockPanel, ClockWidget, low_time_threshold_ms


@pytest.fixture
def panel(qtbot, fake_time) -> tuple[ClockPanel, ChessClock]:
    clock = ChessClock(time_source=fake_time, tick_interval_ms=0)
    clock.reset(TimeControl.parse("1+0"))
    widget = ClockPanel()
    qtbot.addWidget(widget)
    widget.set_clock(clock)
    widget.resize(260, 400)
    widget.show()
    return widget, clock


def test_text_formats(qtbot) -> None:
    widget = ClockWidget(chess.WHITE)
    qtbot.addWidget(widget)
    widget.set_remaining_ms(180_000)
    assert widget.text() == "3:00"
    widget.set_remaining_ms(3_723_000)
    assert widget.text() == "1:02:03"
    widget.set_remaining_ms(9_470)
    assert widget.text() == "0:09.4"  # tenths under ten seconds
    widget.set_state(9_470, running=False, timed=False)
    assert widget.text() == ""


def test_panel_shows_clock_times_and_running_side(panel, fake_time) -> None:
    widget, clock = panel
    white, black = widget.clock_widget(chess.WHITE), widget.clock_widget(chess.BLACK)
    assert white.text() == "1:00" and not white.is_running()
    assert white.is_active() and not black.is_active()  # White to move, clock not started
    clock.start()
    assert white.is_running() and not black.is_running()
    fake_time.now += 51.35
    clock.ticked.emit()  # what the tick timer does
    assert white.text() == "0:08.6"
    clock.on_move_made(chess.WHITE)
    assert black.is_running() and not white.is_running()
    clock.pause()
    assert not black.is_running()
    assert black.is_active()  # still lit: Black is to move, the clock is only held
    clock.stop()
    assert not black.is_active() and not white.is_active()


def test_low_time_colour_and_flash(panel, fake_time, qtbot) -> None:
    widget, clock = panel
    white = widget.clock_widget(chess.WHITE)
    clock.start()
    fake_time.now += 49.0
    clock.ticked.emit()
    assert not white.is_low_time()
    assert not white.is_flashing()
    with qtbot.waitSignal(white.low_time_reached) as blocker:
        fake_time.now += 2.0  # 9 s left: below 1+0's threshold of 10 s
        clock.ticked.emit()
    assert blocker.args == [chess.WHITE]
    assert white.is_low_time()
    assert white.is_flashing()
    qtbot.waitUntil(lambda: not white.is_flashing(), timeout=3000)


def test_flag_fall_shows_on_the_card(panel, fake_time) -> None:
    widget, clock = panel
    clock.start()
    fake_time.now += 61
    assert clock.check_flag() == chess.WHITE
    white = widget.clock_widget(chess.WHITE)
    assert white.is_flagged()
    assert white.text() == "0:00.0"
    assert not white.is_running()


def test_widget_swaps_sides_when_flipped(panel) -> None:
    widget, _clock = panel
    white, black = widget.clock_widget(chess.WHITE), widget.clock_widget(chess.BLACK)
    assert widget.bottom_widget() is white
    assert white.geometry().top() > black.geometry().top()
    widget.set_flipped(True)
    assert widget.is_flipped()
    assert widget.bottom_widget() is black and widget.top_widget() is white
    widget.layout().activate()
    assert black.geometry().top() > white.geometry().top()
    widget.set_flipped(False)
    widget.layout().activate()
    assert white.geometry().top() > black.geometry().top()


def test_center_widget_sits_between_the_clocks(panel, qtbot) -> None:
    from PySide6.QtWidgets import QLabel

    widget, _clock = panel
    middle = QLabel("moves")
    widget.set_center_widget(middle)
    widget.set_flipped(True)
    widget.layout().activate()
    assert widget.top_widget().geometry().bottom() < middle.geometry().top()
    assert middle.geometry().bottom() < widget.bottom_widget().geometry().top()


def test_untimed_hides_times_but_keeps_names(panel) -> None:
    widget, clock = panel
    clock.reset(UNTIMED)
    widget.set_player_names("You", "Engine")
    assert widget.clock_widget(chess.WHITE).text() == ""
    assert widget.clock_widget(chess.BLACK).player_name() == "Engine"
    # The side to move is still shown (lit), though no time runs.
    assert widget.clock_widget(chess.WHITE).is_active()
    assert not widget.clock_widget(chess.WHITE).is_running()
    clock.on_move_made(chess.WHITE)
    assert widget.clock_widget(chess.BLACK).is_active()
    assert not widget.clock_widget(chess.WHITE).is_active()
    clock.stop()  # game over
    assert not widget.clock_widget(chess.BLACK).is_active()


def test_low_time_threshold_follows_the_control() -> None:
    assert low_time_threshold_ms(TimeControl.parse("1+0"), chess.WHITE) == 10_000
    assert low_time_threshold_ms(TimeControl.parse("3+0"), chess.WHITE) == 18_000
    assert low_time_threshold_ms(TimeControl.parse("30+0"), chess.WHITE) == 20_000
    assert low_time_threshold_ms(TimeControl.parse("30+0 / 1+0"), chess.BLACK) == 10_000


@pytest.mark.parametrize("window_colour", ["#262421", "#efefef"])
def test_widget_paints_each_state_in_its_colour(qtbot, window_colour: str) -> None:
    from PySide6.QtGui import QColor, QPalette

    from chessgui.views import clock_widget as module

    widget = ClockWidget(chess.BLACK)
    qtbot.addWidget(widget)
    palette = widget.palette()
    palette.setColor(QPalette.ColorRole.Window, QColor(window_colour))
    widget.setPalette(palette)
    light = QColor(window_colour).lightness() > 128
    idle = module._LIGHT_IDLE_BACKGROUND if light else module._IDLE_BACKGROUND
    running = module._LIGHT_RUNNING_BACKGROUND if light else module._RUNNING_BACKGROUND
    widget.resize(widget.sizeHint())
    widget.set_low_time_threshold_ms(20_000)
    expected = (
        ({"remaining_ms": 300_000, "running": False}, idle),
        ({"remaining_ms": 300_000, "running": True}, running),
        ({"remaining_ms": 5_000, "running": True}, module._LOW_BACKGROUND),
        ({"remaining_ms": 5_000, "running": False}, idle),
        ({"remaining_ms": 0, "running": False, "flagged": True}, module._FLAGGED_BACKGROUND),
    )
    for state, background in expected:
        widget.set_state(**state)
        image = widget.grab().toImage()
        # A point inside the card, away from the text and the running bar.
        assert image.pixelColor(image.width() // 2, 4).name() == background.name(), state
