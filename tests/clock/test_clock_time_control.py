"""TimeControl values: parse, describe, settings round trip, presets, engine time mode."""

from __future__ import annotations

import chess
import pytest

from chessgui.clock.time_control import (
    PRESETS,
    UNTIMED,
    EngineTimeMode,
    InvalidTimeControlError,
    TimeControl,
    find_preset,
)


def test_parse_minutes_plus_seconds() -> None:
    control = TimeControl.parse("5+3")
    assert control == TimeControl(300_000, 3_000, 300_000, 3_000)
    assert control.is_timed()
    assert not control.is_handicap()
    assert control.base_ms(chess.BLACK) == 300_000
    assert control.increment_ms(chess.WHITE) == 3_000


def test_parse_seconds_base_and_fractional_increment() -> None:
    assert TimeControl.parse("10s+0.1") == TimeControl(10_000, 100, 10_000, 100)
    assert TimeControl.parse("0.5+0") == TimeControl.from_seconds(30)
    assert TimeControl.parse(" 1h + 30 ") == TimeControl.from_minutes(60, 30)
    assert TimeControl.parse("3") == TimeControl.from_minutes(3)


def test_parse_handicap_white_first() -> None:
    control = TimeControl.parse("5+3 / 1+0")
    assert control.is_handicap()
    assert control.base_ms(chess.WHITE) == 300_000
    assert control.increment_ms(chess.WHITE) == 3_000
    assert control.base_ms(chess.BLACK) == 60_000
    assert control.increment_ms(chess.BLACK) == 0


@pytest.mark.parametrize("text", ["untimed", "None", "  "])
def test_parse_untimed(text: str) -> None:
    assert TimeControl.parse(text) == UNTIMED
    assert not UNTIMED.is_timed()


@pytest.mark.parametrize("text", ["abc", "5+", "+3", "0+3", "-5+3", "5+3/3+2/1+0", "5:00", "99999+0", "5+7200"])
def test_parse_rejects_bad_text_with_plain_words(text: str) -> None:
    with pytest.raises(InvalidTimeControlError) as error:
        TimeControl.parse(text)
    assert str(error.value)  # a message for the user, not an empty exception


@pytest.mark.parametrize(
    ("control", "text"),
    [
        (TimeControl.from_minutes(5, 3), "5+3"),
        (TimeControl.from_minutes(1.5, 1), "1.5+1"),
        (TimeControl.from_seconds(10, 0.1), "10s+0.1"),
        (TimeControl.from_seconds(15), "0.25+0"),
        (TimeControl.from_seconds(61.5), "61.5s+0"),
        (TimeControl.from_seconds(300, 3, 180, 2), "5+3 / 3+2"),
        (UNTIMED, "Untimed"),
    ],
)
def test_describe_and_parse_round_trip(control: TimeControl, text: str) -> None:
    assert control.describe() == text
    assert str(control) == text
    assert TimeControl.parse(text) == control


@pytest.mark.parametrize(
    "control",
    [UNTIMED, TimeControl.parse("10s+0.1"), TimeControl(123_457, 1, 98_765, 4_321), *(p.time_control for p in PRESETS)],
)
def test_setting_round_trip_is_exact(control: TimeControl) -> None:
    assert TimeControl.from_setting(control.to_setting()) == control


def test_from_setting_rejects_corrupt_values() -> None:
    for bad in (None, 42, "ms:1+2/3", "ms:0+0/5+0", "nonsense"):
        with pytest.raises(InvalidTimeControlError):
            TimeControl.from_setting(bad)


def test_invalid_values_are_refused() -> None:
    with pytest.raises(InvalidTimeControlError):
        TimeControl(-1, 0, 1, 0)
    with pytest.raises(InvalidTimeControlError):
        TimeControl(60_000, 0, 0, 0)  # one side on a clock, the other not
    with pytest.raises(InvalidTimeControlError):
        TimeControl(0, 1_000, 0, 1_000)  # increment without base


def test_presets_are_the_usual_ten_with_categories() -> None:
    assert [p.time_control.describe() for p in PRESETS] == [
        "1+0",
        "3+0",
        "3+2",
        "5+0",
        "5+3",
        "10+0",
        "10+5",
        "15+10",
        "30+0",
        "30+20",
    ]
    assert [p.label for p in PRESETS][:3] == ["Bullet 1+0", "Blitz 3+0", "Blitz 3+2"]
    assert PRESETS[5].label == "Rapid 10+0"
    assert PRESETS[-1].label == "Classical 30+20"
    assert find_preset(TimeControl.parse("3+2")) is PRESETS[2]
    assert find_preset(TimeControl.parse("3+1")) is None
    assert TimeControl.parse("10s+0.1").category() == "UltraBullet"
    assert UNTIMED.category() == "Untimed"


def test_for_side_gives_symmetric_control() -> None:
    control = TimeControl.parse("5+3 / 1+0")
    assert control.for_side(chess.BLACK) == TimeControl.parse("1+0")


def test_engine_time_mode_settings() -> None:
    assert EngineTimeMode.from_setting("fixed_per_move") is EngineTimeMode.FIXED_PER_MOVE
    assert EngineTimeMode.from_setting(EngineTimeMode.ON_CLOCK.value) is EngineTimeMode.ON_CLOCK
    assert EngineTimeMode.from_setting("garbage") is EngineTimeMode.ON_CLOCK
    assert EngineTimeMode.from_setting(None, EngineTimeMode.FIXED_PER_MOVE) is EngineTimeMode.FIXED_PER_MOVE
    assert EngineTimeMode.ON_CLOCK.label == "Play on the clock"


@pytest.mark.parametrize("text", ["5+3", "10s+0.1", "5+3 / 3+2", "0.5+0", "untimed"])
def test_pgn_header_round_trip(text: str) -> None:
    control = TimeControl.parse(text)
    assert TimeControl.from_pgn_header(control.to_pgn_header()) == control


def test_pgn_header_forms() -> None:
    assert TimeControl.parse("5+3").to_pgn_header() == "300+3"
    assert UNTIMED.to_pgn_header() == "-"
    assert TimeControl.from_pgn_header("60") == TimeControl.parse("1+0")
    for unsupported in ("?", "40/7200:3600", "", "abc", "0+3"):
        with pytest.raises(InvalidTimeControlError):
            TimeControl.from_pgn_header(unsupported)
