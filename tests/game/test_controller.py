"""GameController: legality, game end by the rules, claims, takeback, stale replies."""

from __future__ import annotations

import chess
import pytest

from chessgui.game.controller import GameController
from chessgui.game.players import HumanPlayer
from chessgui.game.result import GameResult, Termination


def play(controller: GameController, *sans: str) -> None:
    """Play moves through the human players, as the board widget would."""
    for san in sans:
        board = controller.board()
        move = board.parse_san(san)
        player = controller.player(board.turn)
        assert isinstance(player, HumanPlayer) and player.is_waiting()
        player.on_move_requested(move)


@pytest.fixture
def controller(qtbot) -> GameController:
    return GameController()


def test_scholars_mate_ends_one_nil_by_checkmate(controller: GameController, qtbot) -> None:
    with qtbot.waitSignal(controller.game_over) as blocker:
        play(controller, "e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#")
    result: GameResult = blocker.args[0]
    assert result.result == "1-0"
    assert result.termination == Termination.CHECKMATE
    assert result.describe() == "White wins by checkmate"
    assert controller.game().headers["Result"] == "1-0"
    assert controller.is_game_over()


def test_move_made_carries_san_and_position_changes(controller: GameController, qtbot) -> None:
    with qtbot.waitSignal(controller.move_made) as blocker:
        play(controller, "Nf3")
    move, san = blocker.args
    assert move == chess.Move.from_uci("g1f3") and san == "Nf3"
    assert controller.board().fen().startswith("rnbqkbnr/pppppppp/8/8/8/5N2/")


def test_illegal_request_changes_nothing(controller: GameController, qtbot) -> None:
    white = controller.player(chess.WHITE)
    assert isinstance(white, HumanPlayer)
    with qtbot.assertNotEmitted(controller.move_made):
        white.on_move_requested(chess.Move.from_uci("e2e5"))
    assert controller.live_ply() == 0
    assert white.is_waiting()  # still asked for a move


def test_stalemate(controller: GameController, qtbot) -> None:
    controller.new_game("7k/8/4Q3/8/8/8/8/6K1 w - - 0 1")
    with qtbot.waitSignal(controller.game_over) as blocker:
        play(controller, "Qg6")  # covers g8, g7 and h7 without giving check
    result = blocker.args[0]
    assert result.termination == Termination.STALEMATE
    assert result.result == "1/2-1/2"
    assert result.describe() == "Draw by stalemate"


def test_king_and_bishop_against_king_is_drawn_at_once(controller: GameController, qtbot) -> None:
    controller.new_game("8/8/8/4k3/8/8/3r4/3BK3 w - - 0 1")
    with qtbot.waitSignal(controller.game_over) as blocker:
        play(controller, "Kxd2")  # leaves king and bishop against a bare king
    assert blocker.args[0].termination == Termination.INSUFFICIENT_MATERIAL


def test_fivefold_repetition_ends_the_game(controller: GameController, qtbot) -> None:
    shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"]
    with qtbot.waitSignal(controller.game_over) as blocker:
        play(controller, *(shuffle * 4))
    assert blocker.args[0].termination == Termination.FIVEFOLD_REPETITION
    assert controller.live_ply() == 16


def test_threefold_is_claimable_and_the_claim_draws(controller: GameController, qtbot) -> None:
    shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"]
    play(controller, *shuffle[:3])
    assert not controller.ending.can_claim_draw()
    play(controller, shuffle[3], *shuffle)
    assert controller.ending.can_claim_draw()
    assert not controller.is_game_over()
    with qtbot.waitSignal(controller.game_over) as blocker:
        assert controller.ending.claim_draw()
    result = blocker.args[0]
    assert result.result == "1/2-1/2"
    assert result.termination == Termination.THREEFOLD_REPETITION
    assert result.describe() == "Draw by threefold repetition"


def test_fifty_move_rule_claim(controller: GameController, qtbot) -> None:
    controller.new_game("8/8/4k3/8/8/4K3/4R3/8 w - - 98 80")
    assert not controller.ending.can_claim_draw()
    play(controller, "Ra2")
    assert controller.ending.can_claim_draw()
    assert controller.ending.claim_draw()
    assert controller.result().termination == Termination.FIFTY_MOVES


def test_resign(controller: GameController, qtbot) -> None:
    play(controller, "e4")
    with qtbot.waitSignal(controller.game_over) as blocker:
        controller.ending.resign(chess.BLACK)
    assert blocker.args[0].result == "1-0"
    assert blocker.args[0].describe() == "Black resigned: White wins"


def test_takeback_between_humans_removes_one_move(controller: GameController, qtbot) -> None:
    play(controller, "e4", "e5")
    with qtbot.waitSignal(controller.move_taken_back):
        assert controller.takeback()
    assert controller.live_ply() == 1
    assert [m.uci() for m in controller.game().mainline_moves()] == ["e2e4"]
    play(controller, "c5")
    assert controller.board().peek() == chess.Move.from_uci("c7c5")


def test_takeback_against_computer_returns_the_turn_to_the_human(
    controller: GameController, qtbot, scripted_player
) -> None:
    engine = scripted_player()
    controller.set_players(HumanPlayer("You"), engine)
    play(controller, "e4")
    engine.answer("e7e5")
    assert controller.live_ply() == 2
    controller.takeback()
    assert controller.live_ply() == 0
    assert controller.is_waiting_for_human()


def test_stale_reply_after_new_game_is_ignored(controller: GameController, qtbot, scripted_player) -> None:
    engine = scripted_player()
    controller.set_players(engine, HumanPlayer("You"))
    old_request = engine.requests[-1]
    controller.new_game()
    assert engine.stopped >= 1
    with qtbot.assertNotEmitted(controller.move_made):
        engine.answer("e2e4", old_request)
    assert controller.live_ply() == 0
    engine.answer("d2d4")
    assert controller.live_ply() == 1


def test_illegal_engine_move_pauses_with_a_message(controller: GameController, qtbot, scripted_player) -> None:
    engine = scripted_player("Broken engine")
    controller.set_players(engine, HumanPlayer("You"))
    with qtbot.waitSignal(controller.player_failed) as blocker:
        engine.answer("e2e5")
    assert "illegal move" in blocker.args[0]
    assert controller.live_ply() == 0
    assert controller.is_paused()


def test_input_enabled_only_for_humans(controller: GameController, qtbot, scripted_player) -> None:
    engine = scripted_player()
    with qtbot.waitSignal(controller.human_input_enabled) as blocker:
        controller.set_players(HumanPlayer("You"), engine)
    assert blocker.args == [True]
    with qtbot.waitSignal(controller.human_input_enabled) as blocker:
        play(controller, "e4")
    assert blocker.args == [False]


def test_pause_and_step_between_computers(controller: GameController, qtbot, scripted_player) -> None:
    white, black = scripted_player("W"), scripted_player("B")
    controller.set_players(white, black)
    controller.pause()
    white.answer("e2e4")  # the request was cancelled by the pause
    assert controller.live_ply() == 0
    controller.step()
    white.answer("e2e4")
    assert controller.live_ply() == 1
    assert len(black.requests) == 0  # paused again after one step
    controller.resume()
    black.answer("e7e5")
    assert controller.live_ply() == 2


def test_loaded_finished_game_is_shown_not_continued(controller: GameController, qtbot) -> None:
    import io

    import chess.pgn

    game = chess.pgn.read_game(io.StringIO('[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n'))
    with qtbot.waitSignal(controller.game_over) as blocker:
        controller.load_game(game)
    assert blocker.args[0].termination == Termination.CHECKMATE
    assert controller.live_ply() == 4


def test_eval_and_clock_annotations_are_stored(controller: GameController) -> None:
    import chess.engine

    play(controller, "e4")
    controller.tree_editor.set_move_eval(1, chess.engine.PovScore(chess.engine.Cp(34), chess.WHITE), depth=12)
    controller.tree_editor.set_move_clock(1, 178.5)
    text = str(controller.game())
    assert "[%eval 0.34,12]" in text and "[%clk 0:02:58" in text


def test_new_players_after_a_failure_carry_on(controller: GameController, qtbot, scripted_player) -> None:
    broken = scripted_player("Broken engine")
    controller.set_players(HumanPlayer("You"), broken)
    play(controller, "e4")
    with qtbot.waitSignal(controller.player_failed) as blocker:
        broken.failed.emit(broken.requests[-1].request_id, "Broken engine stopped answering.")
    assert "stopped answering" in blocker.args[0]
    assert controller.is_paused() and controller.live_ply() == 1
    replacement = scripted_player("Replacement")
    controller.set_players(controller.player(chess.WHITE), replacement)
    assert not controller.is_paused()
    replacement.answer("e7e5")
    assert controller.live_ply() == 2


def test_clock_annotations_are_whole_seconds_or_tenths_under_ten(controller: GameController) -> None:
    play(controller, "e4", "e5")
    controller.tree_editor.set_move_clock(1, 303.456)
    controller.tree_editor.set_move_clock(2, 7.349)
    text = str(controller.game())
    assert "[%clk 0:05:03]" in text
    assert "[%clk 0:00:07.3]" in text


def test_games_played_here_are_dated_today(controller: GameController) -> None:
    import datetime

    today = datetime.date.today().strftime("%Y.%m.%d")
    assert controller.game().headers["Date"] == today
    controller.new_game("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    assert controller.game().headers["Date"] == today


def test_recorded_result_is_said_once_plainly() -> None:
    assert GameResult(None, Termination.RECORDED).describe() == "Draw"
    assert GameResult(chess.WHITE, Termination.RECORDED).describe() == "White won"
    assert GameResult(chess.BLACK, Termination.RECORDED).describe() == "Black won"


LOADED = """[Event "Club final"]
[Date "2021.12.03"]
[White "Carlsen"]
[Black "Nepo"]
[Result "*"]

1. e4 e5 2. Nf3 { the main move } (2. f4 exf4) 2... Nc6 3. Bb5 *
"""


def _loaded_game() -> chess.pgn.Game:
    import io

    return chess.pgn.read_game(io.StringIO(LOADED))


def test_viewed_game_asks_nobody_to_move_and_keeps_its_tags(controller: GameController, qtbot, scripted_player) -> None:
    engine = scripted_player("Built-in engine")
    controller.set_players(HumanPlayer("You"), engine)
    inputs: list[bool] = []
    controller.human_input_enabled.connect(inputs.append)
    controller.view_game(_loaded_game())  # Black to move: the engine's side
    assert controller.is_viewing() and controller.live_ply() == 5
    assert engine.requests == [] and inputs[-1] is False and not controller.is_waiting_for_human()
    headers = controller.game().headers
    assert (headers["White"], headers["Black"], headers["Date"]) == ("Carlsen", "Nepo", "2021.12.03")
    # New players (settings changed while viewing) are not asked either, and the tags stay.
    other = scripted_player("Other engine")
    controller.set_players(other, scripted_player("Third"))
    assert other.requests == [] and controller.game().headers["White"] == "Carlsen"
    assert not controller.takeback() and controller.live_ply() == 5
    controller.ending.resign(chess.WHITE)
    assert controller.result() is None


def test_play_from_a_viewed_position_keeps_the_rest_as_a_variation(
    controller: GameController, qtbot, scripted_player
) -> None:
    engine = scripted_player("Built-in engine")
    controller.set_players(HumanPlayer("You"), engine)
    game = _loaded_game()
    controller.view_game(game)
    controller.play_from(3)  # after 1. e4 e5 2. Nf3: Black (the engine) to move
    assert not controller.is_viewing() and controller.live_ply() == 3
    assert len(engine.requests) == 1 and engine.requests[-1].moves == ("e2e4", "e7e5", "g1f3")
    headers = controller.game().headers
    assert (headers["White"], headers["Black"], headers["Event"]) == ("You", "Built-in engine", "Club final")
    engine.answer("g8f6")
    node = controller.node_at_ply(3)
    assert [v.move.uci() for v in node.variations] == ["g8f6", "b8c6"]  # 2... Nc6 3. Bb5 kept
    assert node.comment == "the main move"
    assert controller.takeback() and controller.live_ply() == 2  # ordinary play: back to the human's move
    # The engine's reply is gone; the loaded moves are not.
    assert [v.move.uci() for v in controller.node_at_ply(2).variations] == ["g1f3", "f2f4"]
    assert [v.move.uci() for v in controller.node_at_ply(2).variations[0].variations] == ["b8c6"]
    play(controller, "Nf3")  # a loaded move: followed, not duplicated
    engine.answer("b8c6")
    assert [v.move.uci() for v in controller.node_at_ply(2).variations] == ["g1f3", "f2f4"]
    assert controller.node_at_ply(3).comment == "the main move"
    assert controller.node_at_ply(4).variations[0].move.uci() == "f1b5"


# ---------------------------------------------------------------- state belongs to its game


def test_a_pause_does_not_carry_over_into_a_new_game(controller: GameController, qtbot, scripted_player) -> None:
    white, black = scripted_player("W"), scripted_player("B")
    controller.set_players(white, black)
    controller.pause()
    engine = scripted_player("Engine")
    controller.set_players(HumanPlayer("You"), engine)
    with qtbot.waitSignal(controller.paused_changed) as blocker:
        controller.new_game()
    assert blocker.args == [False]
    assert not controller.is_paused()
    play(controller, "e4")
    assert len(engine.requests) == 1  # Black replies: the old game's pause is gone
    engine.answer("e7e5")
    assert controller.live_ply() == 2


@pytest.mark.parametrize("start", ["fen", "load"])
def test_loading_a_game_or_position_starts_unpaused(controller: GameController, start: str, scripted_player) -> None:
    import chess.pgn

    white, black = scripted_player("W"), scripted_player("B")
    controller.set_players(white, black)
    controller.pause()
    controller.step()  # a step allowance must not leak either
    if start == "fen":
        controller.new_game("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
    else:
        controller.load_game(chess.pgn.Game())
    assert not controller.is_paused()
    white.answer("e2e4")
    black.answer("e7e5" if start == "load" else "e8d8")
    assert controller.live_ply() == 2  # both sides play on: no pause, no one-step limit


def test_pause_needs_a_computer_in_the_game(controller: GameController, scripted_player) -> None:
    assert not controller.has_computer_player()
    controller.pause()
    assert not controller.is_paused()  # two humans: nothing to pause
    controller.set_players(scripted_player("W"), scripted_player("B"))
    assert controller.has_computer_player()
    controller.pause()
    assert controller.is_paused()
    controller.set_players(HumanPlayer("A"), HumanPlayer("B"))
    assert not controller.is_paused()  # the pause went with the computers


def test_watching_delay_does_not_slow_replies_to_a_human(controller: GameController, scripted_player) -> None:
    engine = scripted_player()
    controller.set_players(HumanPlayer("You"), engine)
    controller.turns.set_min_move_delay_ms(5_000)
    play(controller, "e4")
    assert len(engine.requests) == 1  # asked at once, not 5 s later


def test_watching_delay_applies_between_two_computers(controller: GameController, qtbot, scripted_player) -> None:
    white, black = scripted_player("W"), scripted_player("B")
    controller.set_players(white, black)
    controller.turns.set_min_move_delay_ms(50)
    white.answer("e2e4")
    assert black.requests == []  # held for the watching delay
    qtbot.waitUntil(lambda: len(black.requests) == 1, timeout=2_000)


def test_delayed_move_timer_of_the_old_game_never_fires_into_the_new_one(
    controller: GameController, qtbot, scripted_player
) -> None:
    white, black = scripted_player("W"), scripted_player("B")
    controller.set_players(white, black)
    controller.turns.set_min_move_delay_ms(50)
    white.answer("e2e4")  # Black's request is scheduled 50 ms later
    controller.new_game()
    with qtbot.assertNotEmitted(controller.thinking_started, wait=200):
        pass
    assert black.requests == []  # the old game's scheduled request was cancelled
    assert [request.moves for request in white.requests] == [(), ()]  # White starts the new game


def test_stale_reply_after_a_takeback_is_ignored(controller: GameController, qtbot, scripted_player) -> None:
    engine = scripted_player()
    controller.set_players(HumanPlayer("You"), engine)
    play(controller, "e4")
    thinking_about_e4 = engine.requests[-1]
    controller.takeback()  # while the engine thinks: only e4 goes
    with qtbot.assertNotEmitted(controller.move_made):
        engine.answer("e7e5", thinking_about_e4)
    assert controller.live_ply() == 0 and controller.is_waiting_for_human()


def test_go_request_boards_of_a_growing_game_are_right_and_independent() -> None:
    # GoRequest.board() runs on every move of a bullet game, in the GUI thread while the
    # engine's clock runs: a game's next request replays only the moves added since.
    import random

    from chessgui.game.players import GoRequest

    rng = random.Random(5)
    full = chess.Board()
    while full.ply() < 160 and not full.is_game_over():
        full.push(rng.choice(list(full.legal_moves)))
    moves = tuple(move.uci() for move in full.move_stack)
    n = 0
    while n <= len(moves):
        expected = chess.Board()
        for uci in moves[:n]:
            expected.push_uci(uci)
        board = GoRequest(n, chess.STARTING_FEN, moves[:n]).board()
        assert board == expected and board.move_stack == expected.move_stack
        board.push(next(iter(board.legal_moves), chess.Move.null()))  # the caller's to change ...
        again = GoRequest(n, chess.STARTING_FEN, moves[:n]).board()
        assert again == expected and again.move_stack == expected.move_stack  # ... without touching the next one
        n += rng.choice((1, 2, 2, -3)) if n > 3 else 1
    other = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert (
        GoRequest(1, other, ("e1g1",)).board().fen()
        == "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R4RK1 b kq - 1 1"
    )
    with pytest.raises(ValueError):
        GoRequest(2, chess.STARTING_FEN, moves[:4] + ("e1e3",)).board()
