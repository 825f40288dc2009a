"""How a game ended: the result string, the reason, and a sentence for the user."""

from __future__ import annotations

import enum
from dataclasses import dataclass

import chess
from PySide6.QtCore import QCoreApplication

from chessgui.game.chess_words import side_name
from chessgui.i18n import QT_TRANSLATE_NOOP


class Termination(enum.Enum):
    """Why a game ended. Automatic endings come from python-chess's ``Board.outcome()``."""

    CHECKMATE = QT_TRANSLATE_NOOP("Termination", "checkmate")
    STALEMATE = QT_TRANSLATE_NOOP("Termination", "stalemate")
    INSUFFICIENT_MATERIAL = QT_TRANSLATE_NOOP("Termination", "insufficient material")
    SEVENTYFIVE_MOVES = QT_TRANSLATE_NOOP("Termination", "the 75-move rule")
    FIVEFOLD_REPETITION = QT_TRANSLATE_NOOP("Termination", "fivefold repetition")
    THREEFOLD_REPETITION = QT_TRANSLATE_NOOP("Termination", "threefold repetition")
    FIFTY_MOVES = QT_TRANSLATE_NOOP("Termination", "the 50-move rule")
    RESIGNATION = QT_TRANSLATE_NOOP("Termination", "resignation")
    TIME_FORFEIT = QT_TRANSLATE_NOOP("Termination", "time forfeit")
    TIMEOUT_VS_INSUFFICIENT = QT_TRANSLATE_NOOP("Termination", "timeout against insufficient material")
    AGREEMENT = QT_TRANSLATE_NOOP("Termination", "agreement")
    RECORDED = QT_TRANSLATE_NOOP("Termination", "the result recorded in the game")
    ABORTED = "abort"
    """Stopped before it really began: no result ("*"), not counted."""

    @classmethod
    def from_python_chess(cls, termination: chess.Termination) -> Termination:
        """Map python-chess's termination to ours (they share the automatic endings)."""
        return _FROM_PYTHON_CHESS[termination]


_FROM_PYTHON_CHESS = {
    chess.Termination.CHECKMATE: Termination.CHECKMATE,
    chess.Termination.STALEMATE: Termination.STALEMATE,
    chess.Termination.INSUFFICIENT_MATERIAL: Termination.INSUFFICIENT_MATERIAL,
    chess.Termination.SEVENTYFIVE_MOVES: Termination.SEVENTYFIVE_MOVES,
    chess.Termination.FIVEFOLD_REPETITION: Termination.FIVEFOLD_REPETITION,
    chess.Termination.THREEFOLD_REPETITION: Termination.THREEFOLD_REPETITION,
    chess.Termination.FIFTY_MOVES: Termination.FIFTY_MOVES,
}

# The PGN "Termination" tag only knows a few words (PGN standard 9.8.1).
_PGN_TERMINATION = {
    Termination.TIME_FORFEIT: "time forfeit",
    Termination.TIMEOUT_VS_INSUFFICIENT: "time forfeit",
    Termination.ABORTED: "abandoned",
}


@dataclass(frozen=True, slots=True)
class GameResult:
    """The end of a game."""

    winner: chess.Color | None
    """The side that won, or None for a draw."""
    termination: Termination
    """Why the game ended."""
    loser_on_time: chess.Color | None = None
    """For time endings: the side whose flag fell (needed to describe a timeout draw)."""

    @property
    def result(self) -> str:
        """The PGN result string: "1-0", "0-1", "1/2-1/2", or "*" for an aborted game."""
        if self.termination == Termination.ABORTED:
            return "*"
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == chess.WHITE else "0-1"

    @property
    def pgn_termination(self) -> str:
        """Value for the PGN ``Termination`` header."""
        return _PGN_TERMINATION.get(self.termination, "normal")

    def describe(self) -> str:
        """One sentence for the user, e.g. "White wins by checkmate"."""
        if self.termination == Termination.TIME_FORFEIT and self.winner is not None:
            loser = side_name(not self.winner)
            return QCoreApplication.translate("GameResult", "{loser} lost on time").format(loser=loser)
        if self.termination == Termination.TIMEOUT_VS_INSUFFICIENT and self.loser_on_time is not None:
            loser = side_name(self.loser_on_time)
            winner = side_name(not self.loser_on_time)
            return QCoreApplication.translate(
                "GameResult", "Draw: {loser} ran out of time, but {winner} cannot checkmate"
            ).format(loser=loser, winner=winner)
        if self.termination == Termination.ABORTED:
            return QCoreApplication.translate("GameResult", "Game aborted")
        if self.termination == Termination.RECORDED:
            # Shown next to the result string ("1/2-1/2 · Draw"), so say it in words, once.
            return (
                QCoreApplication.translate("GameResult", "Draw")
                if self.winner is None
                else QCoreApplication.translate("GameResult", "{winner} won").format(winner=side_name(self.winner))
            )
        if self.winner is None:
            if self.termination == Termination.AGREEMENT:
                return QCoreApplication.translate("GameResult", "Draw by agreement")
            return QCoreApplication.translate("GameResult", "Draw by {value}").format(
                value=QCoreApplication.translate("Termination", self.termination.value)
            )
        winner = side_name(self.winner)
        if self.termination == Termination.RESIGNATION:
            loser = side_name(not self.winner)
            return QCoreApplication.translate("GameResult", "{loser} resigned: {winner} wins").format(
                loser=loser, winner=winner
            )
        return QCoreApplication.translate("GameResult", "{winner} wins by {value}").format(
            winner=winner, value=QCoreApplication.translate("Termination", self.termination.value)
        )

    @classmethod
    def on_time(cls, board: chess.Board, flagged_color: chess.Color) -> GameResult:
        """The end when ``flagged_color``'s flag falls in ``board``'s position.

        The side with time left wins, unless it cannot possibly checkmate (python-chess's
        ``has_insufficient_material`` for that side): then it is a draw.
        """
        if board.has_insufficient_material(not flagged_color):
            return cls(None, Termination.TIMEOUT_VS_INSUFFICIENT, loser_on_time=flagged_color)
        return cls(not flagged_color, Termination.TIME_FORFEIT, loser_on_time=flagged_color)

    @classmethod
    def from_outcome(cls, outcome: chess.Outcome) -> GameResult:
        """Build from python-chess's ``Board.outcome()``."""
        return cls(winner=outcome.winner, termination=Termination.from_python_chess(outcome.termination))
