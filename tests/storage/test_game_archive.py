"""My games: each game played here is kept once, as it finally ended; nothing else is, and nothing is lost."""

from __future__ import annotations

from pathlib import Path

import chess
import chess.pgn
import pytest

from chessgui.game.controller import GameController
from chessgui.game.result import GameResult, Termination
from chessgui.storage.game_archive import GameArchive, GameArchiveKeeper, default_archive_path
from chessgui.storage.pgn.read import load_game_at, read_pgn_file


def _play(controller: GameController, *sans: str) -> None:
    for san in sans:
        controller.player(controller.board().turn).on_move_requested(controller.board().parse_san(san))


def _kept(path: Path) -> list[chess.pgn.Game]:
    if not path.exists():
        return []
    return [load_game_at(path, summary.offset, summary.line).game for summary in read_pgn_file(path).games]


def _keeper(qtbot, tmp_path: Path) -> tuple[GameController, GameArchiveKeeper, Path]:
    controller = GameController()
    path = tmp_path / "data" / "my-games.pgn"
    return controller, GameArchiveKeeper(GameArchive(path), controller), path


def test_finished_games_are_kept_in_order_once_each(qtbot, tmp_path: Path) -> None:
    controller, _keeper_, path = _keeper(qtbot, tmp_path)
    _play(controller, "f3", "e5", "g4", "Qh4#")
    controller.new_game()
    _play(controller, "e4", "e5")
    controller.end_game(GameResult(chess.WHITE, Termination.RESIGNATION))
    games = _kept(path)
    assert [game.headers["Result"] for game in games] == ["0-1", "1-0"]
    assert [len(list(game.mainline_moves())) for game in games] == [4, 2]


def test_a_game_taken_back_after_its_end_and_ended_again_replaces_its_entry(qtbot, tmp_path: Path) -> None:
    controller, _keeper_, path = _keeper(qtbot, tmp_path)
    _play(controller, "e4", "e5")
    controller.end_game(GameResult(chess.WHITE, Termination.RESIGNATION))
    assert controller.takeback()
    _play(controller, "Nc6" if controller.board().turn == chess.BLACK else "d4")
    controller.end_game(GameResult(None, Termination.AGREEMENT))
    games = _kept(path)
    assert len(games) == 1 and games[0].headers["Result"] == "1/2-1/2"
    assert list(games[0].mainline_moves()) == list(controller.game().mainline_moves())


def test_aborted_viewed_and_empty_games_are_not_kept(qtbot, tmp_path: Path, pgn_game) -> None:
    controller, _keeper_, path = _keeper(qtbot, tmp_path)
    controller.end_game(GameResult(chess.WHITE, Termination.RESIGNATION))  # no move
    controller.new_game()
    _play(controller, "e4")
    controller.end_game(GameResult(None, Termination.ABORTED))
    controller.view_game(pgn_game('[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0'))
    assert _kept(path) == []


def test_a_file_written_by_hand_keeps_its_games_and_gets_the_new_one_apart(qtbot, tmp_path: Path) -> None:
    controller, _keeper_, path = _keeper(qtbot, tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text('[White "Me"]\n\n1. d4 d5 *')  # no newline at the end
    _play(controller, "e4", "e5")
    controller.end_game(GameResult(chess.BLACK, Termination.RESIGNATION))
    games = _kept(path)
    assert [game.headers["White"] for game in games][0] == "Me" and len(games) == 2
    assert games[1].headers["Result"] == "0-1"


def test_a_file_that_cannot_be_written_is_said_in_plain_words(qtbot, tmp_path: Path, assert_plain_words) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be")
    controller, keeper, _path = _keeper(qtbot, tmp_path)
    with qtbot.waitSignal(keeper.save_failed) as failed:
        _play(controller, "f3", "e5", "g4", "Qh4#")
    assert_plain_words(failed.args[0])
    assert failed.args[0].startswith("The game could not be kept in")
    assert controller.is_game_over()  # the game itself is untouched


def test_the_default_file_is_refused_in_test_mode() -> None:
    with pytest.raises(RuntimeError):
        default_archive_path()
