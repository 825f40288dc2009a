"""Where the jitted search spends its time: ``perf record`` over the bench, with names for Numba's code.

    .venv/bin/python benchmarks/jit_profile.py                  # depth 11, top 30 functions
    .venv/bin/python benchmarks/jit_profile.py --depth 9 --top 50

``perf`` (Debian's linux-perf) samples the process, but the code Numba compiles lives in
anonymous memory, so perf shows bare addresses. Before the bench runs, this script compiles the
whole search into an empty cache (``NUMBA_CACHE_DIR`` a temporary folder, so every function,
callees included, is compiled here and its LLVM module is at hand), writes ``/tmp/perf-PID.map``
(the address and size of every compiled function: perf reads that file to name JIT code), starts
``perf record`` on this process, runs the bench, stops perf and prints the share of samples per
function (``perf report --sort sym``), Numba's mangled names shortened to ``module.function``.
Inlined functions (``inline="always"``) count as their caller. Sampling is by wall time, so a
busy machine mostly adds noise to the shares, not a bias; the compile itself is not sampled.
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

MANGLED = re.compile(r"_ZN\d+engine\d+([a-z_0-9]+?)\d+([A-Za-z_0-9]+?)B\d+v\d+\S*")


def short_name(symbol: str) -> str:
    """``_ZN6engine6search7negamaxB3v39...`` -> ``search.negamax``; other symbols unchanged."""
    match = MANGLED.search(symbol)
    return f"{match.group(1)}.{match.group(2)}" if match else symbol


def write_perf_map(path: str) -> int:
    """Every compiled function of engine/'s dispatchers, as perf's JIT map; returns the count.
    A function's size is the gap to the next one (capped), which is what perf needs to attribute
    a sample."""
    from numba.core.registry import CPUDispatcher

    import engine

    addresses: dict[int, str] = {}
    for info in pkgutil.iter_modules(engine.__path__):
        module = importlib.import_module(f"engine.{info.name}")
        for value in vars(module).values():
            if not isinstance(value, CPUDispatcher):
                continue
            for compiled in value.overloads.values():
                library = compiled.library
                final = getattr(library, "_final_module", None)
                names = [f.name for f in final.functions if not f.is_declaration] if final is not None else []
                for name in names or [compiled.fndesc.llvm_func_name]:
                    try:
                        address = library.get_pointer_to_function(name)
                    except Exception:  # a declaration the library only links to
                        continue
                    if address:
                        addresses[address] = name
    ordered = sorted(addresses)
    with open(path, "w") as handle:
        for start, end in zip(ordered, ordered[1:] + [ordered[-1] + 4096], strict=True):
            handle.write(f"{start:x} {min(end - start, 65536):x} {addresses[start]}\n")
    return len(ordered)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--depth", type=int, default=11, help="bench depth (default 11, the bench's own)")
    parser.add_argument("--top", type=int, default=30, help="functions to print")
    parser.add_argument("--frequency", type=int, default=4000, help="perf samples per second")
    args = parser.parse_args(argv)
    if shutil.which("perf") is None:
        print("perf is not installed (Debian: apt-get install linux-perf)", file=sys.stderr)
        return 2
    if "NUMBA_CACHE_DIR" not in os.environ:  # an empty cache: compile everything in this process
        cache = tempfile.mkdtemp(prefix="jit-profile-")
        os.environ["NUMBA_CACHE_DIR"] = cache
        os.execv(sys.executable, [sys.executable, *sys.argv])
    sys.path.insert(0, os.getcwd())
    from engine.bench import bench_nodes

    bench_nodes(depth=4)  # compiles the search
    count = write_perf_map(f"/tmp/perf-{os.getpid()}.map")
    data = tempfile.mktemp(prefix="jit-profile-", suffix=".data")
    command = ["perf", "record", "-F", str(args.frequency), "-o", data, "-p", str(os.getpid())]
    perf = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)  # perf attaches
    nodes, seconds = bench_nodes(depth=args.depth)
    perf.send_signal(signal.SIGINT)
    perf.wait()
    print(f"{count} compiled functions mapped; bench depth {args.depth}: {nodes} nodes in {seconds:.2f} s")
    report = subprocess.run(
        ["perf", "report", "-i", data, "--no-children", "--sort", "sym", "--stdio"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    shown = 0
    for line in report.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        share, _, symbol = line.strip().partition("  ")
        print(f"{share:>8}  {short_name(symbol.strip().removeprefix('[.] ').removeprefix('[k] '))}")
        shown += 1
        if shown >= args.top:
            break
    os.unlink(data)
    shutil.rmtree(os.environ["NUMBA_CACHE_DIR"], ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
