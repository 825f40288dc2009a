"""No UCI input or command-line argument takes the engine process down.

Each hostile value goes to a real ``python -m engine`` process, which must keep
answering ``isready`` with ``readyok`` (huge depths once walked past the jitted
arrays and killed the process with a segmentation fault).
"""

from __future__ import annotations

import subprocess
import sys

import chess
import pytest
from engine_test_helpers import UciProcess

from engine.limits import MAX_DEPTH, MAX_PERFT_DEPTH

HUGE = "99999999999"
ENORMOUS = "9" * 400


@pytest.fixture()
def uci() -> UciProcess:
    process = UciProcess()
    process.send("uci")
    process.expect("uciok")
    process.is_ready()
    yield process
    assert process.quit() == 0


def _alive_and_ready(uci: UciProcess) -> list[str]:
    lines = uci.is_ready()
    assert uci.proc.poll() is None
    return lines


def test_huge_perft_depth_is_clamped_reported_and_stoppable(uci: UciProcess) -> None:
    uci.send("position startpos")
    uci.send(f"go perft {HUGE}")
    lines = _alive_and_ready(uci)  # answered while the perft runs
    assert any(line.startswith("info string") and str(MAX_PERFT_DEPTH) in line for line in lines)
    uci.send("stop")
    uci.expect("info string perft stopped", timeout=10)
    for value in ("-5", "0", ENORMOUS, "x"):
        uci.send(f"go perft {value}")
        _alive_and_ready(uci)
        uci.send("stop")
    uci.send("go perft 2")
    uci.expect("Nodes searched: 400")  # the earlier depth-0 perfts print "Nodes searched: 20"


@pytest.mark.parametrize(
    "go",
    [
        f"depth {HUGE}",
        f"depth {ENORMOUS}",
        f"mate {HUGE}",
        f"mate -{HUGE}",
        f"nodes {ENORMOUS}",
        f"movetime {ENORMOUS}",
        (f"wtime {ENORMOUS} btime {ENORMOUS} winc {ENORMOUS} binc -{ENORMOUS} movestogo {ENORMOUS}"),
        f"wtime -{HUGE} btime -{HUGE} movestogo -{HUGE}",
        f"nodes -{HUGE}",
        "depth -1",
        "movetime 0",
        "depth 1.5 nodes 0x10 movetime abc",
        "infinite depth " + HUGE,
    ],
)
def test_hostile_go_parameters(uci: UciProcess, go: str) -> None:
    uci.send("position startpos moves e2e4")
    start = len(uci.lines)
    uci.send("go " + go)
    _alive_and_ready(uci)
    uci.send("stop")
    best = uci.expect("bestmove", timeout=30, since=start)[-1]
    board = chess.Board()
    board.push_uci("e2e4")
    assert chess.Move.from_uci(best.split()[1]) in board.legal_moves
    _alive_and_ready(uci)


def test_huge_depth_and_mate_are_reported(uci: UciProcess) -> None:
    uci.send("position startpos")
    start = len(uci.lines)
    uci.send(f"go depth {HUGE}")
    lines = _alive_and_ready(uci)
    assert any(line.startswith("info string") and str(MAX_DEPTH) in line for line in lines)
    uci.send("stop")
    uci.expect("bestmove", since=start)
    start = len(uci.lines)
    uci.send(f"go mate {HUGE}")
    lines = _alive_and_ready(uci)
    assert any(line.startswith("info string") and "mate" in line for line in lines)
    uci.send("stop")
    uci.expect("bestmove", since=start)


@pytest.mark.parametrize(
    "command",
    [
        f"setoption name Hash value {HUGE}",
        f"setoption name Hash value -{HUGE}",
        f"setoption name Hash value {ENORMOUS}",
        "setoption name Hash value 0",
        f"setoption name Move Overhead value {ENORMOUS}",
        f"setoption name Move Overhead value -{HUGE}",
        f"setoption name Threads value {ENORMOUS}",
        "setoption name Hash value",
        f"position fen 4k3/8/8/8/8/8/8/4K2R w K - {ENORMOUS} {ENORMOUS}",
        f"position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 -{HUGE}",
        "position startpos moves " + "e2e4 " * 5000,
        "x" * 100_000,
        "go " + "depth " * 5000,
    ],
)
def test_hostile_commands_then_a_search(uci: UciProcess, command: str) -> None:
    uci.send(command)
    _alive_and_ready(uci)
    uci.send("go depth 3")
    uci.expect("bestmove", timeout=30)
    _alive_and_ready(uci)


def test_a_game_longer_than_the_history_buffer(uci: UciProcess) -> None:
    # 1200 plies of knight shuffling (no capture, no pawn move): more history than
    # the engine keeps, and a 50-move counter far past 100.
    moves = " ".join(["g1f3 g8f6 f3g1 f6g8"] * 300)
    uci.send("position startpos moves " + moves + " e2e4")
    uci.send("go depth 5")
    best = uci.expect("bestmove", timeout=30)[-1]
    assert best.split()[1] != "0000"
    _alive_and_ready(uci)


def _cli(args: list[str], timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], capture_output=True, text=True, timeout=timeout, check=False
    )


def test_command_line_arguments_never_crash() -> None:
    completed = _cli(["perft", "-5"])
    assert completed.returncode == 0 and "Nodes searched: 20" in completed.stdout
    for args in (["perft", "x"], ["bench", "abc"], ["perftbench", ENORMOUS + "x"]):
        completed = _cli(args)
        assert completed.returncode == 2 and "error" in completed.stderr, args
    completed = _cli(["bench", f"-{HUGE}"], timeout=120)
    assert completed.returncode == 0 and "Nodes searched" in completed.stdout


def test_command_line_huge_perft_is_clamped_not_a_segfault() -> None:
    process = UciProcess(["perft", HUGE])
    try:
        assert process.proc.stderr is not None
        note = process.proc.stderr.readline()
        assert str(MAX_PERFT_DEPTH) in note
        assert process.proc.poll() is None  # counting (for ever), not crashed
    finally:
        process.proc.kill()
        process.proc.wait()
