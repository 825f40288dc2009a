"""List user-visible string literals in chessgui/ that are not wrapped for translation.

Walks the AST of every module under ``chessgui/`` and reports each string literal (or f-string)
passed straight to a Qt call that shows text to the user — ``setText``, ``setWindowTitle``,
``setToolTip``, ``addAction``, ``addMenu``, ``QAction(...)``, ``QLabel(...)``,
``QPushButton(...)``, ``QMessageBox.warning(...)`` and the like — instead of through
``self.tr(...)`` / ``QCoreApplication.translate(...)``. Prints ``file:line: text`` per finding
and exits 1 when there is any (0 when the UI is fully wrapped).

Usage: ``python tools/unwrapped_strings.py [root]`` (root defaults to the repository's chessgui/).
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

#: Methods whose text arguments the user sees (every positional string argument is checked).
TEXT_METHODS = frozenset(
    {
        "setText",
        "setWindowTitle",
        "setToolTip",
        "setStatusTip",
        "setWhatsThis",
        "setPlaceholderText",
        "setTitle",
        "setLabelText",
        "setInformativeText",
        "setDetailedText",
        "setSpecialValueText",
        "setAccessibleName",
        "setAccessibleDescription",
        "setTabText",
        "setTabToolTip",
        "setItemText",
        "setHeaderLabels",
        "setHorizontalHeaderLabels",
        "setVerticalHeaderLabels",
        "setPrefix",
        "setSuffix",
        "setFormat",
        "setIconText",
        "showMessage",
        "addAction",
        "addMenu",
        "addTab",
        "insertTab",
        "addItem",
        "insertItem",
        "addRow",
        "addButton",
        "setNameFilter",
        "setNameFilters",
        "getOpenFileName",
        "getSaveFileName",
        "getExistingDirectory",
        "getText",
        "getItem",
        "getInt",
        "getDouble",
        "information",
        "warning",
        "critical",
        "question",
        "about",
    }
)

#: Widget classes whose constructor's string arguments are shown.
TEXT_CLASSES = frozenset(
    {
        "QAction",
        "QLabel",
        "QPushButton",
        "QToolButton",
        "QCheckBox",
        "QRadioButton",
        "QGroupBox",
        "QMenu",
        "QMessageBox",
        "QDockWidget",
        "QTreeWidgetItem",
        "QListWidgetItem",
        "QTableWidgetItem",
        "QProgressDialog",
        "QShortcut",
    }
)

#: Calls that mark text for translation: their arguments are fine by definition.
WRAPPERS = frozenset({"tr", "translate", "QT_TRANSLATE_NOOP", "QT_TR_NOOP"})

#: Literals that are not words (shortcut-free symbols, separators, numbers) need no translation.
NON_WORDS = frozenset({"", " ", "-", "–", "—", "…", ":", "/", "·", "|"})


def _callee_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def _literal_text(node: ast.expr) -> str | None:
    """The text of a string literal or f-string (placeholders shown as {}), else None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                parts.append(value.value)
            else:
                parts.append("{}")
        return "".join(parts)
    return None


_MARKUP = re.compile(r"<[^>]*>|\{[^}]*\}|&[a-z]+;|&#\d+;")
"""HTML tags, entities and format placeholders: not words."""
_FILE_NAME = re.compile(r"^[\w.-]+\.[a-z]{2,4}$")
"""A suggested file name such as ``search-lab.csv``."""


def _has_letters(text: str) -> bool:
    """Whether ``text`` holds words a user reads (not only markup, placeholders, a file name or a symbol)."""
    words = _MARKUP.sub("", text)
    if _FILE_NAME.match(text.strip()):
        return False
    return any(char.isalpha() for char in words) and words.strip() not in NON_WORDS


#: Receivers whose ``warning``/``critical``/… calls are developer logs, not dialogs.
LOGGERS = frozenset({"log", "_log", "logger", "_logger", "logging", "LOG"})


def _is_log_call(call: ast.Call) -> bool:
    """``_log.warning(...)``, ``logging.getLogger(...).warning(...)``: developer logs, not dialogs."""
    func = call.func
    if not isinstance(func, ast.Attribute):
        return False
    receiver = func.value
    if isinstance(receiver, ast.Name):
        return receiver.id in LOGGERS
    return isinstance(receiver, ast.Call) and _callee_name(receiver) == "getLogger"


def _candidate_args(call: ast.Call) -> Iterator[ast.expr]:
    for arg in call.args:
        if isinstance(arg, ast.List | ast.Tuple):
            yield from arg.elts
        else:
            yield arg
    for keyword in call.keywords:
        if keyword.arg in {"text", "title", "toolTip", "statusTip", "windowTitle", "placeholderText"}:
            yield keyword.value


def _is_exempt_argument(name: str, index: int, call: ast.Call) -> bool:
    """Arguments that are data, not text: icon names, object names, file filters with patterns only."""
    # addItem(text, userData): only the first argument is text.
    if name in {"addItem", "insertItem"} and index > (0 if name == "addItem" else 1):
        return True
    return False


def unwrapped_strings(root: Path) -> list[tuple[Path, int, str]]:
    """Every ``(file, line, text)`` of a literal shown by a Qt call without a translation wrapper."""
    found: list[tuple[Path, int, str]] = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _callee_name(node)
            if name in WRAPPERS or not (name in TEXT_METHODS or name in TEXT_CLASSES) or _is_log_call(node):
                continue
            for index, arg in enumerate(_candidate_args(node)):
                if _is_exempt_argument(name, index, node):
                    continue
                text = _literal_text(arg)
                if text is not None and _has_letters(text):
                    found.append((path, arg.lineno, text))
    return found


def main(argv: list[str]) -> int:
    root = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent.parent / "chessgui"
    findings = unwrapped_strings(root)
    for path, line, text in findings:
        print(f"{path}:{line}: {text!r}")
    if findings:
        print(f"{len(findings)} user-visible string(s) not wrapped in tr()/translate()", file=sys.stderr)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
