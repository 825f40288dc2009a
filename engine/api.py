"""Value objects exchanged between the engine and its callers (GUI worker, UCI loop, tests).

All of them are frozen, so they can cross threads safely.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.searchstats import SearchStats


class InvalidFenError(ValueError):
    """The FEN given to the engine cannot be parsed or describes an impossible position."""


class IllegalMoveError(ValueError):
    """A move in the move list given to the engine is malformed or illegal in its position."""


@dataclass(frozen=True, slots=True)
class SearchLimit:
    """How long to search. All fields None and not infinite means a sensible default (1 s)."""

    depth: int | None = None
    """Maximum number of iterations (plies of nominal depth)."""
    nodes: int | None = None
    """Stop once about this many nodes have been searched."""
    movetime_ms: int | None = None
    """Fixed thinking time for this move, in milliseconds."""
    wtime_ms: int | None = None
    """White's remaining clock time in milliseconds (UCI ``wtime``)."""
    btime_ms: int | None = None
    """Black's remaining clock time in milliseconds (UCI ``btime``)."""
    winc_ms: int = 0
    """White's increment per move in milliseconds (UCI ``winc``)."""
    binc_ms: int = 0
    """Black's increment per move in milliseconds (UCI ``binc``)."""
    movestogo: int | None = None
    """Moves until the next time control (UCI ``movestogo``); None for sudden death."""
    infinite: bool = False
    """Search until :meth:`Searcher.stop` is called (analysis mode)."""
    multipv: int = 1
    """How many principal variations (best distinct root moves) to find and report; the
    search clamps it to 1..engine.searchstate.MAX_MULTIPV and to the number of legal moves."""
    started_at: float | None = None
    """``time.monotonic()`` reading when the caller's clock started running for this move
    (the GUI sent the request, the UCI loop read ``go``): the time budget counts from it,
    so the time the search waited for its thread is not spent twice. None: from the
    moment the search starts. A reading in the future counts as now."""


@dataclass(frozen=True, slots=True)
class SearchInfo:
    """What the engine knows after one completed iteration."""

    depth: int
    """Nominal depth of the completed iteration, in plies."""
    seldepth: int
    """Deepest ply reached, quiescence and extensions included."""
    score_cp: int | None
    """Score in centipawns from the side to move's view (UCI convention); None when mate is found."""
    mate_in: int | None
    """Mate distance in moves: positive when the side to move mates, negative when it gets mated."""
    nodes: int
    """Nodes searched since the search started."""
    nps: int
    """Nodes per second since the search started."""
    time_ms: int
    """Milliseconds since the search started."""
    hashfull: int
    """Transposition table use in permille."""
    pv: tuple[str, ...]
    """Principal variation as UCI move strings, best move first."""
    multipv: int = 1
    """Rank of this line among the iteration's lines (UCI ``multipv``): 1 is the best."""
    stats: SearchStats | None = None
    """The iteration's search counters (engine.searchstats), on line 1 of the built-in engine only."""


@dataclass(frozen=True, slots=True)
class SearchResult:
    """The outcome of :meth:`Searcher.search`."""

    best_move: str | None
    """Best move in UCI notation; None only when the side to move has no legal move."""
    ponder: str | None
    """Expected reply (second PV move) in UCI notation, if known."""
    info: SearchInfo | None
    """Report of the last completed iteration; None if none completed (or no legal move)."""
    lines: tuple[SearchInfo, ...] = ()
    """All lines of the last completed iteration, best first (``lines[0] == info``); one per
    requested MultiPV line, fewer when there are fewer legal moves."""
