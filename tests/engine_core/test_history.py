"""Quiet-move statistics (engine.history): gravity bound, counter moves, continuation history."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Searcher, SearchLimit
from engine.fen import position_from_fen
from engine.history import (
    CONT_KEYS,
    SS_MOVE_KEY,
    STACK_SIZE,
    allocate_tables,
    gravity,
    history_bonus,
    move_key,
    update_quiet_stats,
)
from engine.movegen import gen_moves
from engine.ordering import SCORE_COUNTER, SCORE_KILLER2, pick_move, put_first, score_moves
from engine.params import HISTORY_BONUS_MAX, HISTORY_MAX
from engine.position import MAX_PLY, PIECE_CODES, move_to_uci
from engine.searchstate import ALL_FEATURES, FEATURE_CONT_HISTORY, FEATURE_COUNTER_MOVE, PENDING_FEATURES

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


@settings(deadline=None)  # the first call loads the jitted function
@given(st.lists(st.integers(min_value=1, max_value=40).map(history_bonus) | st.integers(-1200, 1200), max_size=300))
def test_gravity_keeps_a_history_entry_within_its_bound(bonuses: list[int]) -> None:
    value = 0
    for bonus in bonuses:
        value = int(gravity(value, bonus))
        assert -HISTORY_MAX <= value <= HISTORY_MAX
    # A long run of rewards approaches the bound and stays there.
    for _ in range(2000):
        value = int(gravity(value, HISTORY_BONUS_MAX))
    assert HISTORY_MAX - HISTORY_BONUS_MAX <= value <= HISTORY_MAX


def test_history_bonus_grows_with_depth_and_is_capped() -> None:
    bonuses = [history_bonus(d) for d in range(1, 30)]
    assert bonuses == sorted(bonuses)
    assert bonuses[0] > 0 and max(bonuses) == HISTORY_BONUS_MAX


def _moves(fen: str) -> tuple[np.ndarray, np.ndarray, dict[str, int]]:
    pos = position_from_fen(fen)
    buf = np.zeros(256, dtype=np.int32)
    n = gen_moves(pos.board, pos.st, buf, False)
    return pos.board, buf[:n].copy(), {move_to_uci(int(m)): int(m) for m in buf[:n]}


def test_a_cut_off_sets_counter_move_and_both_continuation_histories() -> None:
    board, tried, by_uci = _moves(START)
    counters, cont_hist, stack = allocate_tables()
    history = np.zeros((PIECE_CODES, 120), dtype=np.int64)
    killers = np.zeros((MAX_PLY, 2), dtype=np.int64)
    ply = 2
    stack[ply + 1, SS_MOVE_KEY] = 777  # the opponent's last move (any key but 0)
    stack[ply, SS_MOVE_KEY] = 555  # our own move before it
    cut = by_uci["g1f3"]
    order = [by_uci["a2a3"], by_uci["h2h3"], cut]
    for move in order:  # the moves tried before the cut-off must be first in the list
        tried[np.flatnonzero(tried == move)[0]], tried[order.index(move)] = tried[order.index(move)], move
    depth = 5
    features = ALL_FEATURES | PENDING_FEATURES
    update_quiet_stats(board, killers, history, counters, cont_hist, stack, features, cut, ply, depth, tried, 2)
    bonus = history_bonus(depth)
    key = move_key(board, cut)
    assert killers[ply, 0] == cut
    assert counters[777] == cut
    assert cont_hist[777, key] == bonus and cont_hist[555, key] == bonus
    assert history[board[cut & 127], (cut >> 7) & 127] == bonus
    for early in order[:2]:
        assert cont_hist[777, move_key(board, early)] == -bonus
        assert cont_hist[555, move_key(board, early)] == -bonus
    # Untouched elsewhere: only the rows of the two earlier moves changed.
    assert np.count_nonzero(cont_hist) == 6
    # Without the features: no counter move, no continuation history (old butterfly update).
    counters2, cont2, _ = allocate_tables()
    update_quiet_stats(
        board,
        killers,
        np.zeros((PIECE_CODES, 120), dtype=np.int64),
        counters2,
        cont2,
        stack,
        ALL_FEATURES & ~(FEATURE_COUNTER_MOVE | FEATURE_CONT_HISTORY),
        cut,
        ply,
        depth,
        tried,
        2,
    )
    assert not counters2.any() and not cont2.any()


def test_counter_move_and_continuation_history_order_the_quiet_moves() -> None:
    board, buf, by_uci = _moves(START)
    counters, cont_hist, _ = allocate_tables()
    history = np.zeros((PIECE_CODES, 120), dtype=np.int64)
    scores = np.zeros(256, dtype=np.int32)
    n = len(buf)
    key1, key2 = 300, 400
    cont_hist[key1, move_key(board, by_uci["b1c3"])] = 500
    cont_hist[key2, move_key(board, by_uci["b1c3"])] = 400
    cont_hist[key1, move_key(board, by_uci["e2e4"])] = 800
    killer = by_uci["d2d4"]
    counter = by_uci["c2c4"]
    score_moves(board, buf, scores, 0, n, 0, killer, 0, counter, history, cont_hist, key1, key2)
    picked = [move_to_uci(pick_move(buf, scores, i, n)) for i in range(n)]
    assert picked[:4] == ["d2d4", "c2c4", "b1c3", "e2e4"]
    assert SCORE_KILLER2 > SCORE_COUNTER > int(scores[2]) == 900
    # Keys 0 (no earlier move) read nothing from the table.
    score_moves(board, buf, scores, 0, n, 0, 0, 0, 0, history, cont_hist, 0, 0)
    assert not scores[:n].any()


def test_tables_are_sized_for_every_key_and_ply() -> None:
    counters, cont_hist, stack = allocate_tables()
    assert counters.shape == (CONT_KEYS,) and cont_hist.shape == (CONT_KEYS, CONT_KEYS)
    assert stack.shape[0] == STACK_SIZE and STACK_SIZE >= MAX_PLY + 2
    board, _, by_uci = _moves("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")
    assert 0 < move_key(board, by_uci["h7h5"]) < CONT_KEYS  # a black piece on a high square


def _searcher() -> Searcher:
    searcher = Searcher(hash_mb=1)
    searcher.features = ALL_FEATURES | PENDING_FEATURES  # counter moves and continuation history on
    return searcher


def test_each_searcher_learns_in_its_own_tables() -> None:
    fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
    fresh = _searcher().search(fen, limit=SearchLimit(depth=7))
    busy = _searcher()
    busy.search("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", limit=SearchLimit(depth=7))
    assert busy._cont_hist.any() and busy._counters.any()  # it did learn something
    # Another instance's learning must not leak into a new one.
    again = _searcher().search(fen, limit=SearchLimit(depth=7))
    assert again.info.nodes == fresh.info.nodes and again.best_move == fresh.best_move


def test_the_tt_move_put_first_then_the_rest_scored_picks_as_scoring_all_at_once() -> None:
    """negamax puts the TT move first unscored (put_first) and scores the rest only if it did not
    cut off (order_moves from 1): with the same tables the moves come in the same order as when
    every move is scored first. A TT move not among the moves changes nothing."""
    fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"
    board, moves, by_uci = _moves(fen)
    counters, cont_hist, _ = allocate_tables()
    history = np.zeros((PIECE_CODES, 120), dtype=np.int64)
    rng = np.random.default_rng(5)
    history[:, :] = rng.integers(-3000, 3000, size=history.shape)
    n = len(moves)
    killer1, killer2 = by_uci["d2d3"], by_uci["b1c3"]
    for tt_move in (by_uci["f3g5"], by_uci["e1g1"], by_uci["c4f7"], 0):
        whole, whole_scores = moves.copy(), np.zeros(256, dtype=np.int32)
        score_moves(board, whole, whole_scores, 0, n, tt_move, killer1, killer2, 0, history, cont_hist, 0, 0)
        expected = [int(pick_move(whole, whole_scores, i, n)) for i in range(n)]
        staged, staged_scores = moves.copy(), np.zeros(256, dtype=np.int32)
        first = put_first(staged, staged_scores, n, tt_move)
        assert first == (1 if tt_move else 0)
        score_moves(board, staged, staged_scores, first, n, tt_move, killer1, killer2, 0, history, cont_hist, 0, 0)
        picked = [int(staged[0])] if first else []
        picked += [int(pick_move(staged, staged_scores, i, n)) for i in range(first, n)]
        assert picked == expected
    foreign = by_uci["e1g1"] + (1 << 20)  # not a move of this position
    assert put_first(moves.copy(), np.zeros(256, dtype=np.int32), n, foreign) == 0
