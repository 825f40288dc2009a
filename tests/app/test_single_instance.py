"""One window per autosave folder: a second start hands its request over instead of saving over the first."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from chessgui.single_instance import InstanceGuard, OpenRequest, hand_over
from tests.app_process import app_env

SECOND_START = """
import sys
from pathlib import Path
from PySide6.QtCore import QCoreApplication
from chessgui.single_instance import OpenRequest, hand_over
app = QCoreApplication([])
print(hand_over(Path(sys.argv[1]), OpenRequest(file=sys.argv[2], fen=None)), flush=True)
"""

HOLDER = """
import sys
from pathlib import Path
from PySide6.QtCore import QCoreApplication
from chessgui.single_instance import InstanceGuard
app = QCoreApplication([])
guard = InstanceGuard.claim(Path(sys.argv[1]))
print("claimed" if guard is not None else "refused", flush=True)
sys.stdin.readline()  # hold the lock until killed
"""


def _python(script: str, *args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.Popen(
        [sys.executable, "-c", script, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def test_a_second_claim_is_refused_until_the_first_is_released(qapp, tmp_path: Path) -> None:
    first = InstanceGuard.claim(tmp_path)
    assert first is not None
    assert InstanceGuard.claim(tmp_path) is None
    first.release()
    again = InstanceGuard.claim(tmp_path)
    assert again is not None
    again.release()


def test_a_second_start_hands_its_file_to_the_first_window(qtbot, tmp_path: Path) -> None:
    guard = InstanceGuard.claim(tmp_path)
    assert guard is not None
    with qtbot.waitSignal(guard.open_requested, timeout=30_000) as blocker:
        second = _python(SECOND_START, str(tmp_path), "/games/mine.pgn")
    out, err = second.communicate(timeout=30)
    assert out.strip() == "True", err
    assert blocker.args == [OpenRequest(file="/games/mine.pgn", fen=None)]
    guard.release()


def test_with_no_window_answering_the_hand_over_fails_at_once(qapp, tmp_path: Path) -> None:
    assert not hand_over(tmp_path, OpenRequest(), timeout_ms=500)


def test_the_lock_of_a_killed_program_is_taken_over(qapp, tmp_path: Path) -> None:
    holder = _python(HOLDER, str(tmp_path))
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "claimed"
    assert InstanceGuard.claim(tmp_path) is None  # held by a running program
    holder.send_signal(signal.SIGKILL)
    holder.communicate(timeout=30)
    guard = InstanceGuard.claim(tmp_path)  # its process is gone: the lock is stale
    assert guard is not None
    guard.release()


@given(st.binary(max_size=200))
def test_any_line_reads_as_a_request(line: bytes) -> None:
    request = OpenRequest.from_line(line)
    assert request.file is None or isinstance(request.file, str)
    assert request.fen is None or isinstance(request.fen, str)


def test_a_request_survives_its_line() -> None:
    request = OpenRequest(file="/tmp/ä b.pgn", fen="8/8/8/8/8/8/8/K1k5 w - - 0 1")
    assert OpenRequest.from_line(request.to_line()) == request


def test_a_folder_where_no_lock_can_be_made_does_not_stop_the_start(qapp, tmp_path: Path) -> None:
    blocker = tmp_path / "a file, not a folder"
    blocker.write_text("x")
    guard = InstanceGuard.claim(blocker / "autosave")
    assert guard is not None and not guard.is_locked()
    guard.release()
    read_only = tmp_path / "read-only"
    read_only.mkdir()
    read_only.chmod(0o500)
    try:
        guard = InstanceGuard.claim(read_only)
        if os.geteuid() != 0:  # root writes anyway
            assert guard is not None and not guard.is_locked()
        assert guard is not None
        guard.release()
    finally:
        read_only.chmod(0o700)


def test_a_second_start_of_the_app_opens_its_file_in_the_first_window(qtbot, tmp_path: Path) -> None:
    env = app_env(tmp_path)
    where = (
        "from PySide6.QtCore import QCoreApplication as A\n"
        "app = A([]); A.setApplicationName('chessgui'); A.setOrganizationName('chessgui')\n"
        "from chessgui.storage.autosave import default_autosave_dir\n"
        "print(default_autosave_dir())\n"
    )
    found = subprocess.run([sys.executable, "-c", where], env=env, capture_output=True, text=True, timeout=60)
    folder = Path(found.stdout.strip())
    assert folder.is_relative_to(tmp_path), found.stderr
    guard = InstanceGuard.claim(folder)  # the first window
    assert guard is not None
    game = tmp_path / "mine.pgn"
    game.write_text('[White "Me"]\n\n1. e4 e5 *\n')
    with qtbot.waitSignal(guard.open_requested, timeout=60_000) as blocker:
        second = subprocess.Popen(
            [sys.executable, "-m", "chessgui", str(game)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
    output, _ = second.communicate(timeout=60)
    assert second.returncode == 0, output
    assert blocker.args == [OpenRequest(file=str(game), fen=None)]
    guard.release()


def test_a_second_start_nobody_answers_is_explained(qapp, tmp_path: Path) -> None:
    from chessgui.__main__ import hand_over_or_explain

    said: list[tuple[str, str]] = []
    assert hand_over_or_explain(tmp_path, OpenRequest(), lambda title, text: said.append((title, text))) == 1
    assert said and "already open" in said[0][1] and "does not answer" in said[0][1]


def test_the_first_window_comes_to_the_front_and_opens_the_request(
    window, tmp_path: Path, play_moves, monkeypatch
) -> None:
    from chessgui.__main__ import open_in_window

    questions: list[str] = []
    monkeypatch.setattr(window.flows, "ask", lambda title, question: questions.append(question) or True)
    game = tmp_path / "mine.pgn"
    game.write_text('[White "Me"]\n\n1. e4 e5 2. Nf3 *\n')
    open_in_window(window, OpenRequest(file=str(game)))
    assert [move.uci() for move in window.controller.game().mainline_moves()] == ["e2e4", "e7e5", "g1f3"]
    window.controller.new_game()
    play_moves(window, "d4")
    open_in_window(window, OpenRequest(fen="8/8/8/8/8/2k5/8/K7 w - - 0 1"))
    assert questions  # the game being played is replaced only when the user agrees
    assert window.controller.board().fen() == "8/8/8/8/8/2k5/8/K7 w - - 0 1"
