"""Learn from your mistakes: a reviewed game's errors of one side, to be solved again.

lichess offers this after a computer analysis, Lucas Chess in its training modes: each position
where the side went wrong is shown again, and the player looks for a better move. The review
has already said which moves were errors (their NAGs), what was best ("Best was Nf3") and what
the position was worth with best play (the ``[%eval]`` before the move); a try other than the
best move is judged by an engine's score of the position after it, on the review's own scale.

Pure model: no Qt, no engine. The dialog (:mod:`chessgui.dialogs.retry_dialog`) shows it, the
checker (:mod:`chessgui.engines.try_checker`) scores the tries.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

import chess
import chess.engine
import chess.pgn

from chessgui.game.review import (
    BEST_WAS_PATTERN,
    INACCURACY_DROP,
    START_CP,
    Judgement,
    stored_score,
    terminal_eval,
    white_win_percent,
)

RETRY_SLACK = INACCURACY_DROP
"""A try other than the best move counts as found when it loses less than this many win% points
against the best move: the review itself would not have marked it (lichess is stricter, 2
points; ours judges the try with a second's search, where the review may have searched deeper)."""


class TryVerdict(enum.Enum):
    """What a try at a retried position was."""

    BEST = "best"
    """The review's best move."""
    GOOD = "good"
    """Another move, as good as the best within :data:`RETRY_SLACK`."""
    PLAYED = "played"
    """The move played in the game: the error itself."""
    WORSE = "worse"
    """A move that loses :data:`RETRY_SLACK` or more."""

    @property
    def is_found(self) -> bool:
        """True when the try solves the position."""
        return self in (TryVerdict.BEST, TryVerdict.GOOD)


class RetryOutcome(enum.Enum):
    """How a retried position ended."""

    FOUND = "found"
    """A good move was found (at any try)."""
    SHOWN = "shown"
    """The solution was shown."""
    SKIPPED = "skipped"
    """Left for another time."""


@dataclass(frozen=True, slots=True)
class RetryPosition:
    """One error of the game, as a position to solve."""

    ply: int
    """The error's ply in the game (1 = the first move)."""
    fen: str
    """The position before the error."""
    played: chess.Move
    """The move played in the game."""
    best: chess.Move
    """The review's best move."""
    judgement: Judgement
    """The review's judgement of the move played (an inaccuracy, mistake or blunder)."""
    win_before: float
    """The mover's win% (0…100) with the best move, the review's value of the position."""
    previous: chess.Move | None = None
    """The move that led to the position (None at the game's start), shown as the last move."""

    def board(self) -> chess.Board:
        """The position before the error (a fresh board)."""
        return chess.Board(self.fen)

    @property
    def color(self) -> chess.Color:
        """The side to move: the one that erred."""
        return self.board().turn

    def san(self, move: chess.Move) -> str:
        """``move`` in SAN with its move number ("14. Nc3", "14... Nc6") in this position."""
        board = self.board()
        number = f"{board.fullmove_number}." if board.turn == chess.WHITE else f"{board.fullmove_number}..."
        return f"{number} {board.san(move)}"

    def quick_verdict(self, move: chess.Move) -> TryVerdict | None:
        """The verdict on ``move`` without an engine, or None when only a search can tell: the best
        move, the game's move, or a move that ends the game (mate, stalemate, bare kings)."""
        if move == self.best:
            return TryVerdict.BEST
        if move == self.played:
            return TryVerdict.PLAYED
        board = self.board()
        board.push(move)
        known = terminal_eval(board)
        return self.verdict(known.score) if known is not None else None

    def verdict(self, score_after: chess.engine.PovScore) -> TryVerdict:
        """The verdict on a try (not the best nor the played move) whose position is worth ``score_after``."""
        return TryVerdict.GOOD if self.drop(score_after) < RETRY_SLACK else TryVerdict.WORSE

    def drop(self, score_after: chess.engine.PovScore) -> float:
        """Win% points the mover loses with a try worth ``score_after`` (0 when no worse than the best)."""
        win_after = white_win_percent(score_after)
        if self.color == chess.BLACK:
            win_after = 100 - win_after
        return max(0.0, self.win_before - win_after)


def retry_positions(game: chess.pgn.Game, color: chess.Color) -> list[RetryPosition]:
    """``color``'s reviewed errors in ``game``'s main line, in order, as positions to solve.

    An error is kept when the review left what judging a try needs: its best move (the "Best
    was …" comment, legal in the position) and the position's value (the ``[%eval]`` before the
    move, or the start position's known value); a move marked by hand without them is left out."""
    positions = []
    board = game.board()  # the position before each move, one push a move (not a replay from the root)
    for ply, node in enumerate(game.mainline(), start=1):
        parent = node.parent
        assert parent is not None and node.move is not None
        judgement = Judgement.from_nags(node.nags)
        if board.turn != color or not judgement.is_error:
            board.push(node.move)
            continue
        best = _best_move(node.comment, board)
        before = stored_score(parent)
        if before is None and parent is game and board == chess.Board():
            before = chess.engine.PovScore(chess.engine.Cp(START_CP), chess.WHITE)
        if best is not None and before is not None and best != node.move:
            win = white_win_percent(before)
            win_before = win if color == chess.WHITE else 100 - win
            positions.append(RetryPosition(ply, board.fen(), node.move, best, judgement, win_before, parent.move))
        board.push(node.move)
    return positions


def _best_move(comment: str, board: chess.Board) -> chess.Move | None:
    """The move of a review's "Best was Nf3" in ``comment``, if it is legal in ``board``."""
    match = BEST_WAS_PATTERN.search(comment)
    if match is None:
        return None
    try:
        return board.parse_san(match.group(1).rstrip(".,;"))
    except ValueError:
        return None


@dataclass(slots=True)
class RetrySession:
    """Going through the positions one by one, and how each ended."""

    positions: tuple[RetryPosition, ...]
    """The positions to solve, in the game's order."""
    index: int = 0
    """The position being solved; ``len(positions)`` when all are done."""
    outcomes: list[RetryOutcome] = field(default_factory=list)
    """How each position before ``index`` ended."""
    resolved: RetryOutcome | None = None
    """How the current position has ended so far: None while it is being solved."""

    def current(self) -> RetryPosition | None:
        """The position being solved, None when the session is over."""
        return self.positions[self.index] if self.index < len(self.positions) else None

    def is_finished(self) -> bool:
        """True when every position has an outcome."""
        return self.index >= len(self.positions)

    def resolve(self, outcome: RetryOutcome) -> None:
        """The current position is found or its solution shown; the first of these counts (a move
        found after the solution was shown is not found)."""
        if self.resolved is None and not self.is_finished():
            self.resolved = outcome

    def advance(self) -> None:
        """Go to the next position; the current one counts as skipped unless it was resolved."""
        if self.is_finished():
            return
        self.outcomes.append(self.resolved if self.resolved is not None else RetryOutcome.SKIPPED)
        self.resolved = None
        self.index += 1

    def count(self, outcome: RetryOutcome) -> int:
        """How many positions ended with ``outcome``."""
        return self.outcomes.count(outcome)
