"""Keeps the opening book panel on the shown position, while its dock is open.

The book is the shipped one (GNU Chess's, the engines' default), opened on first use; a book that
cannot be read is said in the panel. While a person plays the computer and its thinking is hidden,
the book is hidden too (lichess keeps its explorer off a game in progress): it would play the
opening for them in a game that counts.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from chessgui.game.book_explorer import book_lines
from chessgui.game.navigator import GameNavigator
from chessgui.storage.book import BookError, BookSettings, OpeningBook, load_book
from chessgui.views.book_panel import BookPanel


class BookPresenter(QObject):
    """Lists the book's moves for the navigator's position in a :class:`BookPanel`."""

    def __init__(self, navigator: GameNavigator, panel: BookPanel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._navigator = navigator
        self._panel = panel
        self._open = False
        self._hidden = False
        self._book: OpeningBook | None = None

    def on_visibility_changed(self, visible: bool) -> None:
        """The dock opened or closed: list the moves on opening (nothing is looked up while closed)."""
        self._open = visible
        self.refresh()

    def on_view_changed(self, ply: int = 0, animate: bool = False) -> None:  # noqa: ARG002 - signal signature
        """Another position is shown."""
        self.refresh()

    def on_thinking_hidden_changed(self, hidden: bool) -> None:
        """A person's game against the computer began or ended: hide or show the book."""
        self._hidden = hidden
        self.refresh()

    def refresh(self) -> None:
        """List the shown position's book moves, or say why there are none."""
        if not self._open:
            return
        if self._hidden:
            self._panel.show_message(
                self.tr("The opening book is hidden while you play the computer; it shows again when the game ends.")
            )
            return
        try:
            book = self._load()
        except BookError as error:
            self._panel.show_message(str(error))
            return
        board = self._navigator.shown_board()
        lines = book_lines(book, board)
        if not lines:
            self._panel.show_message(self.tr("{book} has no moves for this position.").format(book=book.label))
            return
        self._panel.show_lines(lines, board, book.label)

    def _load(self) -> OpeningBook:
        if self._book is None:
            self._book = load_book(BookSettings())
        return self._book
