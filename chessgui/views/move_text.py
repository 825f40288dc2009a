"""The move log's text: the game tree as HTML in book style, every move a link to its node.

The main line is set in bold numbered moves; each alternative follows the move it
replaces, in parentheses on its own indented line (deeper variations indent further).
Comments are in italics, NAGs are shown as symbols after the SAN, the shown move is
highlighted. Pure functions of the tree (no widgets): the move log widget shows the HTML
and maps a clicked link ("n<i>") back to its node.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

import chess
import chess.pgn
from PySide6.QtCore import QCoreApplication

from chessgui.game.chess_words import PieceLetters, display_san
from chessgui.game.review import BEST_WAS_PATTERN

#: Shown after a move played from the opening book (its comment is exactly this word).
BOOK_MARK = "book"

INDENT_PX = 18
"""Left indent of a variation per level of depth."""
MAX_INDENT_LEVELS = 6
"""Deeper variations than this are not indented further (the text would get too narrow)."""

NAG_SYMBOLS: dict[int, str] = {
    chess.pgn.NAG_GOOD_MOVE: "!",
    chess.pgn.NAG_MISTAKE: "?",
    chess.pgn.NAG_BRILLIANT_MOVE: "!!",
    chess.pgn.NAG_BLUNDER: "??",
    chess.pgn.NAG_SPECULATIVE_MOVE: "!?",
    chess.pgn.NAG_DUBIOUS_MOVE: "?!",
    chess.pgn.NAG_FORCED_MOVE: "□",
    chess.pgn.NAG_DRAWISH_POSITION: "=",
    chess.pgn.NAG_UNCLEAR_POSITION: "∞",
    # +/= and =/+ rather than ⩲ and ⩱: common fonts lack those two glyphs.
    chess.pgn.NAG_WHITE_SLIGHT_ADVANTAGE: "+/=",
    chess.pgn.NAG_BLACK_SLIGHT_ADVANTAGE: "=/+",
    chess.pgn.NAG_WHITE_MODERATE_ADVANTAGE: "±",
    chess.pgn.NAG_BLACK_MODERATE_ADVANTAGE: "∓",
    chess.pgn.NAG_WHITE_DECISIVE_ADVANTAGE: "+−",
    chess.pgn.NAG_BLACK_DECISIVE_ADVANTAGE: "−+",
    chess.pgn.NAG_NOVELTY: "N",
}
"""How NAGs are shown; any other NAG is shown as ``$n``."""

MOVE_NAGS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
"""The move assessments offered in the context menu (!, ?, !!, ??, !?, ?!): a move has at most one."""

_COMMAND = re.compile(r"\[%[^\]]*\]")
"""Embedded commands such as ``[%clk 0:05:00]`` and ``[%eval 0.3]``: data, not words for the reader."""


def nag_text(nag: int) -> str:
    """The symbol of ``nag`` (``$n`` for one without a common symbol)."""
    return NAG_SYMBOLS.get(nag, f"${nag}")


def readable_comment(comment: str) -> str:
    """``comment`` without its embedded commands, whitespace collapsed."""
    return " ".join(_COMMAND.sub(" ", comment).split())


class _Paragraphs:
    """HTML paragraphs being written: each has a depth (its indent) and inline pieces."""

    def __init__(self) -> None:
        self.paragraphs: list[tuple[int, list[str]]] = []

    def start(self, depth: int) -> None:
        self.paragraphs.append((depth, []))

    def add(self, piece: str) -> None:
        self.paragraphs[-1][1].append(piece)

    def html(self) -> str:
        out = []
        for depth, pieces in self.paragraphs:
            if not pieces:
                continue
            margin = INDENT_PX * min(depth, MAX_INDENT_LEVELS)
            text = " ".join(pieces).replace("( ", "(").replace(" )", ")")
            out.append(f'<p style="margin-left:{margin}px; margin-top:2px; margin-bottom:2px">{text}</p>')
        return "\n".join(out)


@dataclass(frozen=True, slots=True)
class MoveText:
    """The tree rendered by :func:`tree_html`."""

    html: str
    """The paragraphs of moves, comments and variations."""
    nodes: tuple[chess.pgn.ChildNode, ...]
    """The node of each move link: the link "n<i>" is ``nodes[i]``."""
    index: dict[int, int]
    """``id(node)`` -> its link number ``i``."""


def tree_html(
    game: chess.pgn.Game,
    current: chess.pgn.GameNode,
    highlight: str,
    highlighted_text: str,
    letters: PieceLetters = PieceLetters.ENGLISH,
) -> MoveText:
    """``game``'s tree as HTML, ``current``'s move highlighted in the colours ``highlight`` on ``highlighted_text``.

    The colours are CSS colour names (the palette's Highlight and HighlightedText); ``letters``
    names the pieces in the moves shown (the game itself keeps English SAN).
    """
    writer = _TreeWriter(current, highlight, highlighted_text, letters)
    out = _Paragraphs()
    out.start(0)
    if game.comment:
        out.add(writer.comment_html(game.comment))
    first = game.variations[0] if game.variations else None
    if first is not None:
        writer.write_line(first, 0, out)
    return MoveText(out.html(), tuple(writer.nodes), writer.index)


class _TreeWriter:
    """Writes moves and comments into paragraphs and numbers the move links in order."""

    def __init__(
        self, current: chess.pgn.GameNode, highlight: str, highlighted_text: str, letters: PieceLetters
    ) -> None:
        self._current = current
        self._letters = letters
        self._highlight = highlight
        self._highlighted_text = highlighted_text
        self.nodes: list[chess.pgn.ChildNode] = []  # anchor "n<i>" -> node
        self.index: dict[int, int] = {}  # id(node) -> i

    def write_line(self, node: chess.pgn.ChildNode, depth: int, out: _Paragraphs) -> None:
        """Write ``node`` and its continuation; the alternatives to each move follow it, indented."""
        number_needed = True
        current: chess.pgn.ChildNode | None = node
        while current is not None:
            if current.starting_comment:
                out.add(self.comment_html(current.starting_comment))
            out.add(self.move_html(current, number_needed, bold=depth == 0))
            number_needed = False
            comment = readable_comment(current.comment)
            if comment and comment != BOOK_MARK:
                out.add(self.comment_html(self._shown_review_words(comment)))
                number_needed = True
            parent = current.parent
            alternatives = parent.variations[1:] if parent.variations[0] is current else []
            for alternative in alternatives:
                out.start(depth + 1)
                out.add("(")
                self.write_line(alternative, depth + 1, out)
                out.add(")")
            if alternatives:
                out.start(depth)
                number_needed = True
            current = current.variations[0] if current.variations else None
        # A closing parenthesis belongs right after the last move, not on a line of its own.
        if not out.paragraphs[-1][1] and len(out.paragraphs) > 1:
            out.paragraphs.pop()

    def move_html(self, node: chess.pgn.ChildNode, number_needed: bool, bold: bool) -> str:
        """``node``'s move as the next numbered link: move number (where needed), SAN, NAGs, book mark."""
        index = len(self.nodes)
        self.nodes.append(node)
        self.index[id(node)] = index
        board = node.parent.board()
        number = ""
        if board.turn == chess.WHITE:
            number = f"{board.fullmove_number}. "
        elif number_needed:
            number = f"{board.fullmove_number}... "
        text = html.escape(number + display_san(board.san(node.move), self._letters))
        nags = "".join(nag_text(nag) for nag in sorted(node.nags) if nag in MOVE_NAGS)
        extra = " ".join(nag_text(nag) for nag in sorted(node.nags) if nag not in MOVE_NAGS)
        text += html.escape(nags) + (f" {html.escape(extra)}" if extra else "")
        if readable_comment(node.comment) == BOOK_MARK:
            # The comment stays "book" in the PGN; the log says it in the UI's language.
            mark = QCoreApplication.translate("move_text", "book")
            text += f" <small>({html.escape(mark)})</small>"
        style = ""
        if node is self._current:
            style = f' style="background-color:{self._highlight}; color:{self._highlighted_text}"'
        link = f'<a href="n{index}"><span{style}>{text}</span></a>'
        return f"<b>{link}</b>" if bold else link

    def _shown_review_words(self, comment: str) -> str:
        """A review's "Best was Nf3" (kept in English in the PGN) in the UI's language and piece letters."""
        return BEST_WAS_PATTERN.sub(
            lambda found: QCoreApplication.translate("move_text", "Best was {move}").format(
                move=display_san(found.group(1), self._letters)
            ),
            comment,
        )

    @staticmethod
    def comment_html(comment: str) -> str:
        """A comment in italics, without its embedded commands."""
        return f'<span class="comment"><i>{html.escape(readable_comment(comment))}</i></span>'
