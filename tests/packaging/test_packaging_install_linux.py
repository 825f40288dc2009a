"""packaging/install-linux.sh puts a working launcher, icons and file types under XDG_DATA_HOME."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "packaging" / "install-linux.sh"

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux desktop integration")


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "HOME": str(tmp_path / "home"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    return subprocess.run(
        ["bash", str(SCRIPT), *args], env=env, capture_output=True, text=True, timeout=60, check=False
    )


def _desktop_lines(tmp_path: Path) -> dict[str, str]:
    text = (tmp_path / "data" / "applications" / "chessgui.desktop").read_text()
    return dict(line.split("=", 1) for line in text.splitlines() if "=" in line)


def test_install_points_the_launcher_at_the_given_program(tmp_path: Path) -> None:
    done = _run(tmp_path, "--exec", "/opt/chess/chessgui", "--no-default")
    assert done.returncode == 0, done.stderr

    entry = _desktop_lines(tmp_path)
    assert entry["Exec"] == "/opt/chess/chessgui %f"
    assert entry["TryExec"] == "/opt/chess/chessgui"
    assert entry["Icon"] == "chessgui"
    data = tmp_path / "data"
    for size in (16, 32, 48, 64, 128, 256):
        assert (data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "chessgui.png").is_file()
    assert (data / "icons" / "hicolor" / "scalable" / "apps" / "chessgui.svg").is_file()
    assert (data / "mime" / "packages" / "chessgui.xml").is_file()


@pytest.mark.skipif(shutil.which("update-mime-database") is None, reason="needs shared-mime-info")
def test_install_registers_the_fen_file_type(tmp_path: Path) -> None:
    assert _run(tmp_path, "--exec", "/opt/chess/chessgui", "--no-default").returncode == 0
    globs = (tmp_path / "data" / "mime" / "globs2").read_text()
    assert "application/x-fen:*.fen" in globs


def test_a_path_with_spaces_is_quoted_in_exec(tmp_path: Path) -> None:
    assert _run(tmp_path, "--exec", "/opt/my chess/chessgui", "--no-default").returncode == 0
    assert _desktop_lines(tmp_path)["Exec"] == '"/opt/my chess/chessgui" %f'


def test_relative_exec_is_refused_in_plain_words(tmp_path: Path) -> None:
    done = _run(tmp_path, "--exec", "chessgui")
    assert done.returncode == 2
    assert "absolute path" in done.stderr


def test_uninstall_removes_what_install_put_there(tmp_path: Path) -> None:
    assert _run(tmp_path, "--exec", "/opt/chess/chessgui", "--no-default").returncode == 0
    mimeapps = tmp_path / "config" / "mimeapps.list"
    mimeapps.parent.mkdir(parents=True)
    mimeapps.write_text("[Default Applications]\napplication/x-fen=chessgui.desktop\ntext/plain=editor.desktop\n")
    done = _run(tmp_path, "--uninstall")
    assert done.returncode == 0, done.stderr
    data = tmp_path / "data"
    assert not (data / "applications" / "chessgui.desktop").exists()
    assert not list(data.glob("icons/hicolor/*/apps/chessgui.*"))
    assert not (data / "mime" / "packages" / "chessgui.xml").exists()
    assert mimeapps.read_text() == "[Default Applications]\ntext/plain=editor.desktop\n"
