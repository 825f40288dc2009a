"""GameClock: the clock follows the GameController (moves, takeback, pause, flag, load)."""

from __future__ import annotations

import io

import chess
import chess.pgn
import pytest

from chessgui.clock.chess_clock import ChessClock, ClockRunState
from chessgui.clock.game_clock import GameClock
from chessgui.clock.time_control import UNTIMED, TimeControl
from chessgui.game.controller import GameController
from chessgui.game.players import HumanPlayer
from chessgui.game.result import GameResult, Termination


@pytest.fixture
def setup(qtbot, fake_time) -> tuple[GameController, ChessClock, GameClock]:
    controller = GameController()
    clock = ChessClock(time_source=fake_time, tick_interval_ms=0)
    game_clock = GameClock(controller, clock, TimeControl.parse("3+2"))
    return controller, clock, game_clock


def play(controller: GameController, fake_time, *moves: tuple[str, float]) -> None:
    """Play (san, seconds thought) pairs through the human players."""
    for san, seconds in moves:
        fake_time.now += seconds
        board = controller.board()
        player = controller.player(board.turn)
        assert isinstance(player, HumanPlayer)
        player.on_move_requested(board.parse_san(san))


def test_clock_starts_after_the_first_move_and_adds_increments(setup, fake_time) -> None:
    controller, clock, _ = setup
    assert clock.state() == ClockRunState.IDLE
    play(controller, fake_time, ("e4", 30.0))
    assert clock.remaining_ms(chess.WHITE) == 180_000  # move one is free (and earns nothing)
    assert clock.running_color() == chess.BLACK
    play(controller, fake_time, ("e5", 4.0), ("Nf3", 10.0))
    assert clock.remaining_ms(chess.BLACK) == 180_000 - 4_000 + 2_000
    assert clock.remaining_ms(chess.WHITE) == 180_000 - 10_000 + 2_000


def test_moves_record_clk_comments(setup, fake_time) -> None:
    controller, _, _ = setup
    play(controller, fake_time, ("e4", 1.0), ("e5", 4.0), ("Nf3", 10.0))
    clocks = [node.clock() for node in controller.game().mainline()]
    assert clocks == [180.0, 178.0, 172.0]
    assert "[%clk 0:02:58]" in str(controller.game())
    assert controller.game().headers["TimeControl"] == "180+2"


def test_takeback_restores_times(setup, fake_time) -> None:
    controller, clock, _ = setup
    play(controller, fake_time, ("e4", 1.0), ("e5", 4.0), ("Nf3", 10.0), ("Nc6", 20.0))
    fake_time.now += 30.0
    controller.takeback()  # human vs human: one ply
    assert clock.remaining_ms(chess.BLACK) == 178_000
    assert clock.remaining_ms(chess.WHITE) == 172_000
    assert clock.running_color() == chess.BLACK
    controller.takeback()
    assert clock.remaining_ms(chess.WHITE) == 180_000
    assert clock.running_color() == chess.WHITE


def test_takeback_to_the_start_waits_for_the_first_move_again(setup, fake_time) -> None:
    controller, clock, _ = setup
    play(controller, fake_time, ("e4", 1.0), ("e5", 4.0))
    controller.takeback()
    controller.takeback()
    assert controller.live_ply() == 0
    assert clock.state() == ClockRunState.IDLE  # the first move is free again
    fake_time.now += 30.0
    assert clock.remaining_ms(chess.WHITE) == 180_000 and clock.remaining_ms(chess.BLACK) == 180_000
    play(controller, fake_time, ("d4", 5.0))
    assert clock.remaining_ms(chess.WHITE) == 180_000 and clock.running_color() == chess.BLACK


def test_pause_holds_the_clock(setup, fake_time, scripted_player) -> None:
    controller, clock, _ = setup
    controller.set_players(HumanPlayer(), scripted_player())  # pausing is for games with a computer
    play(controller, fake_time, ("e4", 1.0))
    controller.pause()
    fake_time.now += 100.0
    assert clock.is_paused()
    assert clock.remaining_ms(chess.BLACK) == 180_000
    controller.resume()
    fake_time.now += 1.0
    assert clock.remaining_ms(chess.BLACK) == 179_000


def test_flag_fall_ends_the_game_on_time(setup, fake_time, qtbot) -> None:
    controller, clock, _ = setup
    play(controller, fake_time, ("e4", 1.0))
    fake_time.now += 181.0
    with qtbot.waitSignal(controller.game_over) as blocker:
        clock.check_flag()  # what the tick timer does
    result = blocker.args[0]
    assert result.result == "1-0"
    assert result.describe() == "Black lost on time"
    assert controller.game().headers["Termination"] == "time forfeit"
    assert clock.state() == ClockRunState.STOPPED


def test_takeback_after_flag_fall_continues_the_game(setup, fake_time) -> None:
    controller, clock, _ = setup
    play(controller, fake_time, ("e4", 1.0), ("e5", 1.0))
    fake_time.now += 200.0
    clock.check_flag()
    assert controller.is_game_over()
    controller.takeback()
    assert not controller.is_game_over()
    assert clock.flagged_color() is None
    assert clock.running_color() == chess.BLACK
    assert clock.remaining_ms(chess.BLACK) == 180_000


def test_game_over_stops_the_clock(setup, fake_time) -> None:
    controller, clock, _ = setup
    play(controller, fake_time, ("f3", 1.0), ("e5", 1.0), ("g4", 1.0), ("Qh4#", 5.0))
    assert controller.is_game_over()
    assert clock.state() == ClockRunState.STOPPED
    black_left = clock.remaining_ms(chess.BLACK)
    fake_time.now += 50.0
    assert clock.remaining_ms(chess.BLACK) == black_left


def test_engines_get_the_clock(qtbot, fake_time, scripted_player) -> None:
    controller = GameController()
    clock = ChessClock(time_source=fake_time, tick_interval_ms=0)
    GameClock(controller, clock, TimeControl.parse("5+3 / 3+2"))
    engine = scripted_player()
    controller.set_players(HumanPlayer(), engine)
    fake_time.now += 2.0
    controller.player(chess.WHITE).on_move_requested(chess.Move.from_uci("e2e4"))
    clock_state = engine.requests[-1].clock
    assert clock_state is not None
    assert (clock_state.white_ms, clock_state.black_ms) == (300_000, 180_000)
    assert (clock_state.white_increment_ms, clock_state.black_increment_ms) == (3_000, 2_000)


def test_untimed_games_give_engines_no_clock(qtbot, fake_time, scripted_player) -> None:
    controller = GameController()
    clock = ChessClock(time_source=fake_time, tick_interval_ms=0)
    GameClock(controller, clock, UNTIMED)
    engine = scripted_player()
    controller.set_players(engine, HumanPlayer())
    assert engine.requests[-1].clock is None
    assert not clock.is_running()


def test_set_time_control_applies_before_the_first_move(setup, fake_time) -> None:
    controller, clock, game_clock = setup
    game_clock.set_time_control(TimeControl.parse("1+0"))
    assert clock.remaining_ms(chess.WHITE) == 60_000
    play(controller, fake_time, ("e4", 1.0))
    game_clock.set_time_control(TimeControl.parse("10+0"))
    assert clock.remaining_ms(chess.WHITE) == 60_000  # the game in progress keeps its control
    controller.new_game()
    assert clock.remaining_ms(chess.WHITE) == 600_000


def test_loaded_game_continues_from_recorded_clocks(setup, fake_time) -> None:
    controller, clock, _ = setup
    pgn = '[TimeControl "300+3"]\n\n1. e4 { [%clk 0:05:02] } e5 { [%clk 0:04:40] } 2. Nf3 { [%clk 0:04:50] } *'
    controller.load_game(chess.pgn.read_game(io.StringIO(pgn)))
    assert clock.time_control() == TimeControl.parse("5+3")
    assert clock.remaining_ms(chess.WHITE) == 290_000
    assert clock.remaining_ms(chess.BLACK) == 280_000
    assert clock.running_color() == chess.BLACK
    controller.takeback()
    assert clock.remaining_ms(chess.WHITE) == 302_000


def test_flag_game_result_maps_to_game_result() -> None:
    draw = GameResult.on_time(chess.Board("4k3/8/8/8/8/2n5/8/3QK3 w - - 0 50"), chess.WHITE)
    assert draw.result == "1/2-1/2"
    assert draw.termination == Termination.TIMEOUT_VS_INSUFFICIENT
    assert draw.describe() == "Draw: White ran out of time, but Black cannot checkmate"
    loss = GameResult.on_time(chess.Board(), chess.BLACK)
    assert loss.result == "1-0" and loss.termination == Termination.TIME_FORFEIT


def test_move_after_the_flag_fell_loses_on_time(setup, fake_time, qtbot) -> None:
    controller, clock, _ = setup
    play(controller, fake_time, ("e4", 1.0), ("e5", 1.0))
    with qtbot.waitSignal(controller.game_over) as blocker:
        play(controller, fake_time, ("Nf3", 181.0))  # arrives before the tick noticed the flag
    assert blocker.args[0].describe() == "White lost on time"
    assert clock.flagged_color() == chess.WHITE


def test_fixed_time_per_move_gives_engines_no_clock(qtbot, fake_time, scripted_player) -> None:
    from chessgui.clock.time_control import EngineTimeMode

    controller = GameController()
    clock = ChessClock(time_source=fake_time, tick_interval_ms=0)
    game_clock = GameClock(controller, clock, TimeControl.parse("1+0"))
    game_clock.set_engine_time_mode(EngineTimeMode.FIXED_PER_MOVE)
    engine = scripted_player()
    controller.set_players(HumanPlayer(), engine)
    controller.player(chess.WHITE).on_move_requested(chess.Move.from_uci("e2e4"))
    assert engine.requests[-1].clock is None
    assert clock.running_color() == chess.BLACK  # the clock still runs


def test_time_control_header_follows_the_control_until_the_first_move(setup, fake_time) -> None:
    controller, _, game_clock = setup
    assert controller.game().headers["TimeControl"] == "180+2"
    game_clock.set_time_control(TimeControl.parse("1+0"))
    assert controller.game().headers["TimeControl"] == "60+0"
    game_clock.set_time_control(UNTIMED)
    assert "TimeControl" not in controller.game().headers


def test_watching_delay_before_a_computer_move_is_not_charged(qtbot, fake_time, scripted_player) -> None:
    controller = GameController()
    clock = ChessClock(time_source=fake_time, tick_interval_ms=0)
    GameClock(controller, clock, TimeControl.parse("1+0"))
    white, black = scripted_player(), scripted_player()
    controller.turns.set_min_move_delay_ms(20)
    controller.set_players(white, black)  # the watching delay is for computer vs computer
    white.move_made.emit(white.requests[-1].request_id, "e2e4")
    fake_time.now += 10.0  # the GUI waits before asking the engine
    assert clock.running_color() is None
    with qtbot.waitSignal(controller.thinking_started):
        pass
    assert black.requests[-1].clock.black_ms == 60_000
    assert clock.running_color() == chess.BLACK
    fake_time.now += 3.0  # the engine thinks: that is charged
    black.move_made.emit(black.requests[-1].request_id, "e7e5")
    assert clock.remaining_ms(chess.BLACK) == 57_000
    assert clock.running_color() is None  # White's clock waits out the watching delay too


def test_autosave_snapshot_restores_the_unfinished_move_time(setup, fake_time) -> None:
    from chessgui.clock.chess_clock import ClockSnapshot

    controller, clock, game_clock = setup
    play(controller, fake_time, ("e4", 1.0), ("e5", 4.0))
    fake_time.now += 25.0  # White thinks, then the app is closed
    saved_pgn = str(controller.game())
    saved_clock = game_clock.snapshot().to_setting()

    controller.new_game()
    controller.load_game(chess.pgn.read_game(io.StringIO(saved_pgn)))
    game_clock.restore(ClockSnapshot.from_setting(saved_clock))
    assert clock.remaining_ms(chess.WHITE) == 155_000
    assert clock.remaining_ms(chess.BLACK) == 178_000
    assert clock.running_color() == chess.WHITE
    controller.takeback()  # the snapshots of earlier plies came from the [%clk] comments
    assert clock.remaining_ms(chess.BLACK) == 180_000


def test_engine_reply_after_its_flag_fell_is_not_recorded(qtbot, fake_time, scripted_player) -> None:
    """Soak bug: the late move (here even a mate) stayed in the record of a game lost on time."""
    controller = GameController()
    clock = ChessClock(time_source=fake_time, tick_interval_ms=0)
    GameClock(controller, clock, TimeControl.parse("1+0"))
    white, black = scripted_player("White engine"), scripted_player("Black engine")
    controller.set_players(white, black)
    for uci, seconds in (("f2f3", 1.0), ("e7e5", 1.0), ("g2g4", 1.0)):
        fake_time.now += seconds
        player = white if controller.board().turn == chess.WHITE else black
        player.answer(uci)
    request = black.requests[-1]
    stops_before = black.stopped
    fake_time.now += 60.0  # Black's minute runs out before its answer arrives (between two ticks)
    with qtbot.waitSignal(controller.game_over) as blocker:
        black.answer("d8h4", request)  # Qh4# would be mate, but it came too late
    result = blocker.args[0]
    assert result.describe() == "Black lost on time"
    assert result.result == "1-0"
    assert [move.uci() for move in controller.board().move_stack] == ["f2f3", "e7e5", "g2g4"]
    assert [node.move.uci() for node in controller.game().mainline()] == ["f2f3", "e7e5", "g2g4"]
    assert controller.game().headers["Termination"] == "time forfeit"
    assert controller.game().headers["Result"] == "1-0"
    assert black.stopped > stops_before  # the request was cancelled
    black.answer("d8h4", request)  # a second copy of the reply is dropped too
    assert len(controller.board().move_stack) == 3


def test_engine_reply_after_the_tick_saw_the_flag_is_dropped(qtbot, fake_time, scripted_player) -> None:
    controller = GameController()
    clock = ChessClock(time_source=fake_time, tick_interval_ms=0)
    GameClock(controller, clock, TimeControl.parse("1+0"))
    white, black = scripted_player(), scripted_player()
    controller.set_players(white, black)
    fake_time.now += 1.0
    white.answer("e2e4")
    request = black.requests[-1]
    fake_time.now += 61.0
    with qtbot.waitSignal(controller.game_over):
        clock.check_flag()  # the tick timer notices first
    assert black.stopped >= 1
    black.answer("e7e5", request)
    assert [move.uci() for move in controller.board().move_stack] == ["e2e4"]
    assert controller.result().describe() == "Black lost on time"


def test_human_move_after_the_flag_fell_is_not_recorded(setup, fake_time, qtbot) -> None:
    controller, _, _ = setup
    play(controller, fake_time, ("e4", 1.0), ("e5", 1.0))
    with qtbot.waitSignal(controller.game_over):
        play(controller, fake_time, ("Nf3", 181.0))
    assert [node.san() for node in controller.game().mainline()] == ["e4", "e5"]
    assert controller.board().fullmove_number == 2 and controller.board().turn == chess.WHITE


def test_a_book_comment_keeps_the_moves_clock(setup, fake_time) -> None:
    """Kill test bug: "book" replaced the whole comment, so book moves lost their [%clk] in the autosave."""
    controller, _, _ = setup
    play(controller, fake_time, ("e4", 1.0), ("e5", 4.0))
    controller.tree_editor.set_move_comment(2, "book")
    node = controller.node_at_ply(2)
    assert node.clock() == 178.0
    assert "book" in node.comment


def test_a_clock_snapshot_one_move_older_than_the_game_is_not_restored(setup, fake_time) -> None:
    """The autosave writes the game, then the sidecar: a kill in between leaves the clock one move old."""
    from chessgui.clock.chess_clock import ClockSnapshot

    controller, clock, game_clock = setup
    play(controller, fake_time, ("e4", 1.0))
    stale = game_clock.snapshot().to_setting()  # Black to move
    play(controller, fake_time, ("e5", 4.0))
    saved_pgn = str(controller.game())

    controller.load_game(chess.pgn.read_game(io.StringIO(saved_pgn)))
    game_clock.restore(ClockSnapshot.from_setting(stale))
    assert clock.to_move() == chess.WHITE
    assert clock.remaining_ms(chess.BLACK) == 178_000  # from the game's [%clk], not the stale 180 s
    assert clock.remaining_ms(chess.WHITE) == 180_000


def test_an_engine_still_starting_up_is_not_charged_until_it_is_ready(qtbot, fake_time, scripted_player) -> None:
    # A UCI engine starts (process, handshake, its own warm-up) when the game begins; at a
    # bullet control that alone can flag it. Its time runs once it is ready, as the
    # built-in engine's does once compiled.
    class StartingEngine(scripted_player):
        def __init__(self) -> None:
            super().__init__("Starting engine")
            self.ready = False

        def is_ready(self) -> bool:
            return self.ready

        def become_ready(self) -> None:
            self.ready = True
            self.ready_changed.emit(True)

    controller = GameController()
    clock = ChessClock(time_source=fake_time, tick_interval_ms=0)
    GameClock(controller, clock, TimeControl.parse("3+2"))
    engine = StartingEngine()
    controller.set_players(HumanPlayer(), engine)
    fake_time.now += 1.0
    controller.player(chess.WHITE).on_move_requested(chess.Move.from_uci("e2e4"))
    assert engine.requests  # asked at once: it answers as soon as it can
    fake_time.now += 10.0  # still starting
    assert clock.remaining_ms(chess.BLACK) == 180_000
    engine.become_ready()
    fake_time.now += 4.0
    engine.answer("e7e5")
    assert clock.remaining_ms(chess.BLACK) == 180_000 - 4_000 + 2_000
    assert clock.running_color() == chess.WHITE
