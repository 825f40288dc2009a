"""Learn from your mistakes in the window: from the menu or the review panel, on its own board,
and the game never changed by the tries."""

from __future__ import annotations

import io

import chess
import chess.engine
import chess.pgn

from chessgui.dialogs.retry_dialog import RetryDialog
from chessgui.engines.try_checker import TryChecker
from chessgui.game.retry import RetryOutcome

REVIEWED = """[Result "*"]

{ [%eval 0.2] } 1. e4 { [%eval 0.3] } 1... e5 { [%eval 0.3] } 2. Nf3 { [%eval 0.3] }
2... Qg5 $4 { [%eval 8.0] Best was Nc6 }
3. d3 $4 { [%eval -0.5] Best was Nxg5 } 3... Qd8 $2 { [%eval 0.2] Best was Qxg2 } 4. Nc3 { [%eval 0.1] } *
"""


def load(window, pgn: str) -> None:
    game = chess.pgn.read_game(io.StringIO(pgn))
    assert game is not None
    window.flows.game_loaded.emit(game)
    window.review.refresh()


def capture_dialogs(window) -> list[RetryDialog]:
    shown: list[RetryDialog] = []
    window.review.run_retry_dialog = shown.append
    return shown


def test_the_menu_retries_the_bottom_side_s_errors_and_the_game_stays_as_it_was(qtbot, window) -> None:
    load(window, REVIEWED)
    assert window.actions_.learn_mistakes.isEnabled()
    before = str(window.controller.game())
    shown = capture_dialogs(window)
    window.actions_.learn_mistakes.trigger()
    (dialog,) = shown
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Learn from White's mistakes"
    assert [p.ply for p in dialog.session.positions] == [5]
    assert not dialog.board_widget.is_flipped()
    assert dialog.board_widget.theme() == window.board_widget.theme()
    dialog.board_widget.move_requested.emit(chess.Move.from_uci("f3g5"))  # 3. Nxg5, the queen
    assert dialog.session.resolved is RetryOutcome.FOUND
    dialog.next_button.click()
    assert dialog.prompt_label.text() == "You found 1 of 1."
    dialog.close_button.click()
    assert str(window.controller.game()) == before  # nothing the player tried went into the game
    assert window.navigator.view_ply() == window.controller.live_ply()


def test_the_review_panel_offers_each_side_s_and_a_flipped_board_means_black(qtbot, window) -> None:
    load(window, REVIEWED)
    panel = window.review.panel
    assert panel.learn_buttons[chess.WHITE].isEnabled() and panel.learn_buttons[chess.BLACK].isEnabled()
    shown = capture_dialogs(window)
    panel.learn_buttons[chess.BLACK].click()
    window.actions_.flip.trigger()
    window.actions_.learn_mistakes.trigger()
    assert len(shown) == 2
    for dialog in shown:
        qtbot.addWidget(dialog)
        assert dialog.windowTitle() == "Learn from Black's mistakes"
        assert [p.ply for p in dialog.session.positions] == [4, 6]
        assert dialog.board_widget.is_flipped()


def test_without_a_review_it_says_what_to_do(qtbot, window) -> None:
    load(window, "1. e4 e5 2. Nf3 Qg5 3. d3 *")
    assert not window.actions_.learn_mistakes.isEnabled()
    shown = capture_dialogs(window)
    with qtbot.waitSignal(window.review.status_message) as blocker:
        window.review.on_learn_requested(chess.WHITE)
    assert blocker.args == ["White has no reviewed mistakes to learn from. Review the game first (Ctrl+R)."]
    load(window, '[Result "*"]\n\n1. e4 e5 2. Nf3 Qg5 $4 3. d3 *')  # marked by hand, no better move noted
    with qtbot.waitSignal(window.review.status_message) as blocker:
        window.review.on_learn_requested(chess.BLACK)
    assert blocker.args == ["Black's marked mistakes have no better move noted. Review the game first (Ctrl+R)."]
    assert shown == []


def test_the_built_in_engine_scores_a_try(qtbot) -> None:
    """The real checker: after 3. Nc3?? (instead of Nxg5) Black keeps the extra queen's worth."""
    checker = TryChecker()
    try:
        board = chess.Board()
        for san in ("e4", "e5", "Nf3", "Qg5"):
            board.push_san(san)
        with qtbot.waitSignal(checker.checked, timeout=60_000) as blocker:
            request = checker.check(board.fen(), board.parse_san("Nc3"))
        assert blocker.args[0] == request
        score = blocker.args[1]
        assert isinstance(score, chess.engine.PovScore)
        cp = score.white().score(mate_score=100_000)
        assert cp is not None and cp < 300  # White gave the queen back: no longer far ahead
    finally:
        checker.shutdown()
