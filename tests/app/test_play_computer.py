"""Playing the computer through the whole window: replies, AI vs AI to the end, pause/step, stale searches."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import chess
import pytest
from PySide6.QtCore import QSettings

from chessgui.main_window import MainWindow
from chessgui.storage.book import BookSettings
from chessgui.storage.settings import PlayerKind, PlayerSettings, Settings, load_settings

# These tests are about searching; the opening book (on by default) would answer instead.
NO_BOOK = BookSettings(enabled=False)

# Depth-limited engines keep these tests fast and deterministic; the first search may
# wait for the Numba compile (cold cache on a fresh clone), hence the generous timeouts.
FAST_ENGINE = PlayerSettings(book=NO_BOOK, kind=PlayerKind.BUILTIN, move_time_ms=0, depth=2, hash_mb=1)
COMPILE_TIMEOUT_MS = 240_000


def _window(qtbot, settings: Settings, tmp_path: Path | None = None) -> MainWindow:
    qsettings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat) if tmp_path else None
    window = MainWindow(settings=settings, qsettings=qsettings)
    qtbot.addWidget(window)
    window.show()
    return window


def _close(window: MainWindow) -> None:
    window.close()  # stops searches and engine threads


def test_computer_replies_with_a_legal_move_and_input_comes_back(qtbot) -> None:
    settings = Settings(white=PlayerSettings(), black=FAST_ENGINE, min_move_delay_ms=0)
    window = _window(qtbot, settings)
    try:
        assert window.board_widget.is_input_enabled()
        window.board_widget.move_requested.emit(chess.Move.from_uci("e2e4"))
        assert not window.board_widget.is_input_enabled()  # the computer is to move
        qtbot.waitUntil(lambda: window.controller.live_ply() == 2, timeout=COMPILE_TIMEOUT_MS)
        board = window.controller.board()
        reply = board.pop()
        assert reply in board.legal_moves
        qtbot.waitUntil(window.board_widget.is_input_enabled, timeout=5_000)
        # The engine's evaluation is kept with its move for the PGN ([%eval]).
        assert window.controller.node_at_ply(2).eval() is not None
    finally:
        _close(window)


def test_computer_vs_computer_game_runs_to_its_end(qtbot) -> None:
    fast = dataclasses.replace(FAST_ENGINE, depth=1)
    settings = Settings(white=fast, black=fast, min_move_delay_ms=0)
    window = _window(qtbot, settings)
    try:
        with qtbot.waitSignal(window.controller.game_over, timeout=COMPILE_TIMEOUT_MS) as blocker:
            pass
        result = blocker.args[0]
        assert result.result in ("1-0", "0-1", "1/2-1/2")
        assert window.move_log.result_text() is not None
        board = window.controller.board()
        assert board.is_game_over(claim_draw=False) or window.controller.is_game_over()
    finally:
        _close(window)


def test_pause_stops_moves_and_step_plays_exactly_one(qtbot) -> None:
    settings = Settings(white=FAST_ENGINE, black=FAST_ENGINE, min_move_delay_ms=0)
    window = _window(qtbot, settings)
    try:
        qtbot.waitUntil(lambda: window.controller.live_ply() >= 2, timeout=COMPILE_TIMEOUT_MS)
        window.actions_.pause.trigger()
        assert window.controller.is_paused()
        paused_at = window.controller.live_ply()
        # Let any answer already on its way arrive: none may be applied while paused.
        with qtbot.assertNotEmitted(window.controller.move_made, wait=500):
            pass
        assert window.controller.live_ply() == paused_at
        assert window.actions_.step.isEnabled()
        with qtbot.waitSignal(window.controller.move_made, timeout=30_000):
            window.actions_.step.trigger()
        with qtbot.assertNotEmitted(window.controller.move_made, wait=500):
            pass
        assert window.controller.live_ply() == paused_at + 1
        window.actions_.pause.trigger()  # resume
        qtbot.waitUntil(lambda: window.controller.live_ply() >= paused_at + 3, timeout=30_000)
    finally:
        _close(window)


def test_new_game_mid_search_applies_no_move_from_the_old_search(qtbot) -> None:
    slow = PlayerSettings(book=NO_BOOK, kind=PlayerKind.BUILTIN, move_time_ms=3_000, hash_mb=1)
    settings = Settings(white=slow, black=PlayerSettings(), min_move_delay_ms=0)
    window = _window(qtbot, settings)
    try:
        white = window.controller.player(chess.WHITE)
        qtbot.waitUntil(white.is_ready, timeout=COMPILE_TIMEOUT_MS)
        qtbot.waitUntil(lambda: window.engine_panel.last_info(chess.WHITE) is not None, timeout=30_000)
        window.session.apply(settings, start_new_game=True)  # New game while White thinks
        assert window.controller.live_ply() == 0
        # The old search is stopped; the new game's search answers with a fresh request id.
        qtbot.waitUntil(lambda: window.controller.live_ply() == 1, timeout=30_000)
        with qtbot.assertNotEmitted(window.controller.move_made, wait=300):
            pass
        assert window.controller.live_ply() == 1
    finally:
        _close(window)


def test_settings_are_saved_and_players_change_from_the_next_move(qtbot, tmp_path: Path) -> None:
    settings = Settings(white=PlayerSettings(), black=PlayerSettings(), min_move_delay_ms=0)
    window = _window(qtbot, settings, tmp_path)
    try:
        window.board_widget.move_requested.emit(chess.Move.from_uci("d2d4"))
        changed = settings.with_player(chess.BLACK, FAST_ENGINE)
        window.session.apply(changed)
        assert window.controller.live_ply() == 1  # the game goes on
        qtbot.waitUntil(lambda: window.controller.live_ply() == 2, timeout=COMPILE_TIMEOUT_MS)
        stored = load_settings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
        assert stored.black.kind is PlayerKind.BUILTIN and stored.black.depth == 2
        assert window.engine_panel.isVisibleTo(window)
    finally:
        _close(window)


@pytest.mark.parametrize("human", [chess.WHITE, chess.BLACK])
def test_auto_flip_puts_the_human_at_the_bottom(qtbot, human: chess.Color) -> None:
    settings = Settings(white=PlayerSettings(), black=PlayerSettings()).with_player(not human, FAST_ENGINE)
    window = _window(qtbot, settings)
    try:
        assert window.board_widget.is_flipped() == (human == chess.BLACK)
        assert window.clock_panel.is_flipped() == (human == chess.BLACK)
    finally:
        _close(window)


def test_engine_that_cannot_start_is_reported_and_the_game_survives(qtbot, tmp_path: Path) -> None:
    missing = PlayerSettings(
        book=NO_BOOK, kind=PlayerKind.UCI, uci_path=str(tmp_path / "no-such-engine"), move_time_ms=100
    )
    settings = Settings(white=PlayerSettings(), black=missing, min_move_delay_ms=0)
    window = _window(qtbot, settings)
    try:
        window.board_widget.move_requested.emit(chess.Move.from_uci("e2e4"))
        qtbot.waitUntil(lambda: window.failure_box is not None, timeout=30_000)
        assert window.controller.live_ply() == 1  # the game is intact
        assert window.controller.is_paused()
        assert "no-such-engine" in window.failure_box.text() or "start" in window.failure_box.text()
        # Taking over Black in the settings continues the game.
        window.session.apply(settings.with_player(chess.BLACK, PlayerSettings()))
        assert window.controller.is_waiting_for_human()
        window.board_widget.move_requested.emit(chess.Move.from_uci("e7e5"))
        assert window.controller.live_ply() == 2
    finally:
        _close(window)


def test_hint_draws_an_arrow_for_a_legal_move(qtbot) -> None:
    window = _window(qtbot, Settings(white=PlayerSettings(), black=PlayerSettings()))
    try:
        window.board_widget.move_requested.emit(chess.Move.from_uci("e2e4"))
        window.actions_.hint.trigger()
        qtbot.waitUntil(lambda: bool(window.board_widget.arrows()), timeout=COMPILE_TIMEOUT_MS)
        ((from_square, to_square),) = window.board_widget.arrows()
        board = window.controller.board()
        assert any(m.from_square == from_square and m.to_square == to_square for m in board.legal_moves)
        assert window.statusBar().currentMessage().startswith("Hint: ")
        window.board_widget.move_requested.emit(chess.Move.from_uci("e7e5"))
        assert window.board_widget.arrows() == []  # a move clears the hint
    finally:
        _close(window)


def test_the_engine_s_level_is_shown_and_written_to_the_pgn(qtbot) -> None:
    """Like lichess's "Stockfish level 3": the card says the level, the PGN records it as BlackElo."""
    level = dataclasses.replace(FAST_ENGINE, elo=1600)
    settings = Settings(white=PlayerSettings(), black=level, min_move_delay_ms=0)
    window = _window(qtbot, settings)
    try:
        assert window.clock_panel.clock_widget(chess.BLACK).player_name() == "Built-in engine (1600)"
        assert window.clock_panel.clock_widget(chess.WHITE).player_name() == "Human"
        headers = window.controller.game().headers
        assert headers["BlackElo"] == "1600" and "WhiteElo" not in headers
        # A new level from the next move (the same engine kept): the card and the tags follow.
        window.session.apply(settings.with_player(chess.BLACK, dataclasses.replace(level, elo=1200)))
        assert window.clock_panel.clock_widget(chess.BLACK).player_name() == "Built-in engine (1200)"
        assert window.controller.game().headers["BlackElo"] == "1200"
        window.session.apply(settings.with_player(chess.BLACK, FAST_ENGINE))  # full strength: no level
        assert window.clock_panel.clock_widget(chess.BLACK).player_name() == "Built-in engine"
        assert "BlackElo" not in window.controller.game().headers
    finally:
        _close(window)
