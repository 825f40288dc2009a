"""The game builder behind the PGN reader: bad moves in plain words, and a game tree kept legal."""

from __future__ import annotations

import chess
import chess.pgn
from PySide6.QtCore import QCoreApplication

from chessgui.storage.fen_check import fen_problems
from chessgui.storage.pgn.line_reader import PgnLineReader

__all__ = ["CheckingBuilder"]

_RESULT_TOKENS = frozenset({"*", "1-0", "0-1", "1/2-1/2"})


class CheckingBuilder(chess.pgn.GameBuilder):
    """A GameBuilder that describes bad moves with their move number and line, and counts what it saw.

    A bad move is not raised to python-chess: after an error python-chess skips to the next ``)``
    and ends the variation there without dropping that variation's board, so every later move was
    checked against the broken variation's position and attached to the main line (a game tree
    with two White moves in a row, which cannot even be written back). Instead the bad move comes
    back as a null move and the builder drops it and everything after it up to the end of its
    variation (to the end of the game in the main line), so python-chess's boards stay in step.
    """

    def __init__(self, reader: PgnLineReader) -> None:
        super().__init__()
        self._reader = reader

    def begin_game(self) -> None:
        super().begin_game()
        self.problems: list[tuple[int, str]] = []
        self.tags_and_moves = 0  # none: the text is no game
        self._broken_depth = 0  # depth of the variation cut by a bad move (1: the main line); 0: none
        self._skipped_variations = 0  # variations opened inside a cut one, refused (SKIP)

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.tags_and_moves += 1
        super().visit_header(tagname, tagvalue)

    # GameBuilder declares None, but python-chess's reader takes SKIP from any visitor's begin_variation.
    def begin_variation(self) -> chess.pgn.SkipType | None:  # type: ignore[override]
        if self._broken_depth or self.variation_stack[-1].parent is None:
            self._skipped_variations += 1
            return chess.pgn.SKIP
        super().begin_variation()
        return None

    def end_variation(self) -> None:
        if self._skipped_variations:
            self._skipped_variations -= 1  # python-chess ends a skipped variation too
            return
        depth = len(self.variation_stack)
        if self._broken_depth == depth:
            self._broken_depth = 0
        if depth > 1:  # a stray ")" in the main line ends nothing
            super().end_variation()

    def parse_san(self, board: chess.Board, san: str) -> chess.Move:
        if self._broken_depth:
            return chess.Move.null()  # inside the cut part: dropped by visit_move
        try:
            return super().parse_san(board, san)
        except ValueError as error:
            self.game.errors.append(error)
            depth = len(self.variation_stack)
            # A result marker inside an unclosed variation is no extra problem worth reporting.
            if san not in _RESULT_TOKENS:
                problem = _describe_bad_move(board, san, error, in_variation=depth > 1)
                self.problems.append((self._reader.line_number, problem))
            self._broken_depth = depth
            return chess.Move.null()

    def visit_move(self, board: chess.Board, move: chess.Move) -> None:
        if self._broken_depth:
            return
        self.tags_and_moves += 1
        super().visit_move(board, move)

    def visit_comment(self, comment: str) -> None:
        if not self._broken_depth:
            super().visit_comment(comment)

    def visit_nag(self, nag: int) -> None:
        if not self._broken_depth:
            super().visit_nag(nag)

    def handle_error(self, error: Exception) -> None:
        # These errors (the FEN tag, the variant) concern the tags, not one line.
        self.problems.append((0, _describe_error(error, self.game.headers)))
        # Like GameBuilder.handle_error, minus logging to stderr: the
        # problems are shown to the user instead.
        self.game.errors.append(error)


def _describe_bad_move(board: chess.Board, san: str, error: Exception, *, in_variation: bool) -> str:
    number = f"{board.fullmove_number}" if board.turn == chess.WHITE else f"{board.fullmove_number}..."
    if isinstance(error, chess.IllegalMoveError):
        kind = QCoreApplication.translate("read", "illegal move")
    elif isinstance(error, chess.AmbiguousMoveError):
        kind = QCoreApplication.translate("read", "ambiguous move")
    else:
        kind = QCoreApplication.translate("read", "unreadable move")
    if in_variation:
        return QCoreApplication.translate(
            "read", "{kind} '{san}' at move {number} in a variation; the variation was cut there"
        ).format(kind=kind, san=san, number=number)
    return QCoreApplication.translate("read", "{kind} '{san}' at move {number}; the game stops there").format(
        kind=kind, san=san, number=number
    )


def _describe_error(error: Exception, headers: chess.pgn.Headers) -> str:
    fen = headers.get("FEN")
    if fen is not None and "fen" in str(error).lower():
        reasons = "; ".join(fen_problems(fen)) or str(error)
        return QCoreApplication.translate("read", "the start position (FEN tag) is not valid: {reasons}").format(
            reasons=reasons
        )
    return str(error)
