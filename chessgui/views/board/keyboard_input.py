"""The board's keyboard input: a square cursor, picking up and putting down pieces, starting a typed move.

The arrow keys move a square cursor, Space or Enter picks up and puts down a piece
(:mod:`~chessgui.views.board.square_cursor`), Escape drops the selection, S describes the
square; every step is said to screen readers through :attr:`~BoardKeyboardInput.announcement_requested`.
A letter that begins a move (SAN or UCI) goes to the move entry instead (:attr:`typing_started`).

``BoardKeyboardInput`` sits between the mouse input
(:class:`~chessgui.views.board.board_input.BoardInputWidget`, whose selection, move attempts and
promotion picker it shares) and :class:`~chessgui.views.board.board_widget.BoardWidget`.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent

from chessgui.views.announcer import describe_square
from chessgui.views.board.board_input import BoardInputWidget
from chessgui.views.board.square_cursor import (
    ACTIVATE_KEYS,
    ARROW_STEPS,
    DESCRIBE_KEY,
    describe_attackers,
)

TYPING_STARTS = frozenset("abcdefghKQRBNOo0")
"""Keys that begin a typed move (SAN or UCI): on the board they go to the move entry."""

_KEYBOARD_FOCUS = frozenset(
    (
        Qt.FocusReason.TabFocusReason,
        Qt.FocusReason.BacktabFocusReason,
        Qt.FocusReason.ShortcutFocusReason,
        Qt.FocusReason.OtherFocusReason,
    )
)
"""Ways of reaching the board that mean the keyboard is in use: the cursor shows."""


class BoardKeyboardInput(BoardInputWidget):
    """Keyboard input of the board: the square cursor and typed moves; the subclass shows the position and paints."""

    typing_started = Signal(str)
    """The user typed the start of a move while the board had the focus (the window moves it to the entry)."""
    announcement_requested = Signal(str)
    """Words for the screen reader about a keyboard action (picked up, cannot go there, …)."""

    # --- state queries ----------------------------------------------------
    def cursor_square(self) -> chess.Square | None:
        """The keyboard cursor's square while it is shown (the board has the focus, used by keyboard)."""
        if self._cursor.active and self.hasFocus():
            return self._cursor.square
        return None

    def set_cursor_square(self, square: chess.Square) -> None:
        """Put the keyboard cursor on ``square`` and show it (screen readers are told)."""
        self._cursor.activate(self._board, self._last_move)
        self._cursor.square = square
        self._cursor_moved()

    # --- Qt overrides -----------------------------------------------------
    def event(self, event: QEvent) -> bool:
        # Letters that begin a move would otherwise fire one-key shortcuts (F flips, A analyses):
        # while the user may move, typed on the board they start a move instead.
        # So do the cursor's keys (arrows, Space) while the board is used from the keyboard.
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and (self._is_typing_start(event) or self._is_cursor_key(event))
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self._is_typing_start(event):
            self.typing_started.emit(event.text())
            event.accept()
            return
        if self._on_cursor_key(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        if event.reason() == Qt.FocusReason.MouseFocusReason:
            self._cursor.active = False
        elif event.reason() in _KEYBOARD_FOCUS:
            self._cursor.activate(self._board, self._last_move)
            self._cursor_moved()
        self.update()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.update()  # the cursor is drawn only while the board has the focus

    def _is_cursor_key(self, event: QKeyEvent) -> bool:
        """True for a key the cursor takes from the window's shortcuts (arrows, Space, Escape)."""
        if _modifiers(event) != Qt.KeyboardModifier.NoModifier:
            return False
        key = event.key()
        if key == Qt.Key.Key_Escape:
            return self._input.selected is not None
        if key in ARROW_STEPS:
            # Until the mouse touches the board, an arrow key brings the cursor up (the window came
            # up with the board focused); after a click the arrows step through the moves again.
            return self._cursor.active or self._cursor.square is None
        return self._cursor.active and key in ACTIVATE_KEYS and self._is_interactive()

    def _on_cursor_key(self, event: QKeyEvent) -> bool:
        """Handle a cursor key; True when it was one."""
        if _modifiers(event) != Qt.KeyboardModifier.NoModifier:
            return False
        key = event.key()
        if key == Qt.Key.Key_Escape and self._input.selected is not None:
            self._input.clear()
            self.update()
            self.announcement_requested.emit(self.tr("Selection cancelled."))
            return True
        if key == DESCRIBE_KEY:
            self._cursor.activate(self._board, self._last_move)
            self._cursor_moved()
            if self._cursor.square is not None:
                self.announcement_requested.emit(describe_attackers(self._board, self._cursor.square))
            return True
        if key in ARROW_STEPS:
            if not self._cursor.active:
                self._cursor.activate(self._board, self._last_move)  # the first key shows where it is
                self._cursor_moved()
                return True
            columns, rows = ARROW_STEPS[key]
            if self._cursor.step(self.board_geometry(), columns, rows):
                self._cursor_moved()
            return True
        if key in ACTIVATE_KEYS and self._cursor.active:
            self._activate_cursor_square()
            return True
        return False

    def _cursor_moved(self) -> None:
        if self._cursor.square is not None:
            self.accessibility.focus_square(self._cursor.square)
        self.update()

    def _activate_cursor_square(self) -> None:
        """Space or Enter on the cursor square: as a click there (pick up, put down, or say why not)."""
        square = self._cursor.square
        if square is None:
            return
        if not self._is_interactive():
            if self._read_only:
                text = self.tr("An earlier position is shown; press End to return to the game.")
            else:
                text = self.tr("You cannot move now.")
            self.announcement_requested.emit(text)
            return
        self._animator.finish()
        selected = self._input.selected
        if selected == square:
            self._input.clear()
            self.update()
            self.announcement_requested.emit(self.tr("Selection cancelled."))
            return
        piece = self._board.piece_at(square)
        own = piece is not None and piece.color == self._board.turn
        if selected is not None:
            if self._attempt_move(selected, square, by_drag=False):
                if self._picker is not None:
                    self.announcement_requested.emit(
                        self.tr("Promote to: Q queen, N knight, R rook, B bishop. Escape cancels.")
                    )
                return
            if not own:
                self._input.clear()
                self.update()
                text = self.tr("%1: cannot go to %2. Nothing is selected.")
                self.announcement_requested.emit(
                    text.replace("%1", describe_square(self._board, selected)).replace("%2", chess.square_name(square))
                )
                return
        if not own:
            text = self.tr("%1: no piece of yours to pick up.").replace("%1", describe_square(self._board, square))
            self.announcement_requested.emit(text)
            return
        self._input.clear()
        self._input.selected = square
        self.update()
        targets = sorted(self.legal_destinations(square))
        if targets:
            text = self.tr("%1: picked up. It can go to %2.").replace("%2", ", ".join(map(chess.square_name, targets)))
        else:
            text = self.tr("%1: picked up. It has no legal move.")
        self.announcement_requested.emit(text.replace("%1", describe_square(self._board, square)))

    def _is_typing_start(self, event: QEvent) -> bool:
        if not isinstance(event, QKeyEvent) or not self._is_interactive():
            return False
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier & ~Qt.KeyboardModifier.KeypadModifier
        return modifiers == Qt.KeyboardModifier.NoModifier and len(event.text()) == 1 and event.text() in TYPING_STARTS


def _modifiers(event: QKeyEvent) -> Qt.KeyboardModifier:
    """The event's modifiers, ignoring the keypad flag (the arrows and Enter of a keypad count)."""
    return event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
