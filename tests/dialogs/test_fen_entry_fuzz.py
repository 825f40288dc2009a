"""Fuzzing every way a typed or pasted FEN comes in: the FEN dialog, the --fen/paste flow, the controller.

The same inputs as the FEN checker's fuzz test (mutated real FENs, random text). Must hold:
the dialog enables OK exactly for the positions ``parse_fen`` accepts and otherwise lists the
problems in plain words (its ``board()`` raising only InvalidFenError); the flow emits a
position only for a valid FEN and otherwise shows the dialog with the problems; the
controller starts a game from exactly that position or raises InvalidFenError leaving the
game as it was. No input may hang (watchdog).
"""

from __future__ import annotations

import chess
import chess.pgn
import pytest
from hypothesis import HealthCheck, example, given, settings
from PySide6.QtWidgets import QDialog, QWidget

from chessgui.dialogs.fen_dialog import FenDialog
from chessgui.dialogs.positions_and_games import PositionsAndGames
from chessgui.game.controller import GameController
from chessgui.storage.fen_check import InvalidFenError, parse_fen

# The -m slow twin runs 100 times the examples; the watchdog still limits each input.
_SLOW_PROFILE_TIMEOUT = pytest.mark.timeout(3600)


def _accepted(text: str) -> chess.Board | None:
    try:
        return parse_fen(text)
    except InvalidFenError:
        return None


class _Flows(PositionsAndGames):
    """Never opens a window: the dialog is recorded and cancelled."""

    def __init__(self, window: QWidget) -> None:
        game = chess.pgn.Game()
        super().__init__(window, lambda: game, lambda: game.end().board(), ask=lambda _t, _q: True)
        self.dialogs: list[QDialog] = []

    def run_dialog(self, dialog: QDialog) -> bool:
        self.dialogs.append(dialog)
        return False


_SETTINGS = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}


@_SLOW_PROFILE_TIMEOUT
def test_fen_dialog_enables_ok_only_for_playable_text(
    qtbot, fuzz_scale: int, fen_inputs, input_watchdog, assert_plain_words
) -> None:
    dialog = FenDialog()
    qtbot.addWidget(dialog)

    @settings(max_examples=150 * fuzz_scale, **_SETTINGS)
    @given(fen_inputs)
    @example("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 " + "9" * 5000)
    @example("\x00\ud800" * 3)
    def run(text: str) -> None:
        with input_watchdog(5, text):
            dialog.set_text(text)
            expected = _accepted(text.strip())
            assert dialog.ok_button.isEnabled() == (expected is not None)
            if expected is not None:
                assert dialog.board() == expected
                return
            with pytest.raises(InvalidFenError):
                dialog.board()
            for problem in dialog.problem_list.problems():
                assert_plain_words(problem)
            # An empty field is no mistake: it asks for a FEN; anything else unplayable says why.
            assert bool(dialog.problem_list.problems()) == bool(dialog.text().strip())

    run()


@_SLOW_PROFILE_TIMEOUT
def test_fen_flow_and_controller_start_only_playable_positions(
    qtbot, fuzz_scale: int, fen_inputs, input_watchdog, assert_plain_words
) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    flows = _Flows(window)
    controller = GameController()
    positions: list[str] = []
    flows.position_chosen.connect(positions.append)
    flows.position_chosen.connect(controller.new_game)

    @settings(max_examples=100 * fuzz_scale, **_SETTINGS)
    @given(fen_inputs)
    @example("8/8/8/8/8/8/8/8 w - - 0 1")  # python-chess reads it; no kings: not playable
    @example("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 " + "9" * 5000)
    def run(text: str) -> None:
        with input_watchdog(5, text):
            positions.clear()
            flows.dialogs.clear()
            expected = _accepted(text)
            flows.load_fen_text(text)
            if expected is not None:
                assert positions == [expected.fen()] and not flows.dialogs
                assert controller.board() == expected
            else:
                assert positions == []
                (dialog,) = flows.dialogs  # the problems are shown, nothing is started
                assert isinstance(dialog, FenDialog) and not dialog.ok_button.isEnabled()
                dialog.deleteLater()
            # The controller's own entry: the position asked for, or InvalidFenError and the game kept.
            before = controller.board().fen()
            try:
                controller.new_game(text)
            except InvalidFenError as error:
                assert expected is None and text != chess.STARTING_FEN
                assert_plain_words(str(error))
                assert controller.board().fen() == before
            else:
                assert expected is not None or text == chess.STARTING_FEN
                if expected is not None:
                    assert controller.board() == expected

    run()
