"""Game review maths: win chances, move judgements and accuracy (lichess's published model).

Pure functions over engine evaluations; no Qt, no engine. The job that produces the
evaluations lives in :mod:`chessgui.engines.review`; the annotations it leads to are
written into the game by the controller.

The model (https://lichess.org/page/accuracy and lila's ``AccuracyPercent.scala``):

* ``win% = 50 + 50 · (2 / (1 + e^(−0.00368208 · cp)) − 1)``, with centipawns clamped to
  ±:data:`CP_CEILING` and a mate counted as the ceiling.
* A move's judgement comes from the drop of the mover's win% between the position
  before it (best play) and the position after it. lichess judges on *winning chances*
  (−1…1) with thresholds 0.1 / 0.2 / 0.3, i.e. drops of 5 / 10 / 15 win% points.
* A move's accuracy is ``103.1668 · e^(−0.04354 · drop) − 3.1669`` (0…100).
* A side's game accuracy is the mean of a volatility-weighted mean and a harmonic mean of
  its move accuracies; the weights are the standard deviations of win% over sliding
  windows of the game (a quiet game weighs little, a sharp one much).
"""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

import chess
import chess.engine
import chess.pgn

# ---------------------------------------------------------------------- weights and thresholds (one place)

WIN_SLOPE = 0.00368208
"""lichess's logistic slope from centipawns to win chances."""
CP_CEILING = 1000
"""Centipawns beyond this count as this (lichess's ceiling); a mate counts as the ceiling."""
INACCURACY_DROP = 5.0
"""Win% points (0…100) the mover loses with an inaccuracy (lichess: 0.1 winning chances)."""
MISTAKE_DROP = 10.0
"""Win% points lost with a mistake (lichess: 0.2 winning chances)."""
BLUNDER_DROP = 15.0
"""Win% points lost with a blunder (lichess: 0.3 winning chances)."""
ONLY_MOVE_GAP = BLUNDER_DROP
"""The best move is "the only good move" (``!``) when the second best loses at least this much."""
ONLY_MOVE_DECIDED = 90.0
"""No ``!`` once the mover's win% is this high or this low the other way: the game is decided."""
PIECE_POINTS = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}
"""The usual material count, to tell a capture that wins material outright (no ``!`` for it)."""
START_CP = 15
"""The start position's value when a PGN does not say (lila's ``Cp.initial``)."""
ACCURACY_SCALE = 103.1668
ACCURACY_DECAY = 0.04354
ACCURACY_OFFSET = 3.1669
WINDOW_MIN, WINDOW_MAX = 2, 8
"""Sliding-window size for the volatility weights: a tenth of the game, within these bounds."""
WEIGHT_MIN, WEIGHT_MAX = 0.5, 12.0
"""Bounds of a window's weight (standard deviation of win%)."""
REVIEW_NAGS = frozenset(
    {chess.pgn.NAG_GOOD_MOVE, chess.pgn.NAG_DUBIOUS_MOVE, chess.pgn.NAG_MISTAKE, chess.pgn.NAG_BLUNDER}
)
"""The NAGs a review writes (and replaces when it runs again)."""
BEST_WAS = "Best was "
"""Start of the comment a review writes on a bad move ("Best was Nf3")."""
BEST_WAS_PATTERN = re.compile(re.escape(BEST_WAS) + r"(\S+)")
"""A review's advice in a comment, the move (SAN) captured: replaced on a new review, translated on screen."""


class Judgement(enum.Enum):
    """How good a move was, by the mover's loss of win chances."""

    GOOD = ""
    ONLY_MOVE = "!"
    INACCURACY = "?!"
    MISTAKE = "?"
    BLUNDER = "??"

    @property
    def nag(self) -> int | None:
        """The PGN NAG for the judgement (None for an ordinary good move)."""
        return _NAGS.get(self)

    @property
    def is_error(self) -> bool:
        """True for inaccuracies, mistakes and blunders."""
        return self in (Judgement.INACCURACY, Judgement.MISTAKE, Judgement.BLUNDER)

    @classmethod
    def from_nags(cls, nags: set[int] | frozenset[int]) -> Judgement:
        """The judgement recorded by a node's NAGs (a loaded PGN); GOOD when none."""
        for judgement, nag in _NAGS.items():
            if nag in nags:
                return judgement
        return cls.GOOD


_NAGS = {
    Judgement.ONLY_MOVE: chess.pgn.NAG_GOOD_MOVE,
    Judgement.INACCURACY: chess.pgn.NAG_DUBIOUS_MOVE,
    Judgement.MISTAKE: chess.pgn.NAG_MISTAKE,
    Judgement.BLUNDER: chess.pgn.NAG_BLUNDER,
}


@dataclass(frozen=True, slots=True)
class PositionEval:
    """The engine's verdict on one position of the game."""

    score: chess.engine.PovScore
    """The position's value with best play."""
    best_move: str | None = None
    """The engine's best move (UCI); None in a finished position."""
    second_score: chess.engine.PovScore | None = None
    """The second-best move's value (MultiPV 2), None when there is only one legal move."""
    depth: int | None = None
    """Depth reached, for the ``[%eval]`` annotation."""


@dataclass(frozen=True, slots=True)
class MoveReview:
    """The review of one move of the game."""

    ply: int
    """The move's ply (1 = the first move)."""
    color: chess.Color
    """Who made it."""
    judgement: Judgement
    """How good it was."""
    win_drop: float
    """Win% points the mover lost with it (0 when it was as good as the best)."""
    accuracy: float
    """The move's accuracy, 0…100."""
    best_san: str | None
    """The best move in SAN when it differs from the move played, else None."""


@dataclass(frozen=True, slots=True)
class SideSummary:
    """One side's figures over the reviewed game."""

    accuracy: float | None
    """Game accuracy 0…100 (None when the side made no reviewed move)."""
    inaccuracies: int
    """Number of ``?!`` moves."""
    mistakes: int
    """Number of ``?`` moves."""
    blunders: int
    """Number of ``??`` moves."""


# ---------------------------------------------------------------------- the model


def white_cp(score: chess.engine.PovScore) -> int:
    """White's centipawns for ``score``, clamped to ±:data:`CP_CEILING`; a mate counts as the ceiling."""
    value = score.white().score(mate_score=100_000)
    assert value is not None
    return max(-CP_CEILING, min(CP_CEILING, value))


def win_percent(cp: float) -> float:
    """lichess's win% (0…100) for a side that is ``cp`` centipawns up."""
    cp = max(-CP_CEILING, min(CP_CEILING, cp))
    return 50 + 50 * (2 / (1 + math.exp(-WIN_SLOPE * cp)) - 1)


def white_win_percent(score: chess.engine.PovScore) -> float:
    """White's win% for ``score``."""
    return win_percent(white_cp(score))


def shown_white_win_percent(score: chess.engine.PovScore, turn: chess.Color) -> float:
    """White's win% as the eval bar and graph show it: a forced mate is 100 or 0.

    ``turn`` is the side to move in the evaluated position: "#0" means it is mated,
    so the side that just moved has won.
    """
    white = score.white()
    mate = white.mate()
    if mate is None:
        return white_win_percent(score)
    return 100.0 if mate > 0 or (mate == 0 and turn == chess.BLACK) else 0.0


def move_accuracy(win_before: float, win_after: float) -> float:
    """lichess's accuracy (0…100) of a move that took the mover's win% from before to after."""
    if win_after >= win_before:
        return 100.0
    value = ACCURACY_SCALE * math.exp(-ACCURACY_DECAY * (win_before - win_after)) - ACCURACY_OFFSET
    return max(0.0, min(100.0, value))


def judge(drop: float) -> Judgement:
    """The judgement for a loss of ``drop`` win% points."""
    if drop >= BLUNDER_DROP:
        return Judgement.BLUNDER
    if drop >= MISTAKE_DROP:
        return Judgement.MISTAKE
    if drop >= INACCURACY_DROP:
        return Judgement.INACCURACY
    return Judgement.GOOD


def review_move(
    board: chess.Board, move: chess.Move, before: PositionEval, after: PositionEval, ply: int
) -> MoveReview:
    """Judge ``move`` played in ``board`` (the position before it) from the two positions' evaluations."""
    mover = board.turn
    sign = 1 if mover == chess.WHITE else -1
    win_before = 50 + sign * (white_win_percent(before.score) - 50)
    win_after = 50 + sign * (white_win_percent(after.score) - 50)
    drop = max(0.0, win_before - win_after)
    played_best = before.best_move == move.uci()
    judgement = Judgement.GOOD if played_best else judge(drop)
    if played_best and before.second_score is not None and _deserves_mark(board, move, win_before):
        second = 50 + sign * (white_win_percent(before.second_score) - 50)
        if win_before - second >= ONLY_MOVE_GAP:
            judgement = Judgement.ONLY_MOVE
    best_san = None
    if before.best_move is not None and not played_best:
        try:
            best_san = board.san(chess.Move.from_uci(before.best_move))
        except (ValueError, AssertionError):
            best_san = None  # an engine that named an illegal move gives no advice
    return MoveReview(ply, mover, judgement, drop, move_accuracy(win_before, win_after), best_san)


def _deserves_mark(board: chess.Board, move: chess.Move, win_before: float) -> bool:
    """An only move earns ``!`` unless it is obvious (a recapture, or taking a piece left en prise)
    or the game is already decided."""
    recapture = bool(board.move_stack) and board.is_capture(move) and move.to_square == board.peek().to_square
    decided = win_before >= ONLY_MOVE_DECIDED or win_before <= 100 - ONLY_MOVE_DECIDED
    return not recapture and not _takes_a_piece_en_prise(board, move) and not decided


def _takes_a_piece_en_prise(board: chess.Board, move: chess.Move) -> bool:
    """Whether ``move`` captures a piece that is undefended or worth more than the capturer: material
    won at once, which anyone sees (the bishop left on c4 for the pawn on d5 to take)."""
    mover = board.piece_at(move.from_square)
    if mover is None or not board.is_capture(move):
        return False
    if board.is_en_passant(move):
        return False  # a pawn for a pawn, and the taken pawn is not on the target square to judge
    taken = board.piece_at(move.to_square)
    if taken is None:
        return False
    after = board.copy(stack=False)
    after.push(move)  # a defender behind the capturer (an x-ray) counts: it recaptures
    undefended = not after.is_attacked_by(taken.color, move.to_square)
    return undefended or PIECE_POINTS[taken.piece_type] > PIECE_POINTS[mover.piece_type]


def game_accuracy(white_wins: Sequence[float], first_mover: chess.Color, color: chess.Color) -> float | None:
    """lichess's game accuracy of ``color`` from White's win% of every position (root first).

    Move *i* goes from position *i* to *i + 1*; ``first_mover`` made move 0.
    """
    moves = len(white_wins) - 1
    if moves < 1:
        return None
    window = max(WINDOW_MIN, min(WINDOW_MAX, moves // 10))
    windows = [list(white_wins[:window])] * max(0, window - 2)
    windows += [list(white_wins[i : i + window]) for i in range(0, max(1, len(white_wins) - window + 1))]
    weights = [max(WEIGHT_MIN, min(WEIGHT_MAX, _stdev(xs))) for xs in windows]
    accuracies: list[float] = []
    weighted: list[tuple[float, float]] = []
    for i in range(moves):
        mover = first_mover if i % 2 == 0 else not first_mover
        if mover != color:
            continue
        before, after = white_wins[i], white_wins[i + 1]
        if mover == chess.BLACK:
            before, after = 100 - before, 100 - after
        accuracy = move_accuracy(before, after)
        accuracies.append(accuracy)
        weighted.append((accuracy, weights[min(i, len(weights) - 1)]))
    if not accuracies:
        return None
    weighted_mean = sum(a * w for a, w in weighted) / sum(w for _, w in weighted)
    # The harmonic mean punishes single disasters; a 0 would make it 0 outright, so floor at 1 %.
    harmonic = len(accuracies) / sum(1 / max(1.0, a) for a in accuracies)
    return (weighted_mean + harmonic) / 2


def _stdev(values: Sequence[float]) -> float:
    """Population standard deviation in plain floats (``statistics.pstdev`` is exact, hence slow)."""
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    return math.sqrt(sum((value - mean) ** 2 for value in values) / len(values))


def summarize(game: chess.pgn.Game) -> dict[chess.Color, SideSummary]:
    """Each side's accuracy and error counts from the annotations stored in ``game``'s main line.

    Works on a reviewed game as well as on one loaded back from PGN (``[%eval]`` and NAGs).
    Accuracy is computed over the longest stretch from the start where every position has an eval.
    """
    nodes = [game, *game.mainline()]
    wins: list[float] = []
    for index, node in enumerate(nodes):
        score = stored_score(node, is_last=index == len(nodes) - 1)
        if score is None and index == 0 and node.board() == chess.Board():
            # PGN exports (lichess's too) put evals on moves only; the start position is known.
            score = chess.engine.PovScore(chess.engine.Cp(START_CP), chess.WHITE)
        if score is None:
            break
        wins.append(white_win_percent(score))
    first_mover = game.board().turn
    summary: dict[chess.Color, SideSummary] = {}
    for color in chess.COLORS:
        counts = {judgement: 0 for judgement in Judgement}
        for index, node in enumerate(nodes[1:]):
            if (first_mover if index % 2 == 0 else not first_mover) == color:  # ``color`` made this move
                counts[Judgement.from_nags(node.nags)] += 1
        summary[color] = SideSummary(
            accuracy=game_accuracy(wins, first_mover, color),
            inaccuracies=counts[Judgement.INACCURACY],
            mistakes=counts[Judgement.MISTAKE],
            blunders=counts[Judgement.BLUNDER],
        )
    return summary


def stored_score(node: chess.pgn.GameNode, is_last: bool = False) -> chess.engine.PovScore | None:
    """The ``[%eval]`` stored with the position after ``node``; for the game's last position, when it
    has none, the score its board makes certain: a final checkmate is never written ([%eval] has no
    "#0"), and without it a reviewed game that ended in mate got no graph end and no summary."""
    score = node.eval()
    if score is None and is_last:
        known = terminal_eval(node.board())
        score = known.score if known is not None else None
    return score


def terminal_eval(board: chess.Board) -> PositionEval | None:
    """The evaluation of a finished position without asking an engine (mate or a draw), else None."""
    if board.is_checkmate():
        return PositionEval(chess.engine.PovScore(chess.engine.Mate(0), board.turn))
    if board.is_stalemate() or board.is_insufficient_material():
        return PositionEval(chess.engine.PovScore(chess.engine.Cp(0), board.turn))
    return None


def error_plies(game: chess.pgn.Game, color: chess.Color | None = None) -> list[int]:
    """Plies of ``color``'s (None: both sides') inaccuracies, mistakes and blunders in the main line, in order."""
    first_mover = game.turn()
    return [
        ply
        for ply, node in enumerate(game.mainline(), start=1)
        if (color is None or (first_mover if ply % 2 == 1 else not first_mover) == color)
        and Judgement.from_nags(node.nags).is_error
    ]


def next_error_ply(game: chess.pgn.Game, color: chess.Color | None, after_ply: int) -> int | None:
    """The first of ``color``'s (None: either side's) errors after ``after_ply``, wrapping round; None if none."""
    plies = error_plies(game, color)
    if not plies:
        return None
    return next((ply for ply in plies if ply > after_ply), plies[0])
