"""External engine faults, injected again and again through the real GameController.

For each fault (killed mid-search, exits at start, prints garbage, stops answering,
answers an illegal move) a game against the faulty UCI engine must: report a clear
message, keep the game exactly as it was, carry on with another engine, and leave no
engine process and no extra thread behind. The default suite repeats each fault twice;
``-m slow`` repeats it 20 times (the issue's count).
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import chess
import pytest

from chessgui.engines.players import UciEnginePlayer
from chessgui.game.controller import GameController
from chessgui.game.players import HumanPlayer
from chessgui.storage.book import BookSettings
from chessgui.storage.settings import PlayerKind, PlayerSettings

NO_BOOK = BookSettings(enabled=False)
KILL_WATCHDOG_GRACE_MS = 60_000
START_TIMEOUT_S = 30.0
"""Handshake timeout of the engines whose fault is not the handshake: a Python fake engine once
took over 1 s to start with both cores busy (a calibration run; "did not answer as a UCI chess
engine within 1 s" instead of the illegal move's message)."""
GARBAGE_START_TIMEOUT_S = 1.0
"""The garbage engine never completes the handshake: its timeout is what reports it."""
FAULTS = {
    "killed": "stopped unexpectedly",
    "exit": "exited at once",
    "garbage": "did not answer as a UCI chess engine",
    "hang": "did not answer",
    "illegal": "not a valid reply",
}


def _children() -> set[int]:
    pids: set[int] = set()
    for task in Path("/proc/self/task").iterdir():
        try:
            pids.update(int(pid) for pid in (task / "children").read_text().split())
        except (FileNotFoundError, ProcessLookupError):  # the thread ended while we looked
            pass
    return pids


def _thread_count() -> int:
    return len(list(Path("/proc/self/task").iterdir()))


def _alive(pid: int) -> bool:
    try:
        os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:
        pass
    try:
        return "zombie" not in Path(f"/proc/{pid}/status").read_text()
    except (FileNotFoundError, ProcessLookupError):  # gone between the wait and the read (ESRCH)
        return False


def _player(command: str, watchdog_grace_ms: int = 300, start_timeout_s: float = START_TIMEOUT_S) -> UciEnginePlayer:
    settings = PlayerSettings(book=NO_BOOK, kind=PlayerKind.UCI, uci_path=command, move_time_ms=50)
    player = UciEnginePlayer(settings, start_timeout_s=start_timeout_s, watchdog_grace_ms=watchdog_grace_ms)
    player._worker._start_timeout_s = start_timeout_s  # noqa: SLF001
    return player


def _inject(qtbot, fake_engine, fault: str) -> None:
    before_children = _children()
    before_threads = _thread_count()
    controller = GameController()
    failures: list[str] = []
    controller.player_failed.connect(failures.append)
    good = _player(fake_engine("good"))
    mode = "hang" if fault == "killed" else fault
    # The kill must land before the watchdog, which is not what this case tests: its grace runs
    # from the moment the engine is ready, and 5 s was once not enough on a loaded machine (the
    # whole-suite loop, load ~5: "did not answer within 5 s" instead of the kill's message).
    bad = _player(
        fake_engine(mode),
        watchdog_grace_ms=KILL_WATCHDOG_GRACE_MS if fault == "killed" else 300,
        start_timeout_s=GARBAGE_START_TIMEOUT_S if fault == "garbage" else START_TIMEOUT_S,
    )
    controller.new_game()
    # The good engine plays White's first move; the faulty one is asked for Black's.
    with qtbot.waitSignal(controller.player_failed, timeout=KILL_WATCHDOG_GRACE_MS + 20_000):
        controller.set_players(good, bad)
        if fault == "killed":
            qtbot.waitUntil(lambda: controller.live_ply() == 1 and bad.is_thinking(), timeout=10_000)
            # Killed mid-search: only once the engine was sent "go" (its request is running). A kill
            # between start-up and "go" is a different case: the worker starts a dead engine afresh
            # once, and this fake one then hangs until the watchdog (a CI run met that race).
            qtbot.waitUntil(lambda: bad._worker._requests.current() is not None, timeout=10_000)  # noqa: SLF001
            os.kill(bad._worker._engine.transport.get_pid(), signal.SIGKILL)  # noqa: SLF001
    assert len(failures) == 1, failures
    assert FAULTS[fault] in failures[0], failures[0]
    assert "paused" in failures[0]
    # The game is intact: White's one move, Black to move, no result.
    assert [m.uci() for m in controller.board().move_stack] == [controller.board().move_stack[0].uci()]
    assert controller.board().turn == chess.BLACK and controller.result() is None
    # ... and goes on with another engine.
    other = _player(fake_engine("good"))
    with qtbot.waitSignal(controller.move_made, timeout=20_000):
        controller.set_players(good, other)  # shuts the faulty engine down
    assert controller.live_ply() >= 2
    controller.set_players(HumanPlayer(), HumanPlayer())  # shuts the rest down
    qtbot.waitUntil(lambda: not any(_alive(pid) for pid in _children() - before_children), timeout=10_000)
    # OS threads (QThreads show up in Python's threading only as never-removed "Dummy" entries).
    qtbot.waitUntil(lambda: _thread_count() <= before_threads, timeout=10_000)


@pytest.mark.parametrize("fault", sorted(FAULTS))
@pytest.mark.parametrize("round_", range(2))
def test_engine_fault_is_reported_and_the_game_goes_on(qtbot, fake_engine, fault: str, round_: int) -> None:
    _inject(qtbot, fake_engine, fault)


@pytest.mark.slow
@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_engine_fault_twenty_times_in_a_row(qtbot, fake_engine, fault: str) -> None:
    for _ in range(20):
        _inject(qtbot, fake_engine, fault)


def test_engine_whose_connection_is_cancelled_gets_a_message_in_words(qtbot, fake_engine, monkeypatch) -> None:
    # Found by the 20-in-a-row kill run: a kill -9 mid-search can surface as a bare
    # CancelledError, whose text is empty; the message read "stopped answering: ".
    import concurrent.futures

    import chess.engine

    from chessgui.game.players import GoRequest

    def cancelled(*args: object, **kwargs: object) -> None:
        raise concurrent.futures.CancelledError()

    player = _player(fake_engine("good"))
    qtbot.waitUntil(player.is_ready, timeout=10_000)
    monkeypatch.setattr(chess.engine.SimpleEngine, "analysis", cancelled)
    try:
        with qtbot.waitSignal(player.failed, timeout=10_000) as blocker:
            player.go(GoRequest(1, chess.STARTING_FEN, ()))
    finally:
        player.shutdown()
    message = blocker.args[1]
    assert "stopped unexpectedly" in message and not message.rstrip().endswith(":"), message
