"""FEN validation that explains every problem in plain words.

python-chess tells us *that* a position is broken (``Board.status()`` flags,
``ValueError`` from the parser); users need to know *what* to fix.  So the
text is parsed here field by field, collecting every problem instead of
stopping at the first, and the position-level checks of ``Board.status()``
are translated into sentences ("Black has no king", "castling right K, but
no rook on h1", ...). The checks themselves are in
:mod:`chessgui.storage.fen_diagnostics`; this module is the public API.

Shortened FENs are accepted, because people paste board diagrams from
everywhere:

* board only (``rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR``): White to
  move, castling rights inferred from the pieces (every king and rook still
  on its home square may castle, as lichess's editor does), no en passant
  square, counters ``0 1``;
* board and side to move: castling inferred as above;
* up to the castling or en passant field: the missing fields default to
  ``-`` / ``0`` / ``1``;
* surrounding whitespace, and lichess URL style underscores instead of spaces.

The counters must make sense: the halfmove clock is at most 150 (the 75-move
rule ends a game there), 0 right after a double pawn step (an en passant
square), and no more than the half-moves played before the given move number;
the move number is at least 1.
"""

from __future__ import annotations

import re

import chess
from PySide6.QtCore import QCoreApplication

from chessgui.storage.fen_diagnostics import (
    check_castling,
    check_counter,
    check_counters,
    check_ep,
    inferred_castling_fen,
    parse_board_field,
    position_problems,
)

__all__ = [
    "InvalidFenError",
    "fen_problems",
    "parse_fen",
    "looks_like_fen",
    "looks_like_pgn",
]


class InvalidFenError(ValueError):
    """A FEN that cannot be played from; ``problems`` lists every reason."""

    def __init__(self, problems: list[str] | tuple[str, ...]) -> None:
        self.problems: tuple[str, ...] = tuple(problems)
        super().__init__("; ".join(self.problems) or QCoreApplication.translate("InvalidFenError", "invalid FEN"))


def _normalise(text: str) -> list[str]:
    text = text.strip()
    # lichess analysis URLs use underscores for spaces.
    if "_" in text and not any(ch.isspace() for ch in text):
        text = text.replace("_", " ")
    return text.split()


def _parse(text: str) -> tuple[chess.Board | None, list[str]]:
    problems: list[str] = []
    fields = _normalise(text)
    if not fields:
        return None, [QCoreApplication.translate("fen_check", "the text is empty")]
    if len(fields) > 6:
        problems.append(
            QCoreApplication.translate(
                "fen_check", "the text is not a FEN: expected at most 6 fields, found {count}"
            ).format(count=len(fields))
        )
    board = parse_board_field(fields[0], problems)

    turn: chess.Color | None = chess.WHITE
    if len(fields) > 1:
        side = fields[1].lower()
        if side in ("w", "b"):
            turn = side == "w"
        else:
            problems.append(
                QCoreApplication.translate("fen_check", "side to move must be w or b, not '{value}'").format(
                    value=fields[1]
                )
            )
            turn = None
    if len(fields) > 2:
        castling = check_castling(fields[2], board, problems)
    else:
        castling = inferred_castling_fen(board) if board is not None else "-"
    ep = check_ep(fields[3], board, turn, problems) if len(fields) > 3 else "-"
    halfmove = (
        check_counter(fields[4], QCoreApplication.translate("fen_check", "halfmove clock"), 0, problems, halfmove=True)
        if len(fields) > 4
        else 0
    )
    fullmove = (
        check_counter(fields[5], QCoreApplication.translate("fen_check", "move number"), 1, problems)
        if len(fields) > 5
        else 1
    )
    check_counters(halfmove, ep, problems)

    if board is None:
        return None, problems
    board.turn = turn if turn is not None else chess.WHITE
    # Position checks only make sense once the pieces stand correctly.
    problems.extend(position_problems(board, turn_known=turn is not None))
    if problems:
        return None, problems
    full_fen = f"{board.board_fen()} {'w' if turn else 'b'} {castling} {ep} {halfmove} {fullmove}"
    try:
        result = chess.Board(full_fen)
    except ValueError as error:  # should not happen after the checks above
        return None, [
            QCoreApplication.translate("fen_check", "python-chess rejected the FEN: {error}").format(error=error)
        ]
    leftover = result.status()
    if leftover != chess.STATUS_VALID:
        return None, [
            QCoreApplication.translate(
                "fen_check", "the position is not legal (python-chess status {leftover})"
            ).format(leftover=int(leftover))
        ]
    return result, []


def fen_problems(text: str) -> list[str]:
    """Every problem with ``text`` as a FEN, in plain words; empty when valid."""
    return _parse(text)[1]


def parse_fen(text: str) -> chess.Board:
    """A board from a (possibly shortened) FEN; raises :class:`InvalidFenError`."""
    board, problems = _parse(text)
    if board is None:
        raise InvalidFenError(problems)
    return board


_FEN_BOARD_RE = re.compile(r"^[0-9A-Za-z/]+$")
_PGN_TAG_RE = re.compile(r'^\s*\[[A-Za-z0-9_]+\s+"[^"]*"\s*\]\s*$', re.MULTILINE)
_PGN_MOVES_RE = re.compile(r"(^|\s)1\.\s*(\.\.)?\s*([a-hNBRQK][a-h1-8x=+#NBRQ]*|O-O)")


def looks_like_fen(text: str) -> bool:
    """True for text that is meant as a FEN, even a broken one (to show its problems)."""
    fields = _normalise(text)
    if not fields or "\n" in text.strip() or len(fields) > 8:
        return False
    board_field = fields[0]
    return bool(_FEN_BOARD_RE.match(board_field)) and 5 <= board_field.count("/") <= 9


def looks_like_pgn(text: str) -> bool:
    """True for text holding PGN tag pairs or numbered movetext ("1. e4 e5")."""
    if looks_like_fen(text):
        return False
    return bool(_PGN_TAG_RE.search(text) or _PGN_MOVES_RE.search(text))
