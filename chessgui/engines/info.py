"""What an engine is thinking, as one value object the GUI can show and store.

The built-in engine (``engine.SearchInfo``) and external UCI engines
(python-chess ``InfoDict``) report scores from the side to move's point of
view, with the principal variation in UCI. The GUI wants one thing: scores
from White's point of view (like lichess' eval bar) and the line in SAN.
:class:`EngineInfo` is that value; it is built on the thread that produced
the report and handed to the GUI thread by value.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import chess
import chess.engine

if TYPE_CHECKING:  # engine/ is imported lazily so this module never pays for Numba at import
    from engine.api import SearchInfo

#: How many PV moves are converted to SAN; longer lines are only kept in UCI.
MAX_PV_SAN = 16

#: A centipawn value standing in for "mate" when one number is needed (eval bar, sorting).
MATE_CP = 100_000


@dataclass(frozen=True, slots=True)
class EngineInfo:
    """One engine report (normally one completed iteration), scores from White's view."""

    color: chess.Color
    """The side that was thinking (to move in the searched position)."""
    depth: int
    """Completed search depth in plies."""
    seldepth: int
    """Deepest ply reached (selective depth); equals ``depth`` when unknown."""
    score_white_cp: int | None
    """Score in centipawns from White's view; None when the score is a mate or unknown."""
    mate_white: int | None
    """Mate distance in moves from White's view: positive = White mates, negative = Black mates."""
    nodes: int
    """Nodes searched so far for this move."""
    nps: int
    """Nodes per second."""
    time_ms: int
    """Time spent on this move so far, in milliseconds."""
    pv_san: tuple[str, ...]
    """Principal variation in SAN (first :data:`MAX_PV_SAN` moves at most)."""
    pv_uci: tuple[str, ...]
    """Principal variation in UCI (full length as reported)."""
    engine_name: str = ""
    """Name of the engine that produced the report."""
    fullmove_number: int = 1
    """Move number of the searched position (for numbering the PV: "12... Nc6 13. Bb5")."""
    book_share: float | None = None
    """For a move played from the opening book: its share of the book weights (0–1]; None when searched."""
    book_choices: int = 0
    """For a book move: how many moves the book has for the position."""
    tablebase: str = ""
    """For a move played from the endgame tablebases: the exact result in words ("White wins, mate in 5")."""
    search_stats: Any = None
    """The built-in engine's counters for this iteration (engine.searchstats.SearchStats), else None."""

    # ------------------------------------------------------------------ factories
    @classmethod
    def from_search_info(
        cls,
        info: SearchInfo,
        board_before: chess.Board,
        color: chess.Color | None = None,
        engine_name: str = "",
    ) -> EngineInfo:
        """Convert a built-in engine report for ``board_before`` (the searched position).

        ``info`` scores are from the side to move (UCI convention); ``color`` defaults
        to ``board_before.turn`` (the side that was thinking).
        """
        side = board_before.turn if color is None else color
        score_cp, mate = _to_white(info.score_cp, info.mate_in, side)
        pv_uci = tuple(info.pv)
        return cls(
            color=side,
            depth=int(info.depth),
            seldepth=int(info.seldepth or info.depth),
            score_white_cp=score_cp,
            mate_white=mate,
            nodes=int(info.nodes),
            nps=int(info.nps),
            time_ms=int(info.time_ms),
            pv_san=pv_to_san(board_before, pv_uci),
            pv_uci=pv_uci,
            engine_name=engine_name,
            fullmove_number=board_before.fullmove_number,
            search_stats=getattr(info, "stats", None),
        )

    @classmethod
    def from_book_move(
        cls, move: chess.Move, share: float, choices: int, board_before: chess.Board, engine_name: str = ""
    ) -> EngineInfo:
        """A report for a move taken from the opening book (no search, no score)."""
        return cls._unsearched(move, board_before, engine_name, None, None, book_share=share, book_choices=choices)

    @classmethod
    def from_tablebase_move(
        cls,
        move: chess.Move,
        result_text: str,
        score: chess.engine.PovScore,
        board_before: chess.Board,
        engine_name: str = "",
    ) -> EngineInfo:
        """A report for a move taken from the endgame tablebases (exact result, no search)."""
        white = score.white()
        score_cp = None if white.is_mate() else white.score()
        return cls._unsearched(move, board_before, engine_name, score_cp, white.mate(), tablebase=result_text)

    @classmethod
    def _unsearched(
        cls,
        move: chess.Move,
        board_before: chess.Board,
        engine_name: str,
        score_white_cp: int | None,
        mate_white: int | None,
        **source: Any,  # noqa: ANN401 - the book's or the tablebase's fields
    ) -> EngineInfo:
        """A one-move report that no search produced (depth, nodes and time 0)."""
        return cls(
            color=board_before.turn,
            depth=0,
            seldepth=0,
            score_white_cp=score_white_cp,
            mate_white=mate_white,
            nodes=0,
            nps=0,
            time_ms=0,
            pv_san=pv_to_san(board_before, (move.uci(),)),
            pv_uci=(move.uci(),),
            engine_name=engine_name,
            fullmove_number=board_before.fullmove_number,
            **source,
        )

    @classmethod
    def from_info_dict(
        cls, info: Mapping[str, Any], board_before: chess.Board, engine_name: str = ""
    ) -> EngineInfo | None:
        """Convert a python-chess :class:`chess.engine.InfoDict` from a UCI engine.

        Returns None for reports without a depth and a score (e.g. ``info string`` or
        ``currmove`` lines), which the panel should not show.
        """
        score = info.get("score")
        depth = info.get("depth")
        if score is None or depth is None:
            return None
        white = score.white()
        if white.is_mate():
            score_cp, mate_white = None, white.mate()
        else:
            score_cp, mate_white = white.score(), None
        pv_moves = info.get("pv") or []
        pv_uci = tuple(move.uci() for move in pv_moves)
        time_s = info.get("time")
        time_ms = int(round(time_s * 1000)) if time_s is not None else 0
        nodes = int(info.get("nodes", 0) or 0)
        nps = info.get("nps")
        if nps is None:
            nps = int(nodes * 1000 / time_ms) if time_ms > 0 else 0
        return cls(
            color=board_before.turn,
            depth=int(depth),
            seldepth=int(info.get("seldepth", depth) or depth),
            score_white_cp=score_cp,
            mate_white=mate_white,
            nodes=nodes,
            nps=int(nps),
            time_ms=time_ms,
            pv_san=pv_to_san(board_before, pv_uci),
            pv_uci=pv_uci,
            engine_name=engine_name,
            fullmove_number=board_before.fullmove_number,
        )

    # ------------------------------------------------------------------ views
    def is_book(self) -> bool:
        """True when the move comes from the opening book rather than a search."""
        return self.book_share is not None

    def is_tablebase(self) -> bool:
        """True when the move comes from the endgame tablebases rather than a search."""
        return bool(self.tablebase)

    def is_mate(self) -> bool:
        """True when the score is a forced mate."""
        return self.mate_white is not None

    def format_score(self) -> str:
        """The score from White's view as people write it: ``+1.23``, ``-0.40``, ``#5``, ``-#3``."""
        return format_white_score(self.score_white_cp, self.mate_white)

    def white_cp_or_mate(self) -> int:
        """One signed number from White's view; mates become ±:data:`MATE_CP` (closer = larger)."""
        if self.mate_white is not None:
            if self.mate_white > 0:
                return MATE_CP - self.mate_white
            return -MATE_CP - self.mate_white
        return self.score_white_cp or 0

    def to_pov_score(self) -> chess.engine.PovScore:
        """The score as python-chess's :class:`~chess.engine.PovScore` (White's view).

        Pass it to ``chess.pgn.GameNode.set_eval`` to write a PGN ``[%eval]`` comment.
        """
        if self.mate_white is not None:
            return chess.engine.PovScore(chess.engine.Mate(self.mate_white), chess.WHITE)
        return chess.engine.PovScore(chess.engine.Cp(self.score_white_cp or 0), chess.WHITE)

    def best_move(self) -> chess.Move | None:
        """The first PV move (the engine's current choice), if any."""
        if not self.pv_uci:
            return None
        try:
            return chess.Move.from_uci(self.pv_uci[0])
        except ValueError:
            return None


def format_white_score(score_white_cp: int | None, mate_white: int | None) -> str:
    """Format a White-view score: pawns with a sign and two decimals, or ``#n`` / ``-#n``."""
    if mate_white is not None:
        return f"#{mate_white}" if mate_white > 0 else f"-#{-mate_white}"
    if score_white_cp is None:
        return "?"
    return f"{score_white_cp / 100:+.2f}"


def pv_to_san(board_before: chess.Board, pv_uci: tuple[str, ...], limit: int = MAX_PV_SAN) -> tuple[str, ...]:
    """Convert the leading legal part of a UCI PV to SAN; stops at the first bad move."""
    board = board_before.copy(stack=False)
    san: list[str] = []
    for uci in pv_uci[:limit]:
        try:
            move = chess.Move.from_uci(uci)
        except ValueError:
            break
        if not board.is_legal(move):
            break
        san.append(board.san_and_push(move))
    return tuple(san)


def _to_white(score_cp: int | None, mate_in: int | None, side: chess.Color) -> tuple[int | None, int | None]:
    """Turn a side-to-move score into White's view (negate when Black was to move)."""
    sign = 1 if side == chess.WHITE else -1
    if mate_in is not None:
        return None, sign * mate_in
    if score_cp is None:
        return None, None
    return sign * score_cp, None
