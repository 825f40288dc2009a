"""Every dialog works without a mouse: Tab reaches each control and leaves it, and each control has a name.

A screen reader says a control's accessible name when it gets the focus: a button or box says
its own text, a field needs an accessible name or a label that is its buddy (a QFormLayout
row's label is). Tab must move on from every control (a text box that takes Tab as text
traps the keyboard).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import chess
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QDialog,
    QLabel,
    QRadioButton,
    QTabBar,
    QWidget,
)

from chessgui.dialogs.about import AboutDialog
from chessgui.dialogs.board_editor.editor_dialog import BoardEditorDialog
from chessgui.dialogs.fen_dialog import FenDialog
from chessgui.dialogs.game_details_dialog import GameDetailsDialog
from chessgui.dialogs.pgn_games_dialog import PgnGamesDialog
from chessgui.dialogs.rating_dialog import RatingDialog
from chessgui.dialogs.review_dialog import ReviewDialog
from chessgui.dialogs.settings_dialog import SettingsDialog
from chessgui.engines.review import ReviewEngine
from chessgui.storage.rating import Rating
from chessgui.storage.settings import PlayerKind, PlayerSettings, Settings

TWO_GAMES = '[White "Ann"]\n[Black "Bob"]\n\n1. e4 e5 *\n\n[White "Cy"]\n[Black "Di"]\n\n1. d4 *\n'


def _pgn_games(tmp_path: Path) -> QDialog:
    path = tmp_path / "games.pgn"
    path.write_text(TWO_GAMES, encoding="utf-8")
    return PgnGamesDialog(path)


def _settings_with_uci(_tmp_path: Path) -> QDialog:
    # A UCI engine on both sides shows the engine path and options rows too.
    uci = PlayerSettings(kind=PlayerKind.UCI, uci_path="/nonexistent/engine")
    return SettingsDialog(Settings(white=uci, black=uci))


DIALOGS: dict[str, Callable[[Path], QDialog]] = {
    "about": lambda _: AboutDialog(),
    "fen": lambda _: FenDialog("8/8/8/8/8/8/8/8 w - - 0 1"),
    "game details": lambda _: GameDetailsDialog({"Event": "Club", "White": "Ann", "Black": "Bob", "Annotator": "X"}),
    "pgn games": _pgn_games,
    "rating": lambda _: RatingDialog(Rating()),
    "review": lambda _: ReviewDialog([ReviewEngine()], 10),
    "settings": lambda _: SettingsDialog(Settings()),
    "settings (uci)": _settings_with_uci,
    "board editor": lambda _: BoardEditorDialog(chess.Board()),
}

_COMPOSITE = (QAbstractSpinBox, QComboBox, QAbstractScrollArea, QTabBar)
"""Controls whose inner parts (a spin box's line edit, a view's viewport) are not separate stops."""


def _controls(dialog: QDialog) -> list[QWidget]:
    """The widgets Tab can stop on, without the inner parts of composite controls."""
    found = []
    for widget in dialog.findChildren(QWidget):
        if not widget.focusPolicy() & Qt.FocusPolicy.TabFocus or widget.focusProxy() is not None:
            continue  # (a tab widget's stop is its tab bar)
        parent = widget.parentWidget()
        while parent is not None and parent is not dialog and not isinstance(parent, _COMPOSITE):
            parent = parent.parentWidget()
        if parent is None or parent is dialog:
            found.append(widget)
    return found


def _has_name(widget: QWidget, dialog: QDialog) -> bool:
    if widget.accessibleName().strip():
        return True
    if isinstance(widget, QAbstractButton) and widget.text().replace("&", "").strip():
        return True
    if isinstance(widget, QTabBar):
        return all(widget.tabText(index) for index in range(widget.count()))
    return any(label.buddy() is widget and label.text().strip() for label in dialog.findChildren(QLabel))


def _make(qtbot, tmp_path: Path, name: str) -> QDialog:
    dialog = DIALOGS[name](tmp_path)
    qtbot.addWidget(dialog)
    if isinstance(dialog, PgnGamesDialog):
        with qtbot.waitSignal(dialog.index_finished, timeout=10_000):
            dialog.show()
    else:
        dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


@pytest.mark.parametrize("name", list(DIALOGS))
def test_every_control_has_an_accessible_name(qtbot, tmp_path: Path, name: str) -> None:
    dialog = _make(qtbot, tmp_path, name)
    unnamed = [
        f"{type(widget).__name__} {widget.objectName()!r}"
        for widget in _controls(dialog)
        if not _has_name(widget, dialog) and widget.objectName() not in ("ScrollLeftButton", "ScrollRightButton")
    ]
    assert unnamed == [], "\n".join(unnamed)


@pytest.mark.parametrize("name", list(DIALOGS))
def test_tab_visits_every_visible_control_and_comes_back(qtbot, tmp_path: Path, name: str) -> None:
    dialog = _make(qtbot, tmp_path, name)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    visible = [widget for widget in _controls(dialog) if widget.isVisibleTo(dialog) and widget.isEnabled()]
    assert visible, "a dialog with nothing to reach by keyboard"
    visible[0].setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    start = QApplication.focusWidget()  # a tab widget hands the focus to its tab bar
    visited: list[QWidget] = []
    # Stops to spare: a browser's links are stops of their own, but a control that keeps Tab
    # for itself (a text box taking it as text, a table moving between cells) never lets go.
    for _ in range(len(visible) + 40):
        focused = QApplication.focusWidget()
        assert focused is not None
        visited.append(focused)
        qtbot.keyClick(focused, Qt.Key.Key_Tab)
        if QApplication.focusWidget() is start and any(widget is not start for widget in visited):
            break
    else:
        names = [f"{type(widget).__name__} {widget.objectName()!r}" for widget in visited]
        pytest.fail(f"Tab never came back to the first control: {names}")

    def owner(widget: QWidget) -> QWidget:  # a spin box's line edit stands for the spin box
        while widget not in visible and widget.parentWidget() is not None:
            widget = widget.parentWidget()
        return widget

    def reached(widget: QWidget) -> bool:
        if widget in reached_widgets:
            return True
        # Radio buttons of one group are one stop (the checked one); the arrows move within it.
        return isinstance(widget, QRadioButton) and any(
            isinstance(other, QRadioButton) and other.parentWidget() is widget.parentWidget()
            for other in reached_widgets
        )

    reached_widgets = {owner(widget) for widget in visited}
    missed = [f"{type(w).__name__} {w.objectName()!r}" for w in visible if not reached(w)]
    assert missed == []


def test_the_board_preview_is_a_picture_not_a_tab_stop(qtbot, tmp_path: Path) -> None:
    dialog = _make(qtbot, tmp_path, "settings")
    preview = dialog.findChild(QWidget, "board_preview")
    assert preview is not None and preview not in _controls(dialog)
