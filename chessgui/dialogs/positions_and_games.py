"""The user-facing flows for positions and games: FEN, board editor, paste, open/save PGN.

This object runs the dialogs and file choosers and reports outcomes by
signal; it never touches the game itself.  MainWindow connects its actions to
the ``on_*_triggered`` slots and the outcome signals to the controller::

    flows.position_chosen.connect(controller.new_game)      # str FEN
    flows.game_loaded.connect(controller.load_game)         # chess.pgn.Game
    flows.status_message.connect(window.on_status_message)  # str
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from pathlib import Path

import chess
import chess.pgn
from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox, QWidget

from chessgui.dialogs.board_editor import BoardEditorDialog
from chessgui.dialogs.fen_dialog import FenDialog
from chessgui.dialogs.pgn_games_dialog import PgnGamesDialog
from chessgui.i18n import QT_TRANSLATE_NOOP
from chessgui.storage.fen_check import InvalidFenError, looks_like_fen, looks_like_pgn, parse_fen
from chessgui.storage.pgn.read import LoadedGame, PgnSaveError, game_to_pgn, read_pgn_string, save_pgn

PGN_FILTER = QT_TRANSLATE_NOOP("PositionsAndGames", "PGN files (*.pgn);;All files (*)")

Ask = Callable[[str, str], bool]
"""(title, question) -> True for yes; a message box by default, injectable for tests."""

REPLACE_TITLE = QT_TRANSLATE_NOOP("PositionsAndGames", "Replace the current game?")


def replace_question(unfinished_moves: int, leaving_loses: bool = False) -> str | None:
    """The question before replacing a game in progress with ``unfinished_moves`` moves; None: nothing to lose.

    ``leaving_loses``: the game is rated and leaving it counts as a loss (the question says so)."""
    if unfinished_moves <= 0:
        return None
    if leaving_loses:
        return QCoreApplication.translate(
            "PositionsAndGames",
            "Replace the current game? It is rated and not finished: leaving it now counts as a loss (you resign it).",
        )
    # Two whole sentences rather than %n: lupdate reads plural forms from tr() calls only.
    text = (
        QT_TRANSLATE_NOOP("PositionsAndGames", "Replace the current game? It has {count} move and is not finished.")
        if unfinished_moves == 1
        else QT_TRANSLATE_NOOP(
            "PositionsAndGames", "Replace the current game? It has {count} moves and is not finished."
        )
    )
    return QCoreApplication.translate("PositionsAndGames", text).format(count=unfinished_moves)


class PositionsAndGames(QObject):
    """Runs the FEN / editor / paste / PGN flows for the main window.

    Signals:
        position_chosen(str): a valid full FEN the user wants to play from.
        game_loaded(object): a ``chess.pgn.Game`` to load (from a file or the clipboard).
        status_message(str): a plain-words outcome for the status bar.
        file_used(str): a PGN or FEN file was opened or saved (for the recent-files list).
        game_left(): the user agreed to leave a game that counts as lost when left (it is about to be replaced).
    """

    position_chosen = Signal(str)
    game_loaded = Signal(object)
    status_message = Signal(str)
    file_used = Signal(str)
    game_left = Signal()

    def __init__(
        self,
        window: QWidget,
        current_game: Callable[[], chess.pgn.Game],
        shown_board: Callable[[], chess.Board],
        ask: Ask | None = None,
        unfinished_moves: Callable[[], int] | None = None,
        leaving_loses: Callable[[], bool] | None = None,
    ) -> None:
        """``unfinished_moves`` gives the full moves of the game being played (0 when finished, empty or viewed);
        ``leaving_loses`` whether leaving it now counts as a loss (a rated game)."""
        super().__init__(window)
        self._window = window
        self._current_game = current_game
        self._shown_board = shown_board
        self._ask = ask
        self._unfinished_moves = unfinished_moves
        self._leaving_loses = leaving_loses
        self._last_directory = str(Path.home())

    # --- dialogs (overridable in tests) ---------------------------------------
    def run_dialog(self, dialog: QDialog) -> bool:
        """Show ``dialog`` modally; True when accepted."""
        return dialog.exec() == QDialog.DialogCode.Accepted

    def ask(self, title: str, question: str) -> bool:
        if self._ask is not None:
            return self._ask(title, question)
        answer = QMessageBox.question(self._window, title, question)
        return answer == QMessageBox.StandardButton.Yes

    def confirm_replace_game(self) -> bool:
        """True when the game may be replaced: asks (Yes/No) whenever an unfinished game with moves would go.

        Every way of replacing the game (new game, FEN, board editor, paste, open) asks through here.
        """
        moves = self._unfinished_moves() if self._unfinished_moves is not None else 0
        loses = self._leaving_loses is not None and self._leaving_loses()
        question = replace_question(moves, loses)
        if question is None:
            return True
        if not self.ask(self.tr(REPLACE_TITLE), question):
            return False
        if loses:
            self.game_left.emit()
        return True

    def warn(self, title: str, message: str) -> None:
        self.status_message.emit(message)
        if self._ask is None:  # interactive use; tests read the status message
            QMessageBox.warning(self._window, title, message)

    # --- FEN and board editor --------------------------------------------------
    def on_load_fen_triggered(self, text: str = "") -> None:
        """Ask for a FEN (pre-filled with ``text``); emit position_chosen when valid."""
        dialog = FenDialog(text, self._window)
        if self.run_dialog(dialog) and self.confirm_replace_game():
            self.position_chosen.emit(dialog.board().fen())

    def load_fen_text(self, text: str) -> None:
        """Start from ``text`` (e.g. ``--fen``): at once when valid, else show the FEN dialog with its problems."""
        try:
            board = parse_fen(text)
        except InvalidFenError:
            self.on_load_fen_triggered(text)
            return
        if self.confirm_replace_game():
            self.position_chosen.emit(board.fen())

    def on_edit_position_triggered(self) -> None:
        """Open the board editor on the shown position; cancelling changes nothing."""
        dialog = BoardEditorDialog(self._shown_board(), self._window)
        if self.run_dialog(dialog) and self.confirm_replace_game():
            self.position_chosen.emit(dialog.board().fen())

    # --- clipboard ---------------------------------------------------------------
    def on_paste_triggered(self) -> None:
        """Recognise a FEN or PGN on the clipboard and offer to load it."""
        text = QGuiApplication.clipboard().text().strip()
        if not text:
            self.status_message.emit(self.tr("The clipboard is empty."))
        elif looks_like_fen(text):
            self.on_load_fen_triggered(text)
        elif looks_like_pgn(text):
            self.load_pgn_text(text)
        else:
            self.status_message.emit(self.tr("The clipboard holds neither a FEN nor a PGN game."))

    def load_pgn_text(self, text: str) -> None:
        """Load the first game in ``text``; broken parts are reported, never fatal."""
        result = read_pgn_string(text)
        if not result.games:
            reason = "; ".join(result.errors) or self.tr("no moves or tags were found")
            self.warn(
                self.tr("Paste PGN"),
                self.tr("No game could be read from the clipboard: {reason}").format(reason=reason),
            )
            return
        if self.confirm_replace_game():
            source = self.tr("the clipboard")
            if len(result.games) > 1:
                source = self.tr("the clipboard (the first of its {count} games)").format(count=len(result.games))
            self._emit_loaded(result.games[0], source)

    def on_copy_pgn_triggered(self) -> None:
        QGuiApplication.clipboard().setText(game_to_pgn(self._current_game()))
        self.status_message.emit(self.tr("Copied the game as PGN"))

    # --- files -------------------------------------------------------------------
    def on_open_pgn_triggered(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self._window, self.tr("Open PGN"), self._last_directory, self.tr(PGN_FILTER)
        )
        if path:
            self.open_pgn_file(path)

    def open_pgn_file(self, path: str | Path) -> None:
        """List the file's games (a single game opens directly) and load the one picked."""
        path = Path(path)
        self._last_directory = str(path.parent)
        dialog = PgnGamesDialog(path, self._window)
        if self.run_dialog(dialog):
            loaded = dialog.loaded_game()
            if loaded is not None and self.confirm_replace_game():
                self._emit_loaded(loaded, path.name)
                self.file_used.emit(str(path))
        elif (failure := dialog.failure()) is not None:
            self.warn(self.tr("Open PGN"), failure)

    def open_my_games(self, path: Path) -> None:
        """File ▸ My games: the games finished here, newest first, to view (and review) one."""
        if not path.exists():
            self.status_message.emit(
                self.tr("No games yet: each game you finish here is kept in {path}.").format(path=path)
            )
            return
        title = self.tr("My games")
        dialog = PgnGamesDialog(path, self._window, auto_pick_single=False, newest_first=True, title=title)
        if self.run_dialog(dialog):
            loaded = dialog.loaded_game()
            if loaded is not None and self.confirm_replace_game():
                self._emit_loaded(loaded, title)
        elif (failure := dialog.failure()) is not None:
            self.warn(title, failure)

    def open_file_argument(self, path: str | Path) -> None:
        """The file given on the command line: a FEN file starts from its position, anything else is read as PGN."""
        path = Path(path)
        try:
            with path.open("rb") as handle:
                head = handle.read(512).decode("utf-8", "replace").strip()
        except OSError as error:
            self.warn(
                self.tr("Open"),
                self.tr("Could not open {name}: {error}").format(name=path.name, error=error.strerror or error),
            )
            return
        if looks_like_fen(head):
            self.load_fen_text(head)
            self.file_used.emit(str(path))
        else:
            self.open_pgn_file(path)

    def on_save_pgn_triggered(self) -> None:
        game = self._current_game()
        suggested = Path(self._last_directory) / suggested_file_name(game)
        path, _filter = QFileDialog.getSaveFileName(
            self._window, self.tr("Save PGN"), str(suggested), self.tr(PGN_FILTER)
        )
        if path:
            if not Path(path).suffix:
                path += ".pgn"
            self.save_game_to(path)

    def save_game_to(self, path: str | Path) -> bool:
        path = Path(path)
        try:
            save_pgn(path, self._current_game())
        except PgnSaveError as error:
            self.warn(self.tr("Save PGN"), self.tr("The game was not saved: {error}").format(error=error))
            return False
        self._last_directory = str(path.parent)
        self.status_message.emit(self.tr("Saved the game to {name}").format(name=path.name))
        self.file_used.emit(str(path))
        return True

    def _emit_loaded(self, loaded: LoadedGame, source: str) -> None:
        self.game_loaded.emit(loaded.game)
        if loaded.problems:
            self.warn(
                self.tr("Game loaded with problems"),
                self.tr("The game from {source} was loaded up to its first problem: {problems}").format(
                    source=source, problems="; ".join(loaded.problems)
                ),
            )
        else:
            self.status_message.emit(self.tr("Loaded the game from {source}").format(source=source))


def suggested_file_name(game: chess.pgn.Game) -> str:
    """ "White-Black-2024.05.17.pgn" with characters unsafe in file names replaced."""
    date = game.headers.get("Date", "????.??.??")
    if "?" in date:
        date = _dt.date.today().strftime("%Y.%m.%d")
    raw = f"{game.headers.get('White', 'White')}-{game.headers.get('Black', 'Black')}-{date}"
    safe = "".join(ch if ch.isalnum() or ch in "-._ " else "_" for ch in raw).strip() or "game"
    return f"{safe}.pgn"
