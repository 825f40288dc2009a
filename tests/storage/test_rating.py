"""The player's rating: Glicko-1 math, level suggestion, and the versioned file that never crashes the app."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chessgui.storage.rating import (
    START_DEVIATION,
    START_RATING,
    RatingStore,
    expected_score,
    suggest_level,
    update,
    update_period,
)

LEVELS = tuple(range(800, 2401, 100))


def test_glickman_worked_example() -> None:
    """Glickman's paper: 1500 (RD 200) beats 1400 (30), loses to 1550 (100) and 1700 (300) -> 1464, RD 151.4."""
    rating, deviation = update_period(1500, 200, ((1400, 30, 1.0), (1550, 100, 0.0), (1700, 300, 0.0)))
    assert rating == pytest.approx(1464.1, abs=0.2)
    assert deviation == pytest.approx(151.5, abs=0.2)


def test_single_game_moves_the_rating_the_right_way() -> None:
    assert expected_score(1500, 1500) == pytest.approx(0.5)
    assert expected_score(1900, 1500) == pytest.approx(1 / (1 + 10**-1))
    win, dev_win = update(START_RATING, START_DEVIATION, 1200, 1.0)
    loss, _ = update(START_RATING, START_DEVIATION, 1200, 0.0)
    draw, _ = update(START_RATING, START_DEVIATION, 1200, 0.5)
    assert win - START_RATING == pytest.approx(START_RATING - loss)
    assert 100 < win - START_RATING < 200 and draw == pytest.approx(START_RATING)
    assert dev_win < START_DEVIATION
    # An established rating moves less than a new one.
    settled, _ = update(1500, 60, 1500, 1.0)
    assert 0 < settled - 1500 < 10
    with pytest.raises(ValueError):
        update(1500, 60, 1500, 2.0)


def test_suggest_level_is_the_nearest() -> None:
    assert suggest_level(1234, LEVELS) == 1200
    assert suggest_level(1250, LEVELS) == 1200  # a tie goes to the easier level
    assert suggest_level(500, LEVELS) == 800 and suggest_level(3000, LEVELS) == 2400


def test_store_records_games_and_reads_them_back(tmp_path: Path) -> None:
    path = tmp_path / "data" / "rating.json"
    store = RatingStore(path)
    assert store.problem is None and store.rating.rating == START_RATING and not store.rating.games
    store.record(1400, 1.0, white=True, pgn="1. e4 e5 *", date="2024-01-01T10:00:00")
    store.record(1400, 0.5, white=False, date="2024-01-02T10:00:00")
    again = RatingStore(path)
    assert again.problem is None and again.rating == store.rating
    assert [g.score for g in again.rating.games] == [1.0, 0.5] and again.rating.games[0].pgn == "1. e4 e5 *"
    assert again.rating.rating == again.rating.games[-1].rating_after
    assert json.loads(path.read_text())["version"] == 1


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        '{"format": "chessgui-rating", "version": 99, "rating": 1, "deviation": 1, "games": []}',
        '{"format": "chessgui-rating", "version": 1, "rating": 1500, "deviation": 80, "games": [{"level": 1}]}',
        '{"format": "chessgui-rating", "version": 1, "rating": "NaN", "deviation": 80, "games": []}',
        "[]",
    ],
)
def test_damaged_file_is_reported_and_set_aside(tmp_path: Path, content: str) -> None:
    path = tmp_path / "rating.json"
    path.write_text(content)
    store = RatingStore(path)
    assert store.problem is not None and "damaged" in store.problem
    assert store.rating.rating == START_RATING
    aside = list(tmp_path.glob("rating.json.damaged-*"))
    assert len(aside) == 1 and aside[0].read_text() == content
    store.record(1000, 1.0, white=True)
    assert RatingStore(path).problem is None


def test_unwritable_folder_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    store = RatingStore(blocker / "rating.json")
    store.record(1000, 0.0, white=True)
    assert store.problem is not None and "could not be saved" in store.problem
