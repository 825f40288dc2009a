"""The program's entry point ends the process at once when the engine is still compiling at exit."""

from __future__ import annotations

import pytest

from chessgui import __main__ as entry


def test_exit_during_a_cold_compile_skips_interpreter_teardown(monkeypatch: pytest.MonkeyPatch) -> None:
    # Tearing the interpreter down under a running LLVM compile aborted the process under load
    # ("terminate called without an active exception", exit -6) after the window was closed.
    exits: list[int] = []
    monkeypatch.setattr(entry, "main", lambda: 3)
    monkeypatch.setattr(entry, "is_warm_up_compiling", lambda: True)
    monkeypatch.setattr(entry.os, "_exit", exits.append)
    entry.run()
    assert exits == [3]


def test_normal_exit_returns_the_code(monkeypatch: pytest.MonkeyPatch) -> None:
    exits: list[int] = []
    monkeypatch.setattr(entry, "main", lambda: 0)
    monkeypatch.setattr(entry, "is_warm_up_compiling", lambda: False)
    monkeypatch.setattr(entry.os, "_exit", exits.append)
    assert entry.run() == 0
    assert exits == []
