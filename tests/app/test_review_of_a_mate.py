"""A reviewed game that ended in checkmate: its last position counts (PGN's [%eval] cannot write "#0")."""

from __future__ import annotations

import io

import chess
import chess.pgn

from chessgui.engines.review import ReviewLimit
from chessgui.game.review import summarize


def test_the_review_of_a_game_ending_in_mate_draws_its_end_and_gives_a_summary(qtbot, window) -> None:
    window.flows.game_loaded.emit(chess.pgn.read_game(io.StringIO("1. f3 e5 2. g4 Qh4# 0-1")))
    with qtbot.waitSignal(window.review.job.finished, timeout=120_000):
        window.review.start(ReviewLimit(depth=5))
    qtbot.waitUntil(window.review.panel.isVisible)
    assert window.review.graph.points()[-1].white_win == 0.0  # White is mated
    assert "blunder" in window.review.panel.summary_labels[chess.WHITE].text()  # 2. g4??


def test_a_saved_game_ending_in_mate_is_summarised_from_its_evals() -> None:
    pgn = "1. f3 { [%eval -0.5] } 1... e5 { [%eval -0.4] } 2. g4?? { [%eval #-1] } 2... Qh4# 0-1"
    game = chess.pgn.read_game(io.StringIO(pgn))
    assert game is not None
    summary = summarize(game)
    assert summary[chess.WHITE].blunders == 1 and summary[chess.BLACK].accuracy > summary[chess.WHITE].accuracy


def test_a_game_nobody_evaluated_shows_no_graph_or_summary_at_its_end(qtbot, window, play_moves) -> None:
    """The final position's score from its board fills a reviewed game's end; it alone is no evaluation."""
    play_moves(window, "f3", "e5", "g4", "Qh4#")
    window.review.refresh()
    assert not window.review.graph.isVisible() and not window.review.panel.isVisible()
    window.session.new_game("8/P6k/8/8/8/8/8/K7 w - - 0 1")
    play_moves(window, "a8=N")  # a draw by insufficient material
    assert window.controller.is_game_over()
    window.review.refresh()
    assert not window.review.graph.isVisible() and not window.review.panel.isVisible()


def test_a_finished_game_offers_its_review_under_the_result(qtbot, window, play_moves) -> None:
    """lichess puts its analysis a click away when a game ends; here the review hid in the Analysis menu."""
    button = window.move_log.review_button
    assert not button.isVisible()  # nothing to review yet
    play_moves(window, "e4", "e5")
    assert not button.isVisible()  # a game in progress
    play_moves(window, "Qh5", "Ke7", "Qxe5#")
    window.review.refresh()
    qtbot.waitUntil(button.isVisible)
    window.review.run_dialog = lambda dialog: True
    original_start = window.review.start
    window.review.start = lambda limit, engine=None: original_start(ReviewLimit(depth=4), engine)
    with qtbot.waitSignal(window.review.job.finished, timeout=120_000):
        button.click()
    qtbot.waitUntil(window.review.panel.isVisible)
    assert not button.isVisible()  # reviewed: the summary takes its place
    window.controller.new_game()
    assert not button.isVisible()
