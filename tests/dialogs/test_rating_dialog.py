"""Game ▸ My rating…: the rating with its uncertainty, the history chart, the games, and the suggested level."""

from __future__ import annotations

from chessgui.dialogs.rating_dialog import RatingDialog, rating_text
from chessgui.storage.rating import RatedGame, Rating


def _rating() -> Rating:
    games = (
        RatedGame("2026-01-02T10:00:00", 1200, 1.0, True, 1390.0, 290.0),
        RatedGame("2026-01-03T11:00:00", 1400, 0.5, False, 1395.2, 240.0),
        RatedGame("2026-01-04T12:00:00", 1600, 0.0, True, 1340.7, 95.0),
    )
    return Rating(1340.7, 95.0, games)


def test_dialog_shows_rating_history_and_games(qtbot) -> None:
    dialog = RatingDialog(_rating())
    qtbot.addWidget(dialog)
    assert dialog.rating_label.text() == "Your rating: 1341 ± 190"  # settled: not provisional
    assert "3 rated games" in dialog.explanation.text()
    assert dialog.table.rowCount() == 3
    newest = [dialog.table.item(0, column).text() for column in range(5)]
    assert newest == ["2026-01-04 12:00:00", "1600", "White", "Lost", "1341 ± 190"]
    assert dialog.table.item(1, 3).text() == "Draw" and dialog.table.item(2, 3).text() == "Won"
    assert [round(r) for r, _ in dialog.chart.points] == [1200, 1390, 1395, 1341]  # the start, then each game
    dialog.show()
    assert not dialog.chart.grab().isNull()  # paints without error


def test_a_new_player_is_provisional_and_the_chart_says_so(qtbot) -> None:
    dialog = RatingDialog(Rating())
    qtbot.addWidget(dialog)
    assert rating_text(Rating()) == "1200 ± 700 (provisional)"
    assert dialog.table.rowCount() == 0 and dialog.chart.points == []
    assert dialog.explanation.text().startswith("No rated games yet against the computer's levels.")
    dialog.show()
    assert not dialog.chart.grab().isNull()


def test_suggest_requests_the_level_nearest_the_rating(qtbot) -> None:
    dialog = RatingDialog(_rating())
    qtbot.addWidget(dialog)
    assert dialog.suggest_button.text() == "Play at my level (1300)"
    with qtbot.waitSignal(dialog.level_requested) as blocker:
        dialog.suggest_button.click()
    assert blocker.args == [1300]
    dialog.set_rating(Rating(2399.0, 60.0))  # follows a newly rated game
    assert dialog.suggest_button.text() == "Play at my level (2400)"


def test_the_explanation_names_the_engine_s_help_as_a_reason_a_game_does_not_count(qtbot) -> None:
    """A hint, analysis, a review or the computer's score and line shown make a game unrated: the
    dialog said only 'without taking moves back'."""
    dialog = RatingDialog(Rating())
    qtbot.addWidget(dialog)
    text = dialog.explanation.text()
    assert "taking moves back" in text and "help" in text and "score and line" in text
