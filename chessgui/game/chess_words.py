"""Chess words in the user's language: side and piece names, and SAN with the chosen piece letters.

SAN stays English everywhere it is data (the pgn tree, PGN files, UCI, settings);
:func:`display_san` only changes how a move is *shown* (move log, hints, analysis lines,
announcements) when the user picks Finnish piece letters (K D T L R: kuningas, daami,
torni, lähetti, ratsu).
"""

from __future__ import annotations

import enum
import re

import chess
from PySide6.QtCore import QCoreApplication

from chessgui.i18n import QT_TRANSLATE_NOOP

_CONTEXT = "chess_words"

_SIDE_NAMES = (QT_TRANSLATE_NOOP("chess_words", "Black"), QT_TRANSLATE_NOOP("chess_words", "White"))
_PIECE_NAMES = {
    chess.PAWN: QT_TRANSLATE_NOOP("chess_words", "pawn"),
    chess.KNIGHT: QT_TRANSLATE_NOOP("chess_words", "knight"),
    chess.BISHOP: QT_TRANSLATE_NOOP("chess_words", "bishop"),
    chess.ROOK: QT_TRANSLATE_NOOP("chess_words", "rook"),
    chess.QUEEN: QT_TRANSLATE_NOOP("chess_words", "queen"),
    chess.KING: QT_TRANSLATE_NOOP("chess_words", "king"),
}
_PIECE_PLURALS = {
    chess.PAWN: QT_TRANSLATE_NOOP("chess_words", "pawns"),
    chess.KNIGHT: QT_TRANSLATE_NOOP("chess_words", "knights"),
    chess.BISHOP: QT_TRANSLATE_NOOP("chess_words", "bishops"),
    chess.ROOK: QT_TRANSLATE_NOOP("chess_words", "rooks"),
    chess.QUEEN: QT_TRANSLATE_NOOP("chess_words", "queens"),
    chess.KING: QT_TRANSLATE_NOOP("chess_words", "kings"),
}


def side_name(color: chess.Color) -> str:
    """ "White" or "Black", translated (capitalised: it starts a sentence as often as not)."""
    return QCoreApplication.translate(_CONTEXT, _SIDE_NAMES[int(color)])


def piece_name(piece_type: chess.PieceType) -> str:
    """ "knight", "queen", … translated, lower case."""
    return QCoreApplication.translate(_CONTEXT, _PIECE_NAMES[piece_type])


def piece_plural(piece_type: chess.PieceType) -> str:
    """ "knights", "queens", … translated, lower case."""
    return QCoreApplication.translate(_CONTEXT, _PIECE_PLURALS[piece_type])


def player_display_name(name: str) -> str:
    """A player's name as shown: the program's own names ("Human", "Built-in engine") translated.

    The untranslated name stays in the game's PGN headers; an engine's or a person's own name
    passes through unchanged.
    """
    return QCoreApplication.translate("players", name)


class PieceLetters(enum.Enum):
    """Which letters name the pieces in the moves shown on screen."""

    ENGLISH = "english"
    """K Q R B N, as in PGN."""
    FINNISH = "finnish"
    """K D T L R: kuningas, daami, torni, lähetti, ratsu."""

    @property
    def label(self) -> str:
        """What the settings page shows."""
        if self is PieceLetters.FINNISH:
            return QCoreApplication.translate("PieceLetters", "Finnish (K D T L R)")
        return QCoreApplication.translate("PieceLetters", "English (K Q R B N)")

    @classmethod
    def from_setting(cls, value: object) -> PieceLetters:
        """A saved value; anything unknown is English (the PGN letters)."""
        for letters in cls:
            if value == letters.value:
                return letters
        return cls.ENGLISH


FINNISH_LETTERS: dict[str, str] = {"K": "K", "Q": "D", "R": "T", "B": "L", "N": "R"}
"""English SAN piece letter -> Finnish (the knight is R, ratsu; the rook T, torni)."""

_PIECE_LETTER = re.compile(r"[KQRBN]")
"""Piece letters are the only upper-case letters in SAN (files are a-h, castling is O-O)."""


def display_san(san: str, letters: PieceLetters = PieceLetters.ENGLISH) -> str:
    """``san`` as shown with ``letters``: each English piece letter is mapped once, files and squares stay.

    ``display_san("Nf3", PieceLetters.FINNISH) == "Rf3"``, ``"bxa8=Q+" -> "bxa8=D+"``,
    ``"Rxb7" -> "Txb7"`` (the new R of a knight is never mapped again: one pass over the text).
    """
    if letters is PieceLetters.ENGLISH:
        return san
    return _PIECE_LETTER.sub(lambda match: FINNISH_LETTERS[match.group(0)], san)
