"""Search statistics (the search lab's counters) and the lab's technique switches."""

from __future__ import annotations

import pytest

from engine.api import SearchInfo, SearchLimit
from engine.searcher import MINIMAX_MAX_DEPTH, Searcher
from engine.searchstate import (
    ALL_FEATURES,
    FEATURE_BAD_CAPTURE_PRUNING,
    FEATURE_CHECK_EXTENSION,
    FEATURE_FUTILITY,
    FEATURE_LMP,
    FEATURE_LMR,
    FEATURE_NULL_MOVE,
    LAB_NO_ALPHA_BETA,
    LAB_NO_ORDERING,
    LAB_NO_QUIESCENCE,
    LAB_NO_TT,
)
from engine.searchstats import SearchStats, format_stats

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
MIDDLEGAME = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"
ENDGAME = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"


def _search(
    fen: str, depth: int, features: int = ALL_FEATURES, lab_off: int = 0, aspiration: bool = True
) -> tuple[list[SearchInfo], Searcher]:
    searcher = Searcher(hash_mb=4)
    searcher.features = features
    searcher.lab_off = lab_off
    searcher.use_aspiration = aspiration
    infos: list[SearchInfo] = []
    searcher.search(fen, (), SearchLimit(depth=depth), infos.append)
    return infos, searcher


@pytest.mark.parametrize("fen", [START, KIWIPETE, MIDDLEGAME, ENDGAME])
def test_counters_are_consistent_per_iteration(fen: str) -> None:
    infos, _ = _search(fen, 7)
    assert [info.depth for info in infos] == list(range(1, 8))
    previous: SearchStats | None = None
    for info in infos:
        stats = info.stats
        assert stats is not None and stats.depth == info.depth
        assert 0 <= stats.first_move_cutoffs <= stats.cutoffs
        assert 0 <= stats.qnodes <= stats.nodes
        assert stats.tt_hits <= stats.nodes
        assert stats.lmr_researches >= 0 and stats.null_move_cutoffs >= 0 and stats.pvs_researches >= 0
        # Every node of the iteration lies under a root move, except the root node of
        # each root call (one, plus one per aspiration re-search).
        assert stats.nodes - sum(m.nodes for m in stats.root_moves) == 1 + stats.aspiration_researches
        assert len({m.move for m in stats.root_moves}) == len(stats.root_moves) <= stats.root_legal_moves
        # The best move's score is exact; the others fail low (at most as good).
        best = [m for m in stats.root_moves if m.move == info.pv[0]]
        assert best and best[0].bound == "exact" and best[0].score_cp == info.score_cp
        if previous is None:
            assert stats.previous_nodes is None and stats.effective_branching_factor is None
        else:
            assert stats.previous_nodes == previous.nodes
            assert stats.effective_branching_factor == pytest.approx(stats.nodes / previous.nodes)
        previous = stats
    # Per-iteration counts add up to the search's cumulative node count.
    assert sum(info.stats.nodes for info in infos) == infos[-1].nodes
    assert sum(info.stats.cutoffs for info in infos) > 0


def test_a_technique_switched_off_has_no_counts() -> None:
    infos, _ = _search(KIWIPETE, 8)
    totals = {
        name: sum(getattr(info.stats, name) for info in infos)
        for name in ("null_move_cutoffs", "lmr_researches", "aspiration_researches", "tt_hits", "qnodes")
    }
    assert all(total > 0 for total in totals.values()), totals
    off = {
        "null_move_cutoffs": {"features": ALL_FEATURES & ~FEATURE_NULL_MOVE},
        "lmr_researches": {"features": ALL_FEATURES & ~FEATURE_LMR},
        "aspiration_researches": {"aspiration": False},
        "tt_hits": {"lab_off": LAB_NO_TT},
        "qnodes": {"lab_off": LAB_NO_QUIESCENCE},
    }
    for name, switch in off.items():
        infos, _ = _search(KIWIPETE, 8, **switch)
        assert sum(getattr(info.stats, name) for info in infos) == 0, name


OFF_SWITCHES = {
    "tt": {"lab_off": LAB_NO_TT},
    "ordering": {"lab_off": LAB_NO_ORDERING},
    "quiescence": {"lab_off": LAB_NO_QUIESCENCE},
    "null move": {"features": ALL_FEATURES & ~FEATURE_NULL_MOVE},
    "lmr": {"features": ALL_FEATURES & ~FEATURE_LMR},
    "futility": {"features": ALL_FEATURES & ~FEATURE_FUTILITY},
    "lmp": {"features": ALL_FEATURES & ~FEATURE_LMP},
    "check extension": {"features": ALL_FEATURES & ~FEATURE_CHECK_EXTENSION},
    "aspiration": {"aspiration": False},
}


@pytest.mark.parametrize("name", sorted(OFF_SWITCHES))
def test_switching_a_technique_off_changes_the_node_count(name: str) -> None:
    full, _ = _search(MIDDLEGAME, 6)
    off, _ = _search(MIDDLEGAME, 6, **OFF_SWITCHES[name])
    assert off[-1].depth == 6
    assert off[-1].nodes != full[-1].nodes


def test_minimax_searches_more_nodes_and_is_capped_in_depth() -> None:
    full, _ = _search(START, 3)
    plain, _ = _search(START, 10, lab_off=LAB_NO_ALPHA_BETA)
    assert plain[-1].depth == MINIMAX_MAX_DEPTH
    minimax_3 = [info for info in plain if info.depth == 3][0]
    assert minimax_3.stats.nodes > 5 * full[-1].stats.nodes
    # Without cut-offs every root move's score is exact.
    assert all(m.bound == "exact" for m in minimax_3.stats.root_moves)
    assert minimax_3.stats.cutoffs == 0


# The pure-speed techniques (alpha-beta itself, the TT, killer/history ordering) never
# change the value of a fixed-depth search. Compared on a search without the selective
# techniques (null move, reductions, pruning), whose decisions depend on the window; the
# losing-capture pruning of quiescence only looks at the position, so it stays (without it
# plain minimax's full-window quiescence explodes in tactical positions).
PLAIN = FEATURE_CHECK_EXTENSION | FEATURE_BAD_CAPTURE_PRUNING
TACTICAL = {KIWIPETE, MIDDLEGAME}


@pytest.mark.parametrize("fen", [START, KIWIPETE, MIDDLEGAME, ENDGAME])
@pytest.mark.parametrize(
    "lab_off", [LAB_NO_TT, LAB_NO_ORDERING, LAB_NO_TT | LAB_NO_ORDERING, LAB_NO_ALPHA_BETA], ids=str
)
def test_pure_speed_techniques_never_change_the_score(fen: str, lab_off: int) -> None:
    depth = 2 if lab_off == LAB_NO_ALPHA_BETA and fen in TACTICAL else 3
    base, _ = _search(fen, depth, features=PLAIN, aspiration=False)
    off, _ = _search(fen, depth, features=PLAIN, lab_off=lab_off, aspiration=False)
    for a, b in zip(base, off, strict=True):
        assert (a.depth, a.score_cp, a.mate_in) == (b.depth, b.score_cp, b.mate_in)
    if lab_off == LAB_NO_ALPHA_BETA:
        assert off[-1].nodes > base[-1].nodes  # (node changes of the others: see the test above)


def test_uci_search_stats_option_prints_the_counters(uci_until_bestmove) -> None:
    uci, lines = uci_until_bestmove("uci", "setoption name SearchStats value true", "position startpos", "go depth 4")
    uci.handle("quit")
    assert "option name SearchStats type check default false" in lines
    stats_lines = [line for line in lines if line.startswith("info string stats")]
    assert [line.split()[4] for line in stats_lines] == ["1", "2", "3", "4"]
    fields = dict(zip(stats_lines[-1].split()[3::2], stats_lines[-1].split()[4::2], strict=False))
    assert int(fields["firstcutoffs"]) <= int(fields["cutoffs"])
    assert int(fields["qnodes"]) <= int(fields["nodes"])


def test_uci_prints_no_stats_by_default(uci_until_bestmove) -> None:
    uci, lines = uci_until_bestmove("position startpos", "go depth 3")
    uci.handle("quit")
    assert any(line.startswith("info depth 3") for line in lines)
    assert not any(line.startswith("info string stats") for line in lines)


def test_format_stats_names_every_counter() -> None:
    infos, _ = _search(START, 3)
    text = format_stats(infos[-1].stats)
    for key in ("nodes", "qnodes", "ebf", "cutoffs", "firstcutoffs", "tthits", "nullcutoffs", "lmrresearches"):
        assert f" {key} " in text
