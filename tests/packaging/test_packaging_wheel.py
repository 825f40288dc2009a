"""The wheel holds every module of the source tree (a moved module must not drop out silently)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _source_modules() -> set[str]:
    modules = {
        str(path.relative_to(REPO)) for package in ("chessgui", "engine") for path in (REPO / package).rglob("*.py")
    }
    modules |= {
        "chessgui/resources/" + str(path.relative_to(REPO / "resources")) for path in (REPO / "resources").rglob("*.py")
    }
    return {name for name in modules if "__pycache__" not in name}


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git to copy the tracked tree")
def test_wheel_contains_every_module(tmp_path: Path) -> None:
    # Build from a copy of the tracked files, so stray build/ or egg-info folders cannot help.
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True).stdout
    source = tmp_path / "src"
    for name in filter(None, tracked.decode().split("\0")):
        if (REPO / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, source / name)
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path / "dist"),
            str(source),
        ],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    wheel = next((tmp_path / "dist").glob("chessgui-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {
        name
        for name in _source_modules()
        if (
            source / name.replace("chessgui/resources/", "resources/", 1)
            if name.startswith("chessgui/resources/")
            else source / name
        ).exists()
    }
    missing = sorted(expected - names)
    assert not missing, f"modules missing from the wheel: {missing}"
    for data in (
        "chessgui/resources/book/gnuchess-book.bin",
        "chessgui/resources/eco/eco.tsv.gz",
        "chessgui/resources/pieces/wK.svg",
        "chessgui/resources/pieces/xboard/wK.svg",
        "chessgui/resources/pieces/xboard/CREDITS.md",
        "chessgui/resources/icons/chessgui.svg",
    ):
        assert data in names, data
