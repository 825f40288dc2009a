"""Move log panel and its wiring: SAN pairs, clicking a move shows it, takeback shrinks the log."""

from __future__ import annotations

import chess
import chess.pgn
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from chessgui.main_window import MainWindow
from chessgui.views.move_log import MoveLogPanel


def test_main_line_is_shown_in_numbered_moves(qtbot, pgn_game) -> None:
    panel = MoveLogPanel()
    qtbot.addWidget(panel)
    panel.set_game(pgn_game("1. e4 e5 2. Nf3 *"))
    assert panel.plain_text() == "1. e4 e5 2. Nf3"
    assert panel.move_count() == 3


def test_black_to_move_start_numbers_the_first_move_with_dots(qtbot) -> None:
    panel = MoveLogPanel()
    qtbot.addWidget(panel)
    game = chess.pgn.Game()
    game.setup(chess.Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 12"))
    game.add_line([chess.Move.from_uci("e7e5"), chess.Move.from_uci("g1f3")])
    panel.set_game(game)
    assert panel.plain_text() == "12... e5 13. Nf3"


def test_clicking_a_move_emits_its_node(qtbot, pgn_game, show_widget) -> None:
    panel = show_widget(MoveLogPanel(), 300, 300)
    game = pgn_game("1. e4 e5 2. Nf3 Nc6 *")
    panel.set_game(game)
    third = game.next().next().next()
    rect = panel.move_rect(third)
    assert not rect.isEmpty()
    with qtbot.waitSignal(panel.node_selected) as blocker:
        QTest.mouseClick(panel.browser().viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert blocker.args == [third]


def test_window_log_follows_the_game_and_clicks_show_positions(window: MainWindow, qtbot, play_moves) -> None:
    play_moves(window, "e4", "e5", "Nf3", "Nc6")
    assert window.move_log.move_count() == 4
    assert window.move_log.current_ply() == 4
    window.move_log.ply_selected.emit(2)
    shown = window.board_widget.position()
    assert shown.board_fen() == chess.Board("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2").board_fen()
    assert window.move_log.current_node() is window.controller.node_at_ply(2)
    assert not window.history_banner.isHidden()
    # A click on a move shows it.
    window.move_log.node_selected.emit(window.controller.node_at_ply(3))
    assert window.navigator.view_ply() == 3 and window.move_log.current_ply() == 3
    window.actions_.last_move.trigger()
    assert window.history_banner.isHidden()


def test_arrow_keys_step_through_the_game(window: MainWindow, qtbot, play_moves) -> None:
    play_moves(window, "d4", "d5")
    QTest.keyClick(window, Qt.Key.Key_Left)
    assert window.navigator.view_ply() == 1
    QTest.keyClick(window, Qt.Key.Key_Home)
    assert window.navigator.view_ply() == 0
    QTest.keyClick(window, Qt.Key.Key_Right)
    assert window.navigator.view_ply() == 1
    QTest.keyClick(window, Qt.Key.Key_End)
    assert window.navigator.view_ply() == 2


def test_takeback_removes_the_move_from_board_and_log(window: MainWindow, qtbot, play_moves) -> None:
    play_moves(window, "e4", "c5")
    window.actions_.takeback.trigger()
    assert window.move_log.move_count() == 1
    assert window.board_widget.position().piece_at(chess.C7) == chess.Piece.from_symbol("p")
    assert window.controller.live_ply() == 1


def test_game_end_shows_result_in_log_and_status_bar(window: MainWindow, qtbot, play_moves) -> None:
    play_moves(window, "f3", "e5", "g4", "Qh4#")
    assert window.move_log.result_text() == "0-1  ·  Black wins by checkmate"
    assert window.status_text() == "Black wins by checkmate"
    assert not window.board_widget.is_input_enabled()


def test_claim_draw_action_enabled_only_when_claimable(window: MainWindow, qtbot, play_moves) -> None:
    play_moves(window, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1")
    assert window.actions_.claim_draw.isEnabled()  # Black can claim by playing Ng8
    play_moves(window, "Nc6")
    assert not window.actions_.claim_draw.isEnabled()


def test_flip_action_flips_the_board(window: MainWindow, qtbot) -> None:
    assert not window.board_widget.is_flipped()
    window.actions_.flip.trigger()
    assert window.board_widget.is_flipped()
