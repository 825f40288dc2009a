"""Computer players: built-in engine and external UCI engines behind the Player interface."""

from __future__ import annotations

import os
import sys
import time
from dataclasses import replace

import chess
import pytest

from chessgui.clock.chess_clock import ClockState
from chessgui.engines.info import EngineInfo
from chessgui.engines.players import BuiltinEnginePlayer, UciEnginePlayer, create_player, uci_limit_from
from chessgui.game.players import GoRequest, HumanPlayer
from chessgui.storage.book import BookSettings
from chessgui.storage.settings import PlayerKind, PlayerSettings

# These tests are about searching; the opening book (on by default) would answer instead.
NO_BOOK = BookSettings(enabled=False)


BUILTIN_DEPTH_2 = PlayerSettings(book=NO_BOOK, kind=PlayerKind.BUILTIN, depth=2)


def _uci(command: str, players: list, **kwargs) -> UciEnginePlayer:
    player = UciEnginePlayer(
        PlayerSettings(book=NO_BOOK, kind=PlayerKind.UCI, uci_path=command, move_time_ms=100, **kwargs),
        start_timeout_s=5.0,
    )
    players.append(player)
    return player


def test_builtin_player_answers_go_with_legal_move(qtbot, players, fake_searcher) -> None:
    player = players.builtin(BUILTIN_DEPTH_2, fake_searcher())
    qtbot.waitUntil(player.is_ready, timeout=5000)
    infos: list[EngineInfo] = []
    player.search_info.connect(infos.append)
    request = GoRequest(3, chess.STARTING_FEN, ("e2e4",))
    with qtbot.waitSignal(player.move_made, timeout=5000) as blocker:
        player.go(request)
    assert blocker.args[0] == 3
    assert chess.Move.from_uci(blocker.args[1]) in request.board().legal_moves
    qtbot.waitUntil(lambda: len(infos) >= 2, timeout=5000)
    assert infos[0].color == chess.BLACK
    # The fake scores +10 cp for the side to move (Black): White's view is -0.10.
    assert infos[0].format_score() == "-0.10"
    assert not player.is_thinking()


def test_builtin_player_never_answers_a_stopped_request(qtbot, players, fake_searcher) -> None:
    searcher = fake_searcher(blocking=True)
    player = players.builtin(BUILTIN_DEPTH_2, searcher)
    answers: list[tuple[int, str]] = []
    player.move_made.connect(lambda rid, uci: answers.append((rid, uci)))
    player.go(GoRequest(1, chess.STARTING_FEN, ()))
    qtbot.waitUntil(searcher.started.is_set, timeout=5000)
    player.stop()
    searcher.blocking = False
    with qtbot.waitSignal(player.move_made, timeout=5000) as blocker:
        player.go(GoRequest(2, chess.STARTING_FEN, ("d2d4",)))
    assert blocker.args[0] == 2
    assert [rid for rid, _ in answers] == [2]


def test_builtin_player_limits_from_settings_and_clock(qtbot, players, fake_searcher) -> None:
    searcher = fake_searcher()
    player = players.builtin(
        PlayerSettings(book=NO_BOOK, kind=PlayerKind.BUILTIN, move_time_ms=700, depth=None), searcher
    )
    with qtbot.waitSignal(player.move_made, timeout=5000):
        player.go(GoRequest(1, chess.STARTING_FEN, ()))
    clock = ClockState(white_ms=60_000, black_ms=50_000, white_increment_ms=1000, black_increment_ms=2000)
    with qtbot.waitSignal(player.move_made, timeout=5000):
        player.go(GoRequest(2, chess.STARTING_FEN, (), clock))
    first, second = searcher.searches[0][2], searcher.searches[1][2]
    assert first.movetime_ms == 700 and first.wtime_ms is None
    assert (second.wtime_ms, second.btime_ms, second.winc_ms, second.binc_ms) == (60_000, 50_000, 1000, 2000)
    assert second.movetime_ms is None


def test_builtin_player_charges_the_engine_from_when_the_request_was_sent(qtbot, players, fake_searcher) -> None:
    # The GUI's clock runs from the request (thinking_started); the engine's budget must
    # count from the same moment, not from when its worker thread got round to it.
    searcher = fake_searcher()
    player = players.builtin(PlayerSettings(book=NO_BOOK, kind=PlayerKind.BUILTIN, depth=None), searcher)
    qtbot.waitUntil(player.is_ready, timeout=5000)
    clock = ClockState(white_ms=1000, black_ms=1000)
    before = time.monotonic()
    with qtbot.waitSignal(player.move_made, timeout=5000):
        player.go(GoRequest(1, chess.STARTING_FEN, (), clock))
        after = time.monotonic()
    limit = searcher.searches[0][2]
    assert limit.started_at is not None and before <= limit.started_at <= after


def test_builtin_player_searches_with_its_sides_threads(qtbot, players, fake_searcher) -> None:
    searcher = fake_searcher()
    settings = PlayerSettings(book=NO_BOOK, kind=PlayerKind.BUILTIN, depth=2, threads=2)
    player = players.builtin(settings, searcher)
    with qtbot.waitSignal(player.move_made, timeout=5000):
        player.go(GoRequest(1, chess.STARTING_FEN, ()))
    assert searcher.threads_per_search == [2]
    assert player.apply_settings(replace(settings, threads=3))  # the same engine, more threads
    with qtbot.waitSignal(player.move_made, timeout=5000):
        player.go(GoRequest(2, chess.STARTING_FEN, ("e2e4",)))
    assert searcher.threads_per_search == [2, 3]


def test_uci_limit_from_settings() -> None:
    limit = uci_limit_from(PlayerSettings(book=NO_BOOK, kind=PlayerKind.UCI, move_time_ms=1500), None)
    assert limit.time == 1.5
    clock = ClockState(white_ms=30_000, black_ms=20_000, white_increment_ms=500, black_increment_ms=0)
    limit = uci_limit_from(PlayerSettings(kind=PlayerKind.UCI), clock)
    assert (limit.white_clock, limit.black_clock, limit.white_inc, limit.time) == (30.0, 20.0, 0.5, None)


def test_create_player_by_kind(qtbot, players) -> None:
    human = create_player(PlayerSettings(kind=PlayerKind.HUMAN), chess.WHITE)
    assert isinstance(human, HumanPlayer) and human.is_human()
    uci = create_player(PlayerSettings(book=NO_BOOK, kind=PlayerKind.UCI, uci_path="/nonexistent/engine"), chess.BLACK)
    players.append(uci)
    assert isinstance(uci, UciEnginePlayer) and not uci.is_human()


def test_uci_player_plays_a_legal_move_and_reports_infos(qtbot, players, fake_engine) -> None:
    player = _uci(fake_engine("good"), players, uci_options=(("Skill Level", "3"),))
    with qtbot.waitSignal(player.ready_changed, timeout=10_000):
        pass
    assert player.name == "FakeEngine good"
    infos: list[EngineInfo] = []
    player.search_info.connect(infos.append)
    request = GoRequest(5, chess.STARTING_FEN, ("e2e4", "e7e5"))
    with qtbot.waitSignal(player.move_made, timeout=10_000) as blocker:
        player.go(request)
    assert blocker.args[0] == 5
    assert chess.Move.from_uci(blocker.args[1]) in request.board().legal_moves
    assert infos and infos[0].score_white_cp == 12 and infos[0].pv_san
    options = {option.name: option for option in player.description().options}
    assert options["Skill Level"].max == 20 and options["Style"].choices == ("Normal", "Wild")


def test_uci_engine_that_exits_immediately_fails_clearly(qtbot, players, fake_engine) -> None:
    player = _uci(fake_engine("exit"), players)
    with qtbot.waitSignal(player.failed, timeout=10_000) as blocker:
        player.go(GoRequest(1, chess.STARTING_FEN, ()))
    assert blocker.args[0] == 1
    assert "exited at once" in blocker.args[1]
    assert not player.is_ready()


def test_missing_engine_program_fails_clearly(qtbot, players) -> None:
    player = _uci("/nonexistent/dir/stockfish", players)
    with qtbot.waitSignal(player.failed, timeout=10_000) as blocker:
        player.go(GoRequest(1, chess.STARTING_FEN, ()))
    assert "does not exist" in blocker.args[1]


@pytest.mark.parametrize(
    ("mode", "words"),
    [
        ("garbage", "did not answer as a UCI chess engine"),
        ("badmove", "not a valid reply"),
        ("illegal", "not a valid reply"),
        ("crash", "stopped unexpectedly"),
    ],
)
def test_misbehaving_uci_engine_yields_failed(qtbot, players, fake_engine, mode, words) -> None:
    player = _uci(fake_engine(mode), players)
    if mode == "garbage":
        player._worker._start_timeout_s = 1.0  # keep the handshake timeout short in this test
    moves: list[str] = []
    player.move_made.connect(lambda rid, uci: moves.append(uci))
    with qtbot.waitSignal(player.failed, timeout=15_000) as blocker:
        player.go(GoRequest(9, chess.STARTING_FEN, ()))
    assert blocker.args[0] == 9
    assert words in blocker.args[1], blocker.args[1]
    assert moves == []


def test_uci_engine_restarts_after_crash(qtbot, players, fake_engine) -> None:
    player = _uci(fake_engine("crash_second"), players)
    with qtbot.waitSignal(player.move_made, timeout=10_000):
        player.go(GoRequest(1, chess.STARTING_FEN, ()))
    with qtbot.waitSignal(player.failed, timeout=10_000):
        player.go(GoRequest(2, chess.STARTING_FEN, ("e2e4", "e7e5")))
    # The game goes on: a new request starts the engine again (and it plays from move 1).
    with qtbot.waitSignal(player.move_made, timeout=10_000) as blocker:
        player.go(GoRequest(3, chess.STARTING_FEN, ("e2e4",)))
    assert blocker.args[0] == 3


def test_a_uci_engine_that_dies_while_getting_ready_is_said_to_have_stopped(qtbot, players, fake_engine) -> None:
    # A kill during start-up (seen as a race in the engine-fault soak) reached the user as
    # python-chess's own words: "could not be configured: engine event loop dead".
    player = _uci(fake_engine("die_at_isready"), players)
    with qtbot.waitSignal(player.failed, timeout=15_000) as blocker:
        player.go(GoRequest(5, chess.STARTING_FEN, ()))
    assert blocker.args[0] == 5
    message = blocker.args[1]
    assert "stopped unexpectedly" in message, message
    assert "event loop" not in message and "configured" not in message, message


def test_hung_uci_engine_is_stopped_by_the_watchdog(qtbot, players, fake_engine) -> None:
    player = UciEnginePlayer(
        PlayerSettings(book=NO_BOOK, kind=PlayerKind.UCI, uci_path=fake_engine("hang"), move_time_ms=100),
        start_timeout_s=5.0,
        watchdog_grace_ms=300,
    )
    players.append(player)
    qtbot.waitUntil(player.is_ready, timeout=10_000)
    with qtbot.waitSignal(player.failed, timeout=10_000) as blocker:
        player.go(GoRequest(4, chess.STARTING_FEN, ()))
    assert blocker.args[0] == 4
    assert "did not answer" in blocker.args[1] and "was stopped" in blocker.args[1]


def test_uci_player_stop_drops_the_answer(qtbot, players, fake_engine) -> None:
    player = _uci(fake_engine("hang"), players)
    qtbot.waitUntil(player.is_ready, timeout=10_000)
    failures: list[str] = []
    player.failed.connect(lambda rid, message: failures.append(message))
    player.go(GoRequest(1, chess.STARTING_FEN, ()))
    player.stop()
    assert not player.is_thinking()
    player.shutdown()
    players.remove(player)
    assert failures == []


def test_builtin_player_with_real_engine_answers_legal_move(qtbot, players) -> None:
    player = BuiltinEnginePlayer(
        PlayerSettings(book=NO_BOOK, kind=PlayerKind.BUILTIN, move_time_ms=0, depth=3, hash_mb=8)
    )
    players.append(player)
    qtbot.waitUntil(player.is_ready, timeout=120_000)  # a cold Numba compile on a fresh checkout
    infos: list[EngineInfo] = []
    player.search_info.connect(infos.append)
    request = GoRequest(1, chess.STARTING_FEN, ("e2e4", "e7e5", "g1f3"))
    with qtbot.waitSignal(player.move_made, timeout=60_000) as blocker:
        player.go(request)
    assert chess.Move.from_uci(blocker.args[1]) in request.board().legal_moves
    assert infos and infos[-1].depth == 3 and infos[-1].color == chess.BLACK and infos[-1].pv_san


def test_uci_player_with_our_engine_subprocess(qtbot, players) -> None:
    player = UciEnginePlayer(
        PlayerSettings(
            book=NO_BOOK, kind=PlayerKind.UCI, uci_path=f"{sys.executable} -m engine", move_time_ms=200, hash_mb=8
        ),
        start_timeout_s=60.0,
    )
    players.append(player)
    request = GoRequest(1, chess.STARTING_FEN, ("d2d4",))
    with qtbot.waitSignal(player.move_made, timeout=120_000) as blocker:
        player.go(request)
    assert chess.Move.from_uci(blocker.args[1]) in request.board().legal_moves
    assert player.is_ready()


def test_uci_player_shutdown_leaves_no_engine_process(qtbot, players, fake_engine) -> None:
    player = _uci(fake_engine("hang"), players)
    qtbot.waitUntil(player.is_ready, timeout=10_000)
    pid = player._worker._engine.transport.get_pid()
    player.go(GoRequest(1, chess.STARTING_FEN, ()))
    player.shutdown()
    players.remove(player)

    def process_gone() -> bool:
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            pass  # already reaped by asyncio's child watcher
        try:
            with open(f"/proc/{pid}/status") as status:
                return "zombie" in status.read()
        except (FileNotFoundError, ProcessLookupError):
            # Gone before the open, or between the open and the read (ESRCH).
            return True

    qtbot.waitUntil(process_gone, timeout=5000)


def test_a_uci_engine_is_ready_only_once_it_answered_isready(qtbot, players, fake_engine, tmp_path) -> None:
    # Our engine (and others) load their code after the handshake; the clock must not run
    # for an engine that cannot think yet, so "ready" waits for its readyok.
    marker = tmp_path / "answered-isready"
    player = _uci(f"{fake_engine('slow_ready')} {marker}", players)
    qtbot.waitUntil(player.is_ready, timeout=10_000)
    assert marker.exists()


def test_a_uci_engine_slower_to_get_ready_than_its_start_timeout_is_waited_for(
    qtbot, players, fake_engine, tmp_path
) -> None:
    # A cold JIT compile under load outlasts the handshake's timeout: the engine was then
    # called ready, its clock ran and the watchdog killed it mid-compile, again and again
    # (soak, games 91-96). Getting ready has its own, longer limit.
    marker = tmp_path / "answered-isready"
    # Ready 6 s after the handshake, whose timeout is 3 s; 1 s of grace once it thinks.
    settings = PlayerSettings(book=NO_BOOK, kind=PlayerKind.UCI, uci_path=f"{fake_engine('slow_ready')} {marker} 6")
    player = UciEnginePlayer(settings, start_timeout_s=3.0, watchdog_grace_ms=1000)
    players.append(player)
    clock = ClockState(white_ms=100, black_ms=100)
    with qtbot.waitSignal(player.move_made, timeout=20_000) as blocker:
        player.go(GoRequest(1, chess.STARTING_FEN, (), clock))  # asked before it is ready
    assert marker.exists() and player.is_ready()
    assert chess.Move.from_uci(blocker.args[1]) in chess.Board().legal_moves  # not killed by the watchdog


@pytest.mark.parametrize(
    ("options", "level"),
    [
        ((("UCI_LimitStrength", "true"), ("UCI_Elo", "1500")), 1500),
        ((("uci_limitstrength", "True"), ("UCI_Elo", " 2000 ")), 2000),
        ((("UCI_LimitStrength", "false"), ("UCI_Elo", "1500")), None),
        ((("UCI_Elo", "1500"),), None),
        ((("UCI_LimitStrength", "true"), ("UCI_Elo", "lots")), None),
    ],
)
def test_a_uci_engine_s_level_is_its_uci_elo_when_limited(players, options, level) -> None:
    assert _uci("/nonexistent/engine", players, uci_options=options).level_elo() == level
