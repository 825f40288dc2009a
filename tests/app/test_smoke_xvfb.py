"""Real-window smoke test: the app starts on an X display, shows its window, and quits cleanly.

Runs the app as a subprocess on Xvfb (a virtual X server), so the real platform
plugin, fonts and window system are used — not the offscreen plugin of the other tests.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

NEEDED = ("Xvfb", "xdotool", "import")
missing = [tool for tool in NEEDED if shutil.which(tool) is None]
pytestmark = pytest.mark.skipif(
    bool(missing), reason=f"needs {', '.join(missing)} (apt-get install xvfb xdotool imagemagick)"
)


def _wait_for(predicate, timeout: float, interval: float = 0.2):  # noqa: ANN001, ANN202
    # Polling an external process (the X server, the app) has no Qt signal to wait on.
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    return None


@pytest.fixture
def xvfb_display():
    read_fd, write_fd = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x900x24", "-nolisten", "tcp"],
        pass_fds=(write_fd,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        number = pipe.readline().strip()
    if not number:
        server.kill()
        pytest.skip("Xvfb did not start")
    yield f":{number}"
    server.terminate()
    server.wait(timeout=10)


def _app_env(display: str, home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("QT_QPA_PLATFORM", None)  # use the real X11 platform plugin
    env.pop("CHESSGUI_TEST_MODE", None)
    env.update(
        DISPLAY=display,
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / "config"),
        XDG_DATA_HOME=str(home / "data"),
        XDG_CACHE_HOME=str(home / "cache"),
    )
    return env


def _find_window(env: dict[str, str]) -> str | None:
    found = subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--name", "^Chess"], env=env, capture_output=True, text=True
    )
    ids = found.stdout.split()
    return ids[0] if ids else None


def _wait_for_window(app: subprocess.Popen[str], env: dict[str, str]) -> str:
    window_id = _wait_for(lambda: _find_window(env) or app.poll() is not None, timeout=60)
    if app.poll() is not None:
        output = app.stdout.read() if app.stdout else ""
        if 'platform plugin "xcb"' in output:
            pytest.skip("Qt's xcb platform plugin cannot load here (missing libxcb-* libraries)")
        pytest.fail(f"the app exited before showing its window:\n{output}")
    assert isinstance(window_id, str), "the main window did not appear within 60 s"
    return window_id


def _quit(window_id: str, env: dict[str, str]) -> None:
    # Xvfb has no window manager: give the window the keyboard focus ourselves, then
    # quit with the Quit shortcut as a user would (events sent with --window are ignored by Qt).
    subprocess.run(["xdotool", "windowfocus", "--sync", window_id], env=env, check=False, timeout=10)
    subprocess.run(["xdotool", "key", "ctrl+q"], env=env, check=True, timeout=10)


def test_app_opens_a_window_takes_a_screenshot_and_quits(xvfb_display: str, tmp_path: Path) -> None:
    env = _app_env(xvfb_display, tmp_path)
    app = subprocess.Popen(
        [sys.executable, "-m", "chessgui"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        window_id = _wait_for_window(app, env)
        shot = tmp_path / "smoke.png"

        def painted_screenshot() -> bool:
            # The window is mapped a moment before Qt paints it: retake until it shows something
            # (an empty black screen compresses to a few hundred bytes; the board to ~100 kB).
            subprocess.run(["import", "-window", "root", str(shot)], env=env, check=True, timeout=30)
            return shot.stat().st_size > 10_000

        assert _wait_for(painted_screenshot, timeout=30, interval=0.5), "the window never painted"
        _quit(window_id, env)
        exit_code = app.wait(timeout=20)
    finally:
        if app.poll() is None:
            app.kill()
    output = app.stdout.read() if app.stdout else ""
    assert exit_code == 0, output
    assert "Traceback" not in output, output
    assert "QThread: Destroyed" not in output, output


def test_quitting_while_both_engines_think_exits_promptly(xvfb_display: str, tmp_path: Path) -> None:
    env = _app_env(xvfb_display, tmp_path)
    app = subprocess.Popen(
        [sys.executable, "-m", "chessgui", "--white", "computer", "--black", "computer"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        window_id = _wait_for_window(app, env)
        # Wait until the engines are really searching: the game has started moving.
        assert _wait_for(lambda: app.poll() is None and _status_has_moves(tmp_path), timeout=240), (
            "the computer never moved"
        )
        started = time.monotonic()
        _quit(window_id, env)
        exit_code = app.wait(timeout=20)
        elapsed = time.monotonic() - started
    finally:
        if app.poll() is None:
            app.kill()
    output = app.stdout.read() if app.stdout else ""
    assert exit_code == 0, output
    assert "QThread: Destroyed" not in output, output
    assert "Traceback" not in output, output
    # The target is 1 s; the margin covers xdotool and a loaded CI machine.
    assert elapsed < 5.0, f"quitting took {elapsed:.1f} s"


def _status_has_moves(home: Path) -> bool:
    """True once the autosave holds at least one move (the engines are playing)."""
    for pgn in home.glob("data/**/current.pgn"):
        text = pgn.read_text(encoding="utf-8", errors="replace")
        if "1. " in text:
            return True
    return False


def _autosave_has(home: Path, text: str) -> bool:
    """True once the autosave holds ``text``."""
    return any(text in pgn.read_text(encoding="utf-8", errors="replace") for pgn in home.glob("data/**/current.pgn"))


def test_window_destroyed_by_the_window_system_ends_the_app(xvfb_display: str, tmp_path: Path) -> None:
    # ``xdotool windowclose`` destroys the X window behind Qt's back (no close event):
    # the app must not go on headless, playing and autosaving; it closes as usual.
    env = _app_env(xvfb_display, tmp_path)
    # A position file starts a live game (a PGN file would only be viewed, and viewed games are not autosaved).
    fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    game = tmp_path / "unfinished.fen"
    game.write_text(fen + "\n", encoding="utf-8")
    app = subprocess.Popen(
        [sys.executable, "-m", "chessgui", str(game)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        window_id = _wait_for_window(app, env)
        assert _wait_for(lambda: _autosave_has(tmp_path, fen), timeout=30), "the game was not started"
        started = time.monotonic()
        subprocess.run(["xdotool", "windowclose", window_id], env=env, check=True, timeout=10)
        try:
            exit_code = app.wait(timeout=20)
        except subprocess.TimeoutExpired:
            pytest.fail("the app kept running after its window was destroyed")
        elapsed = time.monotonic() - started
    finally:
        if app.poll() is None:
            app.kill()
    output = app.stdout.read() if app.stdout else ""
    assert exit_code == 0, output
    assert "Traceback" not in output, output
    assert "QThread: Destroyed" not in output, output
    assert elapsed < 5.0, f"ending took {elapsed:.1f} s"  # the target is 1 s; margin for a loaded machine
    # The normal close path ran: the final autosave keeps the unfinished game for next time.
    saved = [p.read_text(encoding="utf-8") for p in tmp_path.glob("data/**/current.pgn")]
    assert saved and fen in saved[0]
