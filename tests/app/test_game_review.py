"""Game review: every position analysed in the background, the verdicts written into the game."""

from __future__ import annotations

import io

import chess
import chess.engine
import chess.pgn
import pytest

from chessgui.engines.review import ReviewEngine, ReviewJob, ReviewLimit
from chessgui.game.controller import GameController
from chessgui.game.review import summarize

# 3. d3?? leaves the queen on g5 to the knight: Nxg5 was the move.
BLUNDER_GAME = "1. e4 e5 2. Nf3 Qg5 3. d3 Qd8 4. Nc3 *"


def _controller(pgn: str) -> GameController:
    controller = GameController()
    game = chess.pgn.read_game(io.StringIO(pgn))
    assert game is not None
    controller.view_game(game)
    return controller


@pytest.fixture
def jobs():
    made: list[ReviewJob] = []
    yield made
    for job in made:
        job.shutdown()


def _job(controller: GameController, jobs: list[ReviewJob], **kwargs: float) -> ReviewJob:
    job = ReviewJob(controller, **kwargs)
    jobs.append(job)
    return job


def test_review_marks_the_planted_blunder_with_the_best_move(qtbot, jobs) -> None:
    controller = _controller(BLUNDER_GAME)
    job = _job(controller, jobs)
    progress: list[tuple[int, int]] = []
    job.progress_changed.connect(lambda done, total, left: progress.append((done, total)))
    with qtbot.waitSignal(job.finished, timeout=120_000):
        job.start(ReviewLimit(depth=5))
    blunder = controller.node_at_ply(5)
    assert blunder.san() == "d3"
    assert chess.pgn.NAG_BLUNDER in blunder.nags
    assert "Best was Nxg5" in blunder.comment
    assert chess.pgn.NAG_BLUNDER in controller.node_at_ply(4).nags  # 2...Qg5?? hung the queen first
    assert all(node.eval() is not None for node in controller.game().mainline())
    assert controller.game().eval() is not None  # the start position too
    assert progress[-1] == (8, 8)
    # Saved and loaded back, the review is intact and gives the same summary.
    text = str(controller.game())
    assert "$4" in text and "[%eval" in text and "Best was Nxg5" in text
    loaded = chess.pgn.read_game(io.StringIO(text))
    assert loaded is not None
    assert summarize(loaded) == summarize(controller.game())
    assert summarize(loaded)[chess.WHITE].blunders >= 1


def test_rerunning_a_review_uses_the_cache(qtbot, jobs) -> None:
    controller = _controller(BLUNDER_GAME)
    job = _job(controller, jobs)
    with qtbot.waitSignal(job.finished, timeout=120_000):
        job.start(ReviewLimit(depth=3))
    cached = job.cache_size()
    assert cached >= 7  # the final position is not finished, so all 8 but transpositions
    controller.node_at_ply(5).nags.clear()
    # Every position is known: the review finishes at once, without the worker.
    with qtbot.waitSignal(job.finished, timeout=1000):
        job.start(ReviewLimit(depth=3))
    assert not job.is_running()
    assert chess.pgn.NAG_BLUNDER in controller.node_at_ply(5).nags
    assert job.cache_size() == cached


def test_cancel_keeps_what_was_analysed(qtbot, jobs) -> None:
    controller = _controller(BLUNDER_GAME)
    job = _job(controller, jobs)
    with qtbot.waitSignal(job.progress_changed, timeout=60_000, check_params_cb=lambda d, t, s: d >= 2):
        job.start(ReviewLimit(movetime_ms=300))
    with qtbot.waitSignal(job.running_changed, timeout=1000):
        job.cancel()
    assert not job.is_running()
    assert controller.game().eval() is not None
    assert [node.move for node in controller.game().mainline()][4] == chess.Move.from_uci("d2d3")  # game intact


@pytest.mark.parametrize(("mode", "words"), [("crash_second", "stopped working"), ("hang", "stopped answering")])
def test_a_failing_uci_engine_is_reported_and_the_analysis_so_far_kept(qtbot, jobs, fake_engine, mode, words) -> None:  # noqa: F811
    controller = _controller(BLUNDER_GAME)
    moves_before = list(controller.game().mainline_moves())
    job = _job(controller, jobs, answer_grace_s=1.0)
    engine = ReviewEngine(uci_path=fake_engine(mode), name="FakeEngine")
    with qtbot.waitSignal(job.failed, timeout=20_000) as blocker:
        job.start(ReviewLimit(movetime_ms=100), engine)
    message = blocker.args[0]
    assert words in message and "FakeEngine" in message and "kept" in message
    assert not job.is_running()
    assert list(controller.game().mainline_moves()) == moves_before
    if mode == "crash_second":  # the first positions (move 1) were analysed before the crash
        assert controller.game().eval() is not None
        assert controller.node_at_ply(1).eval() is not None


def test_book_moves_are_not_judged(qtbot, jobs, fake_engine) -> None:  # noqa: F811
    """Known theory gets no ?! or "Best was" from a quick search (lichess skips its book positions too)."""
    controller = _controller("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Qd4 6. Nxd4 *")
    job = _job(controller, jobs)
    # The fake engine calls every position +3 for the side to move: each move but its "best" loses much.
    with qtbot.waitSignal(job.finished, timeout=20_000):
        job.start(ReviewLimit(movetime_ms=50), ReviewEngine(uci_path=fake_engine("fickle"), name="Fickle"))
    book = [controller.node_at_ply(ply) for ply in range(1, 10)]  # up to 5. O-O, all in the default book
    assert [node.nags for node in book] == [set()] * 9
    assert not any("Best was" in node.comment for node in book)
    assert all(node.eval() is not None for node in book)  # still evaluated, for the graph
    out_of_book = controller.node_at_ply(10)
    assert out_of_book.san() == "Qd4"
    assert chess.pgn.NAG_BLUNDER in out_of_book.nags and "Best was" in out_of_book.comment


# ---------------------------------------------------------------------- in the window


def test_window_review_shows_graph_marks_summary_and_navigates(qtbot, window) -> None:
    from PySide6.QtCore import QPoint, Qt

    window.flows.game_loaded.emit(chess.pgn.read_game(io.StringIO(BLUNDER_GAME)))
    assert not window.review.graph.isVisible()  # nothing evaluated yet
    assert window.actions_.review_game.isEnabled() and not window.actions_.next_mistake.isEnabled()
    window.review.run_dialog = lambda dialog: True  # accept the dialog's defaults, but at a small depth
    dialog_limits: list[ReviewLimit] = []
    original_start = window.review.start
    window.review.start = lambda limit, engine=None: (
        dialog_limits.append(limit),
        original_start(ReviewLimit(depth=5), engine),
    )
    with qtbot.waitSignal(window.review.job.finished, timeout=120_000):
        window.actions_.review_game.trigger()
    assert dialog_limits == [ReviewLimit(movetime_ms=500)]  # the dialog's default: 0.5 s per move
    qtbot.waitUntil(lambda: window.review.graph.isVisible() and window.review.panel.isVisible())
    assert len(window.review.graph.points()) == 8
    assert window.review.graph.points()[5].judgement.value == "??"
    white = window.review.panel.summary_labels[chess.WHITE].text()
    assert "accuracy" in white and "blunder" in white
    assert window.actions_.next_mistake.isEnabled()

    # Next mistake: White's first error is 3. d3??; the board shows its mark on d3.
    window.navigator.go_to(0)
    window.review.panel.next_buttons[chess.WHITE].click()
    assert window.navigator.view_ply() == 5
    badge = window.board_widget.badge()
    assert badge is not None and badge.text == "??" and badge.square == chess.D3

    # A click on the graph goes to that move; dragging follows the mouse.
    graph = window.review.graph
    x_of_ply_2 = round(graph.point_at_ply(2).x())
    qtbot.mouseClick(graph, Qt.MouseButton.LeftButton, pos=QPoint(x_of_ply_2, graph.height() // 2))
    assert window.navigator.view_ply() == 2
    assert graph.current_ply() == 2
    qtbot.mouseClick(graph, Qt.MouseButton.LeftButton, pos=QPoint(graph.width() - 1, 5))
    assert window.navigator.view_ply() == 7


def test_review_annotation_replaces_its_own_marks_and_keeps_the_users(qtbot) -> None:
    controller = _controller("1. e4 { my idea } $14 e5 *")
    changed: list[int] = []
    controller.annotations_changed.connect(changed.append)
    score = chess.engine.PovScore(chess.engine.Cp(-250), chess.BLACK)
    controller.tree_editor.set_review_annotation(1, score, 14, chess.pgn.NAG_MISTAKE, "d4")
    controller.tree_editor.set_review_annotation(1, score, 16, chess.pgn.NAG_BLUNDER, "Nf3")
    node = controller.node_at_ply(1)
    assert node.nags == {chess.pgn.NAG_BLUNDER, 14}  # the user's $14 stays, the first review mark went
    assert "my idea" in node.comment and "Best was Nf3" in node.comment and "Best was d4" not in node.comment
    assert node.eval() == score and node.eval_depth() == 16
    controller.tree_editor.set_review_annotation(1, score, 16, None, None)  # now judged fine: marks go, the idea stays
    assert node.nags == {14} and "Best was" not in node.comment and "my idea" in node.comment
    controller.tree_editor.set_review_annotation(9, score)  # beyond the game: ignored
    assert changed == [1, 1, 1]


def test_review_panel_words(qtbot) -> None:
    from chessgui.game.review import SideSummary
    from chessgui.views.review_panel import ReviewPanel, summary_text

    assert summary_text(SideSummary(91.6, 1, 0, 2)) == "92 % accuracy · 1 inaccuracy · 0 mistakes · 2 blunders"
    panel = ReviewPanel()
    qtbot.addWidget(panel)
    panel.set_progress(0, 61, -1.0)
    assert panel.progress_bar.format() == "0 / 61 positions · starting…"
    panel.set_progress(12, 61, 24.6)
    assert panel.progress_bar.format() == "12 / 61 positions · about 25 s left"
    panel.set_progress(61, 61, 0.0)
    assert panel.progress_bar.format() == "61 / 61 positions"
    panel.set_summary({chess.WHITE: SideSummary(80, 0, 0, 0), chess.BLACK: SideSummary(60, 1, 1, 1)})
    assert not panel.next_buttons[chess.WHITE].isEnabled() and panel.next_buttons[chess.BLACK].isEnabled()


def test_an_engine_game_with_evals_on_some_moves_gets_no_summary(qtbot, window) -> None:
    game = chess.pgn.read_game(io.StringIO("1. e4 { [%eval 0.3] } e5 2. Nf3 { [%eval 0.2] } Nc6 *"))
    window.flows.game_loaded.emit(game)
    window.review.refresh()
    assert window.review.graph.isVisible()  # the engine's evaluations are drawn
    assert not window.review.panel.isVisible()  # but no accuracy from half the moves


def test_review_engines_are_the_analysis_engine_choices_at_full_strength() -> None:
    """One engine list for analysis and review: a side's weakening UCI options never reach the review."""
    from chessgui.engines.review import review_engines
    from chessgui.storage.settings import PlayerKind, PlayerSettings, Settings

    uci = PlayerSettings(
        kind=PlayerKind.UCI,
        uci_path="/usr/games/stockfish",
        uci_options=(("UCI_LimitStrength", "true"), ("UCI_Elo", "1500"), ("Threads", "2")),
    )
    engines = review_engines(Settings(white=uci, black=uci))
    assert engines == [ReviewEngine(), ReviewEngine("/usr/games/stockfish", (("Threads", "2"),), "stockfish")]
