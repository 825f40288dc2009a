"""Search statistics per iteration (the search lab's and the UCI ``SearchStats`` option's data).

The jitted search counts into ``stats`` (engine.searchstate); the driver turns the
counters of each completed iteration into a frozen :class:`SearchStats` attached to the
iteration's :class:`engine.api.SearchInfo`. Counting costs a few increments in rare
branches, so the numbers are always collected.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class RootMoveStats:
    """One root move of an iteration."""

    move: str
    """The move in UCI notation."""
    nodes: int
    """Nodes searched under this move during the iteration (all root calls of it added up)."""
    score_cp: int | None
    """Its last score in centipawns from the side to move's view; None when it is a mate score."""
    mate_in: int | None
    """Mate distance in moves (UCI convention) when the score is a mate, else None."""
    bound: str
    """"exact", "upper" (failed low: the move is at most this good) or "lower" (at least this good)."""


@dataclass(frozen=True, slots=True)
class SearchStats:
    """What one iteration of iterative deepening cost and how well the pruning worked.

    The counts are for this iteration alone (not cumulative since the search began).
    """

    depth: int
    """Nominal depth of the iteration."""
    nodes: int
    """Nodes searched in this iteration (main search and quiescence)."""
    qnodes: int
    """Of those, quiescence nodes."""
    time_ms: float = field(compare=False)
    """Milliseconds the iteration took (not compared: equal searches differ in timing)."""
    cutoffs: int
    """Beta cut-offs in the main search's move loops."""
    first_move_cutoffs: int
    """Cut-offs produced by the first move searched (the ordering guessed right)."""
    tt_hits: int
    """Transposition table probes that found the position (main search and quiescence)."""
    null_move_cutoffs: int
    """Null-move searches that failed high."""
    lmr_researches: int
    """Reduced searches that beat alpha and had to be repeated at full depth."""
    aspiration_researches: int
    """Root searches repeated because the score left the aspiration window."""
    pvs_researches: int
    """Zero-window searches that landed inside the window and were repeated with the full window."""
    previous_nodes: int | None
    """Nodes of the previous iteration (None at the first), for the branching factor."""
    root_legal_moves: int
    """Legal moves in the root position (the branching factor b of the reference curves)."""
    root_moves: tuple[RootMoveStats, ...] = ()
    """Every root move searched, most nodes first."""

    @property
    def quiescence_share(self) -> float:
        """Fraction of the nodes spent in quiescence (0..1)."""
        return self.qnodes / self.nodes if self.nodes else 0.0

    @property
    def effective_branching_factor(self) -> float | None:
        """nodes(d) / nodes(d-1); None at the first iteration."""
        if not self.previous_nodes:
            return None
        return self.nodes / self.previous_nodes

    @property
    def first_move_cutoff_rate(self) -> float | None:
        """Share of cut-offs made by the first move (move-ordering quality); None without cut-offs."""
        return self.first_move_cutoffs / self.cutoffs if self.cutoffs else None

    @property
    def tt_hit_rate(self) -> float:
        """TT hits per node searched."""
        return self.tt_hits / self.nodes if self.nodes else 0.0


def format_stats(stats: SearchStats) -> str:
    """The counters as one ``info string`` payload (``key value`` pairs, UCI-style)."""
    ebf = stats.effective_branching_factor
    fmc = stats.first_move_cutoff_rate
    parts = [
        "stats",
        f"depth {stats.depth}",
        f"nodes {stats.nodes}",
        f"qnodes {stats.qnodes}",
        f"qshare {stats.quiescence_share:.3f}",
        f"time {stats.time_ms:.0f}",
        f"ebf {ebf:.2f}" if ebf is not None else "ebf -",
        f"cutoffs {stats.cutoffs}",
        f"firstcutoffs {stats.first_move_cutoffs}",
        f"firstcutoffrate {fmc:.3f}" if fmc is not None else "firstcutoffrate -",
        f"tthits {stats.tt_hits}",
        f"tthitrate {stats.tt_hit_rate:.3f}",
        f"nullcutoffs {stats.null_move_cutoffs}",
        f"lmrresearches {stats.lmr_researches}",
        f"aspresearches {stats.aspiration_researches}",
        f"pvsresearches {stats.pvs_researches}",
    ]
    return " ".join(parts)
