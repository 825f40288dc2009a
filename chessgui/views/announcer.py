"""Spoken words for screen readers: moves, checks, game ends and the whole position.

The ``describe_*`` functions turn python-chess values into plain sentences
("Black: knight takes e5, check", "Checkmate. White wins"). :class:`Announcer`
sends them to the screen reader with Qt's announcement event
(``QAccessibleAnnouncementEvent``, Qt 6.8 and later) and shows them in its label,
whose text change is itself an accessibility event, so older Qt versions and
readers without announcement support still hear it.
"""

from __future__ import annotations

import chess
from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QLabel, QWidget

from chessgui.game.chess_words import piece_name, piece_plural, side_name
from chessgui.game.result import GameResult, Termination
from chessgui.i18n import QT_TRANSLATE_NOOP

try:  # Qt >= 6.8
    from PySide6.QtGui import QAccessibleAnnouncementEvent as _AnnouncementEvent

    _ANNOUNCEMENT_EVENT: type[_AnnouncementEvent] | None = _AnnouncementEvent
except ImportError:  # pragma: no cover - older Qt: the label's text change is the announcement
    _ANNOUNCEMENT_EVENT = None

_PIECE_ORDER = (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN)


def describe_move(board: chess.Board, move: chess.Move) -> str:
    """The move ``move`` played in ``board`` (the position *before* it), in words.

    "White: pawn to e4", "Black: knight takes e5, check", "White: castles kingside",
    "Black: pawn takes d1, promotes to queen, checkmate". A disambiguated SAN move
    names the square it starts from ("White: rook from a1 to d1").
    """
    side = side_name(board.turn)
    san = board.san(move)
    if board.is_castling(move):
        text = (
            QCoreApplication.translate("announcer", "castles kingside")
            if board.is_kingside_castling(move)
            else QCoreApplication.translate("announcer", "castles queenside")
        )
    else:
        piece = board.piece_at(move.from_square)
        name = piece_name(piece.piece_type) if piece is not None else QCoreApplication.translate("announcer", "piece")
        target = chess.square_name(move.to_square)
        capture = board.is_capture(move)
        if piece is not None and piece.piece_type == chess.PAWN and capture:
            text = QCoreApplication.translate("announcer", "{file} pawn takes {target}").format(
                file=chess.FILE_NAMES[chess.square_file(move.from_square)], target=target
            )
            if board.is_en_passant(move):
                text += QCoreApplication.translate("announcer", " en passant")
        else:
            # SAN names the starting file or square only when two such pieces could go there.
            body = san[1:].rstrip("+#") if piece is not None and piece.piece_type != chess.PAWN else ""
            body = body.split("=")[0]
            disambiguated = len(body.replace("x", "")) > 2
            origin = chess.square_name(move.from_square)
            if disambiguated:
                template = (
                    QT_TRANSLATE_NOOP("announcer", "{piece} from {origin} takes {target}")
                    if capture
                    else QT_TRANSLATE_NOOP("announcer", "{piece} from {origin} to {target}")
                )
            else:
                template = (
                    QT_TRANSLATE_NOOP("announcer", "{piece} takes {target}")
                    if capture
                    else QT_TRANSLATE_NOOP("announcer", "{piece} to {target}")
                )
            text = QCoreApplication.translate("announcer", template).format(piece=name, origin=origin, target=target)
        if move.promotion:
            text += QCoreApplication.translate("announcer", ", promotes to {piece_name}").format(
                piece_name=piece_name(move.promotion)
            )
    if san.endswith("#"):
        text += QCoreApplication.translate("announcer", ", checkmate")
    elif san.endswith("+"):
        text += QCoreApplication.translate("announcer", ", check")
    return QCoreApplication.translate("announcer", "{side}: {move}").format(side=side, move=text)


def describe_result(result: GameResult) -> str:
    """The end of a game as a sentence: "Checkmate. White wins", "Stalemate. Draw"."""
    if result.termination is Termination.CHECKMATE and result.winner is not None:
        return QCoreApplication.translate("announcer", "Checkmate. {side_name} wins").format(
            side_name=side_name(result.winner)
        )
    if result.termination is Termination.STALEMATE:
        return QCoreApplication.translate("announcer", "Stalemate. Draw")
    return result.describe()


def describe_square(board: chess.Board, square: chess.Square) -> str:
    """ "e4, white pawn" or "e4, empty"."""
    piece = board.piece_at(square)
    name = chess.square_name(square)
    if piece is None:
        return QCoreApplication.translate("announcer", "{name}, empty").format(name=name)
    template = (
        QT_TRANSLATE_NOOP("announcer", "{square}, white {piece}")
        if piece.color == chess.WHITE
        else QT_TRANSLATE_NOOP("announcer", "{square}, black {piece}")
    )
    return QCoreApplication.translate("announcer", template).format(square=name, piece=piece_name(piece.piece_type))


def describe_position(board: chess.Board) -> str:
    """Every piece, side by side, then whose move it is.

    "White: king g1, queen d1, rooks a1 and f1, pawns a2, b2, … Black: … White to move."
    """
    parts: list[str] = []
    for color in (chess.WHITE, chess.BLACK):
        groups: list[str] = []
        for piece_type in _PIECE_ORDER:
            squares = [chess.square_name(square) for square in board.pieces(piece_type, color)]
            if not squares:
                continue
            name = piece_name(piece_type) if len(squares) == 1 else piece_plural(piece_type)
            where = (
                squares[0]
                if len(squares) == 1
                else QCoreApplication.translate("announcer", "{squares} and {last}").format(
                    squares=", ".join(squares[:-1]), last=squares[-1]
                )
            )
            groups.append(f"{name} {where}")
        pieces = ", ".join(groups) if groups else QCoreApplication.translate("announcer", "no pieces")
        parts.append(
            QCoreApplication.translate("announcer", "{side}: {pieces}.").format(side=side_name(color), pieces=pieces)
        )
    turn = QCoreApplication.translate("announcer", "{side_name} to move").format(side_name=side_name(board.turn))
    if board.is_checkmate():
        turn = QCoreApplication.translate("announcer", "{side_name} is checkmated").format(
            side_name=side_name(board.turn)
        )
    elif board.is_check():
        turn += QCoreApplication.translate("announcer", ", in check")
    parts.append(turn + ".")
    return " ".join(parts)


class Announcer(QObject):
    """Says short texts to the screen reader and shows the last one in :attr:`label`.

    Signals:
        announced(str): a text was announced (tests and logs listen here).
    """

    announced = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel(parent)
        self.label.setObjectName("announcement_label")
        self.label.setAccessibleName(self.tr("Last announcement"))
        self._enabled = True
        self._last = ""

    def set_enabled(self, enabled: bool) -> None:
        """Automatic announcements on or off (explicit requests such as "speak position" always speak)."""
        self._enabled = bool(enabled)

    def last(self) -> str:
        """The last text announced."""
        return self._last

    def clear(self) -> None:
        """Forget the last text: its move was taken back or its game replaced (nothing is said)."""
        self._last = ""
        self.label.clear()
        self.label.setAccessibleDescription("")

    def announce(self, text: str, *, always: bool = False) -> bool:
        """Announce ``text`` (unless automatic announcements are off and not ``always``); True if spoken."""
        if not text or not (self._enabled or always):
            return False
        self._last = text
        self.label.setText(text)
        self.label.setAccessibleDescription(text)
        if _ANNOUNCEMENT_EVENT is not None:
            event = _ANNOUNCEMENT_EVENT(self.label, text)
            event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive)
            QAccessible.updateAccessibility(event)
        self.announced.emit(text)
        return True
