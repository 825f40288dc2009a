"""Computer players answer from the opening book: instantly, legally, marked "book", within the depth."""

from __future__ import annotations

import contextlib
import gc
import random
from pathlib import Path

import chess
import chess.pgn
import pytest

from chessgui.engines.info import EngineInfo
from chessgui.engines.players import BuiltinEnginePlayer
from chessgui.game.controller import GameController
from chessgui.game.players import GoRequest
from chessgui.main_window import MainWindow
from chessgui.storage.book import BookChoice, BookSettings, load_book
from chessgui.storage.settings import PlayerKind, PlayerSettings, Settings


def _player(players: list, book: BookSettings, searcher: object) -> BuiltinEnginePlayer:
    return players.builtin(PlayerSettings(kind=PlayerKind.BUILTIN, depth=2, book=book), searcher)


def test_book_move_is_played_at_once_legal_and_reported_as_book(qtbot, players, fake_searcher) -> None:
    searcher = fake_searcher()
    player = _player(players, BookSettings(choice=BookChoice.WEIGHTED_RANDOM), searcher)
    player.set_book_settings(player.book_settings(), rng=random.Random(7))
    infos: list[EngineInfo] = []
    player.search_info.connect(infos.append)
    request = GoRequest(5, chess.STARTING_FEN, ("e2e4",))
    with qtbot.waitSignal(player.move_made, timeout=1000) as blocker:
        player.go(request)
    request_id, uci = blocker.args
    board = request.board()
    assert request_id == 5
    assert chess.Move.from_uci(uci) in board.legal_moves
    book_moves = {entry.move.uci() for entry in load_book(BookSettings()).entries(board)}
    assert uci in book_moves
    assert searcher.searches == []  # no search at all
    assert len(infos) == 1 and infos[0].is_book() and infos[0].pv_uci == (uci,)
    assert infos[0].color == chess.BLACK


def test_stopped_book_request_is_never_answered(qtbot, players, fake_searcher) -> None:
    player = _player(players, BookSettings(), fake_searcher())
    answers: list[tuple[int, str]] = []
    player.move_made.connect(lambda rid, uci: answers.append((rid, uci)))
    player.go(GoRequest(1, chess.STARTING_FEN, ()))
    player.stop()
    with qtbot.waitSignal(player.move_made, timeout=1000) as blocker:
        player.go(GoRequest(2, chess.STARTING_FEN, ()))
    assert blocker.args[0] == 2
    assert [rid for rid, _ in answers] == [2]


def test_beyond_the_book_depth_the_engine_searches(qtbot, players, fake_searcher) -> None:
    searcher = fake_searcher()
    player = _player(players, BookSettings(max_moves=2), searcher)
    qtbot.waitUntil(player.is_ready, timeout=5000)
    moves = ("e2e4", "e7e5", "g1f3", "b8c6")  # move 3, a position every book knows
    with qtbot.waitSignal(player.move_made, timeout=5000):
        player.go(GoRequest(1, chess.STARTING_FEN, moves))
    assert len(searcher.searches) == 1


def test_within_the_depth_a_position_the_book_lacks_is_searched(qtbot, players, fake_searcher) -> None:
    searcher = fake_searcher()
    player = _player(players, BookSettings(max_moves=2), searcher)
    qtbot.waitUntil(player.is_ready, timeout=5000)
    moves = ("c2c4", "e7e5", "d2d3")  # a line of the default book that ends after three plies
    assert not load_book(BookSettings()).entries(GoRequest(1, chess.STARTING_FEN, moves).board())
    infos: list[EngineInfo] = []
    player.search_info.connect(infos.append)
    with qtbot.waitSignal(player.move_made, timeout=5000):
        player.go(GoRequest(1, chess.STARTING_FEN, moves))
    assert len(searcher.searches) == 1
    assert not any(info.is_book() for info in infos)


@pytest.mark.parametrize("content", [b"", b"not a book at all, just some text\n" * 3, b"\x00" * 17])
def test_bad_book_file_means_the_engine_searches(qtbot, players, tmp_path: Path, content: bytes, fake_searcher) -> None:
    bad = tmp_path / "bad.bin"
    bad.write_bytes(content)
    searcher = fake_searcher()
    player = _player(players, BookSettings(path=str(bad)), searcher)
    qtbot.waitUntil(player.is_ready, timeout=5000)
    with qtbot.waitSignal(player.move_made, timeout=5000) as blocker:
        player.go(GoRequest(1, chess.STARTING_FEN, ()))
    assert chess.Move.from_uci(blocker.args[1]) in chess.Board().legal_moves
    assert len(searcher.searches) == 1


def test_window_marks_book_moves_in_log_panel_and_pgn(qtbot) -> None:
    # Best weight, so the four plies are surely in the book (a weighted line can end sooner).
    book = BookSettings(max_moves=2, choice=BookChoice.BEST_WEIGHT)
    engine = PlayerSettings(kind=PlayerKind.BUILTIN, move_time_ms=0, depth=1, hash_mb=1, book=book)
    window = MainWindow(settings=Settings(white=engine, black=engine, min_move_delay_ms=0))
    qtbot.addWidget(window)
    window.show()
    try:
        # Four plies are book moves: they need no engine (not even its compile). Paused the moment
        # the fourth is played: polling for it let the depth-1 engine play on to ply 6 first once
        # (whole-suite loop, seed 217903658), and Black's panel row showed that search, not the book.
        def pause_after_the_book(_move: chess.Move, _san: str) -> None:
            if window.controller.live_ply() == 4:
                window.controller.pause()

        window.controller.move_made.connect(pause_after_the_book)
        qtbot.waitUntil(window.controller.is_paused, timeout=10_000)
        assert window.controller.live_ply() == 4
        for ply in range(1, 5):
            assert window.controller.node_at_ply(ply).comment == "book"
            assert window.controller.node_at_ply(ply).eval() is None
        log = window.move_log
        assert log.move_text(window.controller.node_at_ply(1)).startswith("1. ")
        assert log.move_text(window.controller.node_at_ply(1)).endswith("(book)")
        assert log.move_text(window.controller.node_at_ply(4)).endswith("(book)")
        name, score, stats, pv = window.engine_panel.row_texts(chess.BLACK)
        assert score == "book" and "book move" in stats and pv.startswith("2...")
        exported = str(window.controller.game())
        assert "{ book }" in exported
    finally:
        window.close()


def test_window_reports_a_bad_book_in_the_status_bar(qtbot, tmp_path: Path) -> None:
    bad = tmp_path / "notes.bin"
    bad.write_text("my notes")
    window = MainWindow(settings=Settings())
    qtbot.addWidget(window)
    engine = PlayerSettings(kind=PlayerKind.BUILTIN, depth=1, hash_mb=1, book=BookSettings(path=str(bad)))
    try:
        with qtbot.waitSignal(window.session.book_problem, timeout=1000) as blocker:
            window.session.apply(Settings(white=PlayerSettings(), black=engine))
        assert "Black:" in blocker.args[0] and "notes.bin" in blocker.args[0]
        assert "plays by search" in window.statusBar().currentMessage()
    finally:
        window.close()


def test_settings_dialog_edits_each_sides_book(qtbot, tmp_path: Path) -> None:
    from chessgui.dialogs.settings_dialog import SettingsDialog

    engine = PlayerSettings(kind=PlayerKind.BUILTIN)
    dialog = SettingsDialog(Settings(white=engine, black=engine))
    qtbot.addWidget(dialog)
    editor = dialog.black_editor.book_editor
    assert editor.book_settings() == BookSettings()
    editor.enabled_check.setChecked(True)
    editor.depth_spin.setValue(5)
    editor.choice_combo.setCurrentIndex(editor.choice_combo.findData(BookChoice.BEST_WEIGHT.value))
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"x" * 15)
    editor.path_edit.setText(str(bad))
    editor.path_edit.editingFinished.emit()
    assert "not a polyglot book" in editor.status_label.text()
    result = dialog.result_settings()
    assert result.black.book == BookSettings(path=str(bad), max_moves=5, choice=BookChoice.BEST_WEIGHT)
    assert result.white.book == BookSettings()


def test_book_settings_are_saved_and_bad_values_fall_back(tmp_path: Path) -> None:
    from PySide6.QtCore import QSettings

    from chessgui.storage.settings import load_settings, save_settings

    qsettings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    book = BookSettings(enabled=False, path="/books/mine.bin", max_moves=7, choice=BookChoice.BEST_WEIGHT)
    settings = Settings(white=PlayerSettings(kind=PlayerKind.BUILTIN, book=book))
    save_settings(qsettings, settings)
    assert load_settings(qsettings).white.book == book
    qsettings.setValue("white/book_max_moves", 999)
    qsettings.setValue("white/book_choice", "sometimes")
    loaded = load_settings(qsettings).white.book
    assert loaded.max_moves == BookSettings().max_moves and loaded.choice is BookChoice.WEIGHTED_RANDOM


def test_window_shows_the_opening_and_writes_eco_headers(qtbot) -> None:
    window = MainWindow(settings=Settings(white=PlayerSettings(), black=PlayerSettings()))  # two humans
    qtbot.addWidget(window)
    window.show()
    try:
        for uci in ("e2e4", "e7e5", "g1f3", "b8c6", "f1c4"):
            window.board_widget.move_requested.emit(chess.Move.from_uci(uci))
        assert window.opening_label.text() == "C50 Italian Game"
        headers = window.controller.game().headers
        assert (headers["ECO"], headers["Opening"]) == ("C50", "Italian Game")
        assert '[ECO "C50"]' in str(window.controller.game())
        window.navigator.go_to(1)
        assert window.opening_label.text().startswith("B00")  # 1. e4 on view
        window.navigator.go_to(0)
        assert window.opening_label.text() == ""
    finally:
        window.close()


def _sum_of_squared_line_probabilities(book, board: chess.Board, plies: int) -> float:
    """Σ p² over all book lines of ``plies`` plies: the chance two random starts play the same line."""
    entries = book.entries(board) if plies else []
    if not entries:
        return 1.0
    total = sum(entry.weight for entry in entries)
    result = 0.0
    for entry in entries:
        share = entry.weight / total
        board.push(entry.move)
        result += share * share * _sum_of_squared_line_probabilities(book, board, plies - 1)
        board.pop()
    return result


def test_twenty_self_play_starts_vary_as_the_book_weights_allow(qtbot, players, fake_searcher) -> None:
    rng = random.Random(20)
    sides = {color: _player(players, BookSettings(), fake_searcher()) for color in chess.COLORS}
    for side in sides.values():
        side.set_book_settings(side.book_settings(), rng=rng)
    starts = 20
    lines = []
    for start in range(starts):
        moves: tuple[str, ...] = ()
        board = chess.Board()
        for _ in range(6):
            choice = sides[board.turn].book_move(GoRequest(start * 10 + len(moves), chess.STARTING_FEN, moves))
            assert choice is not None and choice.move in board.legal_moves
            board.push(choice.move)
            moves += (choice.move.uci(),)
        lines.append(moves)
    repeated_pairs = sum(1 for i in range(starts) for j in range(i + 1, starts) if lines[i] == lines[j])
    # What the weights make likely: each pair of starts repeats with probability Σ p².
    expected = (
        starts * (starts - 1) / 2 * _sum_of_squared_line_probabilities(load_book(BookSettings()), chess.Board(), 6)
    )
    assert expected < 5  # the default book is varied enough for this to mean something
    assert repeated_pairs <= expected + 3 * expected**0.5, (repeated_pairs, expected, lines)
    assert len(set(lines)) >= 15


def test_next_game_draws_its_opening_from_the_book(qtbot) -> None:
    engine = PlayerSettings(kind=PlayerKind.BUILTIN, move_time_ms=0, depth=1, hash_mb=1, book=BookSettings(max_moves=2))
    window = MainWindow(settings=Settings(white=engine, black=engine, min_move_delay_ms=0))
    qtbot.addWidget(window)
    book = load_book(BookSettings())
    try:
        for _ in range(3):
            window.controller.pause()
            window.session.next_game()
            assert window.controller.live_ply() == 0  # no preset line: the book varies the games
            window.controller.resume()
            qtbot.waitUntil(lambda: window.controller.live_ply() >= 4, timeout=10_000)
            window.controller.pause()
            # Every move is the book's while the book has one for the position; a few
            # weighted lines end early (1.c4 e5 2.d3 has no entry), and the engine searches there.
            board = chess.Board()
            in_book = True
            for ply in range(1, 5):
                node = window.controller.node_at_ply(ply)
                in_book = in_book and bool(book.entries(board))
                assert (node.comment == "book") == in_book, (ply, node.comment, board.fen())
                board.push(node.move)
            assert window.controller.node_at_ply(1).comment == "book"
    finally:
        window.close()


def test_a_bad_book_in_the_saved_settings_is_reported_at_start(qtbot, tmp_path: Path) -> None:
    bad = tmp_path / "empty.bin"
    bad.write_bytes(b"")
    engine = PlayerSettings(kind=PlayerKind.BUILTIN, depth=1, hash_mb=1, book=BookSettings(path=str(bad)))
    window = MainWindow(settings=Settings(white=engine, black=PlayerSettings()))
    qtbot.addWidget(window)
    try:
        assert "White: The opening book 'empty.bin' is empty." in window.statusBar().currentMessage()
    finally:
        window.close()


def _live(*kinds: type) -> dict[str, int]:
    gc.collect()
    counts = dict.fromkeys((kind.__qualname__ for kind in kinds), 0)
    for obj in gc.get_objects():
        if type(obj) in kinds:
            counts[type(obj).__qualname__] += 1
    return counts


def test_games_played_from_the_book_leave_nothing_behind(qtbot, players, fake_searcher) -> None:
    # The soak's slow memory climb: every book lookup kept an as_file() context (a generator,
    # its context manager and a path) alive for the life of the process.
    controller = GameController()
    sides = [_player(players, BookSettings(max_moves=4), fake_searcher()) for _ in chess.COLORS]
    for side in sides:
        qtbot.waitUntil(side.is_ready, timeout=5000)
    kinds = (contextlib._GeneratorContextManager, type(Path()), type(x for x in ()), chess.Board, chess.pgn.Game)

    def play_opening() -> None:
        controller.new_game()
        controller.set_players(*sides)
        qtbot.waitUntil(lambda: controller.board().ply() >= 8, timeout=5000)  # the book's 8 plies, answered at once
        controller.stop_thinking()

    play_opening()
    before = _live(*kinds)
    for _ in range(10):
        play_opening()
    after = _live(*kinds)
    grown = {kind: after[kind] - before[kind] for kind in after if after[kind] - before[kind] >= 5}
    assert not grown, f"live objects grew over 10 games: {grown}"
