"""Help ▸ Keyboard shortcuts (F1): every menu command with its key, and the board's own keys.

The menu part is read from the window's menu bar when the dialog opens, so it can never
disagree with the real shortcuts (or their translations); the board's keys and mouse
gestures, which are no menu commands, are listed from :data:`BOARD_KEYS`.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMenu,
    QMenuBar,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from chessgui.i18n import QT_TRANSLATE_NOOP

BOARD_GROUP = QT_TRANSLATE_NOOP("ShortcutsDialog", "On the board")
"""The heading of the board's own keys."""

BOARD_KEYS: tuple[tuple[str, str], ...] = (
    (
        QT_TRANSLATE_NOOP("ShortcutsDialog", "Move the square cursor (the board has the focus)"),
        QT_TRANSLATE_NOOP("ShortcutsDialog", "Arrow keys"),
    ),
    (
        QT_TRANSLATE_NOOP("ShortcutsDialog", "Pick up the piece under the cursor, or put it down"),
        QT_TRANSLATE_NOOP("ShortcutsDialog", "Space / Enter"),
    ),
    (QT_TRANSLATE_NOOP("ShortcutsDialog", "Put the picked-up piece back"), QT_TRANSLATE_NOOP("ShortcutsDialog", "Esc")),
    (
        QT_TRANSLATE_NOOP("ShortcutsDialog", "Say the cursor's square and what attacks it"),
        QT_TRANSLATE_NOOP("ShortcutsDialog", "S"),
    ),
    (
        QT_TRANSLATE_NOOP("ShortcutsDialog", "Choose the promotion piece"),
        QT_TRANSLATE_NOOP("ShortcutsDialog", "Q / R / B / N"),
    ),
    (
        QT_TRANSLATE_NOOP("ShortcutsDialog", "Draw an arrow or circle a square"),
        QT_TRANSLATE_NOOP("ShortcutsDialog", "Right-drag / right-click"),
    ),
    (
        QT_TRANSLATE_NOOP("ShortcutsDialog", "Clear the arrows and circles"),
        QT_TRANSLATE_NOOP("ShortcutsDialog", "Click"),
    ),
)
"""(what it does, which keys) for the board's keys and gestures (chessgui/views/board)."""


def menu_rows(menu_bar: QMenuBar) -> list[tuple[str, str, str]]:
    """(menu, command, keys) for every menu command that has a shortcut, in menu order."""
    rows: list[tuple[str, str, str]] = []
    for top in menu_bar.actions():
        menu = top.menu()
        if not isinstance(menu, QMenu):  # PySide types QAction.menu() as a plain QObject
            continue
        group = _plain(top.text())
        for action in menu.actions():
            if action.isSeparator() or action.menu() is not None or action.shortcut().isEmpty():
                continue
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            rows.append((group, _plain(action.text()), keys))
    return rows


def _plain(text: str) -> str:
    """A menu text as read: without its mnemonic marker and trailing ellipsis."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").removesuffix("…").strip()


class ShortcutsDialog(QDialog):
    """The shortcut list, one branch per menu and one for the board."""

    def __init__(self, menu_bar: QMenuBar, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        self._rows = menu_rows(menu_bar) + [
            (
                QCoreApplication.translate("ShortcutsDialog", BOARD_GROUP),
                QCoreApplication.translate("ShortcutsDialog", command),
                QCoreApplication.translate("ShortcutsDialog", keys),
            )
            for command, keys in BOARD_KEYS
        ]
        self.tree = QTreeWidget(self)
        self.tree.setColumnCount(2)
        self.tree.setHeaderLabels([self.tr("Command"), self.tr("Keys")])
        self.tree.setRootIsDecorated(False)
        self.tree.setAccessibleName(self.tr("Keyboard shortcuts"))
        groups: dict[str, QTreeWidgetItem] = {}
        for group, command, keys in self._rows:
            parent_item = groups.get(group)
            if parent_item is None:
                parent_item = QTreeWidgetItem(self.tree, [group])
                font = parent_item.font(0)
                font.setBold(True)
                parent_item.setFont(0, font)
                parent_item.setFirstColumnSpanned(True)
                groups[group] = parent_item
            QTreeWidgetItem(parent_item, [command, keys])
        self.tree.expandAll()
        self.tree.resizeColumnToContents(0)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tree)
        layout.addWidget(buttons)
        self.resize(560, 640)
        self.tree.setFocus(Qt.FocusReason.OtherFocusReason)

    def rows(self) -> list[tuple[str, str, str]]:
        """What the dialog lists: (group, command, keys), menus first, then the board."""
        return list(self._rows)
