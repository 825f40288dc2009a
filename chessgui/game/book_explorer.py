"""The opening book's moves in a position, as an explorer shows them (lichess's opening explorer,
Lucas Chess's book window): each move with its share of the book's weight and the name of the
opening it leads to.

Pure model over :class:`chessgui.storage.book.OpeningBook` and the shipped opening names; the
panel (:mod:`chessgui.views.book_panel`) shows it, :mod:`chessgui.book_presenter` keeps it current.
"""

from __future__ import annotations

from dataclasses import dataclass

import chess

from chessgui.storage.book import OpeningBook
from chessgui.storage.opening_names import OpeningName, OpeningNames, opening_names


@dataclass(frozen=True, slots=True)
class BookLine:
    """One book move of a position."""

    move: chess.Move
    """The move."""
    san: str
    """The move in SAN (English letters; the view translates them)."""
    weight: int
    """Its weight in the book (entries for the same move added up)."""
    share: float
    """Its weight as a fraction of all the position's book weights (0–1]."""
    opening: OpeningName | None
    """The name of the position the move leads to, when that position has one."""


def book_lines(book: OpeningBook, board: chess.Board, names: OpeningNames | None = None) -> list[BookLine]:
    """The book's moves for ``board``, heaviest first (then by SAN), with their shares and openings.

    A book can hold one move twice (books merged by tools); the entries are added up, so each
    move is listed once. Entries of weight 0 (kept but never played) are not listed: python-chess
    leaves them out, as the engines' book choice does."""
    weights: dict[chess.Move, int] = {}
    for entry in book.entries(board):
        weights[entry.move] = weights.get(entry.move, 0) + entry.weight
    if not weights:
        return []
    names = names if names is not None else opening_names()
    total = sum(weights.values())
    lines = []
    for move, weight in weights.items():
        after = board.copy(stack=False)
        after.push(move)
        share = weight / total
        lines.append(BookLine(move, board.san(move), weight, share, names.of_position(after)))
    lines.sort(key=lambda line: (-line.weight, line.san))
    return lines
