"""Typing moves: a field that takes SAN or UCI ("e4", "Nf3", "exd5", "O-O", "e7e8q").

:func:`parse_move_text` decides with python-chess and, when the text is not a legal
move, says why in plain words and lists the legal moves that fit. :class:`MoveEntry`
is the field (with completion of the legal moves) and the line that says what is
wrong; it only *requests* a move with ``move_entered``, like the board does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import chess
from PySide6.QtCore import QCoreApplication, QEvent, QStringListModel, Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QCompleter, QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from chessgui.game.chess_words import piece_name, piece_plural, side_name
from chessgui.i18n import QT_TRANSLATE_NOOP

MAX_LISTED = 12
"""How many fitting legal moves a message names before "…"."""

_UCI = re.compile(r"^([a-h][1-8])([a-h][1-8])([qrbnQRBN]?)$")
_SAN_PIECE = re.compile(r"^([KQRBN])[a-h]?[1-8]?x?([a-h][1-8])")
_PAWN_TARGET = re.compile(r"^(?:[a-h]x)?([a-h][1-8])")
_FORMAT_HELP = QT_TRANSLATE_NOOP("move_entry", "Type a move like e4, Nf3, exd5, O-O or e7e8q.")


@dataclass(frozen=True, slots=True)
class MoveParse:
    """What typed text means in a position."""

    move: chess.Move | None
    """The legal move, or None when the text is not one."""
    message: str
    """Why it is not a move, in plain words ("" when it is)."""
    candidates: tuple[str, ...] = ()
    """Legal moves (SAN) that fit the text, to choose from."""


def _clean(text: str) -> str:
    text = text.strip().replace("0-0-0", "O-O-O").replace("0-0", "O-O").replace("o-o-o", "O-O-O")
    text = text.replace("o-o", "O-O")
    return text.rstrip("+#!?")


def legal_sans(board: chess.Board) -> list[str]:
    """Every legal move in SAN, sorted."""
    return sorted(board.san(move) for move in board.legal_moves)


def matching_moves(board: chess.Board, prefix: str) -> list[str]:
    """Legal SAN moves that start with ``prefix`` (or whose UCI does), case-insensitively."""
    cleaned = _clean(prefix)
    wanted = cleaned.lower()
    # "B" means a bishop, "b" the b-file; other letters are read either way.
    piece_letter = cleaned[:1] if cleaned[:1] in "KQRBN" and cleaned[:1] else ""
    out = []
    for move in board.legal_moves:
        san = board.san(move)
        if piece_letter and not san.startswith(piece_letter):
            continue
        if san.lower().startswith(wanted) or move.uci().startswith(wanted):
            out.append(san)
    return sorted(out)


def _listing(sans: list[str]) -> str:
    shown = ", ".join(sans[:MAX_LISTED])
    return shown + (
        QCoreApplication.translate("move_entry", " and {count} more").format(count=len(sans) - MAX_LISTED)
        if len(sans) > MAX_LISTED
        else ""
    )


def parse_move_text(board: chess.Board, text: str) -> MoveParse:
    """The legal move ``text`` names in ``board``, or why it names none."""
    cleaned = _clean(text)
    if not cleaned:
        return MoveParse(None, QCoreApplication.translate("move_entry", _FORMAT_HELP))
    if board.is_game_over():
        return MoveParse(
            None, QCoreApplication.translate("move_entry", "The game is over: no more moves can be played.")
        )
    uci = _UCI.match(cleaned)
    if uci is not None:
        return _parse_uci(board, uci.group(1), uci.group(2), uci.group(3).lower())
    try:
        return MoveParse(board.parse_san(cleaned), "")
    except chess.AmbiguousMoveError:
        target = cleaned.rstrip("QRBN=")[-2:]
        fits = [san for san in matching_moves(board, cleaned[0]) if target in san]
        choices = QCoreApplication.translate("move_entry", " or ").join(fits)
        text = QCoreApplication.translate("move_entry", "{move} is ambiguous: say which piece — {choices}.")
        return MoveParse(None, text.format(move=cleaned, choices=choices), tuple(fits))
    except chess.IllegalMoveError:
        return _explain_illegal_san(board, cleaned)
    except ValueError:  # InvalidMoveError and anything else python-chess cannot read
        fits = matching_moves(board, cleaned)
        if fits:
            return MoveParse(
                None,
                QCoreApplication.translate(
                    "move_entry", "{cleaned} is not a whole move. Moves that begin so: {listing}."
                ).format(cleaned=cleaned, listing=_listing(fits)),
                tuple(fits),
            )
        return MoveParse(
            None,
            QCoreApplication.translate("move_entry", "“{text}” is not a move. {FORMAT_HELP}").format(
                text=text.strip(), FORMAT_HELP=QCoreApplication.translate("move_entry", _FORMAT_HELP)
            ),
        )


def _parse_uci(board: chess.Board, origin: str, target: str, promotion: str) -> MoveParse:
    from_square, to_square = chess.parse_square(origin), chess.parse_square(target)
    move = chess.Move(from_square, to_square, chess.Piece.from_symbol(promotion).piece_type if promotion else None)
    if move in board.legal_moves:
        return MoveParse(move, "")
    piece = board.piece_at(from_square)
    side = side_name(board.turn).lower()
    if piece is None:
        return MoveParse(
            None, QCoreApplication.translate("move_entry", "There is no piece on {origin}.").format(origin=origin)
        )
    if piece.color != board.turn:
        return MoveParse(
            None,
            QCoreApplication.translate("move_entry", "The piece on {origin} is not yours: it is {side}'s move.").format(
                origin=origin, side=side
            ),
        )
    options = [board.san(m) for m in board.legal_moves if m.from_square == from_square]
    if not promotion and chess.Move(from_square, to_square, chess.QUEEN) in board.legal_moves:
        sans = [
            board.san(chess.Move(from_square, to_square, kind))
            for kind in (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)
        ]
        return MoveParse(
            None,
            QCoreApplication.translate(
                "move_entry", "Say which piece to promote to: {origin}{target}q for a queen, or r, b, n."
            ).format(origin=origin, target=target),
            tuple(sans),
        )
    return MoveParse(None, _cannot_go(board, piece, origin, target, options), tuple(sorted(options)))


def _cannot_go(board: chess.Board, piece: chess.Piece, origin: str, target: str, options: list[str]) -> str:
    name = piece_name(piece.piece_type)
    reason = ""
    pseudo = chess.Move(chess.parse_square(origin), chess.parse_square(target))
    if board.is_pseudo_legal(pseudo) or board.is_pseudo_legal(
        chess.Move(pseudo.from_square, pseudo.to_square, chess.QUEEN)
    ):
        reason = (
            QCoreApplication.translate("move_entry", " It would leave your king in check.")
            if not board.is_check()
            else QCoreApplication.translate("move_entry", " You must get out of check.")
        )
    elif board.is_check():
        reason = QCoreApplication.translate("move_entry", " You are in check.")
    if options:
        return QCoreApplication.translate(
            "move_entry", "The {name} on {origin} cannot go to {target}.{reason} It can play: {listing}."
        ).format(name=name, origin=origin, target=target, reason=reason, listing=_listing(sorted(options)))
    return QCoreApplication.translate(
        "move_entry", "The {name} on {origin} cannot go to {target}; it has no legal move.{reason}"
    ).format(name=name, origin=origin, target=target, reason=reason)


def _explain_illegal_san(board: chess.Board, cleaned: str) -> MoveParse:
    piece_match = _SAN_PIECE.match(cleaned)
    if piece_match is not None:
        piece_type = chess.Piece.from_symbol(piece_match.group(1)).piece_type
        target = piece_match.group(2)
    else:
        pawn = _PAWN_TARGET.match(cleaned)
        piece_type = chess.KING if cleaned.startswith("O-O") else chess.PAWN
        target = pawn.group(1) if pawn is not None else ""
    name = piece_name(piece_type)
    if cleaned.startswith("O-O"):
        side = (
            QCoreApplication.translate("move_entry", "kingside")
            if cleaned == "O-O"
            else QCoreApplication.translate("move_entry", "queenside")
        )
        reason = (
            QCoreApplication.translate("move_entry", "you are in check")
            if board.is_check()
            else QCoreApplication.translate(
                "move_entry", "the king or rook has moved, a square between is taken or attacked"
            )
        )
        fits = [san for san in legal_sans(board) if san.startswith("O-O")]
        return MoveParse(
            None,
            QCoreApplication.translate("move_entry", "You cannot castle {side} now: {reason}.").format(
                side=side, reason=reason
            ),
            tuple(fits),
        )
    fits = [board.san(m) for m in board.legal_moves if (board.piece_type_at(m.from_square) == piece_type)]
    if not board.pieces(piece_type, board.turn):
        return MoveParse(
            None, QCoreApplication.translate("move_entry", "You have no {name} left.").format(name=name), ()
        )
    check = QCoreApplication.translate("move_entry", " You are in check.") if board.is_check() else ""
    where = (
        QCoreApplication.translate("move_entry", " to {target}").format(target=target)
        if target
        else QCoreApplication.translate("move_entry", " there")
    )
    if fits:
        plural = piece_plural(piece_type)
        return MoveParse(
            None,
            QCoreApplication.translate(
                "move_entry", "No {name} can go{where}.{check} Your {plural} can play: {listing}."
            ).format(name=name, where=where, check=check, plural=plural, listing=_listing(sorted(fits))),
            tuple(sorted(fits)),
        )
    return MoveParse(
        None,
        QCoreApplication.translate(
            "move_entry", "No {name} can go{where}; no {name} of yours has a legal move now.{check}"
        ).format(name=name, where=where, check=check),
        (),
    )


_TEXT_KEYS = (QKeySequence.StandardKey.Copy, QKeySequence.StandardKey.Cut, QKeySequence.StandardKey.Paste)
"""Keys with a modifier the move field keeps: copying and pasting a move. Every other one (Ctrl+Z
take back, Ctrl+E set up a position...) goes to the window, where the field would have eaten it."""
_GAME_KEYS = frozenset(
    {Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_Home, Qt.Key.Key_End}
)
"""Keys that step through the game (View menu); the field keeps them only while it holds text."""
_MODIFIERS = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier | Qt.KeyboardModifier.MetaModifier


FOCUS_KEY = "/"
"""The window's shortcut to the move field (Type a move), as lichess's "/" to its move input."""


class _MoveField(QLineEdit):
    """The line moves are typed in: it leaves the window's shortcuts to the window.

    Qt asks the focused widget first (a ShortcutOverride event), and a line edit claims its own
    editing keys: with the cursor here, where people who type their moves keep it, Ctrl+Z undid
    the field's text instead of taking the move back, and the arrows could not step through the game.
    """

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) and self._leaves(event):
            event.ignore()  # not claimed: the window's shortcut, if any, fires; else the key comes here as usual
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.text() == FOCUS_KEY:
            # The key that brings the cursor here (the window's shortcut); pressed again for the
            # next move while the cursor is still here, it is not text: no move has a "/".
            event.accept()
            return
        super().keyPressEvent(event)

    def _leaves(self, event: QKeyEvent) -> bool:
        if event.modifiers() & _MODIFIERS:
            return not any(event.matches(key) for key in _TEXT_KEYS)
        return event.key() in _GAME_KEYS and not self.text()


class MoveEntry(QWidget):
    """A line to type moves into, with completion and a plain-words message line.

    Signals:
        move_entered(chess.Move): the user typed a legal move and pressed Enter.
        message_shown(str): a message about the typed text (for the screen reader).
    """

    move_entered = Signal(object)
    message_shown = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._board = chess.Board()
        self._accepting = True
        self.field: QLineEdit = _MoveField(self)
        self.field.setObjectName("move_entry_field")
        self.field.setPlaceholderText(self.tr("Type a move (e4, Nf3, O-O, e7e8q) and press Enter — / to get here"))
        self.field.setAccessibleName(self.tr("Move entry"))
        self.field.setAccessibleDescription(self.tr("Type a move in SAN or UCI and press Enter. Tab completes."))
        self.field.setClearButtonEnabled(True)
        self._model = QStringListModel(self)
        self.completer = QCompleter(self._model, self)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.field.setCompleter(self.completer)
        self.message_label = QLabel(self)
        self.message_label.setObjectName("move_entry_message")
        self.message_label.setWordWrap(True)
        self.message_label.setAccessibleName(self.tr("Move entry message"))
        self.message_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        label = QLabel(self.tr("&Move:"), self)
        label.setBuddy(self.field)
        row.addWidget(label)
        row.addWidget(self.field, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.message_label)
        self.message_label.hide()
        self.field.returnPressed.connect(self.submit)
        self.field.textEdited.connect(self._on_text_edited)

    def set_position(self, board: chess.Board, accepting: bool) -> None:
        """The position moves are typed in; ``accepting`` False while it is not the user's turn."""
        self._board = board.copy(stack=False)
        self._accepting = accepting
        self._model.setStringList(legal_sans(self._board) if accepting else [])

    def focus_with(self, text: str = "") -> None:
        """Put the cursor in the field, optionally starting it with ``text`` (typed on the board)."""
        self.field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        if text:
            self.field.setText(self.field.text() + text)
            self._on_text_edited(self.field.text())
            if self._accepting:
                self.completer.setCompletionPrefix(self.field.text())
                self.completer.complete()

    def message(self) -> str:
        """The message shown now ("" when none)."""
        return self.message_label.text() if self.message_label.isVisible() or self.message_label.text() else ""

    def submit(self) -> MoveParse | None:
        """Read the field: request the move, or say what is wrong."""
        text = self.field.text()
        if not text.strip():
            return None
        if not self._accepting:
            self._show(self.tr("It is not your move now."))
            return None
        parsed = parse_move_text(self._board, text)
        if parsed.move is None:
            self._show(parsed.message)
            return parsed
        self.field.clear()
        self._show("")
        self.move_entered.emit(parsed.move)
        return parsed

    def _on_text_edited(self, text: str) -> None:
        if self.message_label.text() and not text.strip():
            self._show("")

    def _show(self, message: str) -> None:
        self.message_label.setText(message)
        self.message_label.setVisible(bool(message))
        if message:
            self.message_shown.emit(message)
