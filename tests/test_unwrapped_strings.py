"""tools/unwrapped_strings.py: no user-visible literal in chessgui/ bypasses tr()/translate()."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TOOL = REPO / "tools" / "unwrapped_strings.py"


def _run(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(TOOL), str(root)], capture_output=True, text=True, timeout=120)


def test_chessgui_has_no_unwrapped_ui_strings() -> None:
    result = _run(REPO / "chessgui")
    assert result.stdout == ""
    assert result.returncode == 0


def test_the_checker_finds_unwrapped_strings(tmp_path: Path) -> None:
    (tmp_path / "sample.py").write_text(
        "import logging\n"
        "from PySide6.QtWidgets import QLabel, QMessageBox, QPushButton\n"
        "def build(self, parent, name):\n"
        "    QLabel('Hello there', parent)\n"
        "    self.button = QPushButton(self.tr('Fine'), parent)\n"
        "    self.button.setToolTip(f'Play {name}')\n"
        "    QMessageBox.warning(parent, self.tr('Title'), 'Something broke')\n"
        "    logging.getLogger().warning('a log for developers')\n"
        "    self.label.setText('<b>{}</b>')\n"
    )
    result = _run(tmp_path)
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 3, lines
    assert "sample.py:4: 'Hello there'" in lines[0]
    assert "sample.py:6: 'Play {}'" in lines[1]
    assert "sample.py:7: 'Something broke'" in lines[2]
