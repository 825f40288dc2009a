"""Variations: the game is a tree; moves played at earlier positions become variations, never truncations."""

from __future__ import annotations

import io
from pathlib import Path

import chess
import chess.pgn
import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from chessgui.game.controller import GameController
from chessgui.game.players import HumanPlayer
from chessgui.main_window import MainWindow
from chessgui.storage.autosave import AutosaveStore
from chessgui.views.move_log import MoveLogPanel


def _ucis(nodes: list[chess.pgn.ChildNode]) -> list[str]:
    return [node.move.uci() for node in nodes]


def _save_and_load(window: MainWindow, path: Path) -> chess.pgn.Game:
    assert window.flows.save_game_to(path)
    game = chess.pgn.read_game(io.StringIO(path.read_text(encoding="utf-8")))
    assert game is not None
    return game


# ---------------------------------------------------------------------- playing moves at earlier positions


def test_a_move_at_an_earlier_position_becomes_a_variation(window: MainWindow, play_moves) -> None:
    play_moves(window, "e4", "e5", "Nf3", "Nc6")
    window.navigator.go_to(2)
    window.board_widget.move_requested.emit(chess.Move.from_uci("f1c4"))
    # The game is not truncated: the live line is unchanged, the new move is a variation shown on the board.
    assert window.controller.live_ply() == 4
    after_e5 = window.controller.node_at_ply(2)
    assert _ucis(after_e5.variations) == ["g1f3", "f1c4"]
    assert window.board_widget.position().piece_at(chess.C4) == chess.Piece.from_symbol("B")
    assert window.navigator.shown_node() is after_e5.variations[1]
    assert window.board_widget.is_input_enabled()  # the variation can go on
    play_moves(window, "Nf6")
    assert window.navigator.view_ply() == 4 and not window.navigator.is_on_main_line()
    # Playing a move that is already there follows it rather than adding a copy.
    window.navigator.go_to(2)
    play_moves(window, "Nf3")
    assert window.navigator.shown_node() is window.controller.node_at_ply(3)
    assert len(after_e5.variations) == 2
    assert "(2. Bc4 Nf6)" in window.move_log.plain_text()


def test_against_the_computer_a_move_in_the_past_is_a_variation_and_the_computer_is_not_asked(
    window: MainWindow,
    scripted_player,
    play_moves,
) -> None:
    engine = scripted_player()
    window.set_players(HumanPlayer("You"), engine)
    play_moves(window, "e4")
    engine.answer("e7e5")
    play_moves(window, "Nf3")
    asked = len(engine.requests)
    window.navigator.go_to(1)  # after 1. e4, while the engine thinks about its second move
    play_moves(window, "c5")
    assert len(engine.requests) == asked  # nobody was asked about the variation
    assert window.controller.live_ply() == 3 and window.controller.thinking_color() == chess.BLACK
    assert _ucis(window.controller.node_at_ply(1).variations) == ["e7e5", "c7c5"]
    # The engine's answer goes to the live game; the view stays on the variation.
    engine.answer("b8c6")
    assert window.controller.live_ply() == 4
    assert window.navigator.shown_node().move == chess.Move.from_uci("c7c5")
    assert window.status_text().startswith("Viewing a variation · live game:")


def test_continue_from_here_asks_first_then_plays_on_from_the_variation(
    window: MainWindow, monkeypatch, scripted_player, play_moves
) -> None:
    engine = scripted_player()
    window.set_players(HumanPlayer("You"), engine)
    play_moves(window, "e4")
    engine.answer("e7e5")
    play_moves(window, "Nf3")
    engine.answer("b8c6")
    window.navigator.go_to(2)
    play_moves(window, "Bc4")
    variation = window.navigator.shown_node()
    questions: list[str] = []
    answer = False
    monkeypatch.setattr(window.flows, "ask", lambda title, question: questions.append(question) or answer)
    # "Make main line" on a move of a running game is "continue from here": it asks.
    window.move_log.make_main_line_requested.emit(variation)
    assert len(questions) == 1 and "kept as a variation" in questions[0]
    assert window.controller.live_ply() == 4 and window.controller.node_at_ply(3).move.uci() == "g1f3"
    answer = True
    window.move_log.continue_requested.emit(variation)
    assert window.controller.live_node() is variation and variation.is_mainline()
    assert window.navigator.is_live() and window.controller.thinking_color() == chess.BLACK
    # Nothing was lost: the old moves are a variation now.
    after_e5 = window.controller.node_at_ply(2)
    assert _ucis(after_e5.variations) == ["f1c4", "g1f3"] and after_e5.variations[1].next().move.uci() == "b8c6"
    engine.answer("g8f6")
    assert window.controller.live_ply() == 4


def test_the_moves_of_a_running_game_cannot_be_deleted_or_demoted(window: MainWindow, play_moves) -> None:
    play_moves(window, "e4", "e5", "Nf3")
    controller = window.controller
    window.navigator.go_to(1)
    play_moves(window, "c5")
    variation = window.navigator.shown_node()
    assert not controller.tree_editor.delete_from(controller.node_at_ply(2))
    assert not controller.tree_editor.promote_variation(variation)
    assert not controller.tree_editor.make_main_line(variation)
    assert controller.live_ply() == 3 and _ucis(controller.node_at_ply(1).variations) == ["e7e5", "c7c5"]
    assert controller.tree_editor.delete_from(variation)
    assert _ucis(controller.node_at_ply(1).variations) == ["e7e5"]
    assert window.navigator.shown_node() is controller.node_at_ply(1)  # the nearest move that is left


# ---------------------------------------------------------------------- PGN round trips


def test_create_promote_delete_round_trip_through_pgn(window: MainWindow, tmp_path: Path, play_moves) -> None:
    window.flows.game_loaded.emit(chess.pgn.read_game(io.StringIO("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *")))
    controller = window.controller
    path = tmp_path / "game.pgn"
    # Create: two variations after 1...e5, one nested, by playing on the board.
    window.navigator.go_to(2)
    play_moves(window, "f4", "exf4", "Nf3")
    window.navigator.go_to_node(controller.node_at_ply(2))
    play_moves(window, "Bc4")
    window.navigator.go_to_node(controller.node_at_ply(2).variations[1].next())  # after 2. f4 exf4
    play_moves(window, "Bc4")
    loaded = _save_and_load(window, path)
    assert str(loaded.mainline_moves()) == "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"
    after_e5 = loaded.next().next()
    assert _ucis(after_e5.variations) == ["g1f3", "f2f4", "f1c4"]
    assert _ucis(after_e5.variations[1].next().variations) == ["g1f3", "f1c4"]
    # Promote: 2. Bc4 one place up, then 2. f4 to the main line (a viewed game may change its main line).
    node_bc4 = controller.node_at_ply(2).variations[2]
    assert controller.tree_editor.promote_variation(node_bc4)
    node_f4 = controller.node_at_ply(2).variations[2]
    window.move_log.make_main_line_requested.emit(node_f4.next().variations[1])  # 2. f4 exf4 3. Bc4
    loaded = _save_and_load(window, path)
    assert str(loaded.mainline_moves()) == "1. e4 e5 2. f4 exf4 3. Bc4"
    assert _ucis(loaded.next().next().variations) == ["f2f4", "g1f3", "f1c4"]
    assert controller.live_ply() == 5  # the viewed game's end follows its main line
    # Delete: the 2. Nf3 line and everything after it.
    window.move_log.delete_requested.emit(controller.node_at_ply(2).variations[1])
    loaded = _save_and_load(window, path)
    assert _ucis(loaded.next().next().variations) == ["f2f4", "f1c4"]
    assert "Nc6" not in str(loaded)
    # And back in: the file shows the same tree.
    window.flows.game_loaded.emit(loaded)
    assert window.move_log.plain_text() == "1. e4 e5 2. f4\n(2. Bc4)\n2... exf4 3. Bc4\n(3. Nf3)"


def test_comments_and_nags_round_trip_through_pgn(window: MainWindow, tmp_path: Path, monkeypatch, play_moves) -> None:
    play_moves(window, "e4", "e5", "Qh5")
    node = window.controller.node_at_ply(3)
    monkeypatch.setattr(window.variations, "ask_comment", lambda current: "Early queen " + current)
    window.move_log.comment_requested.emit(node)
    window.move_log.nags_requested.emit(node, frozenset({chess.pgn.NAG_DUBIOUS_MOVE}))
    assert window.move_log.plain_text() == "1. e4 e5 2. Qh5?! Early queen"
    loaded = _save_and_load(window, tmp_path / "game.pgn")
    end = loaded.end()
    assert end.nags == {6} and end.comment == "Early queen"


def test_add_variation_contract(qtbot, tmp_path: Path, play_moves) -> None:
    controller = GameController()
    window = MainWindow(controller=controller, autosave_store=AutosaveStore(tmp_path))
    qtbot.addWidget(window)
    play_moves(window, "d4", "d5")
    root = controller.game()
    moves = [chess.Move.from_uci(uci) for uci in ("d2d4", "g8f6", "c2c4")]
    with qtbot.waitSignal(controller.tree_changed):
        last = controller.tree_editor.add_variation(root, moves)
    # d4 was reused, Nf6 is a variation (the main line keeps d5), c4 follows it.
    assert last.move.uci() == "c2c4" and last.parent.parent is controller.node_at_ply(1)
    assert _ucis(controller.node_at_ply(1).variations) == ["d7d5", "g8f6"]
    assert controller.live_ply() == 2
    assert controller.tree_editor.add_variation(root, moves) is last  # nothing added twice
    with pytest.raises(ValueError):
        controller.tree_editor.add_variation(root, [chess.Move.from_uci("e2e5")])
    # Autosave follows: the saved unfinished game has the variation.
    saved = AutosaveStore(tmp_path).load()
    assert saved is not None and "( 1... Nf6 2. c4 )" in str(saved.game())


# ---------------------------------------------------------------------- navigation


def test_keys_move_along_the_line_and_choose_among_variations(window: MainWindow) -> None:
    window.flows.game_loaded.emit(
        chess.pgn.read_game(io.StringIO("1. e4 e5 (1... c5 2. Nf3 d6) (1... e6 2. d4) 2. Nf3 Nc6 *"))
    )
    navigator = window.navigator
    navigator.go_to(2)  # after 1...e5
    QTest.keyClick(window, Qt.Key.Key_Down)
    assert navigator.shown_node().move.uci() == "c7c5"
    QTest.keyClick(window, Qt.Key.Key_Down)
    assert navigator.shown_node().move.uci() == "e7e6"
    QTest.keyClick(window, Qt.Key.Key_Down)  # the last alternative: stays
    assert navigator.shown_node().move.uci() == "e7e6"
    QTest.keyClick(window, Qt.Key.Key_Up)
    QTest.keyClick(window, Qt.Key.Key_Right)
    QTest.keyClick(window, Qt.Key.Key_Right)
    assert (
        navigator.shown_board().fen()
        == chess.Board("rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3").fen()
    )
    assert window.board_widget.position().fen() == navigator.shown_board().fen()
    # Left, Left, Right: back into the same variation, not the main line.
    QTest.keyClick(window, Qt.Key.Key_Left)
    QTest.keyClick(window, Qt.Key.Key_Left)
    QTest.keyClick(window, Qt.Key.Key_Left)
    assert navigator.view_ply() == 1
    QTest.keyClick(window, Qt.Key.Key_Right)
    assert navigator.shown_node().move.uci() == "c7c5"
    QTest.keyClick(window, Qt.Key.Key_End)
    assert navigator.is_live() and navigator.view_ply() == 4


# ---------------------------------------------------------------------- the view


NESTED = (
    '[Event "?"]\n\n{ A game comment } 1. e4 e5 2. Nf3 $1 { the best } '
    "(2. f4 exf4 (2... d5 3. exd5 $5) 3. Nf3 $2) (2. Bc4 $4) 2... Nc6 $10 3. Bb5 $146 *"
)


def test_the_log_shows_the_tree_in_book_style(qtbot) -> None:
    panel = MoveLogPanel()
    qtbot.addWidget(panel)
    game = chess.pgn.read_game(io.StringIO(NESTED))
    panel.set_game(game)
    assert panel.plain_text().split("\n") == [
        "A game comment 1. e4 e5 2. Nf3! the best",
        "(2. f4 exf4",
        "(2... d5 3. exd5!?)",
        "3. Nf3?)",
        "(2. Bc4??)",
        "2... Nc6 = 3. Bb5 N",
    ]
    html = panel.browser().toHtml()
    assert "font-style:italic" in html and "font-weight" in html
    # Variations are indented by depth.
    document = panel.browser().document()
    margins = [document.findBlockByNumber(i).blockFormat().leftMargin() for i in range(document.blockCount())]
    assert margins[0] == 0 and margins[1] > 0 and margins[2] > margins[1] and margins[5] == 0


def test_the_shown_move_is_highlighted_and_buttons_follow(qtbot) -> None:
    panel = MoveLogPanel()
    qtbot.addWidget(panel)
    game = chess.pgn.read_game(io.StringIO(NESTED))
    panel.set_game(game)
    variation = game.next().next().variations[1]
    panel.set_current_node(variation)
    html = panel.browser().toHtml()
    assert html.count("background-color") == 1
    first, back, forward, last = panel.navigation_buttons()
    assert first.isEnabled() and back.isEnabled() and forward.isEnabled() and last.isEnabled()
    with qtbot.waitSignal(panel.navigation_requested) as blocker:
        forward.click()
    assert blocker.args == ["forward"]
    panel.set_current_node(game.end())
    assert not forward.isEnabled() and not last.isEnabled()


def test_context_menu_requests_the_edits(qtbot) -> None:
    panel = MoveLogPanel()
    qtbot.addWidget(panel)
    game = chess.pgn.read_game(io.StringIO(NESTED))
    panel.set_game(game)
    bc4 = game.next().next().variations[2]
    menu = panel.context_menu(bc4)
    actions = {action.text(): action for action in menu.actions() if action.text()}
    assert actions["Make main line"].isEnabled() and actions["Promote variation"].isEnabled()
    for text, signal in (
        ("Promote variation", panel.promote_requested),
        ("Make main line", panel.make_main_line_requested),
        ("Delete from here", panel.delete_requested),
        ("Add comment…", panel.comment_requested),
        ("Continue the game from here…", panel.continue_requested),
    ):
        with qtbot.waitSignal(signal) as blocker:
            actions[text].trigger()
        assert blocker.args == [bc4]
    nag_actions = {action.text(): action for action in actions["Annotation symbol"].menu().actions()}
    assert nag_actions["??  ($4)"].isChecked()
    with qtbot.waitSignal(panel.nags_requested) as blocker:
        nag_actions["!  ($1)"].trigger()
    assert blocker.args == [bc4, frozenset({1})]
    with qtbot.waitSignal(panel.nags_requested) as blocker:
        nag_actions["??  ($4)"].trigger()  # checked: unchecking removes it
    assert blocker.args == [bc4, frozenset()]
    main = panel.context_menu(game.next())
    assert not {a.text(): a for a in main.actions()}["Make main line"].isEnabled()
