"""Game management: offer a draw to the computer, abort a game that has barely started,
edit the game's details (PGN headers), reopen recent files."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import chess
import chess.pgn
import pytest
from PySide6.QtCore import QSettings

from chessgui.dialogs.game_details_dialog import GameDetailsDialog
from chessgui.engines.players import UciEnginePlayer
from chessgui.game.controller import GameController
from chessgui.game.players import DRAW_OFFER_MIN_MOVE, HumanPlayer, Player
from chessgui.game.result import Termination
from chessgui.main_window import MainWindow
from chessgui.recent_files import RecentFiles
from chessgui.storage.autosave import AutosaveStore
from chessgui.storage.settings import PlayerKind, PlayerSettings


@pytest.fixture
def late_game(pgn_game) -> Callable[..., chess.pgn.Game]:
    def make(black_eval: str | None, move_number: int = 35) -> chess.pgn.Game:
        """White (human) to move at ``move_number``; Black's (the engine's) last move carries ``black_eval``."""
        comment = f" {{[%eval {black_eval}]}}" if black_eval is not None else ""
        return pgn_game(
            f'[FEN "4k3/8/4p3/8/3P4/8/8/4K3 w - - 0 {move_number - 1}"]\n[SetUp "1"]\n\n'
            f"{move_number - 1}. Kd2 {{[%eval 0.05]}} Kd7{comment} *"
        )

    return make


@pytest.fixture
def human_vs_engine(qtbot, scripted_player) -> tuple[GameController, Player]:
    controller = GameController()
    engine = scripted_player()
    controller.set_players(HumanPlayer("You"), engine)
    return controller, engine


# ---------------------------------------------------------------------- offer draw


def test_engine_accepts_a_draw_when_it_is_not_better_after_move_30(human_vs_engine, qtbot, late_game) -> None:
    controller, _engine = human_vs_engine
    controller.load_game(late_game("0.10"))  # +0.10 for White is -0.10 for the engine
    with qtbot.waitSignal(controller.game_over) as blocker:
        assert controller.ending.offer_draw(chess.WHITE)
    result = blocker.args[0]
    assert result.result == "1/2-1/2" and result.termination is Termination.AGREEMENT
    assert controller.game().headers["Result"] == "1/2-1/2"


def test_engine_accepts_up_to_a_quarter_pawn_for_itself(human_vs_engine, late_game) -> None:
    controller, _engine = human_vs_engine
    controller.load_game(late_game("-0.25"))  # +0.25 for the engine (Black)
    assert controller.ending.offer_draw(chess.WHITE)


def test_engine_declines_when_it_is_better(human_vs_engine, qtbot, late_game) -> None:
    controller, _engine = human_vs_engine
    controller.load_game(late_game("-0.80"))  # Black, the engine, is better
    with qtbot.waitSignal(controller.notice_posted) as blocker:
        assert not controller.ending.offer_draw(chess.WHITE)
    assert "declines" in blocker.args[0]
    assert not controller.is_game_over()
    assert controller.is_waiting_for_human()  # the game goes on, the human still to move


def test_engine_declines_before_move_30_even_when_level(human_vs_engine, qtbot, late_game) -> None:
    controller, _engine = human_vs_engine
    controller.load_game(late_game("0.00", move_number=DRAW_OFFER_MIN_MOVE))
    with qtbot.waitSignal(controller.notice_posted) as blocker:
        assert not controller.ending.offer_draw(chess.WHITE)
    assert f"move {DRAW_OFFER_MIN_MOVE}" in blocker.args[0]
    assert not controller.is_game_over()


def test_engine_without_an_evaluation_declines(human_vs_engine, late_game) -> None:
    controller, _engine = human_vs_engine
    controller.load_game(late_game(None))
    assert not controller.ending.offer_draw(chess.WHITE)


def test_engine_losing_by_mate_accepts(human_vs_engine, late_game) -> None:
    controller, _engine = human_vs_engine
    controller.load_game(late_game("#4"))  # White mates in 4
    assert controller.ending.offer_draw(chess.WHITE)


def test_a_draw_cannot_be_offered_to_a_human(qtbot, late_game) -> None:
    controller = GameController()  # two humans
    controller.load_game(late_game("0.00"))
    assert not controller.ending.offer_draw(chess.WHITE)
    assert not controller.is_game_over()


def test_uci_engine_decides_the_same_way(qtbot) -> None:
    player = UciEnginePlayer(PlayerSettings(kind=PlayerKind.UCI, uci_path="/nonexistent/engine"))
    try:
        board = chess.Board("4k3/8/4p3/8/3P4/8/8/4K3 w - - 0 40")
        level = chess.engine.PovScore(chess.engine.Cp(0), chess.WHITE)
        better = chess.engine.PovScore(chess.engine.Cp(-150), chess.WHITE)
        assert player.answer_draw_offer(board, chess.BLACK, level)
        assert not player.answer_draw_offer(board, chess.BLACK, better)
    finally:
        player.shutdown()


def test_offer_draw_in_the_window_is_for_games_against_the_computer(qtbot, scripted_player, late_game) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.controller.load_game(late_game("0.00"))
    assert not window.actions_.offer_draw.isEnabled()  # two humans: nobody to offer to
    window.set_players(HumanPlayer("You"), scripted_player())
    assert window.actions_.offer_draw.isEnabled()
    window.actions_.offer_draw.trigger()
    assert window.controller.result() is not None
    assert window.move_log.result_text() == "1/2-1/2  ·  Draw by agreement"
    assert not window.actions_.offer_draw.isEnabled()


# ---------------------------------------------------------------------- abort


def test_abort_before_either_sides_second_move(human_vs_engine, qtbot) -> None:
    controller, engine = human_vs_engine
    assert controller.ending.can_abort()
    controller.player(chess.WHITE).on_move_requested(chess.Move.from_uci("e2e4"))
    engine.answer("e7e5")
    assert controller.ending.can_abort()  # each side has made one move
    with qtbot.waitSignal(controller.game_over) as blocker:
        assert controller.ending.abort()
    result = blocker.args[0]
    assert result.termination is Termination.ABORTED
    assert result.result == "*"
    assert controller.game().headers["Result"] == "*"
    assert controller.game().headers["Termination"] == "abandoned"
    assert controller.is_game_over()
    assert not controller.ending.can_abort()


def test_no_abort_after_a_sides_second_move(human_vs_engine) -> None:
    controller, engine = human_vs_engine
    controller.player(chess.WHITE).on_move_requested(chess.Move.from_uci("e2e4"))
    engine.answer("e7e5")
    controller.player(chess.WHITE).on_move_requested(chess.Move.from_uci("g1f3"))
    assert not controller.ending.can_abort()
    assert not controller.ending.abort()
    assert not controller.is_game_over()


def test_aborted_game_is_not_offered_for_resuming(qtbot, tmp_path: Path) -> None:
    window = MainWindow(autosave_store=AutosaveStore(tmp_path))
    qtbot.addWidget(window)
    window.board_widget.move_requested.emit(chess.Move.from_uci("e2e4"))
    assert window.actions_.abort.isEnabled()
    window.actions_.abort.trigger()
    assert window.move_log.result_text() == "*  ·  Game aborted"
    assert not window.actions_.abort.isEnabled()
    assert not window.board_widget.is_input_enabled()
    again = MainWindow(autosave_store=AutosaveStore(tmp_path))
    qtbot.addWidget(again)
    assert not again.offer_resume(lambda _question: True)


# ---------------------------------------------------------------------- game details


def test_controller_sets_headers_and_keeps_the_result_its_own(qtbot) -> None:
    controller = GameController()
    with qtbot.waitSignal(controller.headers_changed):
        controller.tree_editor.set_headers(
            {
                "Event": "Club night",
                "Site": "Zürich",
                "Date": "2024.05.17",
                "Round": "3",
                "White": "Ann",
                "Black": "Bob",
                "Result": "1-0",
                "Annotator": "Me",
            }
        )
    headers = controller.game().headers
    assert (headers["Event"], headers["Site"], headers["Date"], headers["Round"]) == (
        "Club night",
        "Zürich",
        "2024.05.17",
        "3",
    )
    assert (headers["White"], headers["Black"], headers["Annotator"]) == ("Ann", "Bob", "Me")
    assert headers["Result"] == "*"  # the game decides its result, not a text box
    controller.tree_editor.set_headers({"Event": "", "Annotator": ""})
    assert headers["Event"] == "?"  # the seven-tag roster stays, unknown is "?"
    assert "Annotator" not in headers  # other tags emptied are removed


def test_game_details_dialog_shows_and_returns_the_tags(qtbot, pgn_game) -> None:
    game = pgn_game('[Event "Open"]\n[White "Ann"]\n[Black "Bob"]\n[ECO "B20"]\n[Annotator "Carl"]\n\n1. e4 c5 *')
    dialog = GameDetailsDialog(game.headers)
    qtbot.addWidget(dialog)
    assert dialog.field("Event").text() == "Open"
    assert dialog.field("ECO").text() == "B20" and dialog.field("Annotator").text() == "Carl"
    dialog.field("Site").setText("  Bern \n")
    dialog.field("Date").setText("2024.??.??")
    headers = dialog.headers()
    assert headers["Site"] == "Bern" and headers["Date"] == "2024.??.??" and headers["ECO"] == "B20"
    assert "Result" not in headers
    assert dialog.problem() is None
    dialog.field("Date").setText("17 May 2024")
    assert "Date" in (dialog.problem() or "")


def test_game_details_edit_reaches_the_game_and_the_autosave(qtbot, tmp_path: Path, monkeypatch) -> None:
    store = AutosaveStore(tmp_path)
    window = MainWindow(autosave_store=store)
    qtbot.addWidget(window)
    window.board_widget.move_requested.emit(chess.Move.from_uci("d2d4"))

    def run(dialog: GameDetailsDialog) -> bool:
        dialog.field("Event").setText("Training")
        dialog.field("White").setText("Ann")
        return True

    monkeypatch.setattr(window.commands, "run_game_details_dialog", run)
    window.actions_.game_details.trigger()
    assert window.controller.game().headers["Event"] == "Training"
    assert window.controller.game().headers["White"] == "Ann"
    saved = store.load()
    assert saved is not None and saved.game().headers["Event"] == "Training"


# ---------------------------------------------------------------------- recent files


def test_recent_files_newest_first_limited_and_stored(qtbot, tmp_path: Path) -> None:
    qsettings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    recent = RecentFiles(qsettings)
    files = []
    for index in range(10):
        path = tmp_path / f"game{index}.pgn"
        path.write_text("1. e4 *\n")
        files.append(path)
        recent.add(path)
    recent.add(files[3])  # opened again: moves to the top, no duplicate
    assert recent.paths()[0] == str(files[3])
    assert len(recent.paths()) == RecentFiles.MAX_FILES
    assert len(set(recent.paths())) == RecentFiles.MAX_FILES
    again = RecentFiles(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    assert again.paths() == recent.paths()
    entries = [action.text() for action in again.menu().actions() if not action.isSeparator()]
    assert entries[0].endswith("game3.pgn") and entries[-1] == "&Clear list"


def test_recent_missing_file_is_removed_with_a_message(qtbot, tmp_path: Path) -> None:
    recent = RecentFiles(None)
    gone = tmp_path / "gone.pgn"
    gone.write_text("1. e4 *\n")
    kept = tmp_path / "kept.fen"
    kept.write_text(chess.STARTING_FEN)
    recent.add(gone)
    recent.add(kept)
    gone.unlink()
    chosen: list[str] = []
    recent.file_chosen.connect(chosen.append)
    with qtbot.waitSignal(recent.status_message) as blocker:
        recent.open(str(gone))
    assert "gone.pgn" in blocker.args[0] and "removed" in blocker.args[0]
    assert chosen == [] and recent.paths() == [str(kept)]
    recent.open(str(kept))
    assert chosen == [str(kept)]
    recent.clear()
    assert recent.paths() == []
    assert [a.text() for a in recent.menu().actions() if not a.isSeparator()][-1] == "&Clear list"
    assert not recent.clear_action().isEnabled()


def test_window_remembers_saved_and_opened_files(qtbot, tmp_path: Path) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.board_widget.move_requested.emit(chess.Move.from_uci("e2e4"))
    saved = tmp_path / "mine.pgn"
    assert window.flows.save_game_to(saved)
    assert window.recent_files.paths() == [str(saved)]
    fen_file = tmp_path / "study.fen"
    fen_file.write_text("4k3/8/8/8/8/8/8/4K2R w K - 0 1\n")
    questions: list[str] = []
    window.flows.ask = lambda title, question: questions.append(question) or True  # the game has 1 move
    window.flows.open_file_argument(fen_file)
    assert len(questions) == 1
    assert window.recent_files.paths() == [str(fen_file), str(saved)]
    assert window.controller.start_fen() == "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    # Choosing a recent entry opens it again.
    window.recent_files.open(str(fen_file))
    assert window.controller.start_fen() == "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    assert window.recent_files.paths()[0] == str(fen_file)


def test_resigning_asks_first_and_no_keeps_the_game(qtbot) -> None:
    """A resignation cannot be taken back (and counts for the rating): lichess asks to confirm, so do we."""
    window = MainWindow()
    qtbot.addWidget(window)
    window.board_widget.move_requested.emit(chess.Move.from_uci("e2e4"))
    questions: list[str] = []
    window.flows.ask = lambda title, question: questions.append(question) or False
    window.actions_.resign.trigger()
    assert len(questions) == 1 and "resign" in questions[0].lower()
    assert not window.controller.is_game_over()
    window.flows.ask = lambda title, question: True
    window.actions_.resign.trigger()
    assert window.controller.is_game_over() and window.controller.result().termination is Termination.RESIGNATION
