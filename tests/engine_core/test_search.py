"""Search behaviour: mates, draws, limits, stop flag, legality of the returned move."""

from __future__ import annotations

import threading
import time

import chess
import pytest
from engine_test_helpers import assert_legal_answer, random_positions

from engine import IllegalMoveError, InvalidFenError, Searcher, SearchInfo, SearchLimit
from engine.draws import draw_score, is_draw
from engine.fen import position_from_game
from engine.params import DRAW_CONTEMPT
from engine.searchstate import ALL_FEATURES, FEATURE_DRAW_CONTEMPT


@pytest.fixture(scope="module")
def searcher() -> Searcher:
    return Searcher(hash_mb=8)


def test_finds_mate_in_two_and_reports_it_in_moves(searcher: Searcher) -> None:
    # 1. Qxf7+?? no: Nf6+ gxf6 Bxf7# style classic; White mates in 2.
    fen = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10"
    searcher.new_game()
    result = searcher.search(fen, limit=SearchLimit(depth=6))
    assert result.info is not None and result.info.mate_in == 2
    assert result.info.score_cp is None
    assert result.best_move == "d5f6"


def test_mate_in_one_and_getting_mated(searcher: Searcher) -> None:
    result = searcher.search("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", limit=SearchLimit(depth=4))
    assert result.best_move == "a1a8" and result.info.mate_in == 1
    # Black's only move is Ka7, then Ra1 mates: mated in one move.
    lost = searcher.search("k7/2K5/8/8/8/8/8/1R6 b - - 0 1", limit=SearchLimit(depth=4))
    assert lost.best_move == "a8a7" and lost.info.mate_in == -1
    assert lost.info.pv[:2] == ("a8a7", "b1a1")


def test_no_legal_move_gives_none(searcher: Searcher) -> None:
    mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    assert searcher.search(mated, limit=SearchLimit(depth=3)).best_move is None
    stalemate = "k7/8/1Q6/8/8/8/8/7K b - - 0 1"
    result = searcher.search(stalemate, limit=SearchLimit(depth=3))
    assert result.best_move is None and result.info is None


def test_draw_rules_inside_the_search() -> None:
    # Repetition, including positions before the root.
    pos = position_from_game(chess.STARTING_FEN, ("g1f3", "g8f6", "f3g1", "f6g8"))
    assert is_draw(pos.st, pos.hashes)
    assert not is_draw(
        position_from_game(chess.STARTING_FEN, ("g1f3",)).st, position_from_game(chess.STARTING_FEN, ("g1f3",)).hashes
    )
    # 50-move rule and bare kings.
    fifty = position_from_game("4k3/8/8/8/8/8/8/R3K3 w - - 100 90")
    assert is_draw(fifty.st, fifty.hashes)
    bare = position_from_game("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1")
    assert is_draw(bare.st, bare.hashes)


def test_search_scores_draws_as_zero(searcher: Searcher) -> None:
    # A rook up, but every quiet move completes 50 moves without capture or pawn move.
    result = searcher.search("4k3/8/8/8/8/8/8/R3K3 w - - 99 90", limit=SearchLimit(depth=4))
    assert result.info.score_cp == 0
    # Down a queen, White steers into a position that already occurred before the
    # root (after 1. Kh1): a draw beats every other move.
    fen = "k7/8/8/8/8/8/q7/6K1 w - - 0 1"
    result = searcher.search(fen, ("g1h1", "a2a3", "h1g1", "a3a2"), limit=SearchLimit(depth=6))
    assert result.best_move == "g1h1" and result.info.score_cp == 0
    without_history = searcher.search(fen, limit=SearchLimit(depth=6))
    assert without_history.info.score_cp < -500


def test_invalid_input_raises_plain_errors(searcher: Searcher) -> None:
    with pytest.raises(InvalidFenError):
        searcher.search("not a fen", limit=SearchLimit(depth=1))
    with pytest.raises(IllegalMoveError):
        searcher.search(chess.STARTING_FEN, ("e2e5",), limit=SearchLimit(depth=1))
    with pytest.raises(IllegalMoveError):
        searcher.search(chess.STARTING_FEN, ("zz",), limit=SearchLimit(depth=1))


def test_info_is_reported_once_per_iteration(searcher: Searcher) -> None:
    infos: list[SearchInfo] = []
    searcher.new_game()
    result = searcher.search(chess.STARTING_FEN, limit=SearchLimit(depth=6), on_info=infos.append)
    assert [i.depth for i in infos] == [1, 2, 3, 4, 5, 6]
    assert result.info == infos[-1]
    assert infos[-1].pv[0] == result.best_move and len(infos[-1].pv) >= 4
    assert all(i.seldepth >= i.depth and i.nodes > 0 for i in infos)
    assert [i.nodes for i in infos] == sorted(i.nodes for i in infos)
    board = chess.Board()
    for uci in infos[-1].pv:  # the PV is a legal line
        move = chess.Move.from_uci(uci)
        assert move in board.legal_moves
        board.push(move)


def test_node_limit(searcher: Searcher) -> None:
    result = searcher.search(chess.STARTING_FEN, limit=SearchLimit(nodes=5000))
    assert result.best_move in {m.uci() for m in chess.Board().legal_moves}
    assert result.info is not None and result.info.nodes <= 5000 + 2048


def test_stop_flag_ends_an_infinite_search_promptly(searcher: Searcher) -> None:
    first_info = threading.Event()
    results = []

    def run() -> None:
        results.append(
            searcher.search(
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                limit=SearchLimit(infinite=True),
                on_info=lambda info: first_info.set(),
            )
        )

    thread = threading.Thread(target=run)
    thread.start()
    assert first_info.wait(30)
    searcher.stop()
    thread.join(5)
    assert not thread.is_alive()
    board = chess.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    assert chess.Move.from_uci(results[0].best_move) in board.legal_moves


def test_movetime_is_respected_roughly(searcher: Searcher) -> None:
    # Generous bound: exact overshoot is measured by benchmarks/engine_timing.py.
    start = time.monotonic()
    result = searcher.search(chess.STARTING_FEN, limit=SearchLimit(movetime_ms=300))
    assert time.monotonic() - start < 1.0
    assert result.best_move is not None


def test_returned_move_is_always_legal() -> None:
    searcher = Searcher(hash_mb=4)
    for board in random_positions(60, seed=3):
        result = searcher.search(board.fen(), limit=SearchLimit(nodes=3000))
        assert_legal_answer(board, result.best_move, result.ponder)


def test_tiny_clock_still_returns_a_legal_move_fast(searcher: Searcher) -> None:
    board = chess.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    start = time.monotonic()
    result = searcher.search(board.fen(), limit=SearchLimit(wtime_ms=40, btime_ms=40))
    assert time.monotonic() - start < 0.5
    assert chess.Move.from_uci(result.best_move) in board.legal_moves


@pytest.mark.parametrize("threads", [1, 2])
def test_new_game_ends_a_running_search_and_is_searching_tracks_it(threads: int) -> None:
    searcher = Searcher(hash_mb=4, threads=threads)
    assert not searcher.is_searching
    done = threading.Event()
    thread = threading.Thread(
        target=lambda: (searcher.search(chess.STARTING_FEN, limit=SearchLimit(infinite=True)), done.set())
    )
    thread.start()
    deadline = time.monotonic() + 30
    while not searcher.is_searching and time.monotonic() < deadline:
        time.sleep(0.01)
    assert searcher.is_searching
    searcher.new_game()  # stops the search, then clears the tables
    assert done.wait(5)
    thread.join(5)
    assert not searcher.is_searching
    assert not [t for t in threading.enumerate() if t.name.startswith("search-helper")]  # helpers joined


def test_draw_contempt_makes_a_repetition_worth_its_value_to_the_root_side() -> None:
    """FEATURE_DRAW_CONTEMPT (pending): after Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 White can steer to a third
    repetition; without the bit it plays on, with it the draw is worth DRAW_CONTEMPT to it."""
    moves = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6".split()
    plain = Searcher(hash_mb=16)
    contempt = Searcher(hash_mb=16)
    contempt.features = ALL_FEATURES | FEATURE_DRAW_CONTEMPT
    without = plain.search(chess.STARTING_FEN, moves, SearchLimit(depth=8))
    with_bit = contempt.search(chess.STARTING_FEN, moves, SearchLimit(depth=8))
    assert without.info is not None and with_bit.info is not None
    assert without.info.score_cp != DRAW_CONTEMPT
    assert with_bit.best_move == "f3g1" and with_bit.info.score_cp == DRAW_CONTEMPT
    assert draw_score(ALL_FEATURES, 0) == 0
    assert (
        draw_score(ALL_FEATURES | FEATURE_DRAW_CONTEMPT, 2) == -draw_score(ALL_FEATURES | FEATURE_DRAW_CONTEMPT, 3) > 0
    )
