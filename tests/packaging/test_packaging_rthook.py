"""The frozen app's runtime hook points Numba's cache at a user-writable folder."""

from __future__ import annotations

import os
import runpy
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

HOOK = Path(__file__).resolve().parents[2] / "packaging" / "rthook_numba_cache.py"


@pytest.fixture(autouse=True)
def _environment_restored() -> Iterator[None]:
    """The hook writes NUMBA_CACHE_DIR into os.environ itself, which monkeypatch does not undo when the
    variable was unset: it leaked into later tests, whose `python -m engine` subprocesses then compiled
    into an empty cache for over a minute (test_cli's 60 s limit failed, seed 3174454878)."""
    saved = dict(os.environ)
    yield
    os.environ.clear()
    os.environ.update(saved)


@pytest.mark.skipif(os.name != "posix" or os.uname().sysname == "Darwin", reason="XDG layout (Linux)")
def test_hook_uses_the_xdg_cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    runpy.run_path(str(HOOK))
    expected = tmp_path / "cache" / "chessgui" / "numba"
    assert os.environ["NUMBA_CACHE_DIR"] == str(expected)
    assert expected.is_dir()


def test_hook_keeps_a_cache_folder_the_user_chose(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    runpy.run_path(str(HOOK))
    assert os.environ["NUMBA_CACHE_DIR"] == str(tmp_path / "mine")


@pytest.mark.skipif(os.name != "posix" or os.uname().sysname == "Darwin", reason="XDG layout (Linux)")
def test_hook_falls_back_to_temp_when_the_cache_folder_cannot_be_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A plain file where the cache folder should go: mkdir fails even for root.
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    runpy.run_path(str(HOOK))
    assert os.environ["NUMBA_CACHE_DIR"].startswith(str(tmp_path / "tmp" / "chessgui-numba-"))
