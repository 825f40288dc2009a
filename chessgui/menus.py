"""Where the main window's actions are shown: the menu bar and the toolbar.

The actions themselves (texts, shortcuts, tips) are made in chessgui.actions; MainWindow
wires them. This module only orders them into menus, with separators between groups.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar

from chessgui.actions import MainActions


def _add(menu: QMenu, entries: tuple[QAction | None, ...]) -> None:
    """Add ``entries`` to ``menu`` in order; None is a separator between groups."""
    for action in entries:
        if action is None:
            menu.addSeparator()
        else:
            menu.addAction(action)


def build_menus(window: QMainWindow, actions: MainActions, recent_files: QMenu | None = None) -> None:
    """Fill the menu bar and the toolbar (``recent_files``: the File ▸ Recent files submenu)."""
    bar = window.menuBar()
    file_menu: QMenu = bar.addMenu(QCoreApplication.translate("actions", "&File"))
    file_menu.addAction(actions.open_pgn)
    file_menu.addAction(actions.my_games)
    if recent_files is not None:
        file_menu.addMenu(recent_files)
    _add(file_menu, (actions.save_pgn, actions.copy_pgn, None, actions.quit))
    game: QMenu = bar.addMenu(QCoreApplication.translate("actions", "&Game"))
    _add(
        game,
        (
            actions.new_game,
            actions.next_game,
            actions.play_from_here,
            None,
            actions.takeback,
            actions.offer_draw,
            actions.claim_draw,
            actions.resign,
            actions.abort,
            None,
            actions.game_details,
            actions.my_rating,
            None,
            actions.settings,
        ),
    )
    position: QMenu = bar.addMenu(QCoreApplication.translate("actions", "&Position"))
    _add(position, (actions.load_fen, actions.edit_position, actions.copy_fen, actions.paste))
    computer: QMenu = bar.addMenu(QCoreApplication.translate("actions", "&Computer"))
    _add(computer, (actions.pause, actions.step, actions.hint))
    analysis: QMenu = bar.addMenu(QCoreApplication.translate("actions", "&Analysis"))
    _add(analysis, (actions.analyse, None, actions.review_game, actions.next_mistake, actions.learn_mistakes))
    view: QMenu = bar.addMenu(QCoreApplication.translate("actions", "&View"))
    _add(
        view,
        (
            actions.flip,
            actions.enter_move,
            actions.speak_position,
            None,
            actions.first_move,
            actions.previous_move,
            actions.next_move,
            actions.last_move,
            actions.previous_variation,
            actions.next_variation,
        ),
    )
    view.addSeparator()
    view.addAction(actions.opening_book)
    view.addAction(actions.search_lab)
    help_menu: QMenu = bar.addMenu(QCoreApplication.translate("actions", "&Help"))
    _add(help_menu, (actions.shortcuts, actions.about))

    toolbar = QToolBar(QCoreApplication.translate("actions", "Main"), window)
    toolbar.setObjectName("main_toolbar")
    toolbar.setMovable(False)
    toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    for action in (
        actions.new_game,
        actions.play_from_here,
        actions.takeback,
        actions.flip,
        actions.hint,
        actions.analyse,
        actions.pause,
        actions.step,
        actions.settings,
    ):
        toolbar.addAction(action)
    window.addToolBar(Qt.ToolBarArea.TopToolBarArea, toolbar)
