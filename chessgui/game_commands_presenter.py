"""The menus' commands in the window: new game, next game, play from here, settings, resign,
offer a draw, pause, the game's details; copy the FEN; the keyboard shortcuts; about.

Each asks what it needs (the settings dialog, whether to replace the game) and then
tells the play session or the controller; the game itself changes only there.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow, QWidget

from chessgui.dialogs.about import AboutDialog
from chessgui.dialogs.game_details_dialog import GameDetailsDialog
from chessgui.dialogs.positions_and_games import PositionsAndGames
from chessgui.dialogs.settings_dialog import SettingsDialog
from chessgui.dialogs.shortcuts_dialog import ShortcutsDialog
from chessgui.game.chess_words import side_name
from chessgui.game.controller import GameController
from chessgui.game.navigator import GameNavigator
from chessgui.game.session import PlaySession


class GameCommandsPresenter(QObject):
    """Runs the menus' commands for the window.

    Signals:
        status_message(str): a passing notice (the FEN copied).
    """

    status_message = Signal(str)

    def __init__(
        self,
        window: QWidget,
        controller: GameController,
        navigator: GameNavigator,
        session: PlaySession,
        flows: PositionsAndGames,
    ) -> None:
        super().__init__(window)
        self._window = window
        self.controller = controller
        self.navigator = navigator
        self.session = session
        self.flows = flows

    def on_new_game_triggered(self) -> None:
        """Ask who plays each side (and how), then start a new game."""
        dialog = SettingsDialog(self.session.settings(), self._window, title=self.tr("New game"))
        if dialog.exec() == SettingsDialog.DialogCode.Accepted and self.flows.confirm_replace_game():
            self.session.apply(dialog.result_settings(), start_new_game=True)

    def on_next_game_triggered(self) -> None:
        """Computer vs computer: the next game, once the user agrees to end this one."""
        if self.flows.confirm_replace_game():
            self.session.next_game()

    def on_play_from_here_triggered(self) -> None:
        """Choose the players, then play on in the viewed game from the shown position."""
        if not self.controller.is_viewing():
            return
        node = self.navigator.shown_node()
        dialog = SettingsDialog(self.session.settings(), self._window, title=self.tr("Play from here"))
        if dialog.exec() == SettingsDialog.DialogCode.Accepted:
            self.session.apply(dialog.result_settings())
            self.controller.continue_from(node)

    def on_settings_triggered(self) -> None:
        """Edit the settings; they apply from the next move, the game goes on."""
        dialog = SettingsDialog(self.session.settings(), self._window, title=self.tr("Settings"))
        if dialog.exec() == SettingsDialog.DialogCode.Accepted:
            self.session.apply(dialog.result_settings())

    def on_resign_triggered(self) -> None:
        """The human resigns (the side to move if human, else the human side), once they confirm.

        A resignation cannot be taken back and counts for the rating, so it is asked first, as on
        lichess: a slip of the shortcut or the menu must not lose the game.
        """
        board = self.controller.board()
        color = board.turn
        if not self.controller.player(color).is_human() and self.controller.player(not color).is_human():
            color = not color
        question = self.tr("Resign the game? {side} loses, and a resignation cannot be taken back.").format(
            side=side_name(color)
        )
        if self.flows.ask(self.tr("Resign"), question):
            self.controller.ending.resign(color)

    def on_offer_draw_triggered(self) -> None:
        """The human offers the computer a draw (the action is enabled only in such games)."""
        humans = [color for color in chess.COLORS if self.controller.player(color).is_human()]
        if len(humans) == 1:
            self.controller.ending.offer_draw(humans[0])

    def on_pause_toggled(self, checked: bool) -> None:
        """The user paused or resumed computer moves."""
        if checked:
            self.controller.pause()
        else:
            self.controller.resume()

    def on_game_details_triggered(self) -> None:
        """Edit the game's headers; the controller applies them to the game it owns."""
        dialog = GameDetailsDialog(self.controller.game().headers, self._window)
        if self.run_game_details_dialog(dialog):
            self.controller.tree_editor.set_headers(dialog.headers())

    def run_game_details_dialog(self, dialog: GameDetailsDialog) -> bool:
        """Show the dialog modally; True when accepted (replaced in tests)."""
        return dialog.exec() == GameDetailsDialog.DialogCode.Accepted

    def on_copy_fen_triggered(self) -> None:
        """Copy the shown position's FEN."""
        fen = self.navigator.shown_board().fen()
        QGuiApplication.clipboard().setText(fen)
        self.status_message.emit(self.tr("Copied FEN: {fen}").format(fen=fen))

    def on_shortcuts_triggered(self) -> None:
        """Help ▸ Keyboard shortcuts, read from the window's menus as they are now."""
        menu_bar = self._window.menuBar() if isinstance(self._window, QMainWindow) else None
        if menu_bar is not None:
            self.run_shortcuts_dialog(ShortcutsDialog(menu_bar, self._window))

    def run_shortcuts_dialog(self, dialog: ShortcutsDialog) -> None:
        """Show the dialog (replaced in tests)."""
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()

    def on_about_triggered(self) -> None:
        """Version, license and credits."""
        AboutDialog(self._window).exec()
