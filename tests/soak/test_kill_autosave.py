"""The app killed with ``kill -9`` mid-game: the autosave holds a prefix of the game and restores exactly.

Starts the real app (``python -m chessgui --white computer --black computer``) as a
subprocess on the offscreen platform with a temporary HOME and a timed control, lets
the two computers play, watches the autosave while they do, kills the process at a
random moment, then checks the files and resumes them in a new window.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import chess
import pytest

from chessgui.clock.chess_clock import ClockSnapshot
from chessgui.clock.time_control import TimeControl
from chessgui.main_window import MainWindow
from chessgui.storage.autosave import AutosaveStore
from chessgui.storage.pgn.write import game_to_pgn
from tests.app_process import app_env

TIME_CONTROL = TimeControl.parse("1+1")
REPO_ROOT = Path(__file__).resolve().parents[2]


def _write_settings(home: Path) -> None:
    config = home / "config" / "chessgui"
    config.mkdir(parents=True)
    (config / "chessgui.conf").write_text(
        f"[play]\ntime_control={TIME_CONTROL.to_setting()}\nmin_move_delay_ms=0\n", encoding="utf-8"
    )


def _moves(store: AutosaveStore) -> list[str] | None:
    # Each file is replaced whole (write, then rename), so a read sees one complete version.
    try:
        text = store.pgn_path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    from chessgui.storage.pgn.read import read_pgn_string

    games = read_pgn_string(text).games
    assert games, f"an autosave read while the game ran is not a game:\n{text}"
    return [move.uci() for move in games[0].game.mainline_moves()]


def _run_and_kill(home: Path, rng: random.Random) -> tuple[AutosaveStore, list[list[str]]]:
    """Start the app, watch its autosave, kill -9 it at a random moment; returns what was seen."""
    _write_settings(home)
    store = AutosaveStore(home / "data" / "chessgui" / "chessgui" / "autosave")
    app = subprocess.Popen(
        [sys.executable, "-m", "chessgui", "--white", "computer", "--black", "computer"],
        cwd=REPO_ROOT,
        env=app_env(home),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    seen: list[list[str]] = []
    try:
        # Polling a separate process's files: there is no Qt signal to wait on.
        deadline = time.monotonic() + 60
        while not store.pgn_path.exists():
            assert app.poll() is None, f"the app exited: {app.stderr.read() if app.stderr else ''}"
            assert time.monotonic() < deadline, "no autosave within 60 s"
            time.sleep(0.02)
        kill_at = time.monotonic() + rng.uniform(0.0, 2.5)
        while time.monotonic() < kill_at:
            moves = _moves(store)
            if moves is not None:
                seen.append(moves)
            time.sleep(rng.uniform(0.005, 0.05))
        assert app.poll() is None, f"the app exited: {app.stderr.read() if app.stderr else ''}"
        app.send_signal(signal.SIGKILL)
        app.wait(timeout=20)
    finally:
        if app.poll() is None:
            app.kill()
            app.wait(timeout=20)
        if app.stderr:
            app.stderr.close()
    return store, seen


def _check_kill(qtbot, home: Path, rng: random.Random) -> int:  # noqa: ANN001
    store, seen = _run_and_kill(home, rng)
    snapshot = store.load()
    assert snapshot is not None, "the killed game was not kept for resuming"
    assert not snapshot.problems, snapshot.problems
    game = snapshot.game()
    assert not game.errors
    moves = [move.uci() for move in game.mainline_moves()]
    for earlier in seen:
        assert moves[: len(earlier)] == earlier, "the saved game is not a continuation of what was saved before"
    board = game.board()
    for node in game.mainline():
        assert node.clock() is not None, f"move {node.san()} has no [%clk]"
        board.push(node.move)  # legal, or python-chess would have reported an error
    assert game.headers["White"] == game.headers["Black"] == "Built-in engine"
    assert game.headers["TimeControl"] == TIME_CONTROL.to_pgn_header()
    saved_clock = ClockSnapshot.from_setting(snapshot.extra["clock"])
    assert saved_clock.time_control == TIME_CONTROL
    # The sidecar is written after the game: a kill in between leaves it one move old.
    sidecar_current = saved_clock.to_move == board.turn

    # A restart: a new window on the same folder resumes the game.
    window = MainWindow(autosave_store=AutosaveStore(store.directory))
    qtbot.addWidget(window)
    assert window.offer_resume(lambda _question: True)
    restored = window.controller.game()
    assert game_to_pgn(restored) == game_to_pgn(game)
    assert [move.uci() for move in window.controller.board().move_stack] == moves
    clock = window.game_clock.snapshot()
    assert clock.time_control == TIME_CONTROL
    assert clock.to_move == board.turn
    if sidecar_current:
        # Exact, including the part of the move already thought about; the side to move's time
        # runs again from the resume on, so it may be a few milliseconds lower by now.
        waiting = not board.turn
        assert clock.remaining_ms(waiting) == saved_clock.remaining_ms(waiting)
        assert 0 <= saved_clock.remaining_ms(board.turn) - clock.remaining_ms(board.turn) < 2000
    else:
        last_clock = {color: None for color in chess.COLORS}
        replay = game.board()
        for node in game.mainline():
            last_clock[replay.turn] = node.clock()
            replay.push(node.move)
        for color in chess.COLORS:
            if last_clock[color] is not None:
                expected = round(last_clock[color] * 1000)
                if color == board.turn:  # running again since the resume
                    assert 0 <= expected - clock.remaining_ms(color) < 2000
                else:
                    assert clock.remaining_ms(color) == expected
    window.close()
    return len(moves)


def _kill_rounds(qtbot, tmp_path: Path, rounds: int, seed: int) -> list[int]:  # noqa: ANN001
    rng = random.Random(seed)
    return [_check_kill(qtbot, tmp_path / f"home{index}", rng) for index in range(rounds)]


def test_app_killed_mid_game_resumes_its_autosave(qtbot, tmp_path: Path) -> None:
    plies = _kill_rounds(qtbot, tmp_path, rounds=4, seed=1)
    assert all(count >= 1 for count in plies)


@pytest.mark.slow
def test_app_killed_fifty_times_resumes_its_autosave(qtbot, tmp_path: Path) -> None:
    seed = int(os.environ.get("KILL_SEED", "2"))
    plies = _kill_rounds(qtbot, tmp_path, rounds=int(os.environ.get("KILL_ROUNDS", "50")), seed=seed)
    print(f"kills: {len(plies)}, plies saved per kill: min {min(plies)}, max {max(plies)}, all {plies}")
