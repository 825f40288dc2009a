"""Rating games against the computer's levels as they end: which games count, and a damaged file."""

from __future__ import annotations

import io
import json
from pathlib import Path

import chess
import chess.pgn
import pytest

from chessgui.game.controller import GameController
from chessgui.game.players import HumanPlayer
from chessgui.game.rating_keeper import RatingKeeper, rated_setup, settings_for_level
from chessgui.game.result import GameResult, Termination
from chessgui.storage.rating import START_RATING, RatingStore
from chessgui.storage.settings import PlayerKind, PlayerSettings, Settings

VS_1400 = Settings(white=PlayerSettings(), black=PlayerSettings(kind=PlayerKind.BUILTIN, elo=1400))
FOOLS_MATE = ("f3", "e5", "g4", "Qh4#")


def play(controller: GameController, *sans: str) -> None:
    """Play moves through the controller's human players, as the board widget would."""
    for san in sans:
        board = controller.board()
        player = controller.player(board.turn)
        assert isinstance(player, HumanPlayer) and player.is_waiting()
        player.on_move_requested(board.parse_san(san))


@pytest.fixture
def controller(qtbot) -> GameController:  # noqa: ARG001 - qtbot makes the QApplication
    return GameController()


def keeper_for(controller: GameController, tmp_path: Path, settings: Settings = VS_1400) -> RatingKeeper:
    return RatingKeeper(controller, RatingStore(tmp_path / "rating.json"), settings)


def test_a_finished_game_against_a_level_is_rated_and_saved(controller, qtbot, tmp_path: Path) -> None:
    keeper = keeper_for(controller, tmp_path)
    controller.new_game()
    assert keeper.is_rated()
    with qtbot.waitSignal(keeper.game_rated) as blocker:
        play(controller, *FOOLS_MATE)  # the player (White) is mated
    rating, game = blocker.args
    assert (game.level, game.score, game.white) == (1400, 0.0, True)
    assert rating.rating < START_RATING and rating.games == (game,)
    assert "Qh4#" in game.pgn and "0-1" in game.pgn
    saved = json.loads((tmp_path / "rating.json").read_text())
    assert saved["games"][0]["level"] == 1400 and saved["rating"] == rating.rating
    assert not keeper.is_rated()  # the next game decides for itself


def test_the_player_with_black_and_a_draw_by_agreement(controller, qtbot, tmp_path: Path) -> None:
    settings = Settings(white=PlayerSettings(kind=PlayerKind.BUILTIN, elo=1000), black=PlayerSettings())
    keeper = keeper_for(controller, tmp_path, settings)
    controller.new_game()
    play(controller, "e4", "e5")
    with qtbot.waitSignal(keeper.game_rated) as blocker:
        controller.end_game(GameResult(None, Termination.AGREEMENT))
    _, game = blocker.args
    assert (game.level, game.score, game.white) == (1000, 0.5, False)


@pytest.mark.parametrize(
    "settings",
    [
        Settings(white=PlayerSettings(), black=PlayerSettings(kind=PlayerKind.BUILTIN, elo=None)),  # full strength
        Settings(white=PlayerSettings(), black=PlayerSettings()),  # two people
        Settings(white=PlayerSettings(), black=PlayerSettings(kind=PlayerKind.UCI, uci_path="/x", elo=1400)),
        Settings(
            white=PlayerSettings(kind=PlayerKind.BUILTIN, elo=1400), black=PlayerSettings(kind=PlayerKind.BUILTIN)
        ),
    ],
)
def test_only_a_person_against_a_level_counts(controller, tmp_path: Path, settings: Settings) -> None:
    keeper = keeper_for(controller, tmp_path, settings)
    controller.new_game()
    assert not keeper.is_rated()
    if controller.player(chess.WHITE).is_human():
        play(controller, *FOOLS_MATE)
        assert controller.is_game_over()
    assert keeper.rating().games == ()


def test_aborted_taken_back_changed_or_set_up_games_do_not_count(controller, tmp_path: Path) -> None:
    keeper = keeper_for(controller, tmp_path)
    rated: list[object] = []
    keeper.game_rated.connect(lambda *args: rated.append(args))

    controller.new_game()
    play(controller, "e4")
    assert controller.ending.abort()  # aborted: no result
    controller.new_game()
    play(controller, "f3", "e5", "g4")
    assert controller.takeback()
    assert not keeper.is_rated()
    play(controller, "g4", "Qh4#")  # finished, but after a takeback
    controller.new_game()
    play(controller, "e4")
    keeper.on_settings_applied(settings_for_level(VS_1400, 1800))  # another level in mid-game
    assert not keeper.is_rated()
    controller.ending.resign(chess.WHITE)
    controller.new_game("4k3/8/8/8/8/8/8/4K2R w K - 0 1")  # a set-up position
    assert not keeper.is_rated()
    finished = chess.pgn.read_game(io.StringIO("1. f3 e5 2. g4 Qh4# 0-1"))
    controller.load_game(finished)  # a finished game from a file
    assert rated == [] and keeper.rating().games == ()


def test_leaving_a_rated_game_after_its_first_moves_is_a_loss(controller, qtbot, tmp_path: Path) -> None:
    """Leaving (a new game, another position or file) once both sides have moved resigns it, as on a server;
    before that it may still be aborted, and leaving costs nothing."""
    keeper = keeper_for(controller, tmp_path)
    controller.new_game()
    play(controller, "e4", "e5")
    assert not keeper.is_leaving_a_loss()  # still abortable: nothing is lost by leaving
    keeper.on_game_left()
    assert controller.result() is None and keeper.rating().games == ()
    play(controller, "Nf3")
    assert keeper.is_leaving_a_loss()
    with qtbot.waitSignal(keeper.game_rated) as blocker:
        keeper.on_game_left()
    _, game = blocker.args
    assert (game.level, game.score, game.white) == (1400, 0.0, True)
    assert controller.result() == GameResult(chess.BLACK, Termination.RESIGNATION)
    assert "0-1" in game.pgn
    assert not keeper.is_leaving_a_loss()  # finished: leaving costs nothing more
    keeper.on_game_left()
    assert len(keeper.rating().games) == 1


def test_leaving_an_unrated_game_costs_nothing(controller, tmp_path: Path) -> None:
    keeper = keeper_for(controller, tmp_path)
    controller.new_game()
    play(controller, "e4", "e5", "Nf3")
    assert controller.takeback()  # a takeback made it unrated
    assert not keeper.is_leaving_a_loss()
    keeper.on_game_left()
    assert controller.result() is None and keeper.rating().games == ()


def test_not_resuming_an_autosaved_rated_game_counts_as_a_loss(controller, qtbot, tmp_path: Path) -> None:
    """Closing the app in a lost rated game and declining it at the next start was another free way out."""
    keeper = keeper_for(controller, tmp_path)
    saved = chess.pgn.read_game(io.StringIO("1. e4 e5 2. Nf3 *"))
    extra = {"rated_level": 1400, "rated_human": "black", "flipped": True}
    note = keeper.leaving_saved_game_note(saved, extra)
    assert note is not None and "loss" in note
    with qtbot.waitSignal(keeper.game_rated) as blocker:
        keeper.on_saved_game_declined(saved, extra)
    _, game = blocker.args
    assert (game.level, game.score, game.white) == (1400, 0.0, False)
    assert "2. Nf3 1-0" in game.pgn


@pytest.mark.parametrize(
    ("pgn", "extra"),
    [
        ("1. e4 e5 *", {"rated_level": 1400, "rated_human": "white"}),  # still abortable
        ("1. e4 e5 2. Nf3 *", {"flipped": False}),  # not rated when saved
        ("1. e4 e5 2. Nf3 *", {"rated_level": True, "rated_human": "white"}),  # a damaged value
        ("1. f3 e5 2. g4 Qh4# 0-1", {"rated_level": 1400, "rated_human": "white"}),  # finished (rated then)
    ],
)
def test_not_resuming_other_saved_games_costs_nothing(controller, tmp_path: Path, pgn: str, extra) -> None:
    keeper = keeper_for(controller, tmp_path)
    saved = chess.pgn.read_game(io.StringIO(pgn))
    assert keeper.leaving_saved_game_note(saved, extra) is None
    keeper.on_saved_game_declined(saved, extra)
    assert keeper.rating().games == ()


def test_a_level_chosen_before_the_first_move_counts(controller, qtbot, tmp_path: Path) -> None:
    keeper = keeper_for(controller, tmp_path, Settings(white=PlayerSettings(), black=PlayerSettings()))
    controller.new_game()
    assert not keeper.is_rated()
    keeper.on_settings_applied(settings_for_level(keeper._settings, 1700))
    assert keeper.is_rated()
    with qtbot.waitSignal(keeper.game_rated) as blocker:
        play(controller, "e4")
        controller.ending.resign(chess.WHITE)
    assert blocker.args[1].level == 1700


def test_a_damaged_file_is_said_once_and_set_aside(controller, qtbot, tmp_path: Path) -> None:
    path = tmp_path / "rating.json"
    path.write_text("{ not json")
    keeper = RatingKeeper(controller, RatingStore(path), VS_1400)
    problem = keeper.take_problem()
    assert problem is not None and "damaged" in problem
    assert keeper.take_problem() is None  # said once
    assert not path.exists() and list(tmp_path.glob("rating.json.damaged-*"))
    controller.new_game()
    with qtbot.waitSignal(keeper.game_rated):
        play(controller, *FOOLS_MATE)
    assert len(RatingStore(path).rating.games) == 1  # a fresh file from then on


def test_settings_for_level_puts_the_engine_opposite_the_person() -> None:
    black_human = Settings(white=PlayerSettings(kind=PlayerKind.UCI, uci_path="/sf"), black=PlayerSettings())
    changed = settings_for_level(black_human, 1500)
    assert changed.black == black_human.black
    assert changed.white.kind is PlayerKind.BUILTIN and changed.white.elo == 1500
    assert rated_setup(changed) is not None and rated_setup(changed).human == chess.BLACK
    for nobody in (
        Settings(white=PlayerSettings(), black=PlayerSettings()),
        Settings(white=PlayerSettings(kind=PlayerKind.BUILTIN), black=PlayerSettings(kind=PlayerKind.BUILTIN)),
    ):
        changed = settings_for_level(nobody, 900)
        assert changed.white.kind is PlayerKind.HUMAN
        assert (changed.black.kind, changed.black.elo) == (PlayerKind.BUILTIN, 900)
