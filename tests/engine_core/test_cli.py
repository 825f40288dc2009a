"""The engine's command line (``python -m engine`` / ``chessgui-engine``), run as a subprocess."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.uci import ENGINE_NAME

ROOT = Path(__file__).resolve().parents[2]
SUB_COMMANDS = ("uci", "bench", "perft", "perftbench")


def _cli(args: list[str], stdin: str = "", timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def test_help_prints_usage_with_the_sub_commands_and_exits() -> None:
    completed = _cli(["--help"], stdin="uci\nquit\n")
    assert completed.returncode == 0
    assert completed.stdout.startswith("usage:")
    for command in SUB_COMMANDS:
        assert command in completed.stdout
    assert "uciok" not in completed.stdout  # the UCI loop did not start


@pytest.mark.parametrize("command", SUB_COMMANDS)
def test_sub_command_help_exits_without_running_it(command: str) -> None:
    completed = _cli([command, "--help"], stdin="uci\nquit\n")
    assert completed.returncode == 0
    assert completed.stdout.startswith("usage:") and command in completed.stdout
    assert "Nodes" not in completed.stdout and "uciok" not in completed.stdout


def test_version_prints_the_engine_name_and_exits() -> None:
    completed = _cli(["--version"], stdin="uci\nquit\n")
    assert completed.returncode == 0
    assert ENGINE_NAME in completed.stdout
    assert "uciok" not in completed.stdout


@pytest.mark.parametrize(
    "args",
    [["--bogus"], ["frobnicate"], ["uci", "extra"], ["perft", "2", "--depth"], ["bench", "1", "2"]],
)
def test_unknown_arguments_are_an_error_with_usage(args: list[str]) -> None:
    completed = _cli(args, stdin="uci\nquit\n")
    assert completed.returncode == 2, completed.stdout
    assert "usage:" in completed.stderr and "error:" in completed.stderr
    assert "Traceback" not in completed.stderr
    assert "uciok" not in completed.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["perft", "x"],
        ["bench", "1.5"],
        ["perftbench", "two"],
        ["perft", "2", "not", "a", "fen"],
        ["bench", "--features", "lots"],
        ["bench", "--features", "0x40000000"],  # not a feature bit
        ["bench", "--features", "-1"],
    ],
)
def test_bad_values_print_usage_not_a_traceback(args: list[str]) -> None:
    completed = _cli(args)
    assert completed.returncode == 2
    assert "usage:" in completed.stderr and "error:" in completed.stderr
    assert "Traceback" not in completed.stderr


def test_uci_sub_command_and_no_sub_command_both_run_the_uci_loop() -> None:
    for args in ([], ["uci"]):
        completed = _cli(args, stdin="uci\nisready\nquit\n")
        assert completed.returncode == 0
        assert "uciok" in completed.stdout and "readyok" in completed.stdout


def test_perft_with_a_fen() -> None:
    completed = _cli(["perft", "2", "8/8/8/8/8/8/8/K6k", "w", "-", "-", "0", "1"])
    assert completed.returncode == 0
    assert "Nodes searched: 9" in completed.stdout  # Ka1: 3 moves, each answered by 3 king moves
