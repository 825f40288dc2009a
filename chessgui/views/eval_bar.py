"""The evaluation bar beside the board: White's share of the bar shows who is better.

Like lichess, the split point is a winning-chance curve of the centipawn score
(a logistic function, the review graph's :func:`~chessgui.game.review.shown_white_win_percent`),
so +1 looks clearly better but +5 and +9 both look winning; a forced mate fills the
bar for the side that mates. The bar turns with the board: White's part sits at the
bottom when White is at the bottom.
"""

from __future__ import annotations

import chess
import chess.pgn
from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from chessgui.engines.info import EngineInfo
from chessgui.game.review import shown_white_win_percent

_WHITE = QColor(240, 240, 240)
_BLACK = QColor(64, 62, 58)
_MID_LINE = QColor(214, 79, 0, 160)


def white_share(info: EngineInfo | None) -> float:
    """White's part of the bar, 0.0–1.0 (0.5 when there is no evaluation)."""
    if info is None:
        return 0.5
    # The same win% as the review's graph (lichess's curve, the score clamped to ±10 pawns).
    return shown_white_win_percent(info.to_pov_score(), info.color) / 100


def stored_evaluation(node: chess.pgn.GameNode) -> EngineInfo | None:
    """The evaluation recorded on ``node`` (a move's ``[%eval]``) as an :class:`EngineInfo`, or None.

    Used to show the last known evaluation of a position no engine is searching now
    (after a takeback, or a game loaded with evaluations).
    """
    score = node.eval()
    if score is None:
        return None
    board = node.board()
    white = score.white()
    depth = node.eval_depth() or 0
    return EngineInfo(
        color=board.turn,
        depth=depth,
        seldepth=depth,
        score_white_cp=white.score() if not white.is_mate() else None,
        mate_white=white.mate(),
        nodes=0,
        nps=0,
        time_ms=0,
        pv_san=(),
        pv_uci=(),
        fullmove_number=board.fullmove_number,
    )


class EvalBar(QWidget):
    """A narrow vertical bar: the white part grows as White's position improves."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._info: EngineInfo | None = None
        self._flipped = False
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)
        self.setMinimumWidth(14)
        self._update_tooltip()

    # ------------------------------------------------------------------ API
    def set_info(self, info: EngineInfo | None) -> None:
        """Show the evaluation in ``info`` (None: no evaluation, the bar is even)."""
        self._info = info
        self._update_tooltip()
        self.update()

    def on_search_info(self, info: EngineInfo) -> None:
        """Slot for a player's ``search_info``: same as :meth:`set_info`; book moves carry no evaluation."""
        if not info.is_book():
            self.set_info(info)

    def clear(self) -> None:
        """Back to even (new game, new position without an evaluation)."""
        self.set_info(None)

    def set_flipped(self, flipped: bool) -> None:
        """Black at the bottom (follow the board's orientation)."""
        if flipped != self._flipped:
            self._flipped = flipped
            self.update()

    def is_flipped(self) -> bool:
        """True when Black's part is at the bottom."""
        return self._flipped

    def white_share(self) -> float:
        """White's part of the bar, 0.0–1.0."""
        return white_share(self._info)

    def score_text(self) -> str:
        """The score as shown on the bar, e.g. "+1.2" or "#3"; empty without an evaluation."""
        if self._info is None or (self._info.mate_white is None and self._info.score_white_cp is None):
            return ""
        if self._info.mate_white is not None:
            return f"#{abs(self._info.mate_white)}"
        return f"{abs(self._info.score_white_cp or 0) / 100:.1f}"

    # ------------------------------------------------------------------ Qt
    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(22, 400)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        rect = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        share = self.white_share()
        white_height = rect.height() * share
        # White's part is at the bottom unless the board is flipped.
        if self._flipped:
            white_rect = QRectF(rect.left(), rect.top(), rect.width(), white_height)
            black_rect = QRectF(rect.left(), rect.top() + white_height, rect.width(), rect.height() - white_height)
        else:
            black_rect = QRectF(rect.left(), rect.top(), rect.width(), rect.height() - white_height)
            white_rect = QRectF(rect.left(), rect.bottom() - white_height, rect.width(), white_height)
        painter.fillRect(black_rect, _BLACK)
        painter.fillRect(white_rect, _WHITE)
        painter.setPen(_MID_LINE)
        middle = rect.top() + rect.height() / 2
        painter.drawLine(int(rect.left()), int(middle), int(rect.right()), int(middle))
        self._paint_score(painter, rect, share)
        # The frame separates the bar from the window: dark on a light window, light on a dark one.
        painter.setPen(self.palette().color(QPalette.ColorRole.Mid))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(rect)
        painter.end()

    def _paint_score(self, painter: QPainter, rect: QRectF, share: float) -> None:
        text = self.score_text()
        if not text:
            return
        font = QFont(self.font())
        font.setPixelSize(max(8, min(11, int(rect.width() * 0.5))))
        font.setBold(True)
        painter.setFont(font)
        # The number sits at the end of the winning side's part, in the other colour.
        white_ahead = share >= 0.5
        at_bottom = white_ahead != self._flipped
        text_rect = (
            QRectF(rect.left(), rect.bottom() - 16, rect.width(), 14)
            if at_bottom
            else QRectF(rect.left(), rect.top() + 2, rect.width(), 14)
        )
        painter.setPen(_BLACK if white_ahead else _WHITE)
        painter.drawText(text_rect, Qt.AlignmentFlag.AlignCenter, text)

    def _update_tooltip(self) -> None:
        if self._info is None:
            self.setToolTip(self.tr("Evaluation (no engine evaluation yet)"))
        else:
            self.setToolTip(
                self.tr("Evaluation {format_score} (White's view), depth {depth}").format(
                    format_score=self._info.format_score(), depth=self._info.depth
                )
            )
