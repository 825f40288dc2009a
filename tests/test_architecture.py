"""The layering rules of ARCHITECTURE.md, checked on the source (ASTs), not on trust.

- ``engine/`` imports neither Qt nor ``chessgui``: it is a plain engine any program can use.
- The model folders (``chessgui/game``, ``clock``, ``engines``, ``storage``) import QtCore at
  most: no QtWidgets and no QtGui, and nothing from the views, dialogs or the app layer.
- ``chessgui/views`` never imports dialogs or the app layer (``main_window``, ``actions``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
MODEL_FOLDERS = ("game", "clock", "engines", "storage")
APP_MODULES = (
    "chessgui.main_window",
    "chessgui.actions",
    "chessgui.menus",
    "chessgui.window_views",
    "chessgui.status_notices",
    "chessgui.__main__",
    "chessgui.recent_files",
    "chessgui.native_destroy_watch",
    "chessgui.gui_thread_gc",
)


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports (absolute names), with the line, including imports inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            found.append((node.lineno, node.module))
            found.extend((node.lineno, f"{node.module}.{alias.name}") for alias in node.names)
    return found


def _violations(folder: Path, forbidden: tuple[str, ...]) -> list[str]:
    bad = []
    for path in sorted(folder.rglob("*.py")):
        for line, name in _imports(path):
            if any(name == prefix or name.startswith(prefix + ".") for prefix in forbidden):
                bad.append(f"{path.relative_to(REPO)}:{line} imports {name}")
    return bad


def test_engine_imports_neither_qt_nor_chessgui() -> None:
    assert _violations(REPO / "engine", ("PySide6", "PyQt5", "PyQt6", "shiboken6", "chessgui")) == []


@pytest.mark.parametrize("folder", MODEL_FOLDERS)
def test_model_folders_import_qtcore_at_most(folder: str) -> None:
    forbidden = (
        "PySide6.QtWidgets",
        "PySide6.QtGui",
        "PySide6.QtSvg",
        "chessgui.views",
        "chessgui.dialogs",
        *APP_MODULES,
    )
    assert _violations(REPO / "chessgui" / folder, forbidden) == []


def test_views_do_not_import_dialogs_or_the_app() -> None:
    assert _violations(REPO / "chessgui" / "views", ("chessgui.dialogs", *APP_MODULES)) == []


def test_the_checker_sees_a_violation(tmp_path: Path) -> None:
    # The rule must bite: a planted import inside a function is found.
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from PySide6.QtWidgets import QLabel\n    return QLabel\n")
    assert _imports(sample) == [(2, "PySide6.QtWidgets"), (2, "PySide6.QtWidgets.QLabel")]
