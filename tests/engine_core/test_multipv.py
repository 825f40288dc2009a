"""MultiPV: the search reports the N best distinct root moves, each with its own score and PV."""

from __future__ import annotations

import threading
from dataclasses import replace

import chess
import pytest

from engine import Searcher, SearchInfo, SearchLimit
from engine.searchstate import MAX_MULTIPV

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
TWO_MOVES = "k7/8/8/8/8/7P/r7/7K w - - 0 1"
"""White has exactly two legal moves: Kg1 and h4."""


def _check_lines(fen: str, lines: tuple[SearchInfo, ...], expected: int, depth: int) -> None:
    board = chess.Board(fen)
    assert len(lines) == expected
    assert [info.multipv for info in lines] == list(range(1, expected + 1))
    first_moves = [info.pv[0] for info in lines]
    assert len(set(first_moves)) == expected, "lines must start with distinct root moves"
    for info in lines:
        assert info.depth == depth
        replay = board.copy()
        for uci in info.pv:  # every line is a legal variation
            move = chess.Move.from_uci(uci)
            assert move in replay.legal_moves, (fen, info.pv)
            replay.push(move)
    ranks = [_rank(info) for info in lines]
    assert ranks == sorted(ranks, reverse=True), "lines are sorted best first"


def _untimed(info: SearchInfo | None) -> SearchInfo | None:
    """The report without its wall-clock fields (time, nps)."""
    return None if info is None else replace(info, time_ms=0, nps=0)


def _rank(info: SearchInfo) -> float:
    """A comparable value of a reported score (mates beyond every centipawn score)."""
    if info.mate_in is None:
        return float(info.score_cp)
    return 100_000.0 - info.mate_in if info.mate_in > 0 else -100_000.0 - info.mate_in


@pytest.mark.parametrize("fen,count", [(chess.STARTING_FEN, 3), (KIWIPETE, 5)])
def test_multipv_reports_distinct_sorted_legal_lines(fen: str, count: int) -> None:
    searcher = Searcher(hash_mb=8)
    infos: list[SearchInfo] = []
    result = searcher.search(fen, limit=SearchLimit(depth=6, multipv=count), on_info=infos.append)
    _check_lines(fen, result.lines, count, 6)
    # Every iteration reports all lines, in rank order.
    assert [(i.depth, i.multipv) for i in infos] == [(d, k) for d in range(1, 7) for k in range(1, count + 1)]
    assert result.info == result.lines[0] == infos[-count]
    assert result.best_move == result.lines[0].pv[0]


def test_fewer_legal_moves_than_lines_reports_each_move_once() -> None:
    board = chess.Board(TWO_MOVES)
    assert board.legal_moves.count() == 2
    searcher = Searcher(hash_mb=8)
    result = searcher.search(board.fen(), limit=SearchLimit(depth=5, multipv=5))
    _check_lines(board.fen(), result.lines, 2, 5)
    assert {info.pv[0] for info in result.lines} == {m.uci() for m in board.legal_moves}


def test_multipv_is_clamped() -> None:
    searcher = Searcher(hash_mb=8)
    many = searcher.search(chess.STARTING_FEN, limit=SearchLimit(depth=2, multipv=1000))
    assert len(many.lines) == MAX_MULTIPV
    _check_lines(chess.STARTING_FEN, many.lines, MAX_MULTIPV, 2)
    none = searcher.search(chess.STARTING_FEN, limit=SearchLimit(depth=2, multipv=-3))
    assert len(none.lines) == 1 and none.lines[0] == none.info


def test_multipv_one_is_the_plain_search() -> None:
    for fen in (chess.STARTING_FEN, KIWIPETE):
        plain_searcher, multi_searcher = Searcher(hash_mb=8), Searcher(hash_mb=8)
        plain = plain_searcher.search(fen, limit=SearchLimit(depth=7))
        one = multi_searcher.search(fen, limit=SearchLimit(depth=7, multipv=1))
        assert (one.best_move, one.ponder) == (plain.best_move, plain.ponder)
        assert _untimed(one.info) == _untimed(plain.info)  # same depth, score, PV, nodes
        assert one.lines == (one.info,) and plain.lines == (plain.info,)
        assert plain_searcher.counters() == multi_searcher.counters()


def test_second_line_agrees_with_searching_without_the_best_move() -> None:
    # In a position where one move wins a queen, line 2 must be far worse than line 1.
    fen = "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1"  # Rxd5 wins the queen
    result = Searcher(hash_mb=8).search(fen, limit=SearchLimit(depth=5, multipv=2))
    first, second = result.lines
    assert first.pv[0] == "d1d5"
    assert first.score_cp is not None and second.score_cp is not None
    assert first.score_cp > 300 > -300 > second.score_cp


def test_stop_ends_an_infinite_multipv_search_promptly() -> None:
    searcher = Searcher(hash_mb=8)
    deep_enough = threading.Event()
    results = []

    def on_info(info: SearchInfo) -> None:
        if info.depth >= 3:
            deep_enough.set()

    thread = threading.Thread(
        target=lambda: results.append(
            searcher.search(KIWIPETE, limit=SearchLimit(infinite=True, multipv=4), on_info=on_info)
        )
    )
    thread.start()
    assert deep_enough.wait(30)
    searcher.stop()
    thread.join(2)
    assert not thread.is_alive()
    result = results[0]
    assert chess.Move.from_uci(result.best_move) in chess.Board(KIWIPETE).legal_moves
    assert len(result.lines) == 4
