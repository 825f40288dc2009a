"""The same source gives identical results jitted and as pure Python (NUMBA_DISABLE_JIT=1)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import engine_jit_probe as jit_probe

ROOT = Path(__file__).resolve().parents[2]


def test_jit_on_and_off_give_identical_search_results() -> None:
    jitted = jit_probe.run()
    # PYTHONPATH: the probe must import this checkout's engine, not whichever one the
    # venv has installed (an editable install may point at another worktree).
    env = dict(
        os.environ,
        NUMBA_DISABLE_JIT="1",
        PYTHONPATH=os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH")))),
    )
    completed = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("engine_jit_probe.py"))],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
        check=True,
    )
    pure_python = json.loads(completed.stdout)
    assert pure_python == jitted
    # The probes are not trivial: real trees with cut-offs and re-searches.
    assert all(entry["nodes"] > 100 for entry in jitted[:-1])
    assert sum(entry["nodes"] for entry in jitted[:-1]) > 5_000
    # The singular-extension probe really extends and cuts (engine.searchstate.FEATURE_SINGULAR).
    singular = [entry["counters"] for entry in jitted if "pending" in entry and "counters" in entry]
    assert singular and singular[0]["singular_extensions"] > 0 and singular[0]["multi_cuts"] > 0
    # ... and ProbCut (FEATURE_PROBCUT, pending too) cuts there.
    assert singular[0]["probcuts"] > 0
