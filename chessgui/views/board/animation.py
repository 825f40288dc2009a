"""What moves where when the board animates one move.

:func:`plan_move_animation` decides which pieces glide and which fade (pure
chess logic); :class:`MoveAnimator` runs a plan over time with a
QVariantAnimation and hands the board the pieces to draw at each frame.
"""

from __future__ import annotations

from dataclasses import dataclass

import chess
from PySide6.QtCore import QEasingCurve, QObject, QVariantAnimation, Signal

from chessgui.views.board.geometry import BoardGeometry
from chessgui.views.board.painter import FloatingPiece


@dataclass(frozen=True, slots=True)
class PieceSlide:
    """One piece gliding from one square to another."""

    piece: chess.Piece
    """The piece as it looked before the move (a promoting pawn slides as a pawn)."""
    from_square: chess.Square
    """Where it starts."""
    to_square: chess.Square
    """Where it lands."""


@dataclass(frozen=True, slots=True)
class MoveAnimationPlan:
    """Everything that changes on screen while one move is animated."""

    slides: tuple[PieceSlide, ...]
    """Pieces that glide (the moving piece, and the rook when castling)."""
    captured: tuple[tuple[chess.Piece, chess.Square], ...]
    """Pieces that fade out where they stood (a capture, en passant)."""

    def landing_squares(self) -> frozenset[chess.Square]:
        """Squares whose final piece is hidden until its slide ends."""
        return frozenset(slide.to_square for slide in self.slides)


def plan_move_animation(before: chess.Board, move: chess.Move, after: chess.Board) -> MoveAnimationPlan | None:
    """The animation of ``move`` from ``before`` to ``after``, or None when they are not one move apart.

    Animating a position that is not exactly ``before`` plus ``move`` (a takeback,
    a new game, a jump through the move list) would show pieces gliding to the
    wrong places, so such changes are drawn at once instead.
    """
    if not move or move not in before.legal_moves:
        return None
    expected = before.copy(stack=False)
    expected.push(move)
    if expected.board_fen() != after.board_fen() or expected.turn != after.turn:
        return None

    mover = before.piece_at(move.from_square)
    assert mover is not None  # a legal move always starts on a piece
    if before.is_castling(move):
        return _castling_plan(before, move, mover)

    captured: list[tuple[chess.Piece, chess.Square]] = []
    if before.is_en_passant(move):
        victim_square = chess.square(chess.square_file(move.to_square), chess.square_rank(move.from_square))
        victim = before.piece_at(victim_square)
        if victim is not None:
            captured.append((victim, victim_square))
    else:
        victim = before.piece_at(move.to_square)
        if victim is not None:
            captured.append((victim, move.to_square))
    return MoveAnimationPlan(slides=(PieceSlide(mover, move.from_square, move.to_square),), captured=tuple(captured))


def _castling_plan(before: chess.Board, move: chess.Move, king: chess.Piece) -> MoveAnimationPlan:
    """King and rook both glide; works for standard (e1g1) and Chess960 (king takes rook) notation."""
    rank = chess.square_rank(move.from_square)
    kingside = before.is_kingside_castling(move)
    king_to = chess.square(6 if kingside else 2, rank)
    rook_to = chess.square(5 if kingside else 3, rank)
    target = before.piece_at(move.to_square)
    if target is not None and target.piece_type == chess.ROOK and target.color == king.color:
        rook_from = move.to_square
    else:
        rook_from = chess.square(7 if kingside else 0, rank)
    slides = [PieceSlide(king, move.from_square, king_to)]
    rook = before.piece_at(rook_from)
    if rook is not None and rook_from != rook_to:
        slides.append(PieceSlide(rook, rook_from, rook_to))
    return MoveAnimationPlan(slides=tuple(slides), captured=())


class MoveAnimator(QObject):
    """Drives one :class:`MoveAnimationPlan` over time and tells the board what to draw each frame."""

    frame_changed = Signal()
    """A new frame is due (the board repaints)."""

    def __init__(self, parent: QObject | None = None, duration_ms: int = 180) -> None:
        super().__init__(parent)
        self._plan: MoveAnimationPlan | None = None
        self._progress = 1.0
        self._animation = QVariantAnimation(self)
        self._animation.setStartValue(0.0)
        self._animation.setEndValue(1.0)
        self._animation.setDuration(max(0, duration_ms))
        self._animation.setEasingCurve(QEasingCurve.Type.InOutCubic)
        self._animation.valueChanged.connect(self._on_value_changed)
        self._animation.finished.connect(self.finish)

    def duration_ms(self) -> int:
        """Length of one animation in milliseconds (0 = animation off)."""
        return self._animation.duration()

    def set_duration_ms(self, milliseconds: int) -> None:
        """Change the length of later animations."""
        self._animation.setDuration(max(0, int(milliseconds)))

    def is_running(self) -> bool:
        """True while a plan is being animated."""
        return self._plan is not None

    def start(self, plan: MoveAnimationPlan) -> None:
        """Animate ``plan`` from its first frame (stopping any animation under way)."""
        self._animation.stop()
        self._plan = plan
        self._progress = 0.0
        self._animation.start()
        self.frame_changed.emit()

    def stop(self) -> None:
        """Drop the current animation without a final frame (a new position replaces it)."""
        self._animation.stop()
        self._plan = None
        self._progress = 1.0

    def finish(self) -> None:
        """Jump to the end: pieces stand on their final squares."""
        if self._animation.state() != QVariantAnimation.State.Stopped:
            self._animation.stop()
        self._plan = None
        self._progress = 1.0
        self.frame_changed.emit()

    def hidden_squares(self) -> frozenset[chess.Square]:
        """Squares whose final piece is not drawn yet (it is still gliding there)."""
        return self._plan.landing_squares() if self._plan is not None else frozenset()

    def floating_pieces(self, geometry: BoardGeometry) -> tuple[FloatingPiece, ...]:
        """Captured pieces fading out, then gliding pieces, at the current frame."""
        if self._plan is None:
            return ()
        t = self._progress
        pieces = [
            FloatingPiece(piece, geometry.square_center(square), 1.0 - t) for piece, square in self._plan.captured
        ]
        for slide in self._plan.slides:
            start = geometry.square_center(slide.from_square)
            end = geometry.square_center(slide.to_square)
            pieces.append(FloatingPiece(slide.piece, start + (end - start) * t))
        return tuple(pieces)

    def _on_value_changed(self, value: float) -> None:
        if self._plan is not None:
            self._progress = float(value)
            self.frame_changed.emit()
