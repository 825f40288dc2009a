"""Lazy SMP time-to-depth: how much sooner the search reaches a fixed depth with more threads.

    .venv/bin/python benchmarks/smp_speed.py                     # depth 14, 1 vs 2 threads
    .venv/bin/python benchmarks/smp_speed.py --depth 13 --positions 10 --threads 1,2,4

For each bench position (engine.bench.BENCH_POSITIONS) it searches to ``--depth`` with fresh
tables, once per thread count, the counts interleaved position by position so that a change in
the machine's load hits them alike. "Reaching depth D" is the main thread completing iteration
D (as the search returns at a depth limit). Prints each position's wall-clock seconds and nodes
(all threads), then per thread count the total time, the speed-up over the first count (total
time ratio, and the geometric mean of the per-position ratios), the nodes and nps, and the load
average before and after: a speed-up needs idle cores, so read it with the load.

It also prints the CPU seconds (all threads of the process) to depth. On a machine whose cores
are busy with other jobs the threads share what the process gets, and the wall-clock speed-up
says little; CPU(1 thread) / (CPU(n threads) / n) is then the speed-up n idle cores would give if
every thread kept one busy (an estimate: it ignores memory contention and any imbalance).
Equal-time strength is a match (docs/strength.md, "Threads").
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time

sys.path.insert(0, os.getcwd())

from engine.api import SearchLimit  # noqa: E402
from engine.bench import BENCH_POSITIONS  # noqa: E402
from engine.searcher import Searcher, warm_up  # noqa: E402


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--depth", type=int, default=14, help="depth to reach (default 14)")
    parser.add_argument("--positions", type=int, default=len(BENCH_POSITIONS), help="first N bench positions")
    parser.add_argument("--threads", default="1,2", help="thread counts, the first is the reference (default 1,2)")
    parser.add_argument("--hash", type=int, default=64, help="hash MB per searcher (default 64)")
    args = parser.parse_args(argv)
    counts = [int(part) for part in args.threads.split(",")]
    warm_up()
    searchers = {count: Searcher(hash_mb=args.hash, threads=count) for count in counts}
    times: dict[int, list[float]] = {count: [] for count in counts}
    cpu = {count: 0.0 for count in counts}
    nodes = {count: 0 for count in counts}
    print(f"depth {args.depth}, threads {counts}, load average before: {load()}", flush=True)
    for i, fen in enumerate(BENCH_POSITIONS[: args.positions], 1):
        row = []
        for count in counts:
            searcher = searchers[count]
            searcher.new_game()
            start, start_cpu = time.perf_counter(), time.process_time()
            result = searcher.search(fen, (), SearchLimit(depth=args.depth))
            spent = time.perf_counter() - start
            cpu[count] += time.process_time() - start_cpu
            times[count].append(spent)
            searched = result.info.nodes if result.info else 0
            nodes[count] += searched
            row.append(f"{count}T {spent:6.2f} s {searched:>9,} n")
        print(f"{i:2d}  " + "   ".join(row), flush=True)
    reference = counts[0]
    print(f"load average after: {load()}")
    for count in counts:
        total = sum(times[count])
        ratios = [r / t for r, t in zip(times[reference], times[count], strict=True) if t > 0]
        geo = math.exp(sum(math.log(x) for x in ratios) / len(ratios)) if ratios else float("nan")
        print(
            f"{count:2d} threads: {total:7.2f} s, speed-up {sum(times[reference]) / total:.2f} "
            f"(geometric mean {geo:.2f}), {nodes[count]:,} nodes, {nodes[count] / total:,.0f} nps; "
            f"CPU {cpu[count]:.2f} s, idle-core estimate {(cpu[reference] / reference) / (cpu[count] / count):.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
