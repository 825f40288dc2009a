"""A game opened from a file is shown for viewing; the user plays on only by choosing "Play from here"."""

from __future__ import annotations

import io

import chess
import chess.pgn
from PySide6.QtWidgets import QDialog

from chessgui.clock.time_control import TimeControl
from chessgui.dialogs.settings_dialog import SettingsDialog
from chessgui.game.players import GoRequest, HumanPlayer, Player
from chessgui.main_window import MainWindow
from chessgui.storage.settings import Settings

LOADED = """[Event "Club final"]
[Site "Lyon"]
[Date "2021.12.03"]
[Round "6"]
[White "Carlsen"]
[Black "Nepo"]
[Result "*"]

1. e4 e5 2. Nf3 { the main move } (2. f4 exf4 $6) 2... Nc6 3. Bb5 *
"""


class SilentEngine(Player):
    """A computer player that records being asked and never answers."""

    def __init__(self) -> None:
        super().__init__("Built-in engine")
        self.requests: list[GoRequest] = []

    def is_human(self) -> bool:
        return False

    def go(self, request: GoRequest) -> None:
        self.requests.append(request)

    def stop(self) -> None:
        pass


def test_loaded_game_is_viewed_with_its_players_event_and_date(window: MainWindow) -> None:
    engine = SilentEngine()
    window.set_players(HumanPlayer("You"), engine)
    assert window.clock_panel.clock_widget(chess.BLACK).player_name() == "Built-in engine"  # a live game
    window.flows.game_loaded.emit(chess.pgn.read_game(io.StringIO(LOADED)))  # Black to move
    assert window.controller.is_viewing() and engine.requests == []
    assert not window.board_widget.is_input_enabled()
    assert window.clock_panel.clock_widget(chess.WHITE).player_name() == "Carlsen"
    assert window.clock_panel.clock_widget(chess.BLACK).player_name() == "Nepo"
    assert window.game_info_label.text() == "Club final · Lyon · 2021.12.03 · round 6"
    assert not window.game_info_label.isHidden()
    actions = window.actions_
    assert actions.play_from_here.isEnabled()
    assert not actions.takeback.isEnabled() and not actions.resign.isEnabled()
    assert "Play from here" in window.status_text()


def test_play_from_here_asks_for_players_then_plays_on(window: MainWindow, monkeypatch, qtbot) -> None:
    engine = SilentEngine()
    window.set_players(HumanPlayer("You"), engine)
    window.flows.game_loaded.emit(chess.pgn.read_game(io.StringIO(LOADED)))
    window.navigator.go_to(3)  # after 2. Nf3
    shown: list[str] = []

    def accept(dialog: SettingsDialog) -> int:
        shown.append(dialog.windowTitle())
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(SettingsDialog, "exec", accept)
    window.actions_.play_from_here.trigger()
    assert shown == ["Play from here"]
    controller = window.controller
    assert not controller.is_viewing() and controller.live_ply() == 3
    # The window's settings are two humans: the chosen players replace the engine, and their names show.
    assert controller.is_waiting_for_human() and controller.board().turn == chess.BLACK
    white, black = controller.player(chess.WHITE).name, controller.player(chess.BLACK).name
    assert window.clock_panel.clock_widget(chess.WHITE).player_name() == white
    assert window.clock_panel.clock_widget(chess.BLACK).player_name() == black
    assert window.game_info_label.isHidden()
    assert not window.actions_.play_from_here.isEnabled()
    assert window.board_widget.is_input_enabled()


def test_play_from_here_cancelled_keeps_viewing(window: MainWindow, monkeypatch) -> None:
    window.flows.game_loaded.emit(chess.pgn.read_game(io.StringIO(LOADED)))
    monkeypatch.setattr(SettingsDialog, "exec", lambda dialog: QDialog.DialogCode.Rejected)
    window.actions_.play_from_here.trigger()
    assert window.controller.is_viewing() and window.controller.live_ply() == 5


def test_new_game_asks_before_replacing_an_unfinished_game(window: MainWindow, monkeypatch) -> None:
    for san in ("e4", "e5", "Nf3"):
        window.board_widget.move_requested.emit(window.controller.board().parse_san(san))
    questions: list[str] = []
    answer = False
    monkeypatch.setattr(window.flows, "ask", lambda title, question: questions.append(question) or answer)
    monkeypatch.setattr(SettingsDialog, "exec", lambda dialog: QDialog.DialogCode.Accepted)
    window.actions_.new_game.trigger()
    assert questions == ["Replace the current game? It has 2 moves and is not finished."]
    assert window.controller.live_ply() == 3  # "No": the game goes on
    answer = True
    window.actions_.new_game.trigger()
    assert window.controller.live_ply() == 0
    window.actions_.new_game.trigger()  # nothing to lose now: no question
    assert len(questions) == 2
    # A viewed game is in its file: replacing it asks nothing either.
    window.flows.game_loaded.emit(chess.pgn.read_game(io.StringIO(LOADED)))
    window.actions_.new_game.trigger()
    assert len(questions) == 2 and not window.controller.is_viewing()


def test_variations_comments_and_nags_are_shown_and_saved(window: MainWindow, tmp_path) -> None:
    window.flows.game_loaded.emit(chess.pgn.read_game(io.StringIO(LOADED)))
    assert window.move_log.plain_text() == "1. e4 e5 2. Nf3 the main move\n(2. f4 exf4?!)\n2... Nc6 3. Bb5"
    path = tmp_path / "saved.pgn"
    assert window.flows.save_game_to(path)
    saved = chess.pgn.read_game(io.StringIO(path.read_text(encoding="utf-8")))
    assert "( 2. f4 exf4 $6 )" in str(saved) and "{ the main move }" in str(saved)
    # Playing on keeps them too, and the rest of the loaded line becomes one more variation.
    window.navigator.go_to(3)
    window.controller.play_from(3)
    window.board_widget.move_requested.emit(chess.Move.from_uci("g8f6"))
    assert window.flows.save_game_to(path)
    again = chess.pgn.read_game(io.StringIO(path.read_text(encoding="utf-8")))
    after_e5 = again.next().next()
    assert [v.move.uci() for v in after_e5.variations] == ["g1f3", "f2f4"]
    assert after_e5.variations[1].next().nags == {6} and after_e5.next().comment == "the main move"
    assert [v.move.uci() for v in after_e5.next().variations] == ["g8f6", "b8c6"]
    assert after_e5.next().variations[1].next().move.uci() == "f1b5"
    assert "(2... Nc6 3. Bb5)" in window.move_log.plain_text()


def test_clock_and_eval_commands_are_not_shown_as_comments(window: MainWindow) -> None:
    window.flows.game_loaded.emit(chess.pgn.read_game(io.StringIO("1. e4 { [%clk 0:05:00] } e5 { [%eval 0.3] ok } *")))
    assert window.move_log.plain_text() == "1. e4 e5 ok"


def test_viewing_a_game_leaves_its_tags_alone_and_shows_no_clock_it_did_not_have(qtbot) -> None:
    """The settings' time control (3+2 here) is the next game's, not the viewed one's: no TimeControl tag
    is added to the user's game, and its clocks are not shown counting from 3:00."""
    settings = Settings(time_control=TimeControl.from_pgn_header("180+2"))
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    try:
        before = dict(chess.pgn.read_game(io.StringIO(LOADED)).headers)
        window.flows.game_loaded.emit(chess.pgn.read_game(io.StringIO(LOADED)))
        assert window.controller.is_viewing()
        assert dict(window.controller.game().headers) == before
        assert not window.game_clock.clock().is_timed()
        # A game that recorded its clock shows the times it recorded.
        timed = chess.pgn.read_game(
            io.StringIO('[TimeControl "60+0"]\n\n1. e4 { [%clk 0:00:58] } 1... e5 { [%clk 0:00:55] } *\n')
        )
        window.flows.game_loaded.emit(timed)
        clock = window.game_clock.clock()
        assert not clock.is_running()  # nobody is to move in a viewed game
        assert clock.is_timed() and (clock.remaining_ms(chess.WHITE), clock.remaining_ms(chess.BLACK)) == (
            58_000,
            55_000,
        )
        # Playing on from a viewed game uses the settings' control where the game has none.
        window.flows.game_loaded.emit(chess.pgn.read_game(io.StringIO(LOADED)))
        window.controller.continue_from(window.controller.node_at_ply(2))
        assert window.game_clock.clock().is_timed() and window.controller.game().headers["TimeControl"] == "180+2"
        assert window.game_clock.clock().is_running()  # now a game in progress, White to move
    finally:
        window.analysis.shutdown()
        window.review.shutdown()
