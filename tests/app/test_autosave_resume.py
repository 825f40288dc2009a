"""Autosave in the window: a crash loses nothing, the next start offers the game back."""

from __future__ import annotations

from pathlib import Path

import chess
import pytest

from chessgui.main_window import MainWindow
from chessgui.storage.autosave import AutosaveSnapshot, AutosaveStore


class RecordingStore(AutosaveStore):
    """An autosave store that also keeps the PGN of every save, in order."""

    def __init__(self, directory: Path) -> None:
        super().__init__(directory)
        self.saved: list[str] = []

    def save(self, snapshot: AutosaveSnapshot, *, finished: bool = False) -> None:
        self.saved.append(snapshot.pgn)
        super().save(snapshot, finished=finished)


def test_game_survives_a_crash_and_is_offered_back(qtbot, tmp_path: Path, play_moves) -> None:
    store = AutosaveStore(tmp_path)
    first = MainWindow(autosave_store=store)
    qtbot.addWidget(first)
    play_moves(first, "e4", "c5", "Nf3")
    first.board_widget.set_flipped(True)
    play_moves(first, "d6")
    # "Crash": no close event, no clean shutdown — just a new window on the same store.
    second = MainWindow(autosave_store=AutosaveStore(tmp_path))
    qtbot.addWidget(second)
    questions: list[str] = []
    assert second.offer_resume(lambda text: questions.append(text) or True)
    assert "2 moves" in questions[0]  # 4 plies
    assert [m.uci() for m in second.controller.board().move_stack] == ["e2e4", "c7c5", "g1f3", "d7d6"]
    assert second.board_widget.is_flipped()
    assert second.controller.board().turn == chess.WHITE
    assert second.move_log.move_count() == 4


def test_declining_discards_and_finished_games_are_not_offered(qtbot, tmp_path: Path, play_moves) -> None:
    store = AutosaveStore(tmp_path)
    window = MainWindow(autosave_store=store)
    qtbot.addWidget(window)
    play_moves(window, "f3", "e5")
    assert store.has_unfinished_game()
    again = MainWindow(autosave_store=AutosaveStore(tmp_path))
    qtbot.addWidget(again)
    assert not again.offer_resume(lambda text: False)
    assert not store.has_unfinished_game()
    play_moves(window, "g4", "Qh4#")  # the game ends: kept, but not offered
    assert not MainWindow(autosave_store=AutosaveStore(tmp_path)).offer_resume(lambda text: True)


def test_corrupt_autosave_is_reported_and_set_aside(qtbot, tmp_path: Path) -> None:
    store = AutosaveStore(tmp_path)
    tmp_path.mkdir(exist_ok=True)
    store.pgn_path.write_bytes(b"\xff\xfe not a game at all \x00\x01")
    window = MainWindow(autosave_store=store)
    qtbot.addWidget(window)
    assert not window.offer_resume(lambda text: True)
    assert "could not be read" in window.statusBar().currentMessage()
    assert any(path.name.startswith("current.pgn.corrupt") for path in tmp_path.iterdir())
    assert window.controller.live_ply() == 0


def test_clock_times_survive_a_crash(qtbot, tmp_path: Path, play_moves) -> None:
    from chessgui.clock.time_control import TimeControl

    store = AutosaveStore(tmp_path)
    first = MainWindow(autosave_store=store)
    qtbot.addWidget(first)
    first.game_clock.set_time_control(TimeControl.parse("5+3"))
    first.controller.new_game()
    play_moves(first, "e4", "e5", "Nf3")
    saved = first.game_clock.snapshot()
    second = MainWindow(autosave_store=AutosaveStore(tmp_path))
    qtbot.addWidget(second)
    assert second.offer_resume(lambda text: True)
    restored = second.game_clock.snapshot()
    for color in chess.COLORS:
        # The restored clock may differ only by the instant between the save and this check.
        assert abs(restored.remaining_ms(color) - saved.remaining_ms(color)) < 1000
    assert restored.time_control == TimeControl.parse("5+3")


def test_a_viewed_game_is_not_autosaved_over_the_played_one(qtbot, tmp_path: Path, play_moves) -> None:
    import io

    import chess.pgn

    store = AutosaveStore(tmp_path)
    window = MainWindow(autosave_store=store)
    qtbot.addWidget(window)
    play_moves(window, "e4", "e5")
    window.flows.game_loaded.emit(chess.pgn.read_game(io.StringIO('[White "Carlsen"]\n\n1. d4 d5 2. c4 *\n')))
    assert window.controller.is_viewing()
    window.close()
    again = MainWindow(autosave_store=AutosaveStore(tmp_path))
    qtbot.addWidget(again)
    assert again.offer_resume(lambda text: True)  # the game played here, not the one viewed
    assert [m.uci() for m in again.controller.board().move_stack] == ["e2e4", "e7e5"]


@pytest.mark.parametrize(
    ("new_game", "moves"),
    [
        # The opening name (a header change) was saved mid-move, before the move's [%clk]: a kill
        # right then kept a move without its clock time.
        (True, ("e4", "c5", "Nf3")),  # each names a new opening
        # Kill test flake ("move d4 has no [%clk]"): the window's first game starts before the
        # autosave keeper exists, so the keeper knew no saved node and saved the first move's
        # opening name at once. No new game here: the start-up game goes on.
        (False, ("d4",)),
    ],
)
def test_every_save_of_a_timed_move_holds_its_clock(
    qtbot, tmp_path: Path, play_moves, new_game: bool, moves: tuple[str, ...]
) -> None:
    from chessgui.clock.time_control import TimeControl
    from chessgui.storage.pgn.read import read_pgn_string

    store = RecordingStore(tmp_path)
    saved = store.saved
    window = MainWindow(autosave_store=store)
    qtbot.addWidget(window)
    window.game_clock.set_time_control(TimeControl.parse("5+3"))
    if new_game:
        window.controller.new_game()
    play_moves(window, *moves)
    qtbot.waitUntil(lambda: bool(saved))
    for text in saved:
        game = read_pgn_string(text).games[0].game
        assert all(node.clock() is not None for node in game.mainline()), text


def test_a_review_of_the_game_survives_a_crash(qtbot, tmp_path: Path, play_moves) -> None:
    """The review's marks ([%eval], "??", "Best was …") are part of the game: a restart keeps them.

    A review marks move after move; their saves are gathered into one (each save syncs to disk)."""
    import chess.engine
    import chess.pgn

    store = RecordingStore(tmp_path)
    saves = store.saved
    window = MainWindow(autosave_store=store)
    qtbot.addWidget(window)
    play_moves(window, "f3", "e5", "g4")
    qtbot.waitUntil(lambda: bool(saves) and "g4" in saves[-1])
    before = len(saves)
    level = chess.engine.PovScore(chess.engine.Cp(20), chess.WHITE)
    for ply in (1, 2):
        window.controller.tree_editor.set_review_annotation(ply, level, 12)
    score = chess.engine.PovScore(chess.engine.Mate(-1), chess.WHITE)
    window.controller.tree_editor.set_review_annotation(3, score, 12, chess.pgn.NAG_BLUNDER, "Nc3")
    qtbot.waitUntil(lambda: len(saves) > before)
    assert "Best was Nc3" in saves[-1]
    again = MainWindow(autosave_store=AutosaveStore(tmp_path))  # no clean shutdown
    qtbot.addWidget(again)
    assert again.offer_resume(lambda text: True)
    node = again.controller.node_at_ply(3)
    assert node.nags == {chess.pgn.NAG_BLUNDER}
    assert "Best was Nc3" in node.comment
    assert node.eval() == score and node.eval_depth() == 12
    assert again.controller.node_at_ply(1).eval() == level
    assert len(saves) == before + 1  # the three marks made one save


def test_a_set_up_position_without_moves_is_offered_as_a_position(qtbot, tmp_path: Path) -> None:
    """A position set up last time and not yet played is offered back in words, not as "0 moves"."""
    fen = "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 1 5"
    window = MainWindow(autosave_store=AutosaveStore(tmp_path))
    qtbot.addWidget(window)
    window.controller.new_game(fen)
    again = MainWindow(autosave_store=AutosaveStore(tmp_path))
    qtbot.addWidget(again)
    questions: list[str] = []
    assert again.offer_resume(lambda text: questions.append(text) or True)
    assert "0 moves" not in questions[0] and "position" in questions[0], questions[0]
    assert again.controller.board().fen() == fen


@pytest.mark.parametrize("answer", [True, False])
def test_the_computer_waits_for_the_resume_question(qtbot, tmp_path: Path, play_moves, answer: bool) -> None:
    """Computers to move did not wait: behind the question the engines played on (22 book moves under
    Xvfb), and a "no" then discarded the save of the game they were playing."""
    from chessgui.storage.book import BookSettings
    from chessgui.storage.settings import PlayerKind, PlayerSettings, Settings

    first = MainWindow(autosave_store=AutosaveStore(tmp_path))
    qtbot.addWidget(first)
    play_moves(first, "e4", "e5")
    engine = PlayerSettings(
        kind=PlayerKind.BUILTIN, depth=1, move_time_ms=0, hash_mb=1, book=BookSettings(enabled=False)
    )
    second = MainWindow(autosave_store=AutosaveStore(tmp_path), settings=Settings(white=engine, black=engine))
    qtbot.addWidget(second)
    seen: list[tuple[int, chess.Color | None]] = []

    def ask(_question: str) -> bool:
        seen.append((second.controller.live_ply(), second.controller.thinking_color()))
        assert (
            not second.actions_.pause.isChecked() and "paused" not in second.status_label.text()
        )  # a hold, not a pause
        return answer

    assert second.offer_resume(ask) == answer
    assert seen == [(0, None)]  # nothing searched or played while the question was open
    assert not second.controller.is_paused() and not second.actions_.pause.isChecked()  # nothing on screen
    ply = second.controller.live_ply()
    qtbot.waitUntil(lambda: second.controller.live_ply() > ply, timeout=240_000)  # and then the game goes on
    second.close()
