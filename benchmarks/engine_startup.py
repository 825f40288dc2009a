"""Measure the engine's JIT start-up: cold compile (empty cache) and warm load (cache hit).

    .venv/bin/python benchmarks/engine_startup.py

Each measurement runs in a fresh interpreter with its own NUMBA_CACHE_DIR, so the
project's own cache is left alone. Reports import time and warm_up() time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

PROBE = """
import json, time
t0 = time.perf_counter()
import engine
t1 = time.perf_counter()
engine.warm_up()
t2 = time.perf_counter()
print(json.dumps({"import_s": t1 - t0, "warm_up_s": t2 - t1}))
"""


def measure(cache_dir: str) -> dict[str, float]:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache_dir:
        cold = measure(cache_dir)
        warm = [measure(cache_dir) for _ in range(3)]
    best_warm = min(warm, key=lambda m: m["import_s"] + m["warm_up_s"])
    print(
        f"cold: import {cold['import_s']:.2f} s + compile {cold['warm_up_s']:.2f} s "
        f"= {cold['import_s'] + cold['warm_up_s']:.2f} s"
    )
    print(
        f"warm: import {best_warm['import_s']:.2f} s + load {best_warm['warm_up_s']:.2f} s "
        f"= {best_warm['import_s'] + best_warm['warm_up_s']:.2f} s (best of 3)"
    )


if __name__ == "__main__":
    main()
