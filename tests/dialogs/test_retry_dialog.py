"""Learn from your mistakes: the dialog's board, its verdicts, and the checker's engine replies."""

from __future__ import annotations

import io

import chess
import chess.engine
import chess.pgn
from PySide6.QtCore import QObject, Signal

from chessgui.dialogs.retry_dialog import RetryDialog
from chessgui.engines.info import EngineInfo
from chessgui.engines.try_checker import TryChecker
from chessgui.game.players import GoRequest
from chessgui.game.retry import RetryOutcome, RetrySession, retry_positions

PGN = """[Result "*"]

1. e4 { [%eval 0.3] } 1... e5 { [%eval 0.3] } 2. Nf3 { [%eval 0.3] }
2... Qg5 $4 { [%eval 8.0] Best was Nc6 }
3. d3 $4 { [%eval -0.5] Best was Nxg5 } 3... Qd8 $2 { [%eval 0.2] Best was Qxg2 } *
"""


class FakeChecker(TryChecker):
    """Records the tries; the test answers them by emitting ``checked`` or ``failed``."""

    def __init__(self) -> None:
        super().__init__()
        self.tries: list[tuple[str, chess.Move]] = []
        self.cancelled = 0
        self.shut_down = False
        self.prepared = False
        self.ready = True

    def prepare(self) -> None:
        self.prepared = True

    def is_ready(self) -> bool:
        return self.ready

    def check(self, fen: str, move: chess.Move) -> int:
        self.tries.append((fen, move))
        return len(self.tries)

    def cancel(self) -> None:
        self.cancelled += 1

    def shutdown(self) -> None:
        self.shut_down = True


def black_session() -> RetrySession:
    game = chess.pgn.read_game(io.StringIO(PGN))
    assert game is not None
    return RetrySession(tuple(retry_positions(game, chess.BLACK)))


def make_dialog(qtbot) -> tuple[RetryDialog, FakeChecker]:
    checker = FakeChecker()
    dialog = RetryDialog(black_session(), checker)
    qtbot.addWidget(dialog)
    return dialog, checker


def white_cp(cp: int) -> chess.engine.PovScore:
    return chess.engine.PovScore(chess.engine.Cp(cp), chess.WHITE)


def test_the_position_before_the_error_is_shown_from_the_erring_side(qtbot) -> None:
    dialog, _ = make_dialog(qtbot)
    position = dialog.session.current()
    assert position is not None
    assert dialog.windowTitle() == "Learn from Black's mistakes"
    assert dialog.progress_label.text() == "Position 1 of 2"
    assert dialog.prompt_label.text() == "2... Qg5?? was a blunder. Find a better move for Black."
    assert dialog.board_widget.position().fen() == position.fen
    assert dialog.board_widget.last_move() == chess.Move.from_uci("g1f3")
    assert dialog.board_widget.is_flipped() and dialog.board_widget.is_input_enabled()
    assert dialog.skip_button.isVisibleTo(dialog) and not dialog.next_button.isVisibleTo(dialog)
    assert dialog._checker.prepared  # type: ignore[attr-defined]  # the engine starts with the dialog


def test_the_best_move_is_found_at_once_and_next_goes_on(qtbot) -> None:
    dialog, checker = make_dialog(qtbot)
    dialog.board_widget.move_requested.emit(chess.Move.from_uci("b8c6"))
    assert dialog.verdict_label.text() == "✓ 2... Nc6 is the best move."
    assert checker.tries == []  # no engine needed
    assert dialog.board_widget.last_move() == chess.Move.from_uci("b8c6")
    assert not dialog.board_widget.is_input_enabled() and not dialog.solution_button.isEnabled()
    assert dialog.next_button.isVisibleTo(dialog) and not dialog.skip_button.isVisibleTo(dialog)
    dialog.next_button.click()
    assert dialog.progress_label.text() == "Position 2 of 2"
    assert dialog.prompt_label.text().startswith("3... Qd8? was a mistake.")
    assert dialog.board_widget.arrows() == [] and dialog.verdict_label.text() == ""


def test_the_game_s_move_and_a_worse_one_are_taken_back_with_an_arrow(qtbot) -> None:
    dialog, checker = make_dialog(qtbot)
    position = dialog.session.current()
    assert position is not None
    dialog.board_widget.move_requested.emit(position.played)
    assert dialog.verdict_label.text() == "2... Qg5 is the move played in the game. Try another move."
    assert dialog.board_widget.position().fen() == position.fen
    assert dialog.board_widget.arrows() == [(chess.D8, chess.G5)]
    assert dialog.board_widget.is_input_enabled()
    # Another move needs the engine: the board waits for its verdict.
    dialog.board_widget.move_requested.emit(chess.Move.from_uci("f7f6"))
    assert checker.tries == [(position.fen, chess.Move.from_uci("f7f6"))]
    assert dialog.verdict_label.text() == "Checking 2... f6…"
    assert not dialog.board_widget.is_input_enabled()
    dialog.board_widget.move_requested.emit(position.best)  # ignored while checking
    assert dialog.session.resolved is None
    checker.checked.emit(1, white_cp(150))
    assert dialog.verdict_label.text() == (
        "2... f6 is not better: it gives away about 11% of the winning chances. Try another move."
    )
    assert dialog.board_widget.position().fen() == position.fen
    assert dialog.board_widget.is_input_enabled() and dialog.session.resolved is None
    checker.ready = False  # a first start: the engine is still being compiled
    dialog.board_widget.move_requested.emit(chess.Move.from_uci("a7a6"))
    assert dialog.verdict_label.text() == (
        "Checking 2... a6… (the engine is still being prepared: the first time takes up to a minute)"
    )


def test_another_good_move_counts_as_found(qtbot) -> None:
    dialog, checker = make_dialog(qtbot)
    dialog.board_widget.move_requested.emit(chess.Move.from_uci("d7d6"))
    checker.checked.emit(1, white_cp(40))
    assert dialog.verdict_label.text() == "✓ 2... d6 is good too. The engine's first choice was 2... Nc6."
    assert dialog.session.resolved is RetryOutcome.FOUND
    assert dialog.board_widget.last_move() == chess.Move.from_uci("d7d6")


def test_a_stale_or_failed_check_changes_nothing_it_should_not(qtbot) -> None:
    dialog, checker = make_dialog(qtbot)
    dialog.board_widget.move_requested.emit(chess.Move.from_uci("d7d6"))
    dialog.skip_button.click()  # gives the try up
    assert checker.cancelled == 1
    checker.checked.emit(1, white_cp(40))  # its answer comes late: dropped
    assert dialog.session.resolved is None and dialog.verdict_label.text() == ""
    assert dialog.session.outcomes == [RetryOutcome.SKIPPED]
    dialog.board_widget.move_requested.emit(chess.Move.from_uci("a7a6"))
    checker.failed.emit(2, "The engine stopped.")
    assert dialog.verdict_label.text() == "The move could not be checked: The engine stopped."
    assert dialog.board_widget.is_input_enabled()
    position = dialog.session.current()
    assert position is not None and dialog.board_widget.position().fen() == position.fen


def test_the_solution_then_the_summary_and_closing_stops_the_engine(qtbot) -> None:
    dialog, checker = make_dialog(qtbot)
    dialog.solution_button.click()
    assert dialog.verdict_label.text() == "The best move was 2... Nc6."
    assert dialog.board_widget.arrows() == [(chess.B8, chess.C6)]
    dialog.board_widget.move_requested.emit(chess.Move.from_uci("a7a6"))  # the board is closed now
    assert checker.tries == []
    dialog.next_button.click()
    dialog.board_widget.move_requested.emit(chess.Move.from_uci("g5g2"))  # the best move
    assert dialog.session.resolved is RetryOutcome.FOUND
    dialog.next_button.click()
    assert dialog.progress_label.text() == "Done"
    assert dialog.prompt_label.text() == "You found 1 of 2."
    assert dialog.verdict_label.text() == "Solution shown: 1."
    assert not dialog.board_widget.is_input_enabled()
    assert not dialog.next_button.isVisibleTo(dialog) and not dialog.solution_button.isVisibleTo(dialog)
    dialog.close_button.click()
    assert checker.shut_down


class FakePlayer(QObject):
    """The engine player's signals and calls, answered by the test."""

    search_info = Signal(object)
    move_made = Signal(int, str)
    failed = Signal(int, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.requests: list[GoRequest] = []
        self.stopped = 0
        self.shut_down = False

    def go(self, request: GoRequest) -> None:
        self.requests.append(request)

    def stop(self) -> None:
        self.stopped += 1

    def shutdown(self) -> None:
        self.shut_down = True

    def is_ready(self) -> bool:
        return True


def info(cp: int | None, mate: int | None = None) -> EngineInfo:
    return EngineInfo(chess.BLACK, 8, 12, cp, mate, 10_000, 100_000, 100, ("Nc6",), ("b8c6",))


def test_the_checker_scores_the_position_after_the_try(qtbot) -> None:
    players: list[FakePlayer] = []

    def factory(parent: QObject) -> FakePlayer:
        players.append(FakePlayer(parent))
        return players[-1]

    checker = TryChecker(player_factory=factory)  # type: ignore[arg-type]
    assert players == [] and not checker.is_ready()  # started by prepare() or the first try
    fen = chess.STARTING_FEN
    first = checker.check(fen, chess.Move.from_uci("e2e4"))
    (player,) = players
    assert player.requests == [GoRequest(first, fen, ("e2e4",))] and checker.is_checking()
    assert checker.is_ready()
    checker.prepare()  # already started: the same engine
    assert len(players) == 1
    second = checker.check(fen, chess.Move.from_uci("d2d4"))  # replaces the first
    with qtbot.waitSignal(checker.checked) as blocker:
        player.search_info.emit(info(30))
        player.search_info.emit(info(None, -3))
        player.move_made.emit(first, "e7e5")  # stale: dropped
        player.move_made.emit(second, "d7d5")
    assert blocker.args == [second, chess.engine.PovScore(chess.engine.Mate(-3), chess.WHITE)]
    assert not checker.is_checking()
    third = checker.check(fen, chess.Move.from_uci("g1f3"))
    with qtbot.waitSignal(checker.failed) as blocker:
        player.move_made.emit(third, "g8f6")  # no score came
    assert blocker.args == [third, "The engine gave no score for this move."]
    fourth = checker.check(fen, chess.Move.from_uci("c2c4"))
    checker.cancel()
    assert player.stopped == 1
    with qtbot.assertNotEmitted(checker.checked), qtbot.assertNotEmitted(checker.failed):
        player.search_info.emit(info(10))
        player.move_made.emit(fourth, "e7e5")
        player.failed.emit(fourth, "gone")
    checker.shutdown()
    assert player.shut_down


def test_the_board_shows_no_keyboard_cursor_until_the_keyboard_reaches_it(qtbot) -> None:
    """A dialog focuses its first widget as if by Tab: the board would frame a square at once."""
    dialog, _ = make_dialog(qtbot)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitActive(dialog)
    assert dialog.focusWidget() is not dialog.board_widget
    assert dialog.board_widget.cursor_square() is None
