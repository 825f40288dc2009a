"""The exact result of a position from the endgame tables, as one value.

:class:`TablebaseResult` is what :class:`chessgui.storage.tablebases.TablebaseProber`
answers: win/draw/loss on Syzygy's scale (:class:`Wdl`, with the 50-move rule's
nuances), the distances to zeroing and to mate, the best move, and the same as
an engine score or plain words for the engine panel, the engine players and
game review. Nothing here reads a table.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import chess
import chess.engine
from PySide6.QtCore import QCoreApplication

#: Score in centipawns standing for a tablebase win when no mate distance is known (Syzygy only).
TB_WIN_CP = 20_000


class Wdl(enum.IntEnum):
    """Win/draw/loss for the side to move, with the 50-move rule's nuances (Syzygy's scale)."""

    LOSS = -2
    """Lost."""
    BLESSED_LOSS = -1
    """Lost, but the opponent cannot mate before the 50-move rule saves the draw."""
    DRAW = 0
    """Drawn."""
    CURSED_WIN = 1
    """Won, but not before the 50-move rule makes it a draw."""
    WIN = 2
    """Won."""


@dataclass(frozen=True, slots=True)
class TablebaseResult:
    """The exact result of one position, from the tables. All numbers are from the side to move's view."""

    turn: chess.Color
    """The side to move in the probed position."""
    wdl: Wdl
    """Win, draw or loss for the side to move (with the 50-move rule when Syzygy tables decided it)."""
    dtz: int | None
    """Syzygy distance to zeroing (plies to the next capture or pawn move in the best line), signed like
    python-chess: positive when the side to move wins; None without Syzygy tables for the position."""
    dtm: int | None
    """Gaviota distance to mate in plies, signed: positive when the side to move mates, negative when it
    is mated, 0 in a draw; None without Gaviota tables for the position. Ignores the 50-move rule."""
    best_move: chess.Move | None
    """The tablebase-best move (fastest win, a drawing move, or the longest defence); None in a game-over
    position or when the tables miss a position the move leads to."""
    source: str
    """Which tables answered: "Syzygy", "Gaviota" or "Syzygy + Gaviota"."""

    def winner(self) -> chess.Color | None:
        """The side that wins with best play (50-move rule included), or None for a draw."""
        if self.wdl == Wdl.WIN:
            return self.turn
        if self.wdl == Wdl.LOSS:
            return not self.turn
        return None

    def mate_in(self) -> int | None:
        """Moves to mate from the side to move's view (python-chess ``Mate`` convention), when known."""
        if self.dtm is None or self.wdl not in (Wdl.WIN, Wdl.LOSS):
            return None
        if self.dtm > 0:
            return (self.dtm + 1) // 2
        return -((-self.dtm + 1) // 2)

    def to_pov_score(self) -> chess.engine.PovScore:
        """The result as an engine score (``Mate`` when the mate distance is known), for ``[%eval]`` or a graph."""
        mate = self.mate_in()
        if mate is not None:
            return chess.engine.PovScore(chess.engine.Mate(mate), self.turn)
        if self.wdl == Wdl.WIN:
            return chess.engine.PovScore(chess.engine.Cp(TB_WIN_CP - abs(self.dtz or 0)), self.turn)
        if self.wdl == Wdl.LOSS:
            return chess.engine.PovScore(chess.engine.Cp(-TB_WIN_CP + abs(self.dtz or 0)), self.turn)
        return chess.engine.PovScore(chess.engine.Cp(0), self.turn)

    def describe(self) -> str:
        """Plain words: "White wins, mate in 12", "Draw", "Black wins (DTZ 23)", "Draw by the 50-move rule…"."""
        winner = self.winner()
        if winner is None:
            if self.wdl == Wdl.DRAW:
                return QCoreApplication.translate("TablebaseResult", "Draw")
            ahead = self.turn if self.wdl == Wdl.CURSED_WIN else not self.turn
            return QCoreApplication.translate(
                "TablebaseResult", "Draw by the 50-move rule ({name} would win without it)"
            ).format(name=_name(ahead))
        text = QCoreApplication.translate("TablebaseResult", "{name} wins").format(name=_name(winner))
        mate = self.mate_in()
        if mate is not None:
            return (
                QCoreApplication.translate("TablebaseResult", "{text}, mate in {mate}").format(
                    text=text, mate=abs(mate)
                )
                if abs(mate)
                else QCoreApplication.translate("TablebaseResult", "{text} (checkmate)").format(text=text)
            )
        if self.dtz is not None:
            return QCoreApplication.translate("TablebaseResult", "{text} (DTZ {dtz})").format(
                text=text, dtz=abs(self.dtz)
            )
        return text


def _name(color: chess.Color) -> str:
    # The context stays "tablebases" (where these texts were first written) so the translations find them.
    return (
        QCoreApplication.translate("tablebases", "White")
        if color == chess.WHITE
        else QCoreApplication.translate("tablebases", "Black")
    )
