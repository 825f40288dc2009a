"""engine.pruning.judge_unmade: futility and late-move pruning decided before a move is made agree
with what making it (legality, check) would decide, in every combination of the node's flags."""

from __future__ import annotations

import itertools

import numpy as np
from engine_test_helpers import random_positions

from engine.fen import Position, position_from_board
from engine.movegen import gen_moves, in_check, make_move, unmake_move
from engine.position import FLAG_CAPTURE, FLAG_CASTLE, move_flags, move_promo
from engine.pruning import UNMADE_ILLEGAL, UNMADE_PRUNED, UNMADE_SEARCH, UNMADE_SKIP, drop_skipped, judge_unmade
from engine.searchstate import ALL_FEATURES, FEATURE_LAZY_ORDERING, LEVEL_FEATURES

LMP_LIMIT = 3


def _made_decision(pos: Position, move: int, futile: bool, prune_late: bool, legal: int) -> str:
    """What the move loop decides after making the move: 'illegal', 'pruned' or 'search'."""
    if not make_move(pos.board, pos.st, pos.hashes, pos.undo, move):
        return "illegal"
    gives_check = bool(in_check(pos.board, pos.st))
    unmake_move(pos.board, pos.st, pos.undo)
    quiet = move_flags(move) & FLAG_CAPTURE == 0 and move_promo(move) == 0
    counted = legal + 1
    if quiet and not gives_check and ((futile and counted > 1) or (prune_late and counted > LMP_LIMIT)):
        return "pruned"
    return "search"


def test_the_verdict_before_the_move_matches_the_decision_after_it() -> None:
    buf = np.zeros(256, dtype=np.int32)
    verdicts = set()
    for board in random_positions(120, seed=47):
        if board.is_game_over() or board.is_check():
            continue  # neither pruning happens in check
        pos = position_from_board(board)
        n = gen_moves(pos.board, pos.st, buf, False)
        for move in (int(m) for m in buf[:n]):
            quiet = move_flags(move) & FLAG_CAPTURE == 0 and move_promo(move) == 0
            for futile, prune_late, legal, at_bound in itertools.product(
                (False, True), (False, True), (0, 5), (False, True)
            ):
                verdict = judge_unmade(pos.board, pos.st, move, quiet, futile, prune_late, legal, LMP_LIMIT, at_bound)
                verdicts.add(int(verdict))
                made = _made_decision(pos, move, futile, prune_late, legal)
                if verdict == UNMADE_ILLEGAL:
                    assert made == "illegal"
                elif verdict == UNMADE_PRUNED:
                    assert made == "pruned"
                elif verdict == UNMADE_SKIP:
                    # Skipped whatever its legality: only where the count and the bound no longer matter.
                    assert made in ("pruned", "illegal") and (not futile or at_bound)
                else:
                    assert verdict == UNMADE_SEARCH
                    # Left to make_move: castling, moves that are not quiet, or moves that are not pruned.
                    assert move_flags(move) & FLAG_CASTLE or not quiet or made in ("search", "illegal")
    assert verdicts == {UNMADE_SEARCH, UNMADE_SKIP, UNMADE_ILLEGAL, UNMADE_PRUNED}


def test_drop_skipped_takes_out_exactly_the_moves_a_skip_would_skip_again() -> None:
    """After the first UNMADE_SKIP, drop_skipped removes the rest's quiet moves that judge_unmade
    would skip too (the count and the bound only grow), and keeps every other move in its order."""
    buf = np.zeros(256, dtype=np.int32)
    scores = np.zeros(256, dtype=np.int32)
    dropped_any = kept_quiet_checks = 0
    for board in random_positions(120, seed=48):
        if board.is_game_over() or board.is_check():
            continue
        pos = position_from_board(board)
        n = gen_moves(pos.board, pos.st, buf, False)
        scores[:n] = np.arange(n, dtype=np.int32) * 7  # marks each move's own score
        before = [(int(buf[i]), int(scores[i])) for i in range(n)]
        start = n // 3
        kept = drop_skipped(pos.board, pos.st, buf, scores, start, n, True, True, 5, LMP_LIMIT)
        after = [(int(buf[i]), int(scores[i])) for i in range(kept)]
        assert after[:start] == before[:start]  # the moves already picked stay
        expected = [
            (move, score)
            for move, score in before[start:]
            if judge_unmade(pos.board, pos.st, move, _quiet(move), True, True, 5, LMP_LIMIT, True) != UNMADE_SKIP
        ]
        assert after[start:] == expected
        dropped_any += n - kept
        kept_quiet_checks += sum(1 for move, _ in expected if _quiet(move) and not move_flags(move) & FLAG_CASTLE)
    assert dropped_any > 0 and kept_quiet_checks > 0  # both kinds seen


def _quiet(move: int) -> bool:
    return move_flags(move) & FLAG_CAPTURE == 0 and move_promo(move) == 0


def test_lazy_ordering_is_full_strength_only() -> None:
    """The playing levels keep the search they were calibrated with (tests/engine_core/test_bench.py
    pins it): the cheaper move loop is on at full strength only."""
    assert ALL_FEATURES & FEATURE_LAZY_ORDERING and not LEVEL_FEATURES & FEATURE_LAZY_ORDERING
