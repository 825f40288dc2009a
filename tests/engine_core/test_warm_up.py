"""After warm-up the first real search runs at full speed.

Two things used to slow the first timed search after a fresh install (depth 3
instead of 10 in 300 ms): anything still compiled inside the search, and the
fresh transposition table's memory being faulted in page by page (numpy asks
for huge pages; right after a cold compile each fault may wait for the kernel
to compact memory).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Runs in a fresh interpreter: the test process has compiled more than warm-up does.
_SIGNATURE_PROBE = r"""
import gc, json, threading
from numba.core.dispatcher import Dispatcher
import engine
from engine import SearchLimit, Searcher, warm_up

def signatures():
    return {f"{d.py_func.__module__}.{d.py_func.__name__}": sorted(map(str, d.signatures))
            for d in gc.get_objects()
            if isinstance(d, Dispatcher) and d.py_func.__module__.startswith("engine.")}

warm_up()
before = signatures()
searcher = Searcher(hash_mb=4, move_overhead_ms=0)
fens = ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
limits = (SearchLimit(movetime_ms=80), SearchLimit(nodes=30000), SearchLimit(depth=6),
          SearchLimit(wtime_ms=3000, btime_ms=3000, winc_ms=50, binc_ms=50, movestogo=7),
          SearchLimit(wtime_ms=20, btime_ms=20), SearchLimit())
for fen in fens:
    for limit in limits:
        searcher.search(fen, ("a1a2",) if fen.endswith("R5K1 w - - 0 1") else (), limit)
    searcher.new_game()
timer = threading.Timer(0.1, searcher.stop)  # the stop path of an infinite search
timer.start()
searcher.search(fens[0], ("e2e4", "e7e5"), SearchLimit(infinite=True))
after = signatures()
print(json.dumps({name: sigs for name, sigs in after.items() if sigs != before.get(name)}))
"""


def test_no_search_shape_compiles_anything_after_warm_up() -> None:
    completed = subprocess.run(
        [sys.executable, "-c", _SIGNATURE_PROBE], cwd=ROOT, capture_output=True, text=True, timeout=300, check=True
    )
    assert json.loads(completed.stdout.strip().splitlines()[-1]) == {}


def _resident_kib() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise AssertionError("no VmRSS")


_TT_PROBE = r"""
import json
from engine.tt import allocate


def resident_kib():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])


before = resident_kib()
keys, data = allocate(64)
print(json.dumps([keys.nbytes + data.nbytes, (resident_kib() - before) / 1024]))
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_transposition_table_memory_is_committed_when_allocated() -> None:
    # In a fresh interpreter: in the test process, pages freed by earlier tests are reused
    # (already resident), so the growth of its RSS said nothing (flaky under a full run).
    completed = subprocess.run(
        [sys.executable, "-c", _TT_PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120, check=True
    )
    size, grown_mib = json.loads(completed.stdout.strip().splitlines()[-1])
    assert size == 64 * 1024 * 1024
    # Faulted in now, not one page at a time inside the first search.
    assert grown_mib >= 60


# As the GUI does it: warm up (here a cold compile), then create the searcher and play.
_COLD_PROBE = r"""
import json
from engine import SearchLimit, Searcher, warm_up

warm_up()
searcher = Searcher(hash_mb=64)
depths = []
for _ in range(2):
    result = searcher.search("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                             limit=SearchLimit(movetime_ms=300))
    depths.append(result.info.depth)
    searcher.new_game()
print(json.dumps(depths))
"""


@pytest.mark.slow
def test_first_timed_search_after_a_cold_compile_is_as_deep_as_the_second(tmp_path: Path) -> None:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path))
    completed = subprocess.run(
        [sys.executable, "-c", _COLD_PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=True
    )
    first, second = json.loads(completed.stdout.strip().splitlines()[-1])
    assert any(tmp_path.rglob("*.nbi")), "the cache directory was not used"
    assert first >= second - 2, (first, second)
