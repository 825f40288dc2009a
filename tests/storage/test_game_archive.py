"""My games: each game played here is kept once, as it finally ended; nothing else is, and nothing is lost."""

from __future__ import annotations

from pathlib import Path

import chess
import chess.engine
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


def test_what_is_added_to_a_finished_game_is_kept_with_it(qtbot, tmp_path: Path) -> None:
    """A review (or a comment, a variation) made on the game just finished reaches My games: before,
    the file kept the game as it ended and the review was lost with the window."""
    from chessgui.game.review import Judgement

    controller, keeper, path = _keeper(qtbot, tmp_path)
    _play(controller, "f3", "e5", "g4", "Qh4#")
    assert _kept(path)[0].end().parent.parent.comment == ""  # type: ignore[union-attr]
    editor = controller.tree_editor
    editor.set_review_annotation(3, chess.engine.PovScore(chess.engine.Mate(-1), chess.WHITE), 12, 4, "e4")
    qtbot.waitUntil(lambda: "%eval" in _kept(path)[0].end().parent.comment, timeout=5_000)  # type: ignore[union-attr]
    games = _kept(path)
    assert len(games) == 1 and Judgement.from_nags(games[0].end().parent.nags) is Judgement.BLUNDER  # type: ignore[union-attr]
    controller.new_game()
    _play(controller, "e4")
    assert len(_kept(path)) == 1  # a new game in progress changes nothing there


def test_a_game_taken_back_after_its_end_is_not_rewritten_while_it_goes_on(qtbot, tmp_path: Path) -> None:
    controller, keeper, path = _keeper(qtbot, tmp_path)
    _play(controller, "e4", "e5")
    controller.end_game(GameResult(chess.WHITE, Termination.RESIGNATION))
    assert controller.takeback()
    controller.tree_editor.set_review_annotation(1, chess.engine.PovScore(chess.engine.Cp(30), chess.WHITE))
    keeper.save_now()
    games = _kept(path)
    assert len(games) == 1 and games[0].headers["Result"] == "1-0"  # as it ended, not the game going on


def test_a_game_replaced_after_a_hand_written_game_stays_apart_from_it(qtbot, tmp_path: Path) -> None:
    controller, _keeper_, path = _keeper(qtbot, tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text('[White "Me"]\n\n1. d4 d5 *')  # no newline at the end
    _play(controller, "e4", "e5")
    controller.end_game(GameResult(chess.BLACK, Termination.RESIGNATION))
    assert controller.takeback()
    _play(controller, "Nc6" if controller.board().turn == chess.BLACK else "d4")
    controller.end_game(GameResult(None, Termination.AGREEMENT))
    games = _kept(path)
    assert [game.headers["White"] for game in games] == ["Me", "White"]
    assert games[1].headers["Result"] == "1/2-1/2"
    assert "1. d4 d5 *\n\n[Event" in path.read_text()  # not glued to the hand-written game's last line
