"""The real check of the frozen app (slow: builds with PyInstaller). Run with ``pytest -m slow``.

It wraps packaging/check_frozen.py, which builds dist/chessgui, starts it on Xvfb
with an empty and then a filled Numba cache, plays 1. e4 by clicking and waits for
the built-in engine's reply on screen -- proof that Numba works inside the bundle.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import chess
import pytest

REPO = Path(__file__).resolve().parents[2]
TOOLS = ("Xvfb", "xdotool", "import", "convert")


@pytest.mark.slow
@pytest.mark.timeout(1800)
@pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in TOOLS),
    reason="needs Xvfb, xdotool and ImageMagick (apt-get install xvfb xdotool imagemagick)",
)
def test_frozen_app_starts_and_its_engine_answers(tmp_path: Path) -> None:
    report_path = tmp_path / "report.json"
    done = subprocess.run(
        [sys.executable, str(REPO / "packaging" / "check_frozen.py"), "--rebuild", "--json", str(report_path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=1700,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr

    report = json.loads(report_path.read_text())
    assert report["build_s"] is not None
    assert [run["label"] for run in report["runs"]] == ["cold", "warm"]
    after_e4 = chess.Board()
    after_e4.push_uci("e2e4")
    for run in report["runs"]:
        assert chess.Move.from_uci(run["engine_move"]) in after_e4.legal_moves
        assert run["exit_code"] == 0
        assert not run["problems"], run["problems"]
    # The cold run compiled the engine into the user cache; the warm one found it there.
    assert report["runs"][0]["numba_cache_files"] > 0
    # The bundled UCI engine (for other chess GUIs) plays too.
    assert chess.Move.from_uci(report["uci_engine_move"]) in chess.Board().legal_moves
