"""View ▸ Opening book: the book's moves in the shown position, played from the list, hidden while a
person plays the computer."""

from __future__ import annotations

import chess

from chessgui.game.result import GameResult, Termination
from chessgui.main_window import MainWindow
from chessgui.storage.book import BookError, BookSettings, load_book
from chessgui.storage.settings import PlayerKind, PlayerSettings, Settings


def open_book(window: MainWindow) -> None:
    window.actions_.opening_book.trigger()
    assert window.book_dock.isVisible() and window.actions_.opening_book.isChecked()


def sans(window: MainWindow) -> list[str]:
    return [line.san for line in window.book_panel.lines()]


def test_the_book_follows_the_shown_position_and_plays_a_chosen_move(qtbot, window) -> None:
    assert not window.book_dock.isVisible()
    open_book(window)
    panel = window.book_panel
    assert {"e4", "d4", "Nf3", "c4"} <= set(sans(window))
    # The label as the shared book cache has it (a test run in Finnish may have named it first).
    label = load_book(BookSettings()).label
    assert panel.caption.text().startswith(f"{label}: ")
    assert panel.caption.text().endswith(" moves for 1.")
    assert panel.table.item(0, 1).text().endswith(" %")
    row = sans(window).index("e4")
    assert panel.table.item(row, 2).text() == "B00 King's Pawn"
    panel.table.selectRow(row)
    panel.table.activated.emit(panel.table.model().index(row, 0))  # a double-click or Enter
    assert window.controller.live_ply() == 1 and window.controller.board().peek() == chess.Move.from_uci("e2e4")
    assert "e5" in sans(window) and "c5" in sans(window)  # Black's replies now
    assert panel.table.selectedItems() == []  # the row chosen before belongs to the last position
    assert panel.caption.text().endswith(" moves for 1...")
    window.navigator.go_to(0)  # back at the start: the list follows the board
    assert "e4" in sans(window)
    # Chosen at an earlier position, a book move is a variation: the game stays as it was.
    row = sans(window).index("d4")
    panel.table.activated.emit(panel.table.model().index(row, 0))
    assert window.controller.live_ply() == 1 and window.controller.board().peek() == chess.Move.from_uci("e2e4")
    assert window.navigator.shown_board().peek() == chess.Move.from_uci("d2d4")
    window.actions_.opening_book.trigger()
    assert not window.book_dock.isVisible()


def test_a_position_out_of_the_book_and_a_book_that_fails(qtbot, window, monkeypatch) -> None:
    window.flows.position_chosen.emit("8/8/8/8/8/k7/8/K7 w - - 0 1")
    open_book(window)
    assert sans(window) == []
    label = load_book(BookSettings()).label
    assert window.book_panel.message.text() == f"{label} has no moves for this position."
    assert window.book_panel.message.isVisibleTo(window.book_panel)

    def broken(settings: BookSettings) -> None:
        raise BookError("The opening book 'x.bin' cannot be read: No such file or directory.")

    monkeypatch.setattr("chessgui.book_presenter.load_book", broken)
    window.book._book = None  # as at a first opening
    window.book.refresh()
    assert window.book_panel.message.text() == "The opening book 'x.bin' cannot be read: No such file or directory."


def test_hidden_while_a_person_plays_the_computer(qtbot) -> None:
    engine = PlayerSettings(kind=PlayerKind.BUILTIN, move_time_ms=100, book=BookSettings(enabled=False))
    window = MainWindow(settings=Settings(white=PlayerSettings(), black=engine))
    qtbot.addWidget(window)
    window.show()
    try:
        open_book(window)
        assert sans(window) == []
        assert window.book_panel.message.text() == (
            "The opening book is hidden while you play the computer; it shows again when the game ends."
        )
        window.controller.end_game(GameResult(chess.BLACK, Termination.RESIGNATION))
        assert "e4" in sans(window)
    finally:
        window.close()


def test_the_panel_names_pieces_in_the_chosen_letters(qtbot, window) -> None:
    from chessgui.game.chess_words import PieceLetters

    window.book_panel.set_piece_letters(PieceLetters.FINNISH)
    open_book(window)
    texts = [window.book_panel.table.item(row, 0).text() for row in range(window.book_panel.table.rowCount())]
    assert "Rf3" in texts and "Nf3" not in texts  # ratsu
