"""Each evaluation term fires where it should (crafted positions), and the weight table's shape.

A term's contribution is measured as the evaluation with the engine's weights minus
the evaluation with that term's weight blocks set to 0 (engine.evaluate.evaluate_with),
from the side to move's view.
"""

from __future__ import annotations

import chess
import numpy as np
import pytest

from engine.eval_weights import WEIGHT_BLOCKS, WEIGHT_NAMES, WEIGHTS
from engine.evaluate import evaluate, evaluate_with
from engine.fen import position_from_fen
from engine.king_safety import KING_ZONE, king_danger
from engine.position import SQ64_TO_120

KING_ATTACK = ("ks_attacker", "ks_zone_hit")
KING_FILES = ("ks_semi_open_file_mg", "ks_open_file_mg")
STORM = ("storm_mg", "storm_blocked_mg")


def score(fen: str, zeroed: tuple[str, ...] = ()) -> int:
    """Evaluation of ``fen`` (side to move's view) with the named weight blocks set to 0."""
    weights = WEIGHTS.copy()
    for name in zeroed:
        start, length = WEIGHT_BLOCKS[name]
        weights[start : start + length] = 0
    pos = position_from_fen(fen)
    return int(evaluate_with(pos.board, pos.st, weights))


def term(fen: str, blocks: tuple[str, ...]) -> int:
    """What the named blocks add to the evaluation of ``fen`` (side to move's view)."""
    return score(fen) - score(fen, blocks)


def mirrored(fen: str) -> str:
    return chess.Board(fen).mirror().fen()


# The weight table ---------------------------------------------------------------------


def test_weight_table_names_every_element_and_blocks_tile_it() -> None:
    assert WEIGHTS.dtype == np.int64
    assert len(WEIGHT_NAMES) == len(WEIGHTS) == len(set(WEIGHT_NAMES))
    covered = [range(start, start + length) for start, length in sorted(WEIGHT_BLOCKS.values())]
    assert [i for block in covered for i in block] == list(range(len(WEIGHTS)))


def test_evaluate_uses_the_weight_table() -> None:
    fen = "r2q1rk1/pp3ppp/2n5/3p4/3P4/2N5/PP3PPP/R2Q1RK1 w - - 0 1"
    pos = position_from_fen(fen)
    assert evaluate(pos.board, pos.st) == evaluate_with(pos.board, pos.st, WEIGHTS)
    assert score(fen, ("tempo",)) == score(fen) - WEIGHTS[WEIGHT_BLOCKS["tempo"][0]]


# King safety --------------------------------------------------------------------------


def _zone(colour: int, king: chess.Square) -> set[chess.Square]:
    row = KING_ZONE[colour, SQ64_TO_120[king]]
    return {sq for sq in chess.SQUARES if row[SQ64_TO_120[sq]]}


def test_king_zone_is_the_ring_plus_two_ranks_forward() -> None:
    g1 = {chess.F1, chess.G1, chess.H1, chess.F2, chess.G2, chess.H2, chess.F3, chess.G3, chess.H3}
    assert _zone(0, chess.G1) == g1
    assert _zone(1, chess.G8) == {chess.square_mirror(sq) for sq in g1}
    assert len(_zone(0, chess.E4)) == 12  # one rank behind, the king's rank, two in front
    assert chess.E6 in _zone(0, chess.E4) and chess.E2 not in _zone(0, chess.E4)
    assert KING_ZONE[0, SQ64_TO_120[chess.A1], 20] == 0  # off the board


def test_king_danger_needs_two_attackers_or_the_queen() -> None:
    w = WEIGHTS
    knight = int(w[WEIGHT_BLOCKS["ks_attacker"][0] + chess.KNIGHT])
    assert king_danger(1, knight, 6, False, True, w) == (0, 0)  # a lone knight
    mg, eg = king_danger(2, 2 * knight, 6, False, True, w)
    assert mg > 0 and eg > 0
    queen = int(w[WEIGHT_BLOCKS["ks_attacker"][0] + chess.QUEEN])
    assert king_danger(1, queen, 6, True, True, w)[0] > 0  # the queen alone
    # Grows faster than linearly, and an attacker without a queen is much weaker.
    assert king_danger(3, 3 * knight, 12, False, True, w)[0] > 2 * mg
    assert king_danger(2, 2 * knight, 6, False, False, w)[0] < mg


@pytest.mark.parametrize(
    "fen",
    [
        # Queen, knight and bishop aim at the castled black king.
        "r1b2rk1/pppp1ppp/2n2q2/4p1N1/2B1P2Q/8/PPPP1PPP/RNB2RK1 w - - 0 1",
        # Queen on h5 and rook on the g-file against g7 and h6.
        "r1b2rk1/pppp1pp1/2n4p/4p2Q/4P3/3B2R1/PPPP1PP1/RNB3K1 w - - 0 1",
    ],
)
def test_attack_on_the_king_zone_favours_the_attacker(fen: str) -> None:
    assert term(fen, KING_ATTACK) > 10
    # The same from the other side of the board.
    assert term(mirrored(fen), KING_ATTACK) > 10


def test_no_attack_no_king_danger() -> None:
    assert term(chess.STARTING_FEN, KING_ATTACK) == 0


def test_open_files_next_to_the_king_cost() -> None:
    closed = "r2q1rk1/pp3ppp/8/8/8/8/PP3PPP/R2Q1RK1 w - - 0 1"
    assert term(closed, KING_FILES) == 0
    # Black's g-pawn gone: a file without black pawns, half-open for White's rooks.
    assert term("r2q1rk1/pp3p1p/8/8/8/8/PP3PPP/R2Q1RK1 w - - 0 1", KING_FILES) > 0
    # Both g-pawns gone: both kings suffer alike.
    assert term("r2q1rk1/pp3p1p/8/8/8/8/PP3P1P/R2Q1RK1 w - - 0 1", KING_FILES) == 0


def test_pawn_storm_on_the_castled_king() -> None:
    # White's g- and h-pawns advanced against Black's king on g8.
    storm = "r2q1rk1/pp3ppp/8/6P1/7P/8/PP3P2/R2Q1RK1 w - - 0 1"
    assert term(storm, STORM) > 0
    assert term(mirrored(storm), STORM) > 0
    # A storming pawn right in front of an own pawn (blocked) counts for less.
    far = "r2q1rk1/pp3p1p/8/6p1/8/8/PP3P1P/R2Q1RK1 w - - 0 1"
    blocked = "r2q1rk1/pp3p1p/6p1/6P1/8/8/PP3P1P/R2Q1RK1 w - - 0 1"
    assert term(far, STORM) < 0  # Black's g-pawn storms White's king
    assert 0 < term(blocked, STORM) < term("r2q1rk1/pp3p1p/8/6P1/8/8/PP3P1P/R2Q1RK1 w - - 0 1", STORM)


# Passed pawns -------------------------------------------------------------------------

PASSER_CONNECTED = ("passer_connected_mg", "passer_connected_eg")
PASSER_FREE = ("passer_free_mg", "passer_free_eg", "passer_safe_mg", "passer_safe_eg")
PASSER_KINGS = ("passer_king_theirs_eg", "passer_king_ours_eg")
UNSTOPPABLE = ("passer_unstoppable_eg",)


def test_connected_passers_are_worth_more() -> None:
    assert term("8/5k2/8/1PP5/8/8/6K1/8 w - - 0 1", PASSER_CONNECTED) > 0  # side by side
    assert term("8/5k2/8/1P6/2P5/8/6K1/8 w - - 0 1", PASSER_CONNECTED) > 0  # one defends the other
    assert term("8/5k2/8/1P4P1/8/8/6K1/8 w - - 0 1", PASSER_CONNECTED) == 0  # apart


def test_free_path_counts_only_when_the_stop_square_is_empty_and_safe() -> None:
    free = "8/8/1P6/8/8/6k1/8/6K1 w - - 0 1"
    blocked = "8/1n6/1P6/8/8/6k1/8/6K1 w - - 0 1"
    attacked = "2r5/8/1P6/8/8/6k1/8/6K1 w - - 0 1"  # the rook covers b7
    assert term(free, PASSER_FREE) > term(attacked, PASSER_FREE) > term(blocked, PASSER_FREE) == 0


def test_kings_near_the_stop_square() -> None:
    own_king_near = "8/8/8/2K5/1P6/8/8/6k1 w - - 0 1"
    enemy_king_near = "8/8/8/2k5/1P6/8/8/6K1 b - - 0 1"
    assert term(own_king_near, PASSER_KINGS) > 0
    assert term(enemy_king_near, PASSER_KINGS) > 0  # Black's view: its king blocks the pawn


def test_rule_of_the_square() -> None:
    # The black king on h6 cannot catch the a-pawn; on c5 it can.
    assert term("8/8/7k/8/P7/8/8/6K1 w - - 0 1", UNSTOPPABLE) > 0
    assert term("8/8/8/2k5/P7/8/8/6K1 w - - 0 1", UNSTOPPABLE) == 0
    # The side to move matters: a king one step outside the square catches the pawn if it moves first.
    assert term("8/8/8/5k2/P7/8/8/6K1 w - - 0 1", UNSTOPPABLE) > 0
    assert term("8/8/8/5k2/P7/8/8/6K1 b - - 0 1", UNSTOPPABLE) == 0
    # A knight can stop it: no bonus while the enemy has pieces.
    assert term("8/8/7k/8/P7/8/8/5nK1 w - - 0 1", UNSTOPPABLE) == 0
